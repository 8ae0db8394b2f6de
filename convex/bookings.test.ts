// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads, and
// convex-test loads the functions (and with them @date-fns/tz) only at the first call.
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { CHECK_IN_TEXTS } from "./model/agendaRules";
import { REMINDER_OFFSETS_MS } from "./model/notifications";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";
import { notificationsOf, storedAndDerivedBalance } from "./test.sessions";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Monday 2 March 2026, 08:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 8);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, 2 + day, hour, minute);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

async function coachWithHours(t: T, firstName = "Cora") {
  const coach = await signedIn(t, "coach", { firstName, lastName: "Reyes", timezone: "Europe/Berlin" });
  await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyDay("09:00", "17:00"), exceptions: [] });
  return coach;
}

async function memberWith(t: T, minutes: number, role: "client" | "guest_temporary" | "guest_confirmed" = "client") {
  const member = await signedIn(t, role, { firstName: "Maya", lastName: "Ortiz", timezone: "America/New_York" });
  if (minutes > 0) await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes, note: "Package" });
  return member;
}

async function setup(minutes = 180) {
  const t = newConvexTest();
  const coach = await coachWithHours(t);
  const member = await memberWith(t, minutes);
  return { t, coach, member };
}

const remaining = async (t: T, userId: Id<"users">) => (await storedAndDerivedBalance(t, userId)).stored.remainingMinutes;
const jobsOf = (t: T, sessionId: Id<"sessions">) =>
  t.run(async (ctx) => {
    const all = await ctx.db.system.query("_scheduled_functions").collect();
    return all.filter((job) => job.name === "bookings:remind" && (job.args[0] as { sessionId: string }).sessionId === sessionId);
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("bookings.book", () => {
  it("debits the minutes, makes the session, and tells both people", async () => {
    const { t, coach, member } = await setup(180);
    const id = await member.as.mutation(api.bookings.book, {
      coachId: coach.id,
      startsAt: at(2, 10),
      durationMinutes: 60,
      title: " Focus plan ",
    });
    const session = await t.run((ctx) => ctx.db.get("sessions", id));
    expect(session).toMatchObject({
      title: "Focus plan",
      description: "",
      coachId: coach.id,
      memberId: member.id,
      startsAt: at(2, 10),
      endsAt: at(2, 11),
      durationMinutes: 60,
      status: "scheduled",
      meetingUrl: `https://meet.jit.si/lwcc-session-${id}`,
      bookedAt: NOW,
      debitedMinutes: 60,
    });
    expect(await member.as.query(api.timeBalance.mine, {})).toMatchObject({
      totalMinutes: 180,
      remainingMinutes: 120,
      consumedMinutes: 60,
    });
    const { stored, derived } = await storedAndDerivedBalance(t, member.id);
    expect(stored).toEqual(derived);
    const debit = await t.run((ctx) => ctx.db.query("timeLedger").collect());
    expect(debit.find((e) => e.kind === "booking_debit")).toMatchObject({ minutes: -60, sessionId: id });

    const [toMember] = await notificationsOf(t, member.id);
    expect(toMember).toMatchObject({ type: "booking_updated", title: "Session booked", data: { sessionId: id } });
    // Times read in each person's own zone: 10:00 UTC is 05:00 in New York, 11:00 in Berlin.
    expect(toMember!.message).toBe("Your 60-minute session with Cora Reyes is booked for Wed, Mar 4 at 5:00 AM.");
    const [toCoach] = await notificationsOf(t, coach.id);
    expect(toCoach!.message).toBe("Your 60-minute session with Maya Ortiz is booked for Wed, Mar 4 at 11:00 AM.");
    for (const userId of [member.id, coach.id]) {
      const activity = await t.run((ctx) =>
        ctx.db
          .query("activities")
          .withIndex("by_user_and_time", (q) => q.eq("userId", userId))
          .collect(),
      );
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        type: "booking",
        title: "Session booked",
        actionUrl: `/dashboard/bookings/${id}`,
        metadata: { bookingId: id },
      });
    }
  });

  it("refuses a time the coach is already booked for, and a member booked twice at once", async () => {
    const { t, coach, member } = await setup(300);
    const secondCoach = await coachWithHours(t, "Bea");
    const someone = await memberWith(t, 300);
    await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    expect(await codeOf(someone.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(await codeOf(someone.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 9, 30), durationMinutes: 60 }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(
      await codeOf(member.as.mutation(api.bookings.book, { coachId: secondCoach.id, startsAt: at(2, 10, 30), durationMinutes: 30 })),
    ).toBe("MEMBER_BUSY");
    expect(await remaining(t, someone.id)).toBe(300);
    expect(await remaining(t, member.id)).toBe(240);
    // Back to back is fine.
    await someone.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 11), durationMinutes: 30 });
  });

  it("refuses the past, short notice, off-grid times and times outside the coach's hours", async () => {
    const { t, coach, member } = await setup();
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: NOW - HOUR, durationMinutes: 60 }))).toBe(
      "SLOT_IN_PAST",
    );
    vi.setSystemTime(at(1, 8, 30));
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(1, 9), durationMinutes: 60 }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10, 15), durationMinutes: 60 }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 16, 30), durationMinutes: 60 }))).toBe(
      "SLOT_UNAVAILABLE",
    );
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: member.id, startsAt: at(2, 10), durationMinutes: 60 }))).toBe(
      "COACH_NOT_FOUND",
    );
    // Past the range of a JavaScript Date, or a length no session has: refused before a slot is looked for.
    for (const [startsAt, durationMinutes] of [
      [8_640_000_000_000_001, 60],
      [at(2, 10), 1e308],
      [at(2, 10), Number.NaN],
    ] as const)
      expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt, durationMinutes }))).toBe("INVALID_INPUT");
    expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);
  });

  it("changes nothing when the minutes do not cover the session", async () => {
    const { t, coach, member } = await setup(30);
    expect(await codeOf(member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 }))).toBe(
      "INSUFFICIENT_MINUTES",
    );
    expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("timeLedger").collect())).toHaveLength(1);
    expect(await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).toEqual([]);
    expect(await notificationsOf(t, member.id)).toEqual([]);
    expect(await remaining(t, member.id)).toBe(30);
  });

  it("keeps guests to their session length", async () => {
    const t = newConvexTest();
    const coach = await coachWithHours(t);
    const temporary = await memberWith(t, 300, "guest_temporary");
    const confirmed = await memberWith(t, 300, "guest_confirmed");
    const client = await memberWith(t, 300);
    expect(await codeOf(temporary.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 9), durationMinutes: 60 }))).toBe(
      "DURATION_NOT_ALLOWED",
    );
    await temporary.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 9), durationMinutes: 30 });
    expect(await codeOf(confirmed.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 90 }))).toBe(
      "DURATION_NOT_ALLOWED",
    );
    await confirmed.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    expect(await codeOf(client.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 12), durationMinutes: 45 }))).toBe(
      "DURATION_NOT_ALLOWED",
    );
    await client.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 12), durationMinutes: 90 });
  });

  it("lets exactly one of two racing bookings take the last minutes", async () => {
    const { t, coach, member } = await setup(60);
    const results = await Promise.allSettled([
      member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 }),
      member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(3, 10), durationMinutes: 60 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [failure] = results.filter((r) => r.status === "rejected");
    expect(failure!.reason).toBeInstanceOf(ConvexError);
    expect((failure!.reason as ConvexError<{ code: string }>).data.code).toBe("INSUFFICIENT_MINUTES");
    const { stored, derived } = await storedAndDerivedBalance(t, member.id);
    expect(stored.remainingMinutes).toBe(0);
    expect(stored).toEqual(derived);
    expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toHaveLength(1);
  });
});

