import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { FOCUS_CHECK_IN_WINDOW_MS, FOCUS_HEARTBEAT_MS, FOCUS_ROOM_CAPACITY } from "./model/focusRules";
import { codeOf } from "./test.forum";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 2 March 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 12);

type Person = Awaited<ReturnType<typeof signedIn>>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

let names = 0;
const member = (t: T, overrides: Parameters<typeof signedIn>[2] = {}) => signedIn(t, "client", { firstName: `Member${++names}`, lastName: "Lane", ...overrides });

const view = (person: Person, roomId: Id<"focusRooms">) => person.as.query(api.focus.room, { roomId });
const present = async (person: Person, roomId: Id<"focusRooms">) =>
  (await view(person, roomId)).participants.filter((participant) => participant.online).map((participant) => participant.name);
const beat = (person: Person, roomId: Id<"focusRooms">, pageId = "page-1") => person.as.mutation(api.focus.heartbeat, { roomId, pageId });

/** Runs the presence component's jobs that are due once the clock has moved `ms` on. */
async function pass(t: T, ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let round = 0; round < 5; round++) await t.finishInProgressScheduledFunctions();
}

async function roomWith(t: T) {
  const host = await member(t);
  const roomId = await host.as.mutation(api.focus.create, { minutes: 25, goal: "Draft the invoice e-mails" });
  return { host, roomId };
}

describe("starting and joining a focus room", () => {
  it("starts a room now with its starter in it, lists it, and a second member joins with a goal", async () => {
    const t = newConvexTest();
    const { host, roomId } = await roomWith(t);
    const other = await member(t, { firstName: "Theo", lastName: "Park" });
    const listed = await other.as.query(api.focus.rooms, {});
    expect(listed.rooms).toEqual([expect.objectContaining({ _id: roomId, minutes: 25, startsAt: NOW, endsAt: NOW + 25 * MINUTE, seatsTaken: 1, joined: false })]);

    await other.as.mutation(api.focus.join, { roomId, goal: "  Clear the inbox  " });
    const seen = await view(host, roomId);
    expect(seen.participants.map(({ name, goal, isHost, isYou }) => ({ name, goal, isHost, isYou }))).toEqual([
      { name: seen.participants[0]!.name, goal: "Draft the invoice e-mails", isHost: true, isYou: true },
      { name: "Theo P.", goal: "Clear the inbox", isHost: false, isYou: false },
    ]);
    expect(seen.participants[0]!.name).toMatch(/^Member\d+ L\.$/);
    expect(seen.seatsLeft).toBe(FOCUS_ROOM_CAPACITY - 2);
    // Joining again only changes the goal.
    await other.as.mutation(api.focus.join, { roomId, goal: "Clear half the inbox" });
    expect((await view(other, roomId)).me).toMatchObject({ active: true, goal: "Clear half the inbox" });
  });

  it("sets a room for later within the week only, never overlapping another of the member's rooms, and refuses bad input", async () => {
    const t = newConvexTest();
    const starter = await member(t);
    const later = await starter.as.mutation(api.focus.create, { minutes: 50, startsAt: NOW + 2 * HOUR, goal: "Plan the launch" });
    expect((await view(starter, later)).room).toMatchObject({ startsAt: NOW + 2 * HOUR, endsAt: NOW + 2 * HOUR + 50 * MINUTE, ended: false });
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 25, startsAt: NOW + 2 * HOUR + 30 * MINUTE, goal: "Overlap" }))).toBe("FOCUS_ALREADY_BUSY");
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 25, startsAt: NOW + 8 * 24 * HOUR, goal: "Too far" }))).toBe("FOCUS_START_OUT_OF_RANGE");
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 25, startsAt: NOW - HOUR, goal: "Past" }))).toBe("FOCUS_START_OUT_OF_RANGE");
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 30, goal: "Odd length" }))).toBe("FOCUS_LENGTH_NOT_ALLOWED");
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 25, goal: "   " }))).toBe("FOCUS_GOAL_REQUIRED");
    expect(await codeOf(starter.as.mutation(api.focus.create, { minutes: 25, goal: "x".repeat(141) }))).toBe("INVALID_INPUT");
    const guest = await signedIn(t, "guest_confirmed");
    expect(await codeOf(guest.as.mutation(api.focus.join, { roomId: later, goal: "Watch" }))).toBe("FORBIDDEN");
    expect((await starter.as.query(api.focus.rooms, {})).rooms).toHaveLength(1);
  });

  it("holds six at most, however many join at once", async () => {
    const t = newConvexTest();
    const { roomId } = await roomWith(t);
    const joiners = await Promise.all(Array.from({ length: 9 }, () => member(t)));
    // Each join's refusal code, or undefined for a seat taken.
    const outcomes = await Promise.all(joiners.map((person) => codeOf(person.as.mutation(api.focus.join, { roomId, goal: "Write" }))));
    expect(outcomes.filter((code) => code === undefined)).toHaveLength(FOCUS_ROOM_CAPACITY - 1);
    expect(outcomes.filter((code) => code !== undefined)).toEqual(["FOCUS_ROOM_FULL", "FOCUS_ROOM_FULL", "FOCUS_ROOM_FULL", "FOCUS_ROOM_FULL"]);
    const seats = await t.run((ctx) => ctx.db.query("focusParticipants").collect());
    expect(seats.filter((seat) => seat.leftAt === undefined)).toHaveLength(FOCUS_ROOM_CAPACITY);

    // A seat freed by leaving is free again.
    const [leaver] = joiners.filter((_, i) => outcomes[i] === undefined);
    const waiting = joiners.find((_, i) => outcomes[i] !== undefined)!;
    await leaver!.as.mutation(api.focus.leave, { roomId });
    await waiting.as.mutation(api.focus.join, { roomId, goal: "Write" });
    expect((await view(waiting, roomId)).seatsLeft).toBe(0);
  });
});

