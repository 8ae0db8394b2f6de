import { describe, expect, it } from "vitest";
import { cancelPolicy, isFreeWindow, monthKey, reschedulePolicy } from "./bookingPolicy";
import { reminderStyle } from "./bookings";

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 2, 10, 12);

describe("cancelPolicy", () => {
  it("refunds a member cancelling 24 hours or more ahead, without using the grace", () => {
    expect(isFreeWindow(now + 24 * HOUR, now)).toBe(true);
    expect(isFreeWindow(now + 24 * HOUR - 1, now)).toBe(false);
    expect(cancelPolicy({ by: "member", startsAt: now + 24 * HOUR, now, graceUsed: true })).toEqual({ refund: true, usesGrace: false });
  });

  it("refunds a late member cancel once a month through the grace, then not at all", () => {
    expect(cancelPolicy({ by: "member", startsAt: now + 2 * HOUR, now, graceUsed: false })).toEqual({ refund: true, usesGrace: true });
    expect(cancelPolicy({ by: "member", startsAt: now + 2 * HOUR, now, graceUsed: true })).toEqual({ refund: false, usesGrace: false });
  });

  it("always refunds when the coach or an admin cancels", () => {
    expect(cancelPolicy({ by: "staff", startsAt: now + HOUR, now, graceUsed: true })).toEqual({ refund: true, usesGrace: false });
  });
});

describe("reschedulePolicy", () => {
  it("lets a member move a session freely ahead of 24 hours, later only with the month's grace", () => {
    expect(reschedulePolicy({ by: "member", startsAt: now + 30 * HOUR, now, graceUsed: true })).toEqual({
      allowed: true,
      usesGrace: false,
    });
    expect(reschedulePolicy({ by: "member", startsAt: now + 3 * HOUR, now, graceUsed: false })).toEqual({ allowed: true, usesGrace: true });
    expect(reschedulePolicy({ by: "member", startsAt: now + 3 * HOUR, now, graceUsed: true })).toEqual({
      allowed: false,
      usesGrace: false,
    });
    expect(reschedulePolicy({ by: "staff", startsAt: now + 3 * HOUR, now, graceUsed: true })).toEqual({ allowed: true, usesGrace: false });
  });
});

describe("monthKey", () => {
  it("is the calendar month in the member's own time zone", () => {
    const instant = Date.UTC(2026, 2, 31, 23, 30);
    expect(monthKey(instant, "Europe/Berlin")).toBe("2026-04");
    expect(monthKey(instant, "America/New_York")).toBe("2026-03");
  });
});

describe("reminderStyle", () => {
  it("reads 24 hours low, 1 hour medium, 10 minutes high, and knows no other offset", () => {
    expect(reminderStyle(24 * HOUR)).toEqual({ priority: "low", title: "Your session starts in 24 hours" });
    expect(reminderStyle(HOUR)).toEqual({ priority: "medium", title: "Your session starts in 1 hour" });
    expect(reminderStyle(10 * 60 * 1000)).toEqual({ priority: "high", title: "Your session starts in 10 minutes" });
    expect(reminderStyle(5 * 60 * 1000)).toBeNull();
  });
});
