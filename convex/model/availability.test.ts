import { TZDate } from "@date-fns/tz";
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import {
  allowedDurations,
  checkAvailability,
  checkDuration,
  MAX_SLOT_RANGE_DAYS,
  minutesOfDay,
  openSlots,
  windowsBetween,
  type Availability,
} from "./availability";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
/** Long ago, so only the window decides. */
const past = utc("2020-01-01T00:00:00Z");

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

describe("minutesOfDay", () => {
  it("reads HH:MM and 24:00, and nothing else", () => {
    expect(minutesOfDay("00:00")).toBe(0);
    expect(minutesOfDay("09:30")).toBe(570);
    expect(minutesOfDay("24:00")).toBe(1440);
    for (const bad of ["9:00", "24:30", "12:60", "noon", "09:00:00"]) expect(minutesOfDay(bad)).toBeNull();
  });
});

describe("checkAvailability", () => {
  it("returns the availability with windows and exceptions in order", () => {
    expect(
      checkAvailability({
        timezone: "Europe/Berlin",
        weekly: [
          { weekday: 3, start: "14:00", end: "17:00" },
          { weekday: 1, start: "13:00", end: "15:00" },
          { weekday: 1, start: "09:00", end: "12:00" },
        ],
        exceptions: [
          { date: "2026-05-01", windows: [] },
          { date: "2026-04-30", windows: [{ start: "10:00", end: "24:00" }] },
        ],
      }),
    ).toEqual({
      timezone: "Europe/Berlin",
      weekly: [
        { weekday: 1, start: "09:00", end: "12:00" },
        { weekday: 1, start: "13:00", end: "15:00" },
        { weekday: 3, start: "14:00", end: "17:00" },
      ],
      exceptions: [
        { date: "2026-04-30", windows: [{ start: "10:00", end: "24:00" }] },
        { date: "2026-05-01", windows: [] },
      ],
    });
  });

  it.each([
    ["a time off the 30-minute grid", { weekly: [{ weekday: 1, start: "09:15", end: "10:00" }] }],
    ["a start after its end", { weekly: [{ weekday: 1, start: "12:00", end: "09:00" }] }],
    ["an empty window", { weekly: [{ weekday: 1, start: "09:00", end: "09:00" }] }],
    ["a malformed time", { weekly: [{ weekday: 1, start: "9:00", end: "10:00" }] }],
    ["a weekday past Saturday", { weekly: [{ weekday: 7, start: "09:00", end: "10:00" }] }],
    ["a fractional weekday", { weekly: [{ weekday: 1.5, start: "09:00", end: "10:00" }] }],
    ["an unknown time zone", { timezone: "Mars/Olympus" }],
    ["a date that does not exist", { exceptions: [{ date: "2026-02-30", windows: [] }] }],
    [
      "a date listed twice",
      {
        exceptions: [
          { date: "2026-03-01", windows: [] },
          { date: "2026-03-01", windows: [] },
        ],
      },
    ],
    ["a bad exception window", { exceptions: [{ date: "2026-03-01", windows: [{ start: "10:00", end: "10:45" }] }] }],
  ])("refuses %s", (_label, change) => {
    const input: Availability = { timezone: "UTC", weekly: [], exceptions: [], ...change };
    expect(codeOf(() => checkAvailability(input))).toBe("INVALID_AVAILABILITY");
  });
});

describe("session lengths", () => {
  it("allows 30, 60 and 90 minutes, guests up to their role's limit", () => {
    expect(allowedDurations({ role: "client" })).toEqual([30, 60, 90]);
    expect(allowedDurations({ role: "guest_confirmed" })).toEqual([30, 60]);
    expect(allowedDurations({ role: "guest_temporary" })).toEqual([30]);
    expect(codeOf(() => checkDuration({ role: "client" }, 45))).toBe("DURATION_NOT_ALLOWED");
    expect(codeOf(() => checkDuration({ role: "guest_temporary" }, 60))).toBe("DURATION_NOT_ALLOWED");
    expect(codeOf(() => checkDuration({ role: "guest_confirmed" }, 60))).toBeUndefined();
  });
});