describe("presence in a focus room", () => {
  it("shows who has the room open: a heartbeat joins, leaving ends it at once, and a page that goes quiet times out", async () => {
    const t = newConvexTest();
    const { host, roomId } = await roomWith(t);
    const other = await member(t, { firstName: "Theo", lastName: "Park" });
    await other.as.mutation(api.focus.join, { roomId, goal: "Inbox" });
    expect(await present(host, roomId)).toEqual([]);

    const hostBeat = await beat(host, roomId);
    expect(hostBeat.serverNow).toBe(NOW);
    await beat(other, roomId);
    expect(await present(host, roomId)).toHaveLength(2);

    // Leaving: gone from the room at once, for everyone.
    await other.as.mutation(api.focus.leave, { roomId });
    expect(await present(host, roomId)).toHaveLength(1);
    expect((await view(host, roomId)).participants.map((participant) => participant.name)).not.toContain("Theo P.");
    expect(await codeOf(beat(other, roomId))).toBe("FOCUS_NOT_IN_ROOM");

    // The host's page keeps beating; a page that stops is timed out after 2.5 intervals.
    await pass(t, FOCUS_HEARTBEAT_MS);
    await beat(host, roomId);
    expect(await present(host, roomId)).toHaveLength(1);
    await pass(t, FOCUS_HEARTBEAT_MS * 3);
    expect(await present(host, roomId)).toEqual([]);
    // Still in the room (a seat), only not there right now; a heartbeat brings them back.
    expect((await view(host, roomId)).participants).toHaveLength(1);
    await beat(host, roomId);
    expect(await present(host, roomId)).toHaveLength(1);
  });

  it("ends a page's presence with its session token alone (what a closing page sends), and nobody else's", async () => {
    const t = newConvexTest();
    const { host, roomId } = await roomWith(t);
    const { sessionToken } = await beat(host, roomId);
    await t.mutation(api.focus.disconnect, { sessionToken: "not-a-token" });
    expect(await present(host, roomId)).toHaveLength(1);
    await t.mutation(api.focus.disconnect, { sessionToken });
    expect(await present(host, roomId)).toEqual([]);
  });

  it("refuses heartbeats from outside the room, and a room that is not the member's to see reads as missing", async () => {
    const t = newConvexTest();
    const { roomId } = await roomWith(t);
    const outsider = await member(t);
    expect(await codeOf(beat(outsider, roomId))).toBe("FOCUS_NOT_IN_ROOM");
    // An open room can be looked at before joining; an ended one cannot.
    expect((await view(outsider, roomId)).me).toBeNull();
    await pass(t, 26 * MINUTE);
    expect(await codeOf(view(outsider, roomId))).toBe("FOCUS_ROOM_NOT_FOUND");
  });
});

