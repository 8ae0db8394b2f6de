/**
 * Session recordings: the coach uploads the file to Convex storage and saves it against the
 * session; the member lists, opens and plays their own.
 */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { memberQuery, staffMutation } from "./functions";
import { activityUrls, recordActivity } from "./model/activity";
import { userError } from "./model/errors";
import { notify } from "./model/notifications";
import { claimUpload, grantUpload } from "./model/uploads";
import { canAccessSession, loadSessionToRun } from "./model/sessions";
import { recordingFields } from "./schema";

/** Longest title kept; the session's title is used when none is given. */
const RECORDING_TITLE_MAX = 200;
/** A few hours of HD video; anything larger is almost surely the wrong file. */
const RECORDING_MAX_BYTES = 5 * 1024 ** 3;
/** A recording of a day at most. */
const RECORDING_SECONDS_MAX = 24 * 60 * 60;

const recordingValidator = v.object(withSystemFields("recordings", recordingFields));

/** A one-time URL the coach's browser posts the file to, recorded as theirs (model/uploads.ts). */
export const generateUploadUrl = staffMutation({
  args: {},
  returns: v.string(),
  handler: async (ctx) => {
    await grantUpload(ctx, ctx.viewer, Date.now());
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * Files an uploaded recording under its session, for the session's coach or an admin. Only
 * audio and video files are accepted, and only the caller's own upload (an admin may file
 * anyone's, which is logged).
 */
export const save = staffMutation({
  args: {
    sessionId: v.id("sessions"),
    storageId: v.id("_storage"),
    title: bounded.line(RECORDING_TITLE_MAX),
    durationSeconds: v.optional(bounded.number(0, RECORDING_SECONDS_MAX)),
  },
  returns: v.id("recordings"),
  handler: async (ctx, { sessionId, storageId, title, durationSeconds }) => {
    const session = await loadSessionToRun(ctx, ctx.viewer, sessionId);
    const file = await ctx.db.system.get("_storage", storageId);
    const contentType = file?.contentType ?? "";
    if (!file || !/^(audio|video)\//.test(contentType) || file.size <= 0 || file.size > RECORDING_MAX_BYTES)
      throw userError("INVALID_RECORDING");
    if (durationSeconds !== undefined && !(Number.isFinite(durationSeconds) && durationSeconds >= 0))
      throw userError("INVALID_INPUT", {
        durationSeconds: "Please give the length in seconds.",
      });
    const now = Date.now();
    await claimUpload(ctx, ctx.viewer, file, { sessionId }, now);
    const name = title.trim().slice(0, RECORDING_TITLE_MAX) || session.title;
    const recordingId = await ctx.db.insert("recordings", {
      sessionId,
      memberId: session.memberId,
      storageId,
      title: name,
      contentType,
      size: file.size,
      ...(durationSeconds === undefined ? {} : { durationSeconds: Math.round(durationSeconds) }),
      uploadedBy: ctx.viewer._id,
      createdAt: now,
    });
    const url = activityUrls.recording(recordingId);
    const data = { sessionId, recordingId };
    await notify(
      ctx,
      session.memberId,
      {
        // Recordings have no type of their own (SPEC §3); they belong to the session's follow-up.
        type: "session_completed",
        priority: "low",
        title: "Recording ready",
        message: `The recording of "${session.title}" is ready to watch.`,
        actions: [{ label: "Watch recording", url }],
        data,
      },
      { now },
    );
    await recordActivity(
      ctx,
      session.memberId,
      {
        type: "recording",
        title: `Recording ready: ${name}`,
        description: `From "${session.title}".`,
        status: "completed",
        metadata: {
          ...data,
          ...(durationSeconds === undefined ? {} : { duration: Math.round(durationSeconds / 60) }),
        },
        actionUrl: url,
        actionLabel: "Watch recording",
      },
      now,
    );
    return recordingId;
  },
});

/** The caller's own recordings, newest first (/dashboard/recordings). */
export const mine = memberQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(recordingValidator),
  handler: (ctx, { paginationOpts }) =>
    ctx.db
      .query("recordings")
      .withIndex("by_member_and_created", (q) => q.eq("memberId", ctx.viewer._id))
      .order("desc")
      .paginate(paginationOpts),
});

/**
 * One recording with a URL to play it (/dashboard/recordings/{id}), for whoever may read its
 * session; anyone else is told it does not exist.
 */
export const get = memberQuery({
  args: { recordingId: v.id("recordings") },
  returns: v.object({
    recording: recordingValidator,
    url: v.union(v.string(), v.null()),
    sessionTitle: v.string(),
    sessionStartsAt: v.number(),
  }),
  handler: async (ctx, { recordingId }) => {
    const recording = await ctx.db.get("recordings", recordingId);
    const session = recording && (await ctx.db.get("sessions", recording.sessionId));
    if (!recording || !session || !canAccessSession(ctx.viewer, session, "read")) throw userError("RECORDING_NOT_FOUND");
    return {
      recording,
      url: await ctx.storage.getUrl(recording.storageId),
      sessionTitle: session.title,
      sessionStartsAt: session.startsAt,
    };
  },
});

/** The caller's newest recording, for the Latest Recording quick action; null before the first. */
export const latest = memberQuery({
  args: {},
  returns: v.union(recordingValidator, v.null()),
  handler: (ctx) =>
    ctx.db
      .query("recordings")
      .withIndex("by_member_and_created", (q) => q.eq("memberId", ctx.viewer._id))
      .order("desc")
      .first(),
});