describe("bookings reminders", () => {
  it("schedules reminders 24 h, 1 h and 10 min before, and each arrives once with a Join link", async () => {
    const { t, coach, member } = await setup();
    const startsAt = at(2, 10);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt, durationMinutes: 60 });
    const jobs = await jobsOf(t, id);
    expect(jobs.map((j) => j.scheduledTime)).toEqual(REMINDER_OFFSETS_MS.map((offset) => startsAt - offset));
    expect((await t.run((ctx) => ctx.db.get("sessions", id)))!.reminderJobs).toEqual(jobs.map((j) => j._id));
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const reminders = (await notificationsOf(t, member.id)).filter((n) => n.title.startsWith("Your session starts"));
    expect(reminders.map((n) => [n.title, n.priority])).toEqual([
      ["Your session starts in 24 hours", "low"],
      ["Your session starts in 1 hour", "medium"],
      ["Your session starts in 10 minutes", "high"],
    ]);
    // The day before, the member is asked to check in as well.
    expect(reminders[0]).toMatchObject({
      actions: [
        { label: CHECK_IN_TEXTS.inviteAction, url: `/session/${id}#check-in` },
        { label: "Join", url: `/session/${id}` },
      ],
      data: { sessionId: id },
    });
    expect(reminders[0]!.message).toBe(`Coaching session with Cora Reyes, Wed, Mar 4 at 5:00 AM. ${CHECK_IN_TEXTS.invite}`);
    expect(reminders[1]).toMatchObject({ actions: [{ label: "Join", url: `/session/${id}` }], message: "Coaching session with Cora Reyes, Wed, Mar 4 at 5:00 AM." });
    expect((await notificationsOf(t, coach.id)).filter((n) => n.title.startsWith("Your session starts"))).toEqual([]);
    // E-mail reminders are on by default: each reminder is also in the outbox, for the member only.
    const outbox = await t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((row) => row.template === "session_reminder"));
    const { email } = (await t.run((ctx) => ctx.db.get("users", member.id)))!;
    expect(outbox.map((e) => [e.to, e.subject, e.template])).toEqual(reminders.map((n) => [email, n.title, "session_reminder"]));
    expect(outbox[0]!.text).toBe(`Coaching session with Cora Reyes, Wed, Mar 4 at 5:00 AM.\n\n${CHECK_IN_TEXTS.invite}\n\nJoin from your LWCC dashboard.`);
    expect(outbox[1]!.text).toBe("Coaching session with Cora Reyes, Wed, Mar 4 at 5:00 AM.\n\nJoin from your LWCC dashboard.");
  });

  it("e-mails a reminder only to members who want e-mail reminders, with a link when SITE_URL is set", async () => {
    const { t, coach, member } = await setup();
    vi.stubEnv("SITE_URL", "https://lwcc.example/");
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: HOUR, startsAt: at(2, 10) });
    const outbox = () => t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((row) => row.template === "session_reminder"));
    expect((await outbox())[0]!.text).toContain(`Join here: https://lwcc.example/session/${id}`);
    // The same reminder job run again sends no second e-mail.
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: HOUR, startsAt: at(2, 10) });
    expect(await outbox()).toHaveLength(1);
    const preferences = await member.as.query(api.notifications.preferences, {});
    await member.as.mutation(api.notifications.savePreferences, { ...preferences, emailReminders: false });
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: 10 * MINUTE, startsAt: at(2, 10) });
    expect(await outbox()).toHaveLength(1);
    expect((await notificationsOf(t, member.id)).filter((n) => n.title === "Your session starts in 10 minutes")).toHaveLength(1);
  });

  it("skips reminders whose time has already passed", async () => {
    const { t, coach, member } = await setup();
    const startsAt = at(0, 11);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt, durationMinutes: 60 });
    expect((await jobsOf(t, id)).map((j) => j.scheduledTime)).toEqual([startsAt - HOUR, startsAt - 10 * MINUTE]);
  });

  it("sends nothing for a session since cancelled or moved", async () => {
    const { t, coach, member } = await setup();
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: HOUR, startsAt: at(2, 11) });
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: 5 * MINUTE, startsAt: at(2, 10) });
    await member.as.mutation(api.bookings.cancel, { sessionId: id });
    await t.mutation(internal.bookings.remind, { sessionId: id, offsetMs: HOUR, startsAt: at(2, 10) });
    expect((await notificationsOf(t, member.id)).filter((n) => n.title.startsWith("Your session starts"))).toEqual([]);
  });
});

