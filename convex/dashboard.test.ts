import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { ACTIVITY_TYPES } from "./model/activity";
import { COUNT_CAP, dayBounds, hoursFromMinutes, weekBounds, WELCOME_UPCOMING } from "./model/dashboard";
import { HOUR, insertSession, MINUTE } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso).getTime();

/** Freezes the clock only, so convex-test's own timers keep running. */
function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("week and day bounds", () => {
  it.each([
    // Clocks go forward on Sunday 9 March 2025: this week has 167 hours.
    { timezone: "America/New_York", now: "2025-03-09T15:00:00Z", start: "2025-03-03T05:00:00Z", end: "2025-03-10T04:00:00Z" },
    // Clocks go back on Sunday 26 October 2025: this week has 169 hours.
    { timezone: "Europe/Berlin", now: "2025-10-26T12:00:00Z", start: "2025-10-19T22:00:00Z", end: "2025-10-26T23:00:00Z" },
    { timezone: "UTC", now: "2025-03-09T15:00:00Z", start: "2025-03-03T00:00:00Z", end: "2025-03-10T00:00:00Z" },
    { timezone: "Not/AZone", now: "2025-03-09T15:00:00Z", start: "2025-03-03T00:00:00Z", end: "2025-03-10T00:00:00Z" },
  ])("starts the week on Monday in $timezone", ({ timezone, now, start, end }) => {
    expect(weekBounds(at(now), timezone)).toEqual({ startsAt: at(start), endsAt: at(end) });
  });

  it("has 23-hour days when the clocks go forward", () => {
    const { startsAt, endsAt } = dayBounds(at("2025-03-09T15:00:00Z"), "America/New_York");
    expect([startsAt, endsAt - startsAt]).toEqual([at("2025-03-09T05:00:00Z"), 23 * HOUR]);
  });

  it("shows hours with one decimal", () => {
    expect([hoursFromMinutes(0), hoursFromMinutes(1110), hoursFromMinutes(555), hoursFromMinutes(20)]).toEqual([0, 18.5, 9.3, 0.3]);
  });
});

async function member(t: T, timezone: string) {
  const self = await signedIn(t, "client", { timezone });
  const coach = await signedIn(t, "coach", { firstName: "Ana", lastName: "Silva" });
  return { ...self, coachId: coach.id, coach };
}

