// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads.
import "@date-fns/tz";
import type { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { OFFER_HOLD_MINUTES } from "./model/waitlistRules";
import { codeOf } from "./test.forum";
import { notificationsOf, storedAndDerivedBalance } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const MINUTE = 60 * 1000;
/** Monday 2 March 2026, 08:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 8);
const at = (day: number, hour: number) => Date.UTC(2026, 2, 2 + day, hour);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
/** Any weekday of the first two weeks, 09:00-17:00. */
const WIDE = { fromDay: "2026-03-02", toDay: "2026-03-15", fromTime: "09:00", toTime: "17:00", weekdays: [0, 1, 2, 3, 4, 5, 6] };

type Member = Awaited<ReturnType<typeof signedIn>>;

/** The coach's hours: 10:00-11:00 on the given days after Monday 2 March, and no other time. */
const hoursOn = (days: number[]) => ({
  timezone: "UTC",
  weekly: [],
  exceptions: days.map((day) => ({ date: new Date(at(day, 0)).toISOString().slice(0, 10), windows: [{ start: "10:00", end: "11:00" }] })),
});

async function setup(days = [1, 3, 5, 6]) {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  // One hour on a few days, each booked below, so a cancelled session is the only earlier time there is.
  await coach.as.mutation(api.availability.save, hoursOn(days));
  const member = async (firstName: string) => {
    const m = await signedIn(t, "client", { firstName, lastName: "Test" });
    await t.mutation(internal.timeBalance.creditPurchase, { userId: m.id, minutes: 300, note: "Package" });
    return m;
  };
  return { t, coach, member };
}

const book = (m: Member, coachId: Id<"users">, startsAt: number) => m.as.mutation(api.bookings.book, { coachId, startsAt, durationMinutes: 60 });

/** Runs the jobs due now (the scan after a change, and the scans it causes), as a deployment would. */
async function runDueJobs(t: T) {
  for (let i = 0; i < 3; i++) {
    vi.advanceTimersByTime(0);
    await t.finishInProgressScheduledFunctions();
  }
}

/**
 * Early's 10:00 on day 1 is cancelled while Ada (booked on `adaDay`) and then Ben (day 6) wait
 * with WIDE windows; the scans it causes have run.
 */
async function twoWaitingWhenFreed(adaDay: number) {
  const { t, coach, member } = await setup([1, adaDay, 6]);
  const [early, ada, ben] = [await member("Early"), await member("Ada"), await member("Ben")];
  const freed = await book(early, coach.id, at(1, 10));
  const adaSession = await book(ada, coach.id, at(adaDay, 10));
  const benSession = await book(ben, coach.id, at(6, 10));
  await ada.as.mutation(api.waitlist.join, { sessionId: adaSession, window: WIDE });
  await ben.as.mutation(api.waitlist.join, { sessionId: benSession, window: WIDE });
  await early.as.mutation(api.bookings.cancel, { sessionId: freed });
  await runDueJobs(t);
  return { t, coach, early, ada, ben, adaSession, benSession };
}

const offersOf = (m: Member) => m.as.query(api.waitlist.myOffers, {});
const startOf = (t: T, id: Id<"sessions">) => t.run(async (ctx) => (await ctx.db.get("sessions", id))!.startsAt);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the sooner-slot waitlist", () => {
  it("offers a cancelled time to the first member who joined, holds it from everyone else, and tells them in the app and by e-mail", async () => {
    const { t, coach, member } = await setup([1, 5, 6]);
    const [early, ada, ben] = [await member("Early"), await member("Ada"), await member("Ben")];
    const freed = await book(early, coach.id, at(1, 10));
    const adaSession = await book(ada, coach.id, at(5, 10));
    const benSession = await book(ben, coach.id, at(6, 10));
    await ada.as.mutation(api.waitlist.join, { sessionId: adaSession, window: WIDE });
    vi.advanceTimersByTime(MINUTE);
    await ben.as.mutation(api.waitlist.join, { sessionId: benSession, window: WIDE });
    await runDueJobs(t);
    expect(await offersOf(ada)).toEqual([]);

    await early.as.mutation(api.bookings.cancel, { sessionId: freed });
    await runDueJobs(t);
    const [offer] = await offersOf(ada);
    expect(offer).toMatchObject({ sessionId: adaSession, startsAt: at(1, 10), expiresAt: Date.now() + OFFER_HOLD_MINUTES * MINUTE });
    expect(await offersOf(ben)).toEqual([]);
    // Held: nobody else can book it, not even the member who cancelled it.
    expect(await codeOf(book(early, coach.id, at(1, 10)))).toBe("SLOT_UNAVAILABLE");
    expect((await notificationsOf(t, ada.id)).map((n) => n.title)).toContain("An earlier time is free");
    const mails = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(mails.filter((m) => m.template === "waitlist_offer").map((m) => m.to)).toEqual([(await t.run((ctx) => ctx.db.get("users", ada.id)))!.email]);
    // The coach sees who is waiting, first to join first.
    expect((await coach.as.query(api.waitlist.waiting, {})).map((w) => [w.memberName, w.offered])).toEqual([
      ["Ada Test", true],
      ["Ben Test", false],
    ]);
  });

  it("moves the booking when the offer is claimed, keeps the balance right, and offers the old time to the next member", async () => {
    const { t, ada, ben, adaSession } = await twoWaitingWhenFreed(3);
    const before = await storedAndDerivedBalance(t, ada.id);

    const [offer] = await offersOf(ada);
    expect(await ada.as.mutation(api.waitlist.claim, { offerId: offer!._id })).toBe(adaSession);
    expect(await startOf(t, adaSession)).toBe(at(1, 10));
    const after = await storedAndDerivedBalance(t, ada.id);
    expect(after.stored).toEqual(before.stored);
    expect(after.stored.remainingMinutes).toBe(after.derived.remainingMinutes);
    expect(await ada.as.query(api.waitlist.forBooking, { sessionId: adaSession })).toBeNull();

    // Ada's old time is the next earlier time for Ben.
    await runDueJobs(t);
    expect((await offersOf(ben)).map((o) => o.startsAt)).toEqual([at(3, 10)]);
  });

  it("passes the time on when the hold runs out or the member declines, and does not offer it to them again", async () => {
    const { t, coach, early, ada, ben, benSession } = await twoWaitingWhenFreed(5);
    const [adaOffer] = await offersOf(ada);

    vi.advanceTimersByTime(OFFER_HOLD_MINUTES * MINUTE);
    await t.finishInProgressScheduledFunctions();
    await runDueJobs(t);
    expect(await offersOf(ada)).toEqual([]);
    expect(await codeOf(ada.as.mutation(api.waitlist.claim, { offerId: adaOffer!._id }))).toBe("OFFER_GONE");
    const [benOffer] = await offersOf(ben);
    expect(benOffer).toMatchObject({ startsAt: at(1, 10) });

    await ben.as.mutation(api.waitlist.decline, { offerId: benOffer!._id });
    await runDueJobs(t);
    // Both passed on it: it is free for anyone to book again, and both keep waiting.
    expect(await offersOf(ada)).toEqual([]);
    expect(await offersOf(ben)).toEqual([]);
    expect(await ben.as.query(api.waitlist.forBooking, { sessionId: benSession })).toMatchObject({ offered: false });
    expect(await book(early, coach.id, at(1, 10))).toBeDefined();
  });

  it("lets only one of two members take a held time at once, and the loser's balance is untouched", async () => {
    const { t, coach, member } = await setup([1, 5]);
    const [early, ada, rival] = [await member("Early"), await member("Ada"), await member("Rival")];
    const freed = await book(early, coach.id, at(1, 10));
    const adaSession = await book(ada, coach.id, at(5, 10));
    await ada.as.mutation(api.waitlist.join, { sessionId: adaSession, window: WIDE });
    await early.as.mutation(api.bookings.cancel, { sessionId: freed });
    await runDueJobs(t);
    const [offer] = await offersOf(ada);
    const rivalBefore = (await storedAndDerivedBalance(t, rival.id)).stored;

    const results = await Promise.allSettled([
      ada.as.mutation(api.waitlist.claim, { offerId: offer!._id }),
      book(rival, coach.id, at(1, 10)),
      ada.as.mutation(api.waitlist.claim, { offerId: offer!._id }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    const codeOfRefusal = (result: PromiseSettledResult<unknown>) => ((result as PromiseRejectedResult).reason as ConvexError<{ code: string }>).data.code;
    expect([codeOfRefusal(results[1]), codeOfRefusal(results[2])]).toEqual(["SLOT_UNAVAILABLE", "OFFER_GONE"]);
    const sessionsAt = await t.run(async (ctx) => (await ctx.db.query("sessions").collect()).filter((s) => s.startsAt === at(1, 10) && s.status === "scheduled"));
    expect(sessionsAt.map((s) => s._id)).toEqual([adaSession]);
    expect((await storedAndDerivedBalance(t, rival.id)).stored).toEqual(rivalBefore);
  });

  it("offers only times inside the member's window: days, weekdays and times of day, and new hours count", async () => {
    const { t, coach, member } = await setup([9]);
    const ada = await member("Ada");
    const adaSession = await book(ada, coach.id, at(9, 10));
    // Only Thursdays (5 March is one), 13:00-15:00.
    await ada.as.mutation(api.waitlist.join, {
      sessionId: adaSession,
      window: { fromDay: "2026-03-02", toDay: "2026-03-10", fromTime: "13:00", toTime: "15:00", weekdays: [4] },
    });
    await runDueJobs(t);
    expect(await offersOf(ada)).toEqual([]);
    // The coach adds afternoons: the first Thursday afternoon hour is offered.
    await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyDay("10:00", "16:00"), exceptions: [] });
    await runDueJobs(t);
    expect((await offersOf(ada)).map((o) => o.startsAt)).toEqual([at(3, 13)]);
  });

  it("refuses a window that makes no sense or a booking that is not the caller's, and changes nothing", async () => {
    const { t, coach, member } = await setup([5]);
    const [ada, ben] = [await member("Ada"), await member("Ben")];
    const adaSession = await book(ada, coach.id, at(5, 10));
    for (const window of [
      { ...WIDE, fromDay: "2026-03-10", toDay: "2026-03-02" },
      { ...WIDE, fromTime: "15:00", toTime: "09:00" },
      { ...WIDE, weekdays: [] },
      { ...WIDE, weekdays: [1, 1] },
      { ...WIDE, fromDay: "2026-02-30" },
      { ...WIDE, toDay: "2027-03-02" },
      { ...WIDE, fromTime: "9am" },
    ])
      expect(await codeOf(ada.as.mutation(api.waitlist.join, { sessionId: adaSession, window }))).toBe("WAITLIST_WINDOW_INVALID");
    expect(await codeOf(ben.as.mutation(api.waitlist.join, { sessionId: adaSession, window: WIDE }))).toBe("SESSION_NOT_FOUND");
    expect(await t.run((ctx) => ctx.db.query("waitlistRequests").collect())).toEqual([]);
  });

  it("ends the place on the list with the booking, and withdraws an offer it held", async () => {
    const { t, coach, member } = await setup([1, 5]);
    const [early, ada] = [await member("Early"), await member("Ada")];
    const freed = await book(early, coach.id, at(1, 10));
    const adaSession = await book(ada, coach.id, at(5, 10));
    await ada.as.mutation(api.waitlist.join, { sessionId: adaSession, window: WIDE });
    await early.as.mutation(api.bookings.cancel, { sessionId: freed });
    await runDueJobs(t);
    expect(await offersOf(ada)).toHaveLength(1);
    await ada.as.mutation(api.bookings.cancel, { sessionId: adaSession });
    expect(await offersOf(ada)).toEqual([]);
    expect(await ada.as.query(api.waitlist.forBooking, { sessionId: adaSession })).toBeNull();
    expect(await coach.as.query(api.waitlist.waiting, {})).toEqual([]);
    expect(await book(early, coach.id, at(1, 10))).toBeDefined();
  });
});