describe("openSlots", () => {
  // Monday 2 March 2026.
  const monday = { timezone: "UTC", weekly: [{ weekday: 1, start: "09:00", end: "12:00" }], exceptions: [] };
  const from = utc("2026-03-02T00:00:00Z");
  const to = from + DAY;

  it("starts on the 30-minute grid where the whole session fits in the window", () => {
    expect(iso(openSlots({ availability: monday, from, to, durationMinutes: 60, busy: [], now: past }))).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-02T09:30:00.000Z",
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T10:30:00.000Z",
      "2026-03-02T11:00:00.000Z",
    ]);
    expect(openSlots({ availability: monday, from, to, durationMinutes: 90, busy: [], now: past })).toHaveLength(4);
  });

  it("leaves out slots overlapping busy times; touching ones stay", () => {
    const busy = [{ start: utc("2026-03-02T10:00:00Z"), end: utc("2026-03-02T11:00:00Z") }];
    expect(iso(openSlots({ availability: monday, from, to, durationMinutes: 60, busy, now: past }))).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-02T11:00:00.000Z",
    ]);
  });

  it("never offers the past, nor less than the minimum notice", () => {
    const now = utc("2026-03-02T09:10:00Z");
    expect(iso(openSlots({ availability: monday, from, to, durationMinutes: 60, busy: [], now }))).toEqual([
      "2026-03-02T10:30:00.000Z",
      "2026-03-02T11:00:00.000Z",
    ]);
  });

  it("keeps starts inside [from, to)", () => {
    const slots = openSlots({
      availability: monday,
      from: utc("2026-03-02T09:30:00Z"),
      to: utc("2026-03-02T10:30:00Z"),
      durationMinutes: 30,
      busy: [],
      now: past,
    });
    expect(iso(slots)).toEqual(["2026-03-02T09:30:00.000Z", "2026-03-02T10:00:00.000Z"]);
  });

  it("joins touching windows, so a long session can span them", () => {
    const split = {
      timezone: "UTC",
      weekly: [
        { weekday: 1, start: "10:00", end: "11:00" },
        { weekday: 1, start: "09:00", end: "10:00" },
      ],
      exceptions: [],
    };
    expect(iso(openSlots({ availability: split, from, to, durationMinutes: 90, busy: [], now: past }))).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-02T09:30:00.000Z",
    ]);
  });

  it("follows exceptions: a day off, and special hours instead of the weekly ones", () => {
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "10:00" }));
    const availability = {
      timezone: "UTC",
      weekly: weekdays,
      exceptions: [
        { date: "2026-03-03", windows: [] },
        { date: "2026-03-04", windows: [{ start: "15:00", end: "16:00" }] },
        { date: "2026-03-07", windows: [{ start: "11:00", end: "12:00" }] },
      ],
    };
    const slots = openSlots({ availability, from, to: from + 7 * DAY, durationMinutes: 60, busy: [], now: past });
    expect(iso(slots)).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-04T15:00:00.000Z",
      "2026-03-05T09:00:00.000Z",
      "2026-03-06T09:00:00.000Z",
      "2026-03-07T11:00:00.000Z",
    ]);
  });

  it("keeps 09:00 in New York across the spring change (2026-03-08)", () => {
    const availability = { timezone: "America/New_York", weekly: everyDay("09:00", "10:00"), exceptions: [] };
    const slots = openSlots({
      availability,
      from: utc("2026-03-07T00:00:00Z"),
      to: utc("2026-03-10T00:00:00Z"),
      durationMinutes: 60,
      busy: [],
      now: past,
    });
    expect(iso(slots)).toEqual(["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"]);
  });

  it("counts real time in a window across the skipped hour in New York", () => {
    // 01:00-04:00 local on the change day is two real hours: 02:00 becomes 03:00.
    const availability = {
      timezone: "America/New_York",
      weekly: [],
      exceptions: [{ date: "2026-03-08", windows: [{ start: "01:00", end: "04:00" }] }],
    };
    const slots = openSlots({
      availability,
      from: utc("2026-03-08T00:00:00Z"),
      to: utc("2026-03-09T00:00:00Z"),
      durationMinutes: 60,
      busy: [],
      now: past,
    });
    expect(iso(slots)).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-08T06:30:00.000Z", "2026-03-08T07:00:00.000Z"]);
    expect(slots.map((s) => new TZDate(s, "America/New_York").getHours())).toEqual([1, 1, 3]);
  });

  it("counts the repeated hour in New York's autumn change (2026-11-01)", () => {
    // 00:00-03:00 local is four real hours when 01:00-02:00 happens twice.
    const availability = {
      timezone: "America/New_York",
      weekly: [],
      exceptions: [{ date: "2026-11-01", windows: [{ start: "00:00", end: "03:00" }] }],
    };
    const slots = openSlots({
      availability,
      from: utc("2026-11-01T00:00:00Z"),
      to: utc("2026-11-02T00:00:00Z"),
      durationMinutes: 60,
      busy: [],
      now: past,
    });
    expect(slots).toHaveLength(7);
    expect(iso([slots[0]!, slots.at(-1)!])).toEqual(["2026-11-01T04:00:00.000Z", "2026-11-01T07:00:00.000Z"]);
  });

  it("keeps 09:00 in Berlin across its spring change (2026-03-29)", () => {
    const availability = { timezone: "Europe/Berlin", weekly: [{ weekday: 0, start: "09:00", end: "10:00" }], exceptions: [] };
    const slots = openSlots({
      availability,
      from: utc("2026-03-21T00:00:00Z"),
      to: utc("2026-04-01T00:00:00Z"),
      durationMinutes: 60,
      busy: [],
      now: past,
    });
    expect(iso(slots)).toEqual(["2026-03-22T08:00:00.000Z", "2026-03-29T07:00:00.000Z"]);
  });

  it("gives instants, so a member in another zone sees the coach's hours in their own time", () => {
    const availability = { timezone: "Europe/Berlin", weekly: [{ weekday: 1, start: "09:00", end: "10:00" }], exceptions: [] };
    const [slot] = openSlots({
      availability,
      from: utc("2026-03-30T00:00:00Z"),
      to: utc("2026-03-31T00:00:00Z"),
      durationMinutes: 60,
      busy: [],
      now: past,
    });
    expect(new TZDate(slot!, "Europe/Berlin").getHours()).toBe(9);
    expect(new TZDate(slot!, "America/Los_Angeles").getHours()).toBe(0);
    expect(new TZDate(slot!, "Asia/Tokyo").getHours()).toBe(16);
  });

  it("finds the local days of the coach, not of UTC", () => {
    // Tokyo Monday 08:00-09:00 is Sunday 23:00-24:00 UTC.
    const availability = { timezone: "Asia/Tokyo", weekly: [{ weekday: 1, start: "08:00", end: "09:00" }], exceptions: [] };
    const slots = openSlots({
      availability,
      from: utc("2026-03-01T00:00:00Z"),
      to: utc("2026-03-03T00:00:00Z"),
      durationMinutes: 30,
      busy: [],
      now: past,
    });
    expect(iso(slots)).toEqual(["2026-03-01T23:00:00.000Z", "2026-03-01T23:30:00.000Z"]);
  });
});

