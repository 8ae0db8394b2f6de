// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads.
import "@date-fns/tz";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { env } from "./_generated/server";
import { NUDGE_LINK_TTL_MS, NUDGE_PATH, NUDGE_TEXTS, nextNudgeAt } from "./model/nudgeRules";
import { LINK_PURPOSES, signAccountLink } from "./model/reactivation";
import { codeOf } from "./test.forum";
import { insertActionItem, insertSession, notificationsOf } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Monday 2 March 2026, 06:00 UTC: before the default quiet hours end in London (UTC then). */
const NOW = Date.UTC(2026, 2, 2, 6);

type Member = Awaited<ReturnType<typeof signedIn>>;

async function setup(overrides: Partial<Doc<"users">> = {}) {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  const member = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz", timezone: "Europe/London", ...overrides });
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, status: "completed", startsAt: NOW - 7 * DAY });
  return { t, coach, member, sessionId };
}

/** One of the member's own open commitments, due on `dueDate` (the session is theirs). */
function itemFor(t: T, sessionId: Id<"sessions">, title: string, dueDate: string, fields: Partial<Doc<"actionItems">> = {}) {
  return insertActionItem(t, sessionId, title, { dueDate, ...fields });
}

const turnOn = (member: Member, quiet = { quietStart: 20, quietEnd: 9 }) => member.as.mutation(api.nudges.save, { enabled: true, ...quiet });

/** The sweep as the cron runs it, at `at`. */
async function sweepAt(t: T, at: number) {
  vi.setSystemTime(at);
  return t.mutation(internal.nudges.sendDue, {});
}

const nudgesOf = (t: T, userId: Id<"users">) =>
  t.run((ctx) =>
    ctx.db
      .query("nudges")
      .withIndex("by_user_and_sent", (q) => q.eq("userId", userId))
      .collect(),
  );
const nudgeEmails = (t: T) => t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((row) => row.template === "commitment_nudge"));
const tokenOf = (url: string) => new URL(url, "https://lwcc.test").searchParams.get("token")!;

