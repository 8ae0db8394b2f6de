import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { SESSION_MESSAGES, type UserError } from "./model/messages";
import { TRANSCRIPT_FIELD_ERRORS } from "./model/transcripts";
import { activitiesOf, HOUR, insertSession, MINUTE, notificationsOf, storedFile, uploadedFile } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as UserError;
    throw error;
  }
};
const codeOf = async (promise: Promise<unknown>) => (await errorOf(promise))?.code;

const page = { numItems: 10, cursor: null };

async function setup() {
  const t = newConvexTest();
  const member = await signedIn(t, "client", { firstName: "Sam", lastName: "Lee" });
  const coach = await signedIn(t, "coach", { firstName: "Ana", lastName: "Silva" });
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, title: "Morning routines" });
  return { t, member, coach, sessionId };
}

const TRANSCRIPT = "[00:05] Coach Ana: How did the week go?\n[00:12] Sam: I kept my Monday block.";

describe("recordings", () => {
  it("gives coaches an upload URL", async () => {
    const { coach } = await setup();
    expect(await coach.as.mutation(api.recordings.generateUploadUrl, {})).toMatch(/^https?:\/\//);
  });

  it("files an audio or video upload under the session and tells the member", async () => {
    const { t, member, coach, sessionId } = await setup();
    const storageId = await uploadedFile(t, coach.id, "video/mp4");
    const recordingId = await coach.as.mutation(api.recordings.save, { sessionId, storageId, title: "  ", durationSeconds: 3599.6 });
    const recording = (await t.run((ctx) => ctx.db.get("recordings", recordingId)))!;
    expect(recording).toMatchObject({
      sessionId,
      memberId: member.id,
      storageId,
      title: "Morning routines",
      contentType: "video/mp4",
      size: "recording".length,
      durationSeconds: 3600,
      uploadedBy: coach.id,
    });
    expect(await notificationsOf(t, member.id)).toMatchObject([
      { title: "Recording ready", priority: "low", actions: [{ label: "Watch recording", url: `/dashboard/recordings/${recordingId}` }] },
    ]);
    expect(await activitiesOf(t, member.id)).toMatchObject([
      {
        type: "recording",
        status: "completed",
        actionUrl: `/dashboard/recordings/${recordingId}`,
        metadata: { sessionId, recordingId, duration: 60 },
      },
    ]);
  });

  it("refuses files that are not audio or video, empty ones and missing ones", async () => {
    const { t, coach, sessionId } = await setup();
    for (const storageId of [
      await uploadedFile(t, coach.id, "application/pdf"),
      await uploadedFile(t, coach.id, undefined),
      await uploadedFile(t, coach.id, "audio/mpeg", ""),
    ]) {
      expect(await codeOf(coach.as.mutation(api.recordings.save, { sessionId, storageId, title: "x" }))).toBe("INVALID_RECORDING");
    }
    const gone = await uploadedFile(t, coach.id, "audio/mpeg");
    await t.run((ctx) => ctx.storage.delete(gone));
    expect(await codeOf(coach.as.mutation(api.recordings.save, { sessionId, storageId: gone, title: "x" }))).toBe("INVALID_RECORDING");
    const storageId = await uploadedFile(t, coach.id, "audio/mpeg");
    expect(await errorOf(coach.as.mutation(api.recordings.save, { sessionId, storageId, title: "x", durationSeconds: -1 }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { durationSeconds: expect.any(String) as string },
    });
    expect(await t.run((ctx) => ctx.db.query("recordings").collect())).toEqual([]);
  });

  it("takes only a file the caller uploaded, through an upload URL of their own, once", async () => {
    const { t, member, coach, sessionId } = await setup();
    const otherCoach = await signedIn(t, "coach");
    const recordings = () => t.run((ctx) => ctx.db.query("recordings").collect());
    // An older file (here another coach's), stored before this coach asked for any upload URL: ids are guessable, files are not theirs.
    const older = await uploadedFile(t, otherCoach.id, "audio/mpeg");
    const stray = await storedFile(t, "audio/mpeg");
    await coach.as.mutation(api.recordings.generateUploadUrl, {});
    // Another coach's upload, even one made after this coach's URL, once that coach has filed it.
    const theirs = await uploadedFile(t, otherCoach.id, "audio/mpeg");
    await otherCoach.as.mutation(api.recordings.save, { sessionId: await insertSession(t, { memberId: member.id, coachId: otherCoach.id }), storageId: theirs, title: "Theirs" });
    for (const storageId of [older, stray, theirs]) {
      expect(await errorOf(coach.as.mutation(api.recordings.save, { sessionId, storageId, title: "x" }))).toEqual({
        code: "UPLOAD_NOT_YOURS",
        message: SESSION_MESSAGES.UPLOAD_NOT_YOURS,
      });
    }
    expect((await recordings()).map((r) => r.title)).toEqual(["Theirs"]);

    // Their own upload through that URL is theirs, and stays theirs for another session too.
    const own = await storedFile(t, "audio/mpeg");
    await coach.as.mutation(api.recordings.save, { sessionId, storageId: own, title: "Mine" });
    await coach.as.mutation(api.recordings.save, { sessionId: await insertSession(t, { memberId: member.id, coachId: coach.id }), storageId: own, title: "Mine again" });
    expect(await t.run((ctx) => ctx.db.query("uploads").withIndex("by_storage", (q) => q.eq("storageId", own)).unique())).toMatchObject({
      uploadedBy: coach.id,
      registeredAt: expect.any(Number) as number,
    });
    // One URL, one file: a second file needs a second URL.
    const second = await storedFile(t, "audio/mpeg");
    expect(await codeOf(coach.as.mutation(api.recordings.save, { sessionId, storageId: second, title: "x" }))).toBe("UPLOAD_NOT_YOURS");
    expect(await codeOf(otherCoach.as.mutation(api.recordings.save, { sessionId: await insertSession(t, { memberId: member.id, coachId: otherCoach.id }), storageId: own, title: "x" }))).toBe("UPLOAD_NOT_YOURS");
    expect((await recordings()).map((r) => r.title).sort()).toEqual(["Mine", "Mine again", "Theirs"]);
    expect(await t.run((ctx) => ctx.db.query("auditLog").collect())).toEqual([]);
  });

  it("lets an admin file anyone's upload, and logs each such use", async () => {
    const { t, coach, sessionId } = await setup();
    const admin = await signedIn(t, "admin");
    const coachs = await uploadedFile(t, coach.id, "audio/mpeg");
    await coach.as.mutation(api.recordings.save, { sessionId, storageId: coachs, title: "Coach's" });
    const unclaimed = await storedFile(t, "video/mp4");
    await admin.as.mutation(api.recordings.save, { sessionId, storageId: coachs, title: "Again" });
    await admin.as.mutation(api.recordings.save, { sessionId, storageId: unclaimed, title: "Found" });
    expect(await t.run((ctx) => ctx.db.query("auditLog").collect())).toEqual([
      expect.objectContaining({ actorId: admin.id, action: "recording_from_foreign_upload", storageId: coachs, uploadedBy: coach.id, sessionId }),
      expect.objectContaining({ actorId: admin.id, action: "recording_from_foreign_upload", storageId: unclaimed, sessionId }),
    ]);
    // An admin's own upload is simply theirs: nothing to log.
    await admin.as.mutation(api.recordings.generateUploadUrl, {});
    await admin.as.mutation(api.recordings.save, { sessionId, storageId: await storedFile(t, "audio/mpeg"), title: "Own" });
    expect(await t.run((ctx) => ctx.db.query("auditLog").collect())).toHaveLength(2);
  });

  it("is saved by the session's coach or an admin only", async () => {
    const { t, coach, sessionId } = await setup();
    const otherCoach = await signedIn(t, "coach");
    const admin = await signedIn(t, "admin");
    const storageId = await uploadedFile(t, coach.id, "audio/mpeg");
    expect(await codeOf(otherCoach.as.mutation(api.recordings.save, { sessionId, storageId, title: "x" }))).toBe("FORBIDDEN");
    await admin.as.mutation(api.recordings.save, { sessionId, storageId, title: "x" });
    expect(
      await codeOf(coach.as.mutation(api.recordings.save, { sessionId: await missingSession(t, coach.id), storageId, title: "x" })),
    ).toBe("SESSION_NOT_FOUND");
  });

  it("lists the member's own recordings newest first, opens one with its URL, and keeps others out", async () => {
    const { t, member, coach, sessionId } = await setup();
    expect(await member.as.query(api.recordings.latest, {})).toBeNull();
    const first = await coach.as.mutation(api.recordings.save, {
      sessionId,
      storageId: await uploadedFile(t, coach.id, "audio/mpeg"),
      title: "Part 1",
    });
    const second = await coach.as.mutation(api.recordings.save, {
      sessionId,
      storageId: await uploadedFile(t, coach.id, "audio/mpeg"),
      title: "Part 2",
    });
    expect((await member.as.query(api.recordings.mine, { paginationOpts: page })).page.map((r) => r._id)).toEqual([second, first]);
    expect((await member.as.query(api.recordings.latest, {}))?._id).toBe(second);

    const opened = await member.as.query(api.recordings.get, { recordingId: first });
    expect(opened).toMatchObject({ recording: { _id: first, title: "Part 1" }, sessionTitle: "Morning routines" });
    expect(opened.url).toMatch(/^https?:\/\//);
    expect((await coach.as.query(api.recordings.get, { recordingId: first })).recording._id).toBe(first);

    const stranger = await signedIn(t, "client");
    expect(await codeOf(stranger.as.query(api.recordings.get, { recordingId: first }))).toBe("RECORDING_NOT_FOUND");
    expect((await stranger.as.query(api.recordings.mine, { paginationOpts: page })).page).toEqual([]);
    expect(await stranger.as.query(api.recordings.latest, {})).toBeNull();
  });
});

/** The id of a session that no longer exists. */
async function missingSession(t: T, coachId: Id<"users">) {
  const member = await signedIn(t, "client");
  const id = await insertSession(t, { memberId: member.id, coachId });
  await t.run((ctx) => ctx.db.delete("sessions", id));
  return id;
}

describe("transcripts", () => {
  it("stores the parsed transcript and fires transcript_ready: notification and feed", async () => {
    const { t, member, coach, sessionId } = await setup();
    const transcriptId = await coach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" });
    expect(await t.run((ctx) => ctx.db.get("transcripts", transcriptId))).toMatchObject({
      sessionId,
      memberId: member.id,
      format: "text",
      segments: [
        { speaker: "Coach Ana", startSeconds: 5, text: "How did the week go?" },
        { speaker: "Sam", startSeconds: 12, text: "I kept my Monday block." },
      ],
      text: "Coach Ana: How did the week go?\nSam: I kept my Monday block.",
      uploadedBy: coach.id,
    });
    const url = `/dashboard/transcripts/${transcriptId}`;
    expect(await notificationsOf(t, member.id)).toMatchObject([
      { type: "transcript_ready", priority: "medium", actions: [{ label: "Open transcript", url }], data: { sessionId, transcriptId } },
    ]);
    expect(await activitiesOf(t, member.id)).toMatchObject([
      { type: "transcript", status: "completed", actionUrl: url, metadata: { sessionId, transcriptId } },
    ]);
  });

  it("replaces the text on a second upload and keeps the id", async () => {
    const { t, coach, sessionId } = await setup();
    const first = await coach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" });
    const vtt = "WEBVTT\n\n00:00:05.000 --> 00:00:08.000\n<v Ana Silva>How did the week go?</v>";
    expect(await coach.as.mutation(api.transcripts.upload, { sessionId, content: vtt, format: "vtt" })).toBe(first);
    const all = await t.run((ctx) => ctx.db.query("transcripts").collect());
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ format: "vtt", text: "Ana Silva: How did the week go?" });
  });

  it("refuses unreadable text, sessions not started or cancelled, and other coaches", async () => {
    const { t, member, coach, sessionId } = await setup();
    expect(await errorOf(coach.as.mutation(api.transcripts.upload, { sessionId, content: "no times here", format: "text" }))).toMatchObject(
      {
        code: "INVALID_TRANSCRIPT",
        fields: { content: TRANSCRIPT_FIELD_ERRORS.noTimestamps },
      },
    );
    const later = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + HOUR });
    expect(await codeOf(coach.as.mutation(api.transcripts.upload, { sessionId: later, content: TRANSCRIPT, format: "text" }))).toBe(
      "SESSION_NOT_STARTED",
    );
    const cancelled = await insertSession(t, {
      memberId: member.id,
      coachId: coach.id,
      status: "cancelled",
      startsAt: Date.now() - 30 * MINUTE,
    });
    expect(await codeOf(coach.as.mutation(api.transcripts.upload, { sessionId: cancelled, content: TRANSCRIPT, format: "text" }))).toBe(
      "SESSION_NOT_CHANGEABLE",
    );
    const otherCoach = await signedIn(t, "coach");
    expect(await codeOf(otherCoach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" }))).toBe(
      "FORBIDDEN",
    );
    expect(await t.run((ctx) => ctx.db.query("transcripts").collect())).toEqual([]);
  });

  it("still stores the transcript when the member turned its notifications off", async () => {
    const { t, member, coach, sessionId } = await setup();
    await member.as.mutation(api.notifications.savePreferences, {
      position: "top-right",
      sessionReminders: true,
      bookingUpdates: true,
      transcriptReady: false,
      emailReminders: true,
    });
    await coach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" });
    expect(await notificationsOf(t, member.id)).toEqual([]);
    expect(await activitiesOf(t, member.id)).toHaveLength(1);
  });

  it("opens for the session's people with names and session details, and for nobody else", async () => {
    const { t, member, coach, sessionId } = await setup();
    expect(await member.as.query(api.transcripts.forSession, { sessionId })).toBeNull();
    const transcriptId = await coach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" });
    expect(await member.as.query(api.transcripts.forSession, { sessionId })).toBe(transcriptId);
    const opened = await member.as.query(api.transcripts.get, { transcriptId });
    const session = (await t.run((ctx) => ctx.db.get("sessions", sessionId)))!;
    expect(opened).toMatchObject({
      transcript: { _id: transcriptId },
      sessionTitle: "Morning routines",
      sessionStartsAt: session.startsAt,
      coachName: "Ana Silva",
      memberName: "Sam Lee",
    });
    const guest = await signedIn(t, "guest_temporary");
    const stranger = await signedIn(t, "client");
    for (const outsider of [guest, stranger]) {
      expect(await codeOf(outsider.as.query(api.transcripts.get, { transcriptId }))).toBe("TRANSCRIPT_NOT_FOUND");
      expect(await codeOf(outsider.as.query(api.transcripts.forSession, { sessionId }))).toBe("SESSION_NOT_FOUND");
    }
    const otherCoach = await signedIn(t, "coach");
    expect((await otherCoach.as.query(api.transcripts.get, { transcriptId })).transcript._id).toBe(transcriptId);
  });
});