describe("windowsBetween and openSlots with values no caller should send", () => {
  const week: Availability = { timezone: "Europe/Berlin", weekly: everyDay("09:00", "17:00"), exceptions: [] };
  const from = utc("2026-03-02T00:00:00Z");

  it("end at once, with nothing, for times a Date cannot hold, NaN, Infinity or a backwards range", () => {
    for (const [start, end] of [
      [8_640_000_000_000_001, 8_640_000_000_000_002],
      [from, 8_640_000_000_000_001],
      [Number.NaN, from],
      [from, Number.NaN],
      [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      [from, from - DAY],
    ]) {
      expect(windowsBetween(week, start!, end!), `${start} to ${end}`).toEqual([]);
      expect(openSlots({ availability: week, from: start!, to: end!, durationMinutes: 60, busy: [], now: past })).toEqual([]);
    }
  });

  it("read at most a bounded number of days, whatever the range asks", () => {
    const windows = windowsBetween(week, from, from + 100_000 * 365 * DAY);
    expect(windows.length).toBeLessThanOrEqual(MAX_SLOT_RANGE_DAYS + 2);
  });

  it("offer nothing for a session length that is not a positive number", () => {
    for (const durationMinutes of [0, -60, -1e308, Number.NaN, Number.POSITIVE_INFINITY])
      expect(openSlots({ availability: week, from, to: from + DAY, durationMinutes, busy: [], now: past }), String(durationMinutes)).toEqual([]);
  });
});