describe("the end of a focus room and the gentle streak", () => {
  it("turns to the check-in at its end, clears presence, and counts one focus day however often the member answers", async () => {
    const t = newConvexTest();
    const { host, roomId } = await roomWith(t);
    await beat(host, roomId);
    expect(await codeOf(host.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "done" }))).toBe("FOCUS_CHECK_IN_CLOSED");

    await pass(t, 25 * MINUTE);
    const ended = await view(host, roomId);
    expect(ended.room.ended).toBe(true);
    expect(ended.participants.every((participant) => !participant.online)).toBe(true);
    expect(await codeOf(beat(host, roomId))).toBe("FOCUS_ROOM_ENDED");

    expect(await host.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "partly" })).toEqual({ days: 1, thisWeek: 1 });
    expect(await host.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "done" })).toEqual({ days: 1, thisWeek: 1 });
    expect((await view(host, roomId)).me).toMatchObject({ outcome: "done" });

    await pass(t, FOCUS_CHECK_IN_WINDOW_MS);
    expect(await codeOf(host.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "not_yet" }))).toBe("FOCUS_CHECK_IN_CLOSED");
  });

  it("lets someone who left early say how it went", async () => {
    const t = newConvexTest();
    const { host, roomId } = await roomWith(t);
    await host.as.mutation(api.focus.leave, { roomId });
    expect(await host.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "not_yet" })).toMatchObject({ days: 1 });
  });

  it("counts days in each member's own time zone, and a missed day takes nothing away", async () => {
    const t = newConvexTest();
    const focusAt = async (person: Person, at: number) => {
      vi.setSystemTime(at);
      const roomId = await person.as.mutation(api.focus.create, { minutes: 25, goal: "Focus" });
      await person.as.mutation(api.focus.leave, { roomId });
      return await person.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "done" });
    };
    // Los Angeles (UTC-8 in March before the 8th): 23:30 and 00:30 local are two days, on one UTC day.
    const la = await member(t, { timezone: "America/Los_Angeles" });
    expect(await focusAt(la, Date.UTC(2026, 2, 3, 7, 30))).toMatchObject({ days: 1 });
    expect(await focusAt(la, Date.UTC(2026, 2, 3, 8, 30))).toMatchObject({ days: 2 });
    // Tokyo (UTC+9): 23:00 and 01:00 UTC are 08:00 and 10:00 on one local day: one day.
    const tokyo = await member(t, { timezone: "Asia/Tokyo" });
    expect(await focusAt(tokyo, Date.UTC(2026, 2, 2, 23))).toMatchObject({ days: 1 });
    expect(await focusAt(tokyo, Date.UTC(2026, 2, 3, 1))).toMatchObject({ days: 1 });
    // Days skipped: the count stays and grows again; "this week" starts on the local Monday.
    expect(await focusAt(la, Date.UTC(2026, 2, 7, 18))).toMatchObject({ days: 3, thisWeek: 3 });
    expect(await focusAt(la, Date.UTC(2026, 2, 10, 18))).toMatchObject({ days: 4, thisWeek: 1 });
    vi.setSystemTime(Date.UTC(2026, 2, 20, 18));
    expect((await la.as.query(api.focus.rooms, {})).streak).toEqual({ days: 4, thisWeek: 0 });
  });
});

