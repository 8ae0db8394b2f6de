// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads, and
// convex-test loads the functions (and with them @date-fns/tz) only at the first call.
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { JOIN_WINDOW_OPENS_MINUTES } from "./model/sessions";
import { PALETTE_OPEN_ITEMS, PALETTE_RECENT } from "./model/commandPalette";
import { HOUR, insertActionItem, insertSession, MINUTE } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const DAY = 24 * HOUR;

/** Freezes the clock only, so convex-test's own timers keep running. */
function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

async function setup() {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  const member = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz" });
  const other = await signedIn(t, "client", { firstName: "Omar", lastName: "Said" });
  return { t, coach, member, other };
}

type ItemFields = Partial<Omit<Doc<"actionItems">, "_id" | "_creationTime" | "sessionId">>;

/** An open, medium item of the session's member, visible to both sides, unless `fields` say otherwise. */
function insertItem(t: T, sessionId: Id<"sessions">, fields: ItemFields = {}) {
  return insertActionItem(t, sessionId, "Plan the week", fields);
}

/** A recording of the session, filed by its coach at `createdAt`. */
function insertRecording(t: T, sessionId: Id<"sessions">, title: string, createdAt: number) {
  return t.run(async (ctx) => {
    const session = (await ctx.db.get("sessions", sessionId))!;
    const storageId = await ctx.storage.store(new Blob(["audio"]));
    return ctx.db.insert("recordings", {
      sessionId,
      memberId: session.memberId,
      storageId,
      title,
      contentType: "audio/mpeg",
      size: 5,
      uploadedBy: session.coachId,
      createdAt,
    });
  });
}

/** The session's transcript, uploaded by its coach at `createdAt`. */
function insertTranscript(t: T, sessionId: Id<"sessions">, createdAt: number) {
  return t.run(async (ctx) => {
    const session = (await ctx.db.get("sessions", sessionId))!;
    return ctx.db.insert("transcripts", {
      sessionId,
      memberId: session.memberId,
      format: "text",
      segments: [{ startSeconds: 5, text: "Hello" }],
      text: "Hello",
      uploadedBy: session.coachId,
      createdAt,
    });
  });
}

