import { clockTime, dateTime, formatDuration, relativeTime, timeAgo, whenWithTime } from "./relative-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Tuesday, July 8, 2025, 12:45 UTC: 8:45 AM in New York, 9:45 PM in Tokyo.
const NOW = Date.UTC(2025, 6, 8, 12, 45);

describe("relativeTime", () => {
  it("says 'just now' for the last minute", () => {
    expect(relativeTime(NOW, NOW)).toBe("just now");
    expect(relativeTime(NOW - 59_999, NOW)).toBe("just now");
  });

  it("counts whole minutes, hours and days in the past", () => {
    expect(relativeTime(NOW - MINUTE, NOW)).toBe("1 minute ago");
    expect(relativeTime(NOW - 5 * MINUTE - 30_000, NOW)).toBe("5 minutes ago");
    expect(relativeTime(NOW - 59 * MINUTE, NOW)).toBe("59 minutes ago");
    expect(relativeTime(NOW - HOUR, NOW)).toBe("1 hour ago");
    expect(relativeTime(NOW - 3 * HOUR - 59 * MINUTE, NOW)).toBe("3 hours ago");
    expect(relativeTime(NOW - 23 * HOUR - 59 * MINUTE, NOW)).toBe("23 hours ago");
    expect(relativeTime(NOW - DAY, NOW)).toBe("1 day ago");
    expect(relativeTime(NOW - 2 * DAY - 5 * HOUR, NOW)).toBe("2 days ago");
    expect(relativeTime(NOW - 45 * DAY, NOW)).toBe("45 days ago");
  });

  it("reads future times as hours and minutes, then days", () => {
    expect(relativeTime(NOW + 30_000, NOW)).toBe("in less than a minute");
    expect(relativeTime(NOW + 10 * MINUTE, NOW)).toBe("in 10 min");
    expect(relativeTime(NOW + 2 * HOUR + 15 * MINUTE + 40_000, NOW)).toBe("in 2 h 15 min");
    expect(relativeTime(NOW + 3 * HOUR, NOW)).toBe("in 3 h");
    expect(relativeTime(NOW + DAY, NOW)).toBe("in 1 day");
    expect(relativeTime(NOW + 2 * DAY + HOUR, NOW)).toBe("in 2 days");
  });
});

describe("timeAgo", () => {
  it("reads a past event a server clock put seconds (or minutes) ahead of the browser as just now", () => {
    expect(timeAgo(NOW + 1, NOW)).toBe("just now");
    expect(timeAgo(NOW + 30_000, NOW)).toBe("just now");
    expect(timeAgo(NOW + 10 * MINUTE, NOW)).toBe("just now");
  });

  it("reads past times as relativeTime does", () => {
    expect(timeAgo(NOW, NOW)).toBe("just now");
    expect(timeAgo(NOW - 5 * MINUTE, NOW)).toBe("5 minutes ago");
    expect(timeAgo(NOW - 2 * DAY, NOW)).toBe("2 days ago");
  });
});

describe("formatDuration", () => {
  it("shows hours and minutes", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(60)).toBe("1 h");
    expect(formatDuration(200)).toBe("3 h 20 min");
    expect(formatDuration(-5)).toBe("0 min");
  });
});

describe("whenWithTime", () => {
  it("puts the relative time beside the clock time of the member's zone", () => {
    const start = NOW + 2 * HOUR + 15 * MINUTE;
    expect(whenWithTime(start, NOW, "America/New_York")).toBe("in 2 h 15 min · 11:00 AM");
    expect(whenWithTime(start, NOW, "UTC")).toBe("in 2 h 15 min · 3:00 PM");
  });

  it("adds the weekday and date when the time falls on another day in that zone", () => {
    // 23:00 UTC is still Tuesday evening in New York but already Wednesday morning in Tokyo.
    const late = Date.UTC(2025, 6, 8, 23, 0);
    expect(whenWithTime(late, NOW, "America/New_York")).toBe("in 10 h 15 min · 7:00 PM");
    expect(whenWithTime(late, NOW, "Asia/Tokyo")).toBe("in 10 h 15 min · Wed, Jul 9, 8:00 AM");
    expect(clockTime(NOW - 2 * DAY, NOW, "Asia/Tokyo")).toBe("Sun, Jul 6, 9:45 PM");
  });

  it("falls back to the browser's zone instead of failing on an unknown zone", () => {
    expect(whenWithTime(NOW + HOUR, NOW, "Not/AZone")).toMatch(/^in 1 h · (.+, )?\d{1,2}:45 [AP]M$/);
  });
});

describe("dateTime", () => {
  it("shows the full date and time in the member's zone", () => {
    expect(dateTime(NOW, "America/Los_Angeles")).toBe("Jul 8, 2025, 5:45 AM");
    expect(dateTime(NOW, "Asia/Tokyo")).toBe("Jul 8, 2025, 9:45 PM");
  });
});
