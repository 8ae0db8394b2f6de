/**
 * The extraction pipeline: a saved transcript queues a run on the extraction workpool; its internal
 * action (convex/extraction.ts) picks the extractor (OpenAI or the offline rules) and asks it for
 * proposals; the pool retries the failures that may pass, with backoff, and reports the outcome,
 * which the run records: a final failure stays visible with its error, and the coach is told.
 */
import { Workpool, type RetryBehavior } from "@convex-dev/workpool";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Infer } from "convex/values";
import { components, internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { extractorValidator } from "../schema";
import type { CommitmentProposal } from "./extraction";
import { notify } from "./notifications";
import { activityUrls, recordActivity } from "./activity";
import { namesOf } from "./sessions";

/** Attempts before a run is marked failed. */
export const EXTRACTION_MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and attempt 3 (on average: the pool adds jitter, see EXTRACTION_RETRY). */
export const EXTRACTION_BACKOFF_MS = [30_000, 120_000] as const;

/**
 * The pool waits initialBackoffMs * base^(n-1) after failed attempt n: 30 s * 4^0 = 30 s, then
 * 30 s * 4^1 = 2 min, and gives up after maxAttempts. It multiplies each wait by a random factor in
 * [0.5, 1.5), so runs that failed together (an OpenAI outage) do not all come back at once: the
 * waits are 15-45 s and 1-3 min, 30 s and 2 min on average.
 */
const EXTRACTION_RETRY: RetryBehavior = {
  maxAttempts: EXTRACTION_MAX_ATTEMPTS,
  initialBackoffMs: EXTRACTION_BACKOFF_MS[0],
  base: EXTRACTION_BACKOFF_MS[1] / EXTRACTION_BACKOFF_MS[0],
};

/**
 * A few extractions at a time: each can carry a 50k-token transcript, and many at once would only
 * meet OpenAI's per-minute token limit and fail into retries. Warnings only: every run's outcome
 * is recorded on the run itself, so the pool's per-minute report would only fill the logs.
 */
const extractionPool = new Workpool(components.extractionWorkpool, { maxParallelism: 5, logLevel: "WARN" });

/**
 * A run still queued or running after this long is lost (the pool retries an attempt cut off by the
 * action time limit and reports the last failure, so this is the last resort when the pool cannot),
 * and the coach may try it again like a failed one.
 */
export const EXTRACTION_STALE_MS = 10 * 60_000;

/** The final words on a run the pool cancelled (nothing in the app cancels; an operator might). */
const EXTRACTION_CANCELLED = "The extraction was cancelled before it finished.";

export type ExtractorName = Infer<typeof extractorValidator>;

export function canRetry(run: Pick<Doc<"extractionRuns">, "status" | "updatedAt">, now: number): boolean {
  return run.status === "failed" || (run.status !== "succeeded" && now - run.updatedAt > EXTRACTION_STALE_MS);
}

/**
 * Queues an extraction of a transcript that was just saved. Proposals from an earlier upload of the
 * same transcript that nobody decided on are set aside: their quotes may not be in the new text.
 */
export async function queueExtraction(ctx: MutationCtx, transcriptId: Id<"transcripts">, now: number) {
  const transcript = await ctx.db.get("transcripts", transcriptId);
  const session = transcript && (await ctx.db.get("sessions", transcript.sessionId));
  if (!transcript || !session) return null;
  for (const previous of await ctx.db
    .query("extractionRuns")
    .withIndex("by_transcript", (q) => q.eq("transcriptId", transcriptId))
    .take(50)) {
    for (const proposal of await ctx.db
      .query("actionItemProposals")
      .withIndex("by_run", (q) => q.eq("runId", previous._id))
      .take(200)) {
      if (proposal.status === "proposed") await ctx.db.patch("actionItemProposals", proposal._id, { status: "dismissed", decidedAt: now });
    }
  }
  const runId = await ctx.db.insert("extractionRuns", {
    transcriptId,
    sessionId: session._id,
    memberId: session.memberId,
    coachId: session.coachId,
    status: "queued",
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  await extractionPool.enqueueAction(
    ctx,
    internal.extraction.run,
    { runId },
    { retry: EXTRACTION_RETRY, onComplete: internal.extraction.finish, context: { runId } },
  );
  return runId;
}

/**
 * Claims a run for one attempt by `extractor` and returns what the extractor is given, in one
 * transaction; null when the run is closed (a coach restarted it). A run still marked running lost
 * its last attempt to the action time limit before it could record anything, and the pool is trying
 * again. A run whose transcript or session is gone fails, visibly.
 */
export async function beginAttempt(ctx: MutationCtx, runId: Id<"extractionRuns">, extractor: ExtractorName, now: number) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) return null;
  const transcript = await ctx.db.get("transcripts", run.transcriptId);
  const session = await ctx.db.get("sessions", run.sessionId);
  const member = await ctx.db.get("users", run.memberId);
  if (!transcript || !session || !member) {
    await ctx.db.patch("extractionRuns", runId, {
      status: "failed",
      lastError: "The transcript or its session no longer exists.",
      updatedAt: now,
    });
    return null;
  }
  await ctx.db.patch("extractionRuns", runId, { status: "running", extractor, attempts: run.attempts + 1, updatedAt: now });
  const names = await namesOf(ctx, [run.coachId, run.memberId]);
  return {
    segments: transcript.segments,
    text: transcript.text,
    coachName: names.get(run.coachId)!,
    memberName: names.get(run.memberId)!,
    sessionDate: format(new TZDate(session.startsAt, member.timezone), "yyyy-MM-dd"),
  };
}

/**
 * An attempt that may pass later failed: the run waits for the pool's next attempt, with this
 * attempt's reason. Recorded here, in the app's words, because a thrown error's message reaches the
 * pool's onComplete only as the platform rewords it.
 */
export async function recordFailedAttempt(ctx: MutationCtx, runId: Id<"extractionRuns">, error: string, now: number) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || run.status !== "running") return;
  await ctx.db.patch("extractionRuns", runId, { status: "queued", lastError: error, updatedAt: now });
}

