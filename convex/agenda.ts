/**
 * A session's check-in and agenda, for its member and coach (model/agenda.ts). Whoever may read
 * the session reads both; its member fills in the check-in; its coach and member (and admins)
 * change the agenda until the session is completed, when it becomes the session's notes.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery, memberQuery, writerMutation } from "./functions";
import { ExtractionError, keyPointsWithOpenAI } from "./integrations/openai";
import { addLine, agendaFor, moveLine, removeLine, saveCheckIn, setLineDone } from "./model/agenda";
import { AGENDA_ITEM_MAX_CHARS, AGENDA_KEY_MAX, AGENDA_TEXTS, CHECK_IN_MAX_CHARS, groundKeyPoints, KEY_POINTS_AI_ATTEMPTS } from "./model/agendaRules";
import { bounded } from "./model/bounds";
import { userError } from "./model/errors";
import { loadSessionFor } from "./model/sessions";
import { agendaSourceValidator, checkInKeyValidator, keyPointValidator, transcriptSegmentValidator } from "./schema";

const lineValidator = v.object({
  key: v.string(),
  source: agendaSourceValidator,
  text: v.string(),
  done: v.boolean(),
  actionItemId: v.optional(v.id("actionItems")),
  dueDate: v.optional(v.string()),
  overdue: v.optional(v.boolean()),
  timestamp: v.optional(v.string()),
  checkIn: v.optional(checkInKeyValidator),
});

const keyArg = bounded.token(AGENDA_KEY_MAX);

/** The session's agenda (a draft until someone changes it, notes once the session is completed) and the member's check-in. */
export const get = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.object({
    mode: v.union(v.literal("draft"), v.literal("live"), v.literal("notes")),
    lines: v.array(lineValidator),
    canEdit: v.boolean(),
    checkIn: v.union(
      v.null(),
      v.object({ moved: v.optional(v.string()), stuck: v.optional(v.string()), focus: v.optional(v.string()), updatedAt: v.number() }),
    ),
    canCheckIn: v.boolean(),
  }),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const { checkIn: row, ...agenda } = await agendaFor(ctx, ctx.viewer, session, Date.now());
    return {
      ...agenda,
      checkIn: row ? { moved: row.moved, stuck: row.stuck, focus: row.focus, updatedAt: row.updatedAt } : null,
      canCheckIn: session.memberId === ctx.viewer._id && session.status === "scheduled",
    };
  },
});

/** One check-in answer, as the member types it. */
export const saveAnswer = writerMutation({
  args: { sessionId: v.id("sessions"), key: checkInKeyValidator, text: bounded.text(CHECK_IN_MAX_CHARS) },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, text }) => {
    await saveCheckIn(ctx, ctx.viewer, sessionId, key, text, Date.now());
    return null;
  },
});

export const setDone = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg, done: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, done }) => {
    await setLineDone(ctx, ctx.viewer, sessionId, key, done, Date.now());
    return null;
  },
});

export const move = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg, direction: v.union(v.literal("up"), v.literal("down")) },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, direction }) => {
    await moveLine(ctx, ctx.viewer, sessionId, key, direction, Date.now());
    return null;
  },
});

/** A line of the caller's own at the end of the agenda; its key is returned. */
export const add = writerMutation({
  args: { sessionId: v.id("sessions"), text: bounded.line(AGENDA_ITEM_MAX_CHARS) },
  returns: v.string(),
  handler: async (ctx, { sessionId, text }) => {
    if (text.trim() === "") throw userError("INVALID_INPUT", { text: AGENDA_TEXTS.addEmpty });
    return await addLine(ctx, ctx.viewer, sessionId, text, Date.now());
  },
});

/** Removes a line added by hand. */
export const remove = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg },
  returns: v.null(),
  handler: async (ctx, { sessionId, key }) => {
    await removeLine(ctx, ctx.viewer, sessionId, key);
    return null;
  },
});

/** A transcript's lines for the model, and the upload they belong to; null once it is gone. */
export const keyPointsSource = internalQuery({
  args: { transcriptId: v.id("transcripts") },
  returns: v.union(v.null(), v.object({ segments: v.array(transcriptSegmentValidator), createdAt: v.number() })),
  handler: async (ctx, { transcriptId }) => {
    const transcript = await ctx.db.get("transcripts", transcriptId);
    return transcript ? { segments: transcript.segments, createdAt: transcript.createdAt } : null;
  },
});

/** The model's key points replace the rules' ones, unless the transcript was uploaded again meanwhile. */
export const saveKeyPoints = internalMutation({
  args: { transcriptId: v.id("transcripts"), createdAt: v.number(), points: v.array(keyPointValidator) },
  returns: v.null(),
  handler: async (ctx, { transcriptId, createdAt, points }) => {
    const transcript = await ctx.db.get("transcripts", transcriptId);
    if (transcript?.createdAt === createdAt) await ctx.db.patch("transcripts", transcriptId, { keyPoints: points, keyPointsBy: "openai" });
    return null;
  },
});

/**
 * With OPENAI_API_KEY set, a new transcript's key points are read again by the model (the rules'
 * ones are there meanwhile). A failure that may pass is tried again a minute later, a few times;
 * any other failure, or an answer with no quote really in the transcript, keeps the rules' points.
 */
export const readKeyPoints = internalAction({
  args: { transcriptId: v.id("transcripts"), createdAt: v.number(), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { transcriptId, createdAt, attempt }) => {
    const source = await ctx.runQuery(internal.agenda.keyPointsSource, { transcriptId });
    if (!source || source.createdAt !== createdAt) return null;
    try {
      const points = groundKeyPoints(await keyPointsWithOpenAI(source.segments), source.segments);
      if (points.length > 0) await ctx.runMutation(internal.agenda.saveKeyPoints, { transcriptId, createdAt, points });
    } catch (error) {
      if (!(error instanceof ExtractionError) || !error.retryable || attempt >= KEY_POINTS_AI_ATTEMPTS) {
        console.warn(`Key points for transcript ${transcriptId} stay the rules' ones: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      await ctx.scheduler.runAfter(attempt * 60_000, internal.agenda.readKeyPoints, { transcriptId, createdAt, attempt: attempt + 1 });
    }
    return null;
  },
});