describe("keeping members apart", () => {
  async function shared(t: T) {
    const { host, roomId } = await roomWith(t);
    const blocker = await member(t, { firstName: "Ana", lastName: "Blue" });
    const other = await member(t, { firstName: "Ben", lastName: "Grey" });
    await blocker.as.mutation(api.focus.join, { roomId, goal: "Read" });
    await other.as.mutation(api.focus.join, { roomId, goal: "Write" });
    return { host, roomId, blocker, other };
  }

  it("takes the blocked member out of the shared room, in neutral words, and they never share a room again either way", async () => {
    const t = newConvexTest();
    const { host, roomId, blocker, other } = await shared(t);
    await beat(other, roomId);
    await blocker.as.mutation(api.focus.blockParticipant, { roomId, userId: other.id });

    expect((await view(host, roomId)).participants.map((participant) => participant.name)).not.toContain("Ben G.");
    expect(await present(host, roomId)).not.toContain("Ben G.");
    expect(await codeOf(view(other, roomId))).toBe("FOCUS_ROOM_UNAVAILABLE");
    expect(await codeOf(other.as.mutation(api.focus.join, { roomId, goal: "Back" }))).toBe("FOCUS_ROOM_UNAVAILABLE");

    // The blocked member's own room: hidden from the blocker, and refused to them.
    vi.setSystemTime(NOW + HOUR);
    const theirs = await other.as.mutation(api.focus.create, { minutes: 25, goal: "Later" });
    expect((await blocker.as.query(api.focus.rooms, {})).rooms.map((room) => room._id)).not.toContain(theirs);
    expect(await codeOf(blocker.as.mutation(api.focus.join, { roomId: theirs, goal: "Read" }))).toBe("FOCUS_ROOM_UNAVAILABLE");
    // And the other way round: the blocker's room is not offered to the blocked member.
    const mine = await blocker.as.mutation(api.focus.create, { minutes: 25, startsAt: NOW + 3 * HOUR, goal: "Read more" });
    expect((await other.as.query(api.focus.rooms, {})).rooms.map((room) => room._id)).not.toContain(mine);
    expect(await codeOf(other.as.mutation(api.focus.join, { roomId: mine, goal: "Write" }))).toBe("FOCUS_ROOM_UNAVAILABLE");
    // Someone else still joins both.
    const third = await member(t);
    await third.as.mutation(api.focus.join, { roomId: theirs, goal: "Tidy" });

    expect(await blocker.as.query(api.focus.blocked, {})).toEqual([expect.objectContaining({ userId: other.id, name: "Ben G." })]);
    await blocker.as.mutation(api.focus.unblockMember, { userId: other.id });
    await other.as.mutation(api.focus.join, { roomId: mine, goal: "Write" });
    expect(await codeOf(blocker.as.mutation(api.focus.unblockMember, { userId: other.id }))).toBe("FOCUS_BLOCK_NOT_FOUND");
  });

  it("lets the blocker leave instead when the blocked member hosts the room", async () => {
    const t = newConvexTest();
    const { host, roomId, blocker } = await shared(t);
    await blocker.as.mutation(api.focus.blockParticipant, { roomId, userId: host.id });
    expect((await view(host, roomId)).participants.map((participant) => participant.name)).not.toContain("Ana B.");
    expect((await view(blocker, roomId)).me).toMatchObject({ active: false });
  });

  it("names only people who shared the room, never oneself", async () => {
    const t = newConvexTest();
    const { roomId, blocker } = await shared(t);
    const stranger = await member(t);
    expect(await codeOf(blocker.as.mutation(api.focus.blockParticipant, { roomId, userId: stranger.id }))).toBe("FOCUS_NOT_A_PARTICIPANT");
    expect(await codeOf(blocker.as.mutation(api.focus.blockParticipant, { roomId, userId: blocker.id }))).toBe("FOCUS_NOT_A_PARTICIPANT");
    expect(await codeOf(stranger.as.mutation(api.focus.report, { roomId, userId: blocker.id, reason: "spam", alsoBlock: false }))).toBe("FOCUS_NOT_A_PARTICIPANT");
  });

  it("files a report for the admins (one per person and room), blocks too when asked, and an admin resolves it", async () => {
    const t = newConvexTest();
    const { roomId, blocker, other } = await shared(t);
    await blocker.as.mutation(api.focus.report, { roomId, userId: other.id, reason: "disruptive", details: "Kept posting links", alsoBlock: false });
    await blocker.as.mutation(api.focus.report, { roomId, userId: other.id, reason: "spam", details: "Links again", alsoBlock: true });
    const admin = await signedIn(t, "admin");
    const open = await admin.as.query(api.focus.reports, {});
    expect(open).toEqual([expect.objectContaining({ reason: "spam", details: "Links again", reporterName: "Ana Blue", reportedName: "Ben Grey", reportedGoal: "Write" })]);
    expect(await codeOf(blocker.as.query(api.focus.reports, {}))).toBe("FORBIDDEN");
    expect(await codeOf(view(other, roomId))).toBe("FOCUS_ROOM_UNAVAILABLE");
    await admin.as.mutation(api.focus.resolve, { reportId: open[0]!._id });
    expect(await admin.as.query(api.focus.reports, {})).toEqual([]);
  });

  it("lets a staff host remove someone, and no member host", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
    const hosted = await coach.as.mutation(api.focus.create, { minutes: 50, goal: "Host a quiet hour" });
    const visitor = await member(t);
    await visitor.as.mutation(api.focus.join, { roomId: hosted, goal: "Write" });
    expect((await view(visitor, hosted)).room).toMatchObject({ hostName: "Cora R.", hostIsStaff: true });
    await coach.as.mutation(api.focus.remove, { roomId: hosted, userId: visitor.id });
    expect(await codeOf(visitor.as.mutation(api.focus.join, { roomId: hosted, goal: "Again" }))).toBe("FOCUS_ROOM_UNAVAILABLE");

    const { roomId, blocker, other } = await shared(t);
    expect(await codeOf(blocker.as.mutation(api.focus.remove, { roomId, userId: other.id }))).toBe("FOCUS_NOT_HOST");
  });
});