export async function saveProposals(
  ctx: MutationCtx,
  runId: Id<"extractionRuns">,
  proposals: CommitmentProposal[],
  discarded: number,
  now: number,
) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || run.status !== "running") return;
  for (const { dueDate, ...proposal } of proposals) {
    await ctx.db.insert("actionItemProposals", {
      ...proposal,
      ...(dueDate ? { dueDate } : {}),
      runId,
      transcriptId: run.transcriptId,
      sessionId: run.sessionId,
      memberId: run.memberId,
      coachId: run.coachId,
      status: "proposed",
      createdAt: now,
    });
  }
  await ctx.db.patch("extractionRuns", runId, {
    status: "succeeded",
    proposalCount: proposals.length,
    discardedCount: discarded,
    lastError: undefined,
    updatedAt: now,
  });
}

/**
 * The pool gave up (a permanent error, the last attempt failed, or the work was cancelled): the run
 * fails for good, visibly, and the coach is told. A run waiting after a failed attempt keeps that
 * attempt's reason; one still running never recorded one (its action was cut off), so the pool's
 * words stand. A run already closed (a coach restarted it) is left alone.
 */
export async function failRun(ctx: MutationCtx, runId: Id<"extractionRuns">, poolError: string | null, now: number) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  const error = (run.status === "queued" ? run.lastError : undefined) ?? poolError ?? EXTRACTION_CANCELLED;
  await ctx.db.patch("extractionRuns", runId, { status: "failed", lastError: error, updatedAt: now });
  const url = activityUrls.session(run.sessionId);
  await notify(
    ctx,
    run.coachId,
    {
      type: "system_alert",
      priority: "high",
      title: "Action items need a hand",
      message: "We couldn't read commitments from this session's transcript. You can try again or add them yourself.",
      actions: [{ label: "Open session", url }],
      data: { sessionId: run.sessionId, transcriptId: run.transcriptId },
    },
    { now },
  );
  await recordActivity(
    ctx,
    run.coachId,
    {
      type: "transcript",
      title: "Action item extraction failed",
      description: error,
      status: "error",
      metadata: { sessionId: run.sessionId, transcriptId: run.transcriptId },
      actionUrl: url,
      actionLabel: "Open session",
    },
    now,
  );
}
