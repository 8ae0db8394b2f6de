// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads, and
// convex-test loads the functions (and with them @date-fns/tz) only at the first call.
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { MAX_SLOT_RANGE_DAYS } from "./model/availability";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Monday 2 March 2026, 08:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 8);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, 2 + day, hour, minute);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

async function coachWithHours(t: T, overrides = {}) {
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes", timezone: "Europe/Berlin", ...overrides });
  await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyDay("09:00", "12:00"), exceptions: [] });
  return coach;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("availability.save and mine", () => {
  it("saves the coach's own hours, replacing the previous ones", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    expect(await coach.as.query(api.availability.mine, {})).toBeNull();
    await coach.as.mutation(api.availability.save, {
      timezone: "America/New_York",
      weekly: [
        { weekday: 2, start: "13:00", end: "15:00" },
        { weekday: 1, start: "09:00", end: "12:00" },
      ],
      exceptions: [{ date: "2026-03-10", windows: [] }],
    });
    expect(await coach.as.query(api.availability.mine, {})).toMatchObject({
      coachId: coach.id,
      timezone: "America/New_York",
      weekly: [
        { weekday: 1, start: "09:00", end: "12:00" },
        { weekday: 2, start: "13:00", end: "15:00" },
      ],
      exceptions: [{ date: "2026-03-10", windows: [] }],
      updatedAt: NOW,
    });
    await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: [], exceptions: [] });
    expect(await coach.as.query(api.availability.mine, {})).toMatchObject({ timezone: "UTC", weekly: [], exceptions: [] });
    expect(await t.run((ctx) => ctx.db.query("availability").collect())).toHaveLength(1);
  });

  it("refuses bad hours and keeps what was saved", async () => {
    const t = newConvexTest();
    const coach = await coachWithHours(t);
    const before = await coach.as.query(api.availability.mine, {});
    expect(
      await codeOf(
        coach.as.mutation(api.availability.save, {
          timezone: "UTC",
          weekly: [{ weekday: 1, start: "09:10", end: "10:00" }],
          exceptions: [],
        }),
      ),
    ).toBe("INVALID_AVAILABILITY");
    expect(await codeOf(coach.as.mutation(api.availability.save, { timezone: "Nowhere/Town", weekly: [], exceptions: [] }))).toBe(
      "INVALID_AVAILABILITY",
    );
    expect(await coach.as.query(api.availability.mine, {})).toEqual(before);
  });
});

describe("availability.coaches", () => {
  it("lists active coaches only, with their time zone", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "guest_temporary");
    const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes", timezone: "Europe/Berlin" });
    await signedIn(t, "coach", { status: "deactivated", deactivationReason: "other" });
    await signedIn(t, "admin");
    expect(await member.as.query(api.availability.coaches, {})).toEqual([{ _id: coach.id, name: "Cora Reyes", timezone: "Europe/Berlin" }]);
  });
});

describe("availability.slots", () => {
  it("offers the coach's open times, without the coach's or the caller's booked sessions", async () => {
    const t = newConvexTest();
    const coach = await coachWithHours(t);
    const otherCoach = await coachWithHours(t);
    const member = await signedIn(t, "client");
    const someone = await signedIn(t, "client");
    for (const userId of [member.id, someone.id])
      await t.mutation(internal.timeBalance.creditPurchase, { userId, minutes: 600, note: "Package" });
    const range = { coachId: coach.id, from: at(1, 0), to: at(2, 0), durationMinutes: 60 };
    expect(await member.as.query(api.availability.slots, range)).toEqual([at(1, 9), at(1, 9, 30), at(1, 10), at(1, 10, 30), at(1, 11)]);
    // Someone else books the coach at 09:00; the member books another coach at 11:00.
    await someone.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(1, 9), durationMinutes: 60 });
    await member.as.mutation(api.bookings.book, { coachId: otherCoach.id, startsAt: at(1, 11), durationMinutes: 60 });
    expect(await member.as.query(api.availability.slots, range)).toEqual([at(1, 10)]);
    expect(await someone.as.query(api.availability.slots, range)).toEqual([at(1, 10), at(1, 10, 30), at(1, 11)]);
  });

  it("has nothing for a coach without hours, and refuses unknown coaches, long ranges and lengths the caller may not book", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    const admin = await signedIn(t, "admin");
    const guest = await signedIn(t, "guest_temporary");
    const range = { coachId: coach.id, from: NOW, to: NOW + 7 * DAY, durationMinutes: 30 };
    expect(await guest.as.query(api.availability.slots, range)).toEqual([]);
    expect(await codeOf(guest.as.query(api.availability.slots, { ...range, durationMinutes: 60 }))).toBe("DURATION_NOT_ALLOWED");
    expect(await codeOf(guest.as.query(api.availability.slots, { ...range, coachId: admin.id }))).toBe("COACH_NOT_FOUND");
    expect(await codeOf(guest.as.query(api.availability.slots, { ...range, to: NOW + (MAX_SLOT_RANGE_DAYS + 1) * DAY }))).toBe("INVALID_INPUT");
    expect(await codeOf(guest.as.query(api.availability.slots, { ...range, to: NOW }))).toBe("INVALID_INPUT");
    expect(await guest.as.query(api.availability.slots, { ...range, to: NOW + MAX_SLOT_RANGE_DAYS * DAY })).toEqual([]);
    // Past the range of a JavaScript Date: refused before any day is read.
    expect(await codeOf(guest.as.query(api.availability.slots, { ...range, from: 8_640_000_000_000_001, to: 8_640_000_000_000_002 }))).toBe("INVALID_INPUT");
  });
});