describe("dashboard.summary", () => {
  it("counts this week's scheduled and completed sessions in the member's time zone, across a DST change", async () => {
    setNow("2025-03-09T15:00:00Z");
    const t = newConvexTest();
    const ny = await member(t, "America/New_York");
    const session = (startsAt: string, status: "scheduled" | "completed" | "cancelled" | "no_show") =>
      insertSession(t, { memberId: ny.id, coachId: ny.coachId, startsAt: at(startsAt), durationMinutes: 30, status });
    await session("2025-03-03T04:30:00Z", "completed"); // Sunday 23:30 EST, the week before
    await session("2025-03-03T05:00:00Z", "completed"); // Monday 00:00 EST
    await session("2025-03-05T15:00:00Z", "cancelled");
    await session("2025-03-06T15:00:00Z", "no_show");
    await session("2025-03-10T03:30:00Z", "scheduled"); // Sunday 23:30 EDT
    await session("2025-03-10T04:00:00Z", "scheduled"); // Monday 00:00 EDT, next week
    const summary = await ny.as.query(api.dashboard.summary, {});
    expect(summary.week).toEqual({ startsAt: at("2025-03-03T05:00:00Z"), endsAt: at("2025-03-10T04:00:00Z") });
    expect(summary.sessionsThisWeek).toBe(2);

    // For a member in UTC the same instants fall the other way: the first is this Monday, the last next Monday.
    const utc = await member(t, "UTC");
    for (const startsAt of ["2025-03-03T04:30:00Z", "2025-03-10T03:30:00Z"])
      await insertSession(t, { memberId: utc.id, coachId: utc.coachId, startsAt: at(startsAt), status: "completed" });
    expect((await utc.as.query(api.dashboard.summary, {})).sessionsThisWeek).toBe(1);
  });

  it("lists what is ahead, the running session first, with coach names and join windows", async () => {
    const t = newConvexTest();
    const self = await member(t, "UTC");
    const now = Date.now();
    const base = { memberId: self.id, coachId: self.coachId };
    await insertSession(t, { ...base, startsAt: now - 3 * HOUR }); // never closed by the coach; over
    const running = await insertSession(t, { ...base, startsAt: now - 10 * MINUTE });
    await insertSession(t, { ...base, startsAt: now + HOUR, status: "cancelled" });
    const ahead = [];
    for (let i = 1; i <= 4; i++) ahead.push(await insertSession(t, { ...base, startsAt: now + i * DAY }));
    const summary = await self.as.query(api.dashboard.summary, {});
    expect(summary.upcoming.map((s) => s._id)).toEqual([running, ...ahead].slice(0, WELCOME_UPCOMING));
    expect(summary.upcoming[0]).toMatchObject({ coachName: "Ana Silva", startsAt: now - 10 * MINUTE, endsAt: now + 50 * MINUTE });
    expect(summary.nextSession).toEqual(summary.upcoming[0]);
    expect(summary.nextSession).toMatchObject({ joinOpensAt: now - 20 * MINUTE, joinClosesAt: now + 50 * MINUTE });
    expect(summary.stats.upcomingCount).toBe(5);
  });

  it("reads totals from the running stats, the newest recording and the balance; zeros for a new member", async () => {
    const t = newConvexTest();
    const self = await member(t, "Europe/Lisbon");
    const fresh = await self.as.query(api.dashboard.summary, {});
    expect(fresh).toMatchObject({
      sessionsThisWeek: 0,
      stats: { totalSessions: 0, totalHours: 0, upcomingCount: 0, actionItemsDone: null, actionItemsTotal: null },
      upcoming: [],
      nextSession: null,
      latestRecordingId: null,
      balance: { totalMinutes: 0, consumedMinutes: 0, remainingMinutes: 0 },
    });
    const sessionId = await insertSession(t, {
      memberId: self.id,
      coachId: self.coachId,
      startsAt: Date.now() - 30 * DAY,
      status: "completed",
    });
    const latest = await t.run(async (ctx) => {
      await ctx.db.insert("memberStats", { userId: self.id, completedSessions: 12, completedMinutes: 1110 });
      await ctx.db.insert("timeBalances", {
        userId: self.id,
        totalMinutes: 600,
        consumedMinutes: 420,
        remainingMinutes: 180,
        expiresAt: Date.now() + 90 * DAY,
      });
      let newest: Id<"recordings"> | null = null;
      for (const createdAt of [1, 3, 2]) {
        const storageId = await ctx.storage.store(new Blob(["a"]));
        const id = await ctx.db.insert("recordings", {
          sessionId,
          memberId: self.id,
          storageId,
          title: `Part ${createdAt}`,
          contentType: "audio/mpeg",
          size: 1,
          uploadedBy: self.coachId,
          createdAt,
        });
        if (createdAt === 3) newest = id;
      }
      return newest;
    });
    const summary = await self.as.query(api.dashboard.summary, {});
    expect(summary.stats).toMatchObject({ totalSessions: 12, totalHours: 18.5 });
    expect(summary.latestRecordingId).toBe(latest);
    expect(summary.balance).toMatchObject({ totalMinutes: 600, consumedMinutes: 420, remainingMinutes: 180 });
  });

  it("stays a few bounded reads for a member with 500 sessions and 2,000 activities", async () => {
    // A scan of the history would read well over 500 documents and fail this limit.
    const t = newConvexTest({ transactionLimits: { documentsRead: 150 } });
    const self = await member(t, "America/Chicago");
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 0; i < 500; i++) {
        const future = i >= 450;
        const startsAt = future ? now + (i - 449) * DAY : now - (i + 1) * DAY;
        await ctx.db.insert("sessions", {
          title: `Session ${i}`,
          description: "",
          coachId: self.coachId,
          memberId: self.id,
          startsAt,
          endsAt: startsAt + HOUR,
          durationMinutes: 60,
          status: future ? "scheduled" : "completed",
          meetingUrl: "https://meet.lwcc.example/x",
          bookedAt: startsAt - DAY,
          debitedMinutes: 60,
          reminderJobs: [],
        });
      }
      for (let i = 0; i < 2000; i++)
        await ctx.db.insert("activities", {
          userId: self.id,
          type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length]!,
          title: `Activity ${i}`,
          description: "",
          timestamp: now - i * MINUTE,
          status: "completed",
          metadata: {},
        });
      await ctx.db.insert("memberStats", { userId: self.id, completedSessions: 450, completedMinutes: 27_000 });
    });
    const summary = await self.as.query(api.dashboard.summary, {});
    expect(summary.stats).toMatchObject({ totalSessions: 450, totalHours: 450, upcomingCount: 50 });
    expect(summary.upcoming).toHaveLength(WELCOME_UPCOMING);
    const feed = await self.as.query(api.activity.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(feed.page.map((a) => a.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Activity ${i}`));
  });

  it("stops counting what is ahead past COUNT_CAP", async () => {
    const t = newConvexTest();
    const self = await member(t, "UTC");
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 1; i <= 120; i++)
        await ctx.db.insert("sessions", {
          title: "Weekly",
          description: "",
          coachId: self.coachId,
          memberId: self.id,
          startsAt: now + i * HOUR * 2,
          endsAt: now + i * HOUR * 2 + HOUR,
          durationMinutes: 60,
          status: "scheduled",
          meetingUrl: "https://meet.lwcc.example/x",
          bookedAt: now,
          debitedMinutes: 60,
          reminderJobs: [],
        });
    });
    expect((await self.as.query(api.dashboard.summary, {})).stats.upcomingCount).toBe(COUNT_CAP + 1);
  });
});

describe("activity.list", () => {
  it("filters by type, newest first, own only", async () => {
    const t = newConvexTest();
    const self = await signedIn(t, "client");
    const other = await signedIn(t, "client");
    await t.run(async (ctx) => {
      const row = (userId: Id<"users">, type: "session" | "booking", timestamp: number) =>
        ctx.db.insert("activities", {
          userId,
          type,
          title: `${type} ${timestamp}`,
          description: "",
          timestamp,
          status: "completed",
          metadata: {},
        });
      await row(self.id, "session", 1);
      await row(self.id, "booking", 2);
      await row(self.id, "session", 3);
      await row(other.id, "session", 4);
    });
    const titles = async (type?: "session" | "booking") =>
      (await self.as.query(api.activity.list, { ...(type ? { type } : {}), paginationOpts: { numItems: 10, cursor: null } })).page.map(
        (a) => a.title,
      );
    expect(await titles()).toEqual(["session 3", "booking 2", "session 1"]);
    expect(await titles("session")).toEqual(["session 3", "session 1"]);
    expect(await titles("booking")).toEqual(["booking 2"]);
  });
});

describe("dashboard.coach", () => {
  it("lists the coach's next sessions with member names, today's count in their time zone and active clients", async () => {
    setNow("2025-03-09T15:00:00Z"); // 11:00 EDT on a 23-hour day
    const t = newConvexTest();
    const coach = await signedIn(t, "coach", { timezone: "America/New_York" });
    const otherCoach = await signedIn(t, "coach");
    const [sam, kim, lee, old] = await Promise.all(
      [
        { firstName: "Sam", lastName: "Lee" },
        { firstName: "Kim", lastName: "Park" },
        { firstName: "Lee", lastName: "Chan" },
        { firstName: "Old", lastName: "Client" },
      ].map((names) => signedIn(t, "client", names)),
    );
    const session = (memberId: Id<"users">, startsAt: string, status: "scheduled" | "completed" | "cancelled" = "scheduled") =>
      insertSession(t, { memberId, coachId: coach.id, startsAt: at(startsAt), status });
    await session(sam!.id, "2025-03-09T05:30:00Z", "completed"); // 00:30 EST, today
    const running = await session(kim!.id, "2025-03-09T14:30:00Z"); // today, running
    await session(lee!.id, "2025-03-09T20:00:00Z", "cancelled"); // today, cancelled
    const later = await session(sam!.id, "2025-03-10T03:00:00Z"); // 23:00 EDT, today
    const tomorrow = await session(lee!.id, "2025-03-10T15:00:00Z");
    await session(old!.id, "2025-01-01T15:00:00Z", "completed"); // more than 30 days back
    await insertSession(t, { memberId: old!.id, coachId: otherCoach.id, startsAt: at("2025-03-09T18:00:00Z") });

    const board = await coach.as.query(api.dashboard.coach, {});
    expect(board.upcoming.map((s) => [s._id, s.memberName])).toEqual([
      [running, "Kim Park"],
      [later, "Sam Lee"],
      [tomorrow, "Lee Chan"],
    ]);
    expect(board.todayCount).toBe(3);
    expect(board.activeClients).toBe(3);
    // Ended sessions, newest first, for adding transcripts and recordings: not the running or cancelled ones.
    expect(board.recent.map((s) => s.memberName)).toEqual(["Sam Lee", "Old Client"]);
  });
});