describe("bookings.cancel", () => {
  it("refunds a member cancelling 24 hours ahead, cancels the reminders and tells the coach", async () => {
    const { t, coach, member } = await setup(180);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    expect(await member.as.mutation(api.bookings.cancel, { sessionId: id, reason: " Clash " })).toEqual({
      refundedMinutes: 60,
      graceCancel: false,
    });
    expect(await t.run((ctx) => ctx.db.get("sessions", id))).toMatchObject({
      status: "cancelled",
      cancelledAt: NOW,
      cancelledBy: member.id,
      cancelReason: "Clash",
      debitedMinutes: 0,
      reminderJobs: [],
    });
    expect((await jobsOf(t, id)).map((j) => j.state.kind)).toEqual(["canceled", "canceled", "canceled"]);
    expect(await remaining(t, member.id)).toBe(180);
    const { stored, derived } = await storedAndDerivedBalance(t, member.id);
    expect(stored).toEqual(derived);
    expect((await notificationsOf(t, coach.id)).map((n) => n.title)).toEqual(["Session booked", "Session cancelled"]);
    expect((await notificationsOf(t, member.id)).map((n) => n.title)).toEqual(["Session booked"]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await notificationsOf(t, member.id)).map((n) => n.title)).toEqual(["Session booked"]);
    expect(await codeOf(member.as.mutation(api.bookings.cancel, { sessionId: id }))).toBe("SESSION_NOT_CHANGEABLE");
  });

  it("covers one late member cancel a month with the grace, then refunds nothing", async () => {
    const { t, coach, member } = await setup(300);
    const first = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 12), durationMinutes: 60 });
    const second = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 14), durationMinutes: 60 });
    expect(await member.as.mutation(api.bookings.cancel, { sessionId: first })).toEqual({ refundedMinutes: 60, graceCancel: true });
    expect(await t.run((ctx) => ctx.db.get("sessions", first))).toMatchObject({ graceCancel: true, debitedMinutes: 0 });
    expect(await t.run((ctx) => ctx.db.query("memberStats").collect())).toEqual([
      expect.objectContaining({ userId: member.id, graceMonthUsed: "2026-03" }),
    ]);
    expect(await member.as.mutation(api.bookings.cancel, { sessionId: second })).toEqual({ refundedMinutes: 0, graceCancel: false });
    expect(await t.run((ctx) => ctx.db.get("sessions", second))).toMatchObject({ status: "cancelled", debitedMinutes: 60 });
    expect(await remaining(t, member.id)).toBe(240);
    const coachNote = (await notificationsOf(t, coach.id)).at(-1)!;
    expect(coachNote.message).toBe("Maya Ortiz cancelled your 60-minute session on Mon, Mar 2 at 3:00 PM.");

    // A new month in the member's zone brings a new grace.
    vi.setSystemTime(Date.UTC(2026, 3, 1, 8));
    const april = await member.as.mutation(api.bookings.book, {
      coachId: coach.id,
      startsAt: Date.UTC(2026, 3, 1, 12),
      durationMinutes: 60,
    });
    expect(await member.as.mutation(api.bookings.cancel, { sessionId: april })).toEqual({ refundedMinutes: 60, graceCancel: true });
  });

  it("always refunds when the coach cancels, and tells the member", async () => {
    const { t, coach, member } = await setup(120);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 12), durationMinutes: 60 });
    expect(await coach.as.mutation(api.bookings.cancel, { sessionId: id })).toEqual({ refundedMinutes: 60, graceCancel: false });
    expect(await remaining(t, member.id)).toBe(120);
    expect((await notificationsOf(t, member.id)).at(-1)).toMatchObject({
      title: "Session cancelled",
      message: "Cora Reyes cancelled your 60-minute session on Mon, Mar 2 at 7:00 AM. 60 minutes are back in your balance.",
    });
    expect(await t.run((ctx) => ctx.db.query("memberStats").collect())).toEqual([]);
  });

  it("cannot cancel a session that has started", async () => {
    const { coach, member } = await setup();
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 12), durationMinutes: 60 });
    vi.setSystemTime(at(0, 12, 5));
    expect(await codeOf(member.as.mutation(api.bookings.cancel, { sessionId: id }))).toBe("SESSION_NOT_CHANGEABLE");
    expect(await codeOf(coach.as.mutation(api.bookings.cancel, { sessionId: id }))).toBe("SESSION_NOT_CHANGEABLE");
  });
});

