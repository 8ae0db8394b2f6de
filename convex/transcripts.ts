/**
 * Session transcripts: the coach uploads plain text or WebVTT, the member reads and searches it
 * (/dashboard/transcripts/{id}). Search runs in the browser over the segments.
 */
import { withSystemFields } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { memberQuery, staffMutation } from "./functions";
import { openaiConfigured } from "./integrations/openai";
import { ruleKeyPoints } from "./model/agendaRules";
import { bounded } from "./model/bounds";
import { userError } from "./model/errors";
import { queueExtraction } from "./model/extractionPipeline";
import { canAccessSession, loadSessionFor, loadSessionToRun, namesOf } from "./model/sessions";
import { onTranscriptReady, parseTranscript, TRANSCRIPT_FIELD_ERRORS, TRANSCRIPT_MAX_CHARS } from "./model/transcripts";
import { transcriptFields } from "./schema";

const transcriptValidator = v.object(withSystemFields("transcripts", transcriptFields));

/**
 * Stores the transcript of a session that has started, for its coach or an admin. A session has
 * one transcript: uploading again replaces its text (a corrected file) and keeps its id, so links
 * to it stay valid. Either way the transcript_ready event follows.
 */
export const upload = staffMutation({
  args: {
    sessionId: v.id("sessions"),
    content: bounded.text(TRANSCRIPT_MAX_CHARS, TRANSCRIPT_FIELD_ERRORS.tooLong),
    format: transcriptFields.format,
  },
  returns: v.id("transcripts"),
  handler: async (ctx, { sessionId, content, format }) => {
    const session = await loadSessionToRun(ctx, ctx.viewer, sessionId);
    if (session.status === "cancelled") throw userError("SESSION_NOT_CHANGEABLE");
    const now = Date.now();
    if (now < session.startsAt) throw userError("SESSION_NOT_STARTED");
    const { segments, text } = parseTranscript(content, format);
    const fields = {
      format,
      segments,
      text,
      uploadedBy: ctx.viewer._id,
      createdAt: now,
      // The next session's agenda quotes these; offline rules, so they are there at once.
      keyPoints: ruleKeyPoints(segments),
      keyPointsBy: "rules" as const,
    };
    const existing = await ctx.db
      .query("transcripts")
      .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
      .first();
    const transcriptId = existing
      ? existing._id
      : await ctx.db.insert("transcripts", {
          sessionId,
          memberId: session.memberId,
          ...fields,
        });
    if (existing) await ctx.db.patch("transcripts", existing._id, fields);
    if (openaiConfigured()) await ctx.scheduler.runAfter(0, internal.agenda.readKeyPoints, { transcriptId, createdAt: now, attempt: 1 });
    await onTranscriptReady(ctx, transcriptId, now);
    await queueExtraction(ctx, transcriptId, now);
    return transcriptId;
  },
});

/** A transcript with its session and the people in it, for whoever may read the session. */
export const get = memberQuery({
  args: { transcriptId: v.id("transcripts") },
  returns: v.object({
    transcript: transcriptValidator,
    sessionTitle: v.string(),
    sessionStartsAt: v.number(),
    coachName: v.string(),
    memberName: v.string(),
  }),
  handler: async (ctx, { transcriptId }) => {
    const transcript = await ctx.db.get("transcripts", transcriptId);
    const session = transcript && (await ctx.db.get("sessions", transcript.sessionId));
    if (!transcript || !session || !canAccessSession(ctx.viewer, session, "read")) throw userError("TRANSCRIPT_NOT_FOUND");
    const names = await namesOf(ctx, [session.coachId, session.memberId]);
    return {
      transcript,
      sessionTitle: session.title,
      sessionStartsAt: session.startsAt,
      coachName: names.get(session.coachId)!,
      memberName: names.get(session.memberId)!,
    };
  },
});

/** The id of a session's transcript, or null while there is none. */
export const forSession = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.union(v.id("transcripts"), v.null()),
  handler: async (ctx, { sessionId }) => {
    await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const transcript = await ctx.db
      .query("transcripts")
      .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
      .first();
    return transcript?._id ?? null;
  },
});
