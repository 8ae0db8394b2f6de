/**
 * Commitments proposed from a session's transcript: the extraction on the extraction workpool
 * (OpenAI with OPENAI_API_KEY, else the offline rules), and the coach's or member's Accept, Edit or
 * Dismiss.
 */
import { NonRetryableError, vOnCompleteArgs } from "@convex-dev/workpool";
import { withSystemFields } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, memberQuery, staffMutation, writerMutation } from "./functions";
import { currentAdapters } from "./integrations/config";
import { ExtractionError, extractWithOpenAI } from "./integrations/openai";
import { keepGrounded, type Extractor } from "./model/extraction";
import {
  beginAttempt,
  canRetry,
  failRun,
  queueExtraction,
  recordFailedAttempt,
  saveProposals,
  type ExtractorName,
} from "./model/extractionPipeline";
import { ACTION_ITEM_LIMITS } from "./model/actionItemRules";
import { bounded, LIMITS } from "./model/bounds";
import { acceptProposal, loadProposalFor } from "./model/proposals";
import { userError } from "./model/errors";
import { ruleExtractor } from "./model/ruleExtractor";
import { loadSessionFor, loadSessionToRun } from "./model/sessions";
import {
  actionItemPriorityValidator,
  actionItemProposalFields,
  commitmentTypeValidator,
  extractionRunFields,
  extractorValidator,
  responsiblePartyValidator,
  transcriptSegmentValidator,
} from "./schema";

const runValidator = v.object(withSystemFields("extractionRuns", extractionRunFields));
const proposalValidator = v.object(withSystemFields("actionItemProposals", actionItemProposalFields));
const commitmentValidator = v.object({
  title: v.string(),
  description: v.string(),
  commitmentType: commitmentTypeValidator,
  responsibleParty: responsiblePartyValidator,
  priority: actionItemPriorityValidator,
  dueDate: v.union(v.string(), v.null()),
  transcriptQuote: v.string(),
  transcriptTimestamp: v.string(),
  confidence: v.number(),
  tentative: v.boolean(),
});
/** What an attempt hands the pool: the grounded proposals, or null when the run was already closed. */
const attemptResultValidator = v.union(v.null(), v.object({ proposals: v.array(commitmentValidator), discarded: v.number() }));

/** The adapters behind the extraction: the vendor choice is made here, never in model/. */
const EXTRACTORS: Record<ExtractorName, Extractor> = { openai: extractWithOpenAI, rules: ruleExtractor };

/** One attempt, run by the extraction workpool, which retries it (model/extractionPipeline.ts). */
export const run = internalAction({
  args: { runId: v.id("extractionRuns") },
  returns: attemptResultValidator,
  handler: async (ctx, { runId }) => {
    const extractor = currentAdapters().extraction;
    const input = await ctx.runMutation(internal.extraction.begin, { runId, extractor });
    if (!input) return null;
    try {
      const { kept, discarded } = keepGrounded(input.text, await EXTRACTORS[extractor](input));
      return { proposals: kept, discarded };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A known permanent failure (bad key, refusal) ends the run at once; anything else may pass later.
      if (error instanceof ExtractionError && !error.retryable) throw new NonRetryableError(message, { cause: error });
      await ctx.runMutation(internal.extraction.attemptFailed, { runId, error: message });
      throw error;
    }
  },
});

export const begin = internalMutation({
  args: { runId: v.id("extractionRuns"), extractor: extractorValidator },
  returns: v.union(
    v.null(),
    v.object({
      segments: v.array(transcriptSegmentValidator),
      text: v.string(),
      coachName: v.string(),
      memberName: v.string(),
      sessionDate: v.string(),
    }),
  ),
  handler: (ctx, { runId, extractor }) => beginAttempt(ctx, runId, extractor, Date.now()),
});

export const attemptFailed = internalMutation({
  args: { runId: v.id("extractionRuns"), error: v.string() },
  returns: v.null(),
  handler: async (ctx, { runId, error }) => {
    await recordFailedAttempt(ctx, runId, error, Date.now());
    return null;
  },
});

/** The pool's onComplete: the run records the outcome of its last attempt. */
export const finish = internalMutation({
  args: vOnCompleteArgs(v.object({ runId: v.id("extractionRuns") }), attemptResultValidator),
  returns: v.null(),
  handler: async (ctx, { context: { runId }, result }) => {
    const now = Date.now();
    if (result.kind === "success") {
      if (result.returnValue) await saveProposals(ctx, runId, result.returnValue.proposals, result.returnValue.discarded, now);
    } else await failRun(ctx, runId, result.kind === "failed" ? result.error : null, now);
    return null;
  },
});

/** The newest run for the session's transcript and the proposals still waiting, for whoever may read the session. */
export const forSession = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.object({ run: v.union(v.null(), runValidator), proposals: v.array(proposalValidator) }),
  handler: async (ctx, { sessionId }) => {
    await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const run = await ctx.db
      .query("extractionRuns")
      .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
      .order("desc")
      .first();
    const proposals = await ctx.db
      .query("actionItemProposals")
      .withIndex("by_session_and_status", (q) => q.eq("sessionId", sessionId).eq("status", "proposed"))
      .take(100);
    return { run, proposals };
  },
});

/** Accepts a proposal, as extracted or with the caller's edits; it becomes an action item. */
export const accept = writerMutation({
  args: {
    proposalId: v.id("actionItemProposals"),
    edits: v.optional(
      v.object({
        title: v.optional(bounded.line(ACTION_ITEM_LIMITS.title)),
        description: v.optional(bounded.text(ACTION_ITEM_LIMITS.description)),
        priority: v.optional(actionItemPriorityValidator),
        dueDate: v.optional(v.union(bounded.token(LIMITS.dateText), v.null())),
      }),
    ),
  },
  returns: v.id("actionItems"),
  handler: async (ctx, { proposalId, edits }) => {
    const { proposal, session } = await loadProposalFor(ctx, ctx.viewer, proposalId);
    return acceptProposal(ctx, ctx.viewer, proposal, session, edits ?? {}, Date.now());
  },
});

export const dismiss = writerMutation({
  args: { proposalId: v.id("actionItemProposals") },
  returns: v.null(),
  handler: async (ctx, { proposalId }) => {
    const { proposal } = await loadProposalFor(ctx, ctx.viewer, proposalId);
    await ctx.db.patch("actionItemProposals", proposal._id, { status: "dismissed", decidedBy: ctx.viewer._id, decidedAt: Date.now() });
    return null;
  },
});

/** Runs a failed (or stale) extraction again, for the session's coach or an admin. */
export const retry = staffMutation({
  args: { runId: v.id("extractionRuns") },
  returns: v.id("extractionRuns"),
  handler: async (ctx, { runId }) => {
    const failed = await ctx.db.get("extractionRuns", runId);
    if (!failed) throw userError("SESSION_NOT_FOUND");
    await loadSessionToRun(ctx, ctx.viewer, failed.sessionId);
    const now = Date.now();
    if (!canRetry(failed, now)) throw userError("EXTRACTION_NOT_FAILED");
    // A stale run is closed, so a late answer to it cannot add proposals twice.
    if (failed.status !== "failed")
      await ctx.db.patch("extractionRuns", runId, {
        status: "failed",
        lastError: "The extraction stopped answering and was closed.",
        updatedAt: now,
      });
    const queued = await queueExtraction(ctx, failed.transcriptId, now);
    if (!queued) throw userError("TRANSCRIPT_NOT_FOUND");
    return queued;
  },
});