describe("bookings.reschedule", () => {
  it("moves the session and its reminders, keeps the minutes, and tells both people", async () => {
    const { t, coach, member } = await setup(180);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    const oldJobs = await jobsOf(t, id);
    // Half an hour later overlaps the session's own old time, which does not block it.
    await member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(2, 10, 30) });
    await member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(3, 14) });
    expect(await t.run((ctx) => ctx.db.get("sessions", id))).toMatchObject({
      startsAt: at(3, 14),
      endsAt: at(3, 15),
      status: "scheduled",
      debitedMinutes: 60,
    });
    const jobs = await jobsOf(t, id);
    expect(jobs.filter((j) => oldJobs.some((o) => o._id === j._id)).map((j) => j.state.kind)).toEqual(["canceled", "canceled", "canceled"]);
    const pending = jobs.filter((j) => j.state.kind === "pending");
    expect(pending.map((j) => j.scheduledTime)).toEqual(REMINDER_OFFSETS_MS.map((offset) => at(3, 14) - offset));
    expect(await remaining(t, member.id)).toBe(120);
    expect((await notificationsOf(t, coach.id)).at(-1)).toMatchObject({
      title: "Session moved",
      message: "Your 60-minute session with Maya Ortiz is now on Thu, Mar 5 at 3:00 PM.",
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await notificationsOf(t, member.id)).filter((n) => n.title.startsWith("Your session starts"))).toHaveLength(3);
    expect(await t.run((ctx) => ctx.db.query("memberStats").collect())).toEqual([]);
  });

  it("checks the new time like a booking", async () => {
    const { t, coach, member } = await setup(300);
    const someone = await memberWith(t, 300);
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 14), durationMinutes: 60 });
    await someone.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 12), durationMinutes: 60 });
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(2, 12) }))).toBe("SLOT_UNAVAILABLE");
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(2, 13, 30) }))).toBe("MEMBER_BUSY");
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: NOW - HOUR }))).toBe("SLOT_IN_PAST");
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(2, 20) }))).toBe("SLOT_UNAVAILABLE");
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: 8_640_000_000_000_001 }))).toBe("INVALID_INPUT");
    expect((await t.run((ctx) => ctx.db.get("sessions", id)))!.startsAt).toBe(at(2, 10));
  });

  it("lets a member move a session late once a month, with the grace", async () => {
    const { t, coach, member } = await setup(300);
    const first = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 12), durationMinutes: 60 });
    const second = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 14), durationMinutes: 60 });
    await member.as.mutation(api.bookings.reschedule, { sessionId: first, startsAt: at(3, 12) });
    expect(await t.run((ctx) => ctx.db.query("memberStats").collect())).toEqual([expect.objectContaining({ graceMonthUsed: "2026-03" })]);
    expect(await codeOf(member.as.mutation(api.bookings.reschedule, { sessionId: second, startsAt: at(3, 14) }))).toBe(
      "RESCHEDULE_TOO_LATE",
    );
    // The coach may still move it.
    await coach.as.mutation(api.bookings.reschedule, { sessionId: second, startsAt: at(3, 14) });
    expect((await t.run((ctx) => ctx.db.get("sessions", second)))!.startsAt).toBe(at(3, 14));
  });
});