/** The latest nudge notification's links: Done and Not today per item, in the item order. */
async function linksOf(t: T, member: Member) {
  const latest = (await notificationsOf(t, member.id)).filter((row) => row.title === NUDGE_TEXTS.title).at(-1)!;
  return latest.actions.map((action) => ({ label: action.label, token: tokenOf(action.url), path: action.url.split("?")[0] }));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("gentle nudges: opt-in, one a day, one or two items", () => {
  it("sends nothing to a member who has not turned nudges on", async () => {
    const { t, member, sessionId } = await setup();
    await itemFor(t, sessionId, "Send the invoice", "2026-03-02");
    expect(await member.as.query(api.nudges.settings, {})).toEqual({ enabled: false, quietStart: 20, quietEnd: 9 });
    for (let hour = 0; hour < 48; hour++) await sweepAt(t, NOW + hour * HOUR);
    expect(await nudgesOf(t, member.id)).toEqual([]);
    expect(await nudgeEmails(t)).toEqual([]);
  });

  it("once on, sends one calm nudge when quiet hours end, naming the two items due soonest, in the app and by e-mail", async () => {
    const { t, member, sessionId } = await setup();
    await itemFor(t, sessionId, "Book the dentist", "2026-03-04");
    await itemFor(t, sessionId, "Send the invoice", "2026-03-02", { priority: "low" });
    await itemFor(t, sessionId, "Call the accountant", "2026-03-03");
    await itemFor(t, sessionId, "Plan the quarter", "2026-03-20");
    await turnOn(member);
    // Every quarter hour of two days, as the cron runs: 06:00 UTC is still quiet in London.
    for (let quarter = 0; quarter < 8 * 24; quarter++) await sweepAt(t, NOW + quarter * 15 * 60_000);
    const nudges = await nudgesOf(t, member.id);
    expect(nudges.map((nudge) => [nudge.day, new Date(nudge.sentAt).toISOString()])).toEqual([
      ["2026-03-02", "2026-03-02T09:00:00.000Z"],
      ["2026-03-03", "2026-03-03T09:00:00.000Z"],
    ]);
    expect(nudges[0]!.items.map((item) => item.title)).toEqual(["Send the invoice", "Call the accountant"]);
    const notification = (await notificationsOf(t, member.id)).find((row) => row.title === NUDGE_TEXTS.title)!;
    expect(notification.message).toBe("One thing for today: Send the invoice. If there's room, also: Call the accountant.");
    expect(notification.actions.map((action) => action.label)).toEqual([
      "Done: Send the invoice",
      "Not today: Send the invoice",
      "Done: Call the accountant",
      "Not today: Call the accountant",
    ]);
    expect(notification.actions.every((action) => action.url.startsWith(`${NUDGE_PATH}?token=`))).toBe(true);
    const emails = await nudgeEmails(t);
    expect(emails).toHaveLength(2);
    expect(emails[0]).toMatchObject({ to: member.tokenIdentifier.split("|")[1] + "@example.com", subject: "One thing for today: Send the invoice" });
    expect(emails[0]!.text).toContain("One thing for today: Send the invoice.");
    expect(emails[0]!.text).not.toMatch(/overdue|late|missed|behind/i);
  });

  it("leaves out what is not the member's to do, not open, blocked, without a due day or far off", async () => {
    const { t, coach, member, sessionId } = await setup();
    await itemFor(t, sessionId, "Coach's task", "2026-03-02", { responsibleUserId: coach.id });
    await itemFor(t, sessionId, "Hidden from the client", "2026-03-02", { clientVisible: false });
    await itemFor(t, sessionId, "Already done", "2026-03-02", { status: "completed" });
    await itemFor(t, sessionId, "Waiting on someone", "2026-03-02", { status: "blocked" });
    await itemFor(t, sessionId, "No day", "2026-03-02", { dueDate: undefined });
    await itemFor(t, sessionId, "Next month", "2026-04-02");
    await itemFor(t, sessionId, "Long ago", "2026-02-01");
    await turnOn(member);
    await sweepAt(t, Date.UTC(2026, 2, 2, 9));
    expect(await nudgesOf(t, member.id)).toEqual([]);
    await itemFor(t, sessionId, "Tidy the desk", "2026-03-05", { status: "in_progress" });
    // Nothing was due this morning, so today is not used up, but the next look is tomorrow's.
    await sweepAt(t, Date.UTC(2026, 2, 2, 12));
    expect(await nudgesOf(t, member.id)).toEqual([]);
    await sweepAt(t, Date.UTC(2026, 2, 3, 9));
    expect((await nudgesOf(t, member.id)).map((nudge) => nudge.items.map((item) => item.title))).toEqual([["Tidy the desk"]]);
  });

  it("stops when turned off, and sends nothing to a paused account", async () => {
    const { t, member, sessionId } = await setup();
    await itemFor(t, sessionId, "Send the invoice", "2026-03-02");
    await turnOn(member);
    await member.as.mutation(api.nudges.save, { enabled: false, quietStart: 20, quietEnd: 9 });
    await sweepAt(t, Date.UTC(2026, 2, 2, 9));
    expect(await nudgesOf(t, member.id)).toEqual([]);
    await turnOn(member);
    await t.run((ctx) => ctx.db.patch("users", member.id, { status: "deactivated" }));
    await sweepAt(t, Date.UTC(2026, 2, 2, 10));
    expect(await nudgesOf(t, member.id)).toEqual([]);
  });

  it("refuses quiet hours that are no hours at all, or not whole hours of a day, and keeps the choice as it was", async () => {
    const { member } = await setup();
    await turnOn(member, { quietStart: 21, quietEnd: 8 });
    expect(await codeOf(member.as.mutation(api.nudges.save, { enabled: true, quietStart: 9, quietEnd: 9 }))).toBe("NUDGE_QUIET_INVALID");
    await expect(member.as.mutation(api.nudges.save, { enabled: true, quietStart: 24, quietEnd: 9 })).rejects.toThrow();
    await expect(member.as.mutation(api.nudges.save, { enabled: true, quietStart: 20.5, quietEnd: 9 })).rejects.toThrow();
    expect(await member.as.query(api.nudges.settings, {})).toEqual({ enabled: true, quietStart: 21, quietEnd: 8 });
  });

  it("follows a new time zone from the next look", async () => {
    const { t, member, sessionId } = await setup({ timezone: "UTC" });
    await itemFor(t, sessionId, "Send the invoice", "2026-03-03");
    await turnOn(member);
    // 09:00 in Los Angeles is 17:00 UTC; the UTC morning passes without a nudge.
    await member.as.mutation(api.users.updateProfile, { timezone: "America/Los_Angeles" });
    for (let hour = 6; hour < 30; hour++) await sweepAt(t, Date.UTC(2026, 2, 2, hour));
    expect((await nudgesOf(t, member.id)).map((nudge) => new Date(nudge.sentAt).toISOString())).toEqual(["2026-03-02T17:00:00.000Z"]);
  });
});

describe("gentle nudges: quiet hours across a change of daylight saving time", () => {
  it("nudges each local day once, at the end of quiet hours, in New York and Berlin across their autumn changes", async () => {
    const start = Date.UTC(2026, 9, 22, 0);
    vi.setSystemTime(start);
    const { t, member: berlin, sessionId } = await setup({ timezone: "Europe/Berlin" });
    const newYork = await signedIn(t, "client", { firstName: "Noa", lastName: "York", timezone: "America/New_York" });
    const nySession = await insertSession(t, { memberId: newYork.id, coachId: (await t.run((ctx) => ctx.db.get("sessions", sessionId)))!.coachId, status: "completed", startsAt: start - DAY });
    // Due days that keep something due soon on every day of the run.
    for (const due of ["2026-10-24", "2026-10-31", "2026-11-06"]) {
      await itemFor(t, sessionId, `Berlin ${due}`, due);
      await itemFor(t, nySession, `New York ${due}`, due);
    }
    await turnOn(berlin);
    await turnOn(newYork, { quietStart: 22, quietEnd: 7 });
    // Hourly for 14 days: Berlin leaves summer time on 25 October, New York on 1 November.
    for (let hour = 0; hour < 14 * 24; hour++) await sweepAt(t, start + hour * HOUR);
    // Nudges older than their links are removed by then; their notifications stay.
    const sent = async (m: Member) => (await notificationsOf(t, m.id)).filter((row) => row.title === NUDGE_TEXTS.title).map((row) => row.timestamp);
    const local = (at: number, zone: string) => format(new TZDate(at, zone), "yyyy-MM-dd HH:mm");
    const berlinTimes = (await sent(berlin)).map((at) => local(at, "Europe/Berlin"));
    const newYorkTimes = (await sent(newYork)).map((at) => local(at, "America/New_York"));
    const days = (from: number, count: number) => Array.from({ length: count }, (_, i) => format(new Date(Date.UTC(2026, 9, from + i)), "yyyy-MM-dd"));
    expect(berlinTimes).toEqual(days(22, 14).map((day) => `${day} 09:00`));
    // New York's 22 October starts at 04:00 UTC on the 22nd, so its first nudge is that day at 07:00; its last whole day is 4 November.
    expect(newYorkTimes).toEqual(days(22, 14).map((day) => `${day} 07:00`));
    const berlinUtc = (await sent(berlin)).map((at) => new Date(at).getUTCHours());
    expect(berlinUtc.slice(0, 3)).toEqual([7, 7, 7]);
    expect(berlinUtc.slice(3)).toEqual(Array(11).fill(8));
  });

  it("finds the next allowed hour across a spring change that skips it, and for quiet hours within a day", () => {
    // New York skips 02:00-03:00 on 14 March 2027: quiet hours ending at 02:00 end at 03:00 EDT (07:00 UTC).
    const quietToTwo = { start: 22, end: 2 };
    expect(new Date(nextNudgeAt(Date.UTC(2027, 2, 14, 4), "America/New_York", quietToTwo, "2027-03-13")).toISOString()).toBe("2027-03-14T07:00:00.000Z");
    // Quiet 13:00-15:00 in Kolkata (UTC+05:30): at 13:10 the next allowed moment is 15:00 local, 09:30 UTC.
    const afternoon = { start: 13, end: 15 };
    expect(new Date(nextNudgeAt(Date.UTC(2026, 2, 2, 7, 40), "Asia/Kolkata", afternoon, undefined)).toISOString()).toBe("2026-03-02T09:30:00.000Z");
    // Already nudged today: the next local midnight, which is not quiet.
    expect(new Date(nextNudgeAt(Date.UTC(2026, 2, 2, 10), "Asia/Kolkata", afternoon, "2026-03-02")).toISOString()).toBe("2026-03-02T18:30:00.000Z");
  });
});

describe("gentle nudges: one-click answers", () => {
  async function nudged() {
    const ctx = await setup();
    const first = await itemFor(ctx.t, ctx.sessionId, "Send the invoice", "2026-03-02");
    const second = await itemFor(ctx.t, ctx.sessionId, "Call the accountant", "2026-03-03");
    await turnOn(ctx.member);
    await sweepAt(ctx.t, Date.UTC(2026, 2, 2, 9));
    return { ...ctx, first, second, links: await linksOf(ctx.t, ctx.member) };
  }
  const statusOf = (t: T, id: Id<"actionItems">) => t.run(async (ctx) => (await ctx.db.get("actionItems", id))!.status);

  it("Done completes the item once, without a sign-in; the link and its item's other link then do nothing", async () => {
    const { t, first, links } = await nudged();
    const [done, notToday] = links;
    expect(await t.mutation(api.nudges.answer, { token: done!.token })).toEqual({
      ok: true,
      answer: "done",
      title: "Send the invoice",
      message: NUDGE_TEXTS.answered.done,
    });
    expect(await statusOf(t, first)).toBe("completed");
    expect(await t.mutation(api.nudges.answer, { token: done!.token })).toMatchObject({ ok: false, reason: "answered" });
    expect(await t.mutation(api.nudges.answer, { token: notToday!.token })).toMatchObject({ ok: false, reason: "answered" });
    expect(await statusOf(t, first)).toBe("completed");
  });

  it("Not today changes nothing about the item and rests it: tomorrow's nudge leaves it out, the day after's names it again", async () => {
    const { t, member, first, second, links } = await nudged();
    expect(await t.mutation(api.nudges.answer, { token: links[1]!.token })).toMatchObject({ ok: true, answer: "not_today" });
    expect(await statusOf(t, first)).toBe("pending");
    await sweepAt(t, Date.UTC(2026, 2, 3, 9));
    await sweepAt(t, Date.UTC(2026, 2, 4, 9));
    const nudges = await nudgesOf(t, member.id);
    expect(nudges.map((nudge) => nudge.items.map((item) => item.actionItemId))).toEqual([[first, second], [second], [first, second]]);
  });

  it("refuses a tampered, expired, foreign or wrong-purpose link and changes nothing", async () => {
    const { t, member, first, links } = await nudged();
    const done = links[0]!.token;
    const tampered = `${done.slice(0, -2)}${done.endsWith("A") ? "B" : "A"}A`;
    expect(await t.mutation(api.nudges.answer, { token: tampered })).toMatchObject({ ok: false, reason: "invalid", message: NUDGE_TEXTS.invalid });
    expect(await t.mutation(api.nudges.answer, { token: "not-a-token" })).toMatchObject({ ok: false, reason: "invalid" });
    const secret = env.ACCOUNT_LINK_SECRET!;
    const nudge = (await nudgesOf(t, member.id))[0]!;
    const other = await signedIn(t, "client");
    const foreign = await signAccountLink(secret, { purpose: LINK_PURPOSES.nudge, userId: other.id, email: "x@example.com", jti: nudge.jti, detail: "0:done" }, Date.now(), DAY);
    expect(await t.mutation(api.nudges.answer, { token: foreign.token })).toMatchObject({ ok: false, reason: "invalid" });
    const purpose = await signAccountLink(secret, { purpose: LINK_PURPOSES.keepActive, userId: member.id, email: "x@example.com", jti: nudge.jti, detail: "0:done" }, Date.now(), DAY);
    expect(await t.mutation(api.nudges.answer, { token: purpose.token })).toMatchObject({ ok: false, reason: "invalid" });
    const outOfRange = await signAccountLink(secret, { purpose: LINK_PURPOSES.nudge, userId: member.id, email: "x@example.com", jti: nudge.jti, detail: "5:done" }, Date.now(), DAY);
    expect(await t.mutation(api.nudges.answer, { token: outOfRange.token })).toMatchObject({ ok: false, reason: "invalid" });
    vi.setSystemTime(Date.now() + NUDGE_LINK_TTL_MS + 1000);
    expect(await t.mutation(api.nudges.answer, { token: done })).toEqual({ ok: false, reason: "expired", message: NUDGE_TEXTS.expired });
    expect(await statusOf(t, first)).toBe("pending");
    expect((await nudgesOf(t, member.id))[0]!.items.every((item) => item.answer === undefined)).toBe(true);
  });

  it("changes nothing when the item was completed or removed since the nudge", async () => {
    const { t, first, second, links } = await nudged();
    await t.run((ctx) => ctx.db.patch("actionItems", first, { status: "cancelled" }));
    expect(await t.mutation(api.nudges.answer, { token: links[0]!.token })).toMatchObject({ ok: false, reason: "gone", message: NUDGE_TEXTS.gone });
    expect(await statusOf(t, first)).toBe("cancelled");
    await t.run((ctx) => ctx.db.delete("actionItems", second));
    expect(await t.mutation(api.nudges.answer, { token: links[2]!.token })).toMatchObject({ ok: false, reason: "gone" });
  });

  it("removes nudges once their links have expired", async () => {
    const { t, member } = await nudged();
    await sweepAt(t, Date.UTC(2026, 2, 2, 9) + NUDGE_LINK_TTL_MS + HOUR);
    expect((await nudgesOf(t, member.id)).every((nudge) => nudge.sentAt > Date.UTC(2026, 2, 3))).toBe(true);
  });
});

describe("gentle nudges: what the coach sees", () => {
  it("shows the coach that a client has nudges on, and nothing of what they say", async () => {
    const { coach, member, sessionId } = await setup();
    const coachView = async () => (await coach.as.query(api.actionItems.sessions, {})).find((session) => session._id === sessionId);
    expect((await coachView())?.memberNudgesOn).toBe(false);
    await turnOn(member);
    expect((await coachView())?.memberNudgesOn).toBe(true);
    expect((await member.as.query(api.actionItems.sessions, {})).find((session) => session._id === sessionId)).not.toHaveProperty("memberNudgesOn");
  });
});