describe("commandPalette:entries", () => {
  it("gives a client their own balance, next session, open items, recordings and transcripts, and nothing of another member's", async () => {
    setNow("2026-03-10T12:00:00Z");
    const { t, coach, member, other } = await setup();
    const now = Date.now();
    await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 120, note: "Package" });
    await t.mutation(internal.timeBalance.creditPurchase, { userId: other.id, minutes: 600, note: "Package" });

    const past = await insertSession(t, {
      memberId: member.id,
      coachId: coach.id,
      title: "Kick-off",
      startsAt: now - 2 * DAY,
      status: "completed",
    });
    const next = await insertSession(t, { memberId: member.id, coachId: coach.id, title: "Focus check-in", startsAt: now + 2 * DAY });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now + DAY, status: "cancelled" });
    const theirs = await insertSession(t, { memberId: other.id, coachId: coach.id, title: "Their session", startsAt: now + HOUR });

    const item = await insertItem(t, past, { title: "Block two focus mornings", priority: "high", dueDate: "2026-03-09" });
    await insertItem(t, past, { title: "Done already", status: "completed" });
    await insertItem(t, past, { title: "Dropped", status: "cancelled" });
    await insertItem(t, past, {
      title: "Coach's private note",
      clientVisible: false,
      commitmentType: "coach_commitment",
      responsibleUserId: coach.id,
    });
    await insertItem(t, theirs, { title: "Their item", priority: "urgent" });

    const recording = await insertRecording(t, past, "Kick-off recording", now - DAY);
    await insertRecording(t, theirs, "Their recording", now);
    const transcript = await insertTranscript(t, past, now - DAY);
    await insertTranscript(t, theirs, now);

    const session = (await t.run((ctx) => ctx.db.get("sessions", next)))!;
    expect(await member.as.query(api.commandPalette.entries, {})).toEqual({
      remainingMinutes: 120,
      nextSession: {
        _id: next,
        title: "Focus check-in",
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        joinOpensAt: session.startsAt - JOIN_WINDOW_OPENS_MINUTES * MINUTE,
        joinClosesAt: session.endsAt,
        withName: "Cora Reyes",
      },
      openItems: [{ _id: item, title: "Block two focus mornings", priority: "high", dueDate: "2026-03-09", overdue: true }],
      recordings: [{ _id: recording, title: "Kick-off recording", createdAt: now - DAY }],
      transcripts: [{ _id: transcript, title: "Kick-off", createdAt: now - DAY }],
    });
  });

  it("is empty for someone with nothing yet, a balance of 0 included", async () => {
    const { t } = await setup();
    const newcomer = await signedIn(t, "client");
    expect(await newcomer.as.query(api.commandPalette.entries, {})).toEqual({
      remainingMinutes: 0,
      nextSession: null,
      openItems: [],
      recordings: [],
      transcripts: [],
    });
  });

  it("offers the running session before the next one, with the same join window as the dashboard", async () => {
    const { t, coach, member } = await setup();
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() - 2 * HOUR });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + HOUR });
    const running = await insertSession(t, { memberId: member.id, coachId: coach.id, title: "Running now" });

    const { nextSession } = await member.as.query(api.commandPalette.entries, {});
    const dashboard = await member.as.query(api.dashboard.summary, {});
    expect(nextSession).toMatchObject({ _id: running, title: "Running now", withName: "Cora Reyes" });
    expect(nextSession).toMatchObject({
      joinOpensAt: dashboard.nextSession!.joinOpensAt,
      joinClosesAt: dashboard.nextSession!.joinClosesAt,
    });
  });

  it("gives a coach the sessions they coach, with the member's name, and only the items and files shared with them", async () => {
    const { t, coach, member, other } = await setup();
    const now = Date.now();
    const otherCoach = await signedIn(t, "coach", { firstName: "Ines", lastName: "Park" });
    const coaching = await insertSession(t, { memberId: member.id, coachId: coach.id, title: "Focus check-in", startsAt: now + HOUR });
    // The coach's own session as a member, with another coach, later on.
    await insertSession(t, { memberId: coach.id, coachId: otherCoach.id, title: "Supervision", startsAt: now + 3 * HOUR });
    const elsewhere = await insertSession(t, { memberId: other.id, coachId: otherCoach.id, startsAt: now + 30 * MINUTE });

    const shared = await insertItem(t, coaching, { title: "Shared plan" });
    await insertItem(t, coaching, { title: "Private plan", coachVisible: false });
    await insertItem(t, elsewhere, { title: "Another coach's client" });
    const recording = await insertRecording(t, coaching, "Focus recording", now);
    await insertRecording(t, elsewhere, "Another coach's recording", now);
    const transcript = await insertTranscript(t, coaching, now);
    await insertTranscript(t, elsewhere, now);

    const entries = await coach.as.query(api.commandPalette.entries, {});
    expect(entries.nextSession).toMatchObject({ _id: coaching, title: "Focus check-in", withName: "Maya Ortiz" });
    expect(entries.openItems.map((item) => item._id)).toEqual([shared]);
    expect(entries.recordings.map((r) => r._id)).toEqual([recording]);
    expect(entries.transcripts.map((r) => [r._id, r.title])).toEqual([[transcript, "Focus check-in"]]);

    // As a member of a session that comes first, that one is next, with their coach's name.
    const sooner = await insertSession(t, {
      memberId: coach.id,
      coachId: otherCoach.id,
      title: "Early supervision",
      startsAt: now + 20 * MINUTE,
    });
    expect((await coach.as.query(api.commandPalette.entries, {})).nextSession).toMatchObject({ _id: sooner, withName: "Ines Park" });
  });

  it("leaves out a recording or transcript that recordings.get or transcripts.get would not open", async () => {
    const { t, coach, member, other } = await setup();
    const theirs = await insertSession(t, { memberId: other.id, coachId: coach.id });
    const gone = await insertSession(t, { memberId: member.id, coachId: coach.id });
    const recordings = [await insertRecording(t, theirs, "Theirs", Date.now()), await insertRecording(t, gone, "Gone", Date.now())];
    const transcripts = [await insertTranscript(t, theirs, Date.now()), await insertTranscript(t, gone, Date.now())];
    // Filed under the member by mistake, and one whose session row is gone: neither opens for them.
    await t.run(async (ctx) => {
      for (const id of recordings) await ctx.db.patch("recordings", id, { memberId: member.id });
      for (const id of transcripts) await ctx.db.patch("transcripts", id, { memberId: member.id });
      await ctx.db.delete("sessions", gone);
    });
    for (const recordingId of recordings)
      expect(await codeOf(member.as.query(api.recordings.get, { recordingId }))).toBe("RECORDING_NOT_FOUND");
    expect(await member.as.query(api.commandPalette.entries, {})).toMatchObject({ recordings: [], transcripts: [] });
  });

  it("refuses guests and signed-out callers", async () => {
    const { t, coach } = await setup();
    for (const role of ["guest_temporary", "guest_confirmed"] as const) {
      const guest = await signedIn(t, role);
      await insertSession(t, { memberId: guest.id, coachId: coach.id });
      expect(await codeOf(guest.as.query(api.commandPalette.entries, {}))).toBe("FORBIDDEN");
    }
    expect(await codeOf(t.query(api.commandPalette.entries, {}))).toBe("UNAUTHENTICATED");
  });

  it(`lists at most ${PALETTE_OPEN_ITEMS} open items, most urgent first, and the ${PALETTE_RECENT} newest recordings and transcripts`, async () => {
    setNow("2026-03-10T12:00:00Z");
    const { t, coach, member } = await setup();
    const now = Date.now();
    const sessions: Id<"sessions">[] = [];
    for (let day = 1; day <= 7; day++)
      sessions.push(
        await insertSession(t, {
          memberId: member.id,
          coachId: coach.id,
          title: `Session ${day}`,
          startsAt: now - day * DAY,
          status: "completed",
        }),
      );
    const priorities = ["low", "medium", "high", "urgent"] as const;
    for (let i = 0; i < 24; i++)
      await insertItem(t, sessions[0]!, { title: `Item ${i}`, priority: priorities[i % 4], dueDate: "2026-03-20", updatedAt: now + i });
    await insertItem(t, sessions[0]!, { title: "Low but overdue", priority: "low", dueDate: "2026-03-09" });
    for (const [i, sessionId] of sessions.entries()) {
      await insertRecording(t, sessionId, `Recording ${i + 1}`, now - (i + 1) * DAY + HOUR);
      await insertTranscript(t, sessionId, now - (i + 1) * DAY + HOUR);
    }

    const entries = await member.as.query(api.commandPalette.entries, {});
    expect(entries.openItems).toHaveLength(PALETTE_OPEN_ITEMS);
    expect(entries.openItems[0]).toMatchObject({ title: "Low but overdue", overdue: true });
    expect(entries.openItems.slice(1).map((item) => item.priority)).toEqual([
      ...Array<string>(6).fill("urgent"),
      ...Array<string>(6).fill("high"),
      ...Array<string>(6).fill("medium"),
      "low",
    ]);
    // Equal urgency and due date: the most recently changed first.
    expect(entries.openItems.slice(1, 3).map((item) => item.title)).toEqual(["Item 23", "Item 19"]);
    expect(entries.recordings.map((r) => r.title)).toEqual(["Recording 1", "Recording 2", "Recording 3", "Recording 4", "Recording 5"]);
    expect(entries.transcripts.map((r) => r.title)).toEqual(["Session 1", "Session 2", "Session 3", "Session 4", "Session 5"]);
  });
});