describe("bookings ownership and lists", () => {
  it("keeps a member's sessions from other members; coaches may read them, only the session's coach may change them", async () => {
    const { t, coach, member } = await setup();
    const otherCoach = await coachWithHours(t, "Bea");
    const stranger = await memberWith(t, 300);
    const guest = await memberWith(t, 0, "guest_confirmed");
    const admin = await signedIn(t, "admin");
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 10), durationMinutes: 60 });
    for (const outsider of [stranger, guest]) {
      expect(await codeOf(outsider.as.query(api.bookings.get, { sessionId: id }))).toBe("SESSION_NOT_FOUND");
      expect(await codeOf(outsider.as.mutation(api.bookings.cancel, { sessionId: id }))).toBe("SESSION_NOT_FOUND");
      expect(await codeOf(outsider.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(3, 10) }))).toBe("SESSION_NOT_FOUND");
    }
    expect(await otherCoach.as.query(api.bookings.get, { sessionId: id })).toMatchObject({
      _id: id,
      coachName: "Cora Reyes",
      memberName: "Maya Ortiz",
    });
    expect(await codeOf(otherCoach.as.mutation(api.bookings.cancel, { sessionId: id }))).toBe("SESSION_NOT_FOUND");
    const view = await member.as.query(api.bookings.get, { sessionId: id });
    expect(view).toMatchObject({ _id: id, status: "scheduled", coachName: "Cora Reyes", memberName: "Maya Ortiz" });
    expect(view).not.toHaveProperty("reminderJobs");
    expect(
      (await stranger.as.query(api.bookings.mine, { scope: "upcoming", paginationOpts: { numItems: 10, cursor: null } })).page,
    ).toEqual([]);
    expect(await admin.as.mutation(api.bookings.cancel, { sessionId: id })).toEqual({ refundedMinutes: 60, graceCancel: false });
    expect(await remaining(t, member.id)).toBe(180);
  });

  it("lists the member's upcoming sessions soonest first and past ones latest first", async () => {
    const { coach, member } = await setup(300);
    const early = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(0, 12), durationMinutes: 60 });
    const later = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(1, 12), durationMinutes: 60 });
    const latest = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 12), durationMinutes: 60 });
    const upcoming = await member.as.query(api.bookings.mine, { scope: "upcoming", paginationOpts: { numItems: 10, cursor: null } });
    expect(upcoming.page.map((s) => s._id)).toEqual([early, later, latest]);
    vi.setSystemTime(at(1, 13));
    const past = await member.as.query(api.bookings.mine, { scope: "past", paginationOpts: { numItems: 10, cursor: null } });
    expect(past.page.map((s) => [s._id, s.coachName])).toEqual([
      [later, "Cora Reyes"],
      [early, "Cora Reyes"],
    ]);
  });

  it("shows coaches their own upcoming sessions and clients", async () => {
    const { t, coach, member } = await setup(300);
    const otherCoach = await coachWithHours(t, "Bea");
    const first = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(1, 12), durationMinutes: 60 });
    await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 12), durationMinutes: 60 });
    expect((await coach.as.query(api.bookings.coachUpcoming, {})).map((s) => [s._id, s.memberName])).toEqual([
      [first, "Maya Ortiz"],
      [expect.any(String), "Maya Ortiz"],
    ]);
    const clients = await coach.as.query(api.bookings.coachClients, {});
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      memberId: member.id,
      name: "Maya Ortiz",
      timezone: "America/New_York",
      nextSessionId: first,
      nextSessionAt: at(1, 12),
    });
    expect(await otherCoach.as.query(api.bookings.coachUpcoming, {})).toEqual([]);
    expect(await otherCoach.as.query(api.bookings.coachClients, {})).toEqual([]);
    // A session under way still shows for its coach until it ends.
    vi.setSystemTime(at(1, 12, 30));
    expect((await coach.as.query(api.bookings.coachUpcoming, {}))[0]!._id).toBe(first);
  });
});
