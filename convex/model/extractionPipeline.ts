/**
 * The extraction pipeline: a saved transcript queues a run; a scheduled internal action asks the
 * configured extractor (OpenAI or the offline rules) for proposals; failures are retried with
 * backoff and, after the last attempt, stay visible as a failed run with its error.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { openaiConfigured } from "../integrations/openai";
import type { CommitmentProposal } from "./extraction";
import { notify } from "./notifications";
import { activityUrls, recordActivity } from "./activity";
import { namesOf } from "./sessions";

/** Attempts before a run is marked failed. */
export const EXTRACTION_MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and attempt 3. */
export const EXTRACTION_BACKOFF_MS = [30_000, 120_000] as const;

/**
 * A run still queued or running after this long lost its attempt (an action cut off by its time
 * limit cannot record anything), so it may be tried again like a failed one.
 */
export const EXTRACTION_STALE_MS = 10 * 60_000;

export type Extractor = Doc<"extractionRuns">["extractor"];

export function canRetry(run: Pick<Doc<"extractionRuns">, "status" | "updatedAt">, now: number): boolean {
  return run.status === "failed" || (run.status !== "succeeded" && now - run.updatedAt > EXTRACTION_STALE_MS);
}

/** OpenAI when OPENAI_API_KEY is set, else the offline rules (ARCHITECTURE §2). */
export function configuredExtractor(): Extractor {
  return openaiConfigured() ? "openai" : "rules";
}

export function backoffAfter(attempts: number): number {
  return EXTRACTION_BACKOFF_MS[Math.min(attempts, EXTRACTION_BACKOFF_MS.length) - 1] ?? EXTRACTION_BACKOFF_MS[0];
}

/**
 * Queues an extraction of a transcript that was just saved. Proposals from an earlier upload of the
 * same transcript that nobody decided on are set aside: their quotes may not be in the new text.
 */
export async function queueExtraction(ctx: MutationCtx, transcriptId: Id<"transcripts">, now = Date.now()) {
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
    extractor: configuredExtractor(),
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.scheduler.runAfter(0, internal.extraction.run, { runId });
  return runId;
}

/**
 * Claims a queued run for one attempt and returns what the extractor is given, in one transaction;
 * null when the run is no longer waiting. A run whose transcript or session is gone fails, visibly.
 */
export async function beginAttempt(ctx: MutationCtx, runId: Id<"extractionRuns">, now = Date.now()) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || run.status !== "queued") return null;
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
  await ctx.db.patch("extractionRuns", runId, { status: "running", attempts: run.attempts + 1, updatedAt: now });
  const names = await namesOf(ctx, [run.coachId, run.memberId]);
  return {
    extractor: run.extractor,
    input: {
      segments: transcript.segments,
      text: transcript.text,
      coachName: names.get(run.coachId)!,
      memberName: names.get(run.memberId)!,
      sessionDate: format(new TZDate(session.startsAt, member.timezone), "yyyy-MM-dd"),
    },
  };
}

export async function saveProposals(
  ctx: MutationCtx,
  runId: Id<"extractionRuns">,
  proposals: CommitmentProposal[],
  discarded: number,
  now = Date.now(),
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

/** A failed attempt: queued again after the backoff, or failed for good, which the coach is told. */
export async function failAttempt(ctx: MutationCtx, runId: Id<"extractionRuns">, error: string, retryable: boolean, now = Date.now()) {
  const run = await ctx.db.get("extractionRuns", runId);
  if (!run || run.status !== "running") return;
  if (retryable && run.attempts < EXTRACTION_MAX_ATTEMPTS) {
    await ctx.db.patch("extractionRuns", runId, { status: "queued", lastError: error, updatedAt: now });
    await ctx.scheduler.runAfter(backoffAfter(run.attempts), internal.extraction.run, { runId });
    return;
  }
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
