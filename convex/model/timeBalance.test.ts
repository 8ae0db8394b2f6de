import { describe, expect, it } from "vitest";
import type { Id } from "../_generated/dataModel";
import { TIME_BALANCE_MESSAGES } from "./messages";
import {
  applyEntry,
  balanceTone,
  balanceWarning,
  deriveBalance,
  EMPTY_BALANCE,
  monthlyMinutes,
  monthlyStart,
  spendableMinutes,
  TIME_BALANCE_VALID_MS,
} from "./timeBalance";

describe("balanceTone", () => {
  it("is green above 50% left, yellow above 20%, red otherwise", () => {
    expect(balanceTone(51, 100)).toBe("green");
    expect(balanceTone(50, 100)).toBe("yellow");
    expect(balanceTone(21, 100)).toBe("yellow");
    expect(balanceTone(20, 100)).toBe("red");
    expect(balanceTone(0, 100)).toBe("red");
    expect(balanceTone(0, 0)).toBe("red");
  });
});

describe("balanceWarning", () => {
  it("says empty at 0, low under 60, nothing from 60 on", () => {
    expect(balanceWarning(0)).toBe(TIME_BALANCE_MESSAGES.EMPTY);
    expect(balanceWarning(1)).toBe(TIME_BALANCE_MESSAGES.LOW);
    expect(balanceWarning(59)).toBe(TIME_BALANCE_MESSAGES.LOW);
    expect(balanceWarning(60)).toBeNull();
  });
});

describe("deriveBalance", () => {
  it("is all zeros for no entries", () => {
    expect(deriveBalance([])).toEqual(EMPTY_BALANCE);
  });

  it("counts purchases and positive adjustments as total; remaining is the sum; consumed the difference", () => {
    const at = Date.UTC(2026, 0, 10);
    const later = at + 1000;
    expect(
      deriveBalance([
        { kind: "purchase", minutes: 120, at },
        { kind: "booking_debit", minutes: -60, at: later },
        { kind: "refund", minutes: 60, at: later },
        { kind: "booking_debit", minutes: -90, at: later },
        { kind: "adjustment", minutes: 30, at: later },
        { kind: "adjustment", minutes: -10, at: later },
      ]),
    ).toEqual({
      totalMinutes: 150,
      remainingMinutes: 50,
      consumedMinutes: 100,
      lastPurchaseAt: at,
      expiresAt: at + TIME_BALANCE_VALID_MS,
    });
  });

  it("renews the validity with each purchase and closes it with an expiry", () => {
    const first = Date.UTC(2026, 0, 1);
    const second = Date.UTC(2026, 5, 1);
    const bought = deriveBalance([
      { kind: "purchase", minutes: 60, at: first },
      { kind: "purchase", minutes: 60, at: second },
    ]);
    expect(bought).toMatchObject({ expiresAt: second + TIME_BALANCE_VALID_MS, lastPurchaseAt: second });
    const expired = applyEntry(bought, { kind: "expiry", minutes: -120, at: second + TIME_BALANCE_VALID_MS });
    expect(expired).toEqual({ totalMinutes: 120, remainingMinutes: 0, consumedMinutes: 120, lastPurchaseAt: second });
  });
});

describe("spendableMinutes", () => {
  it("is nothing once the validity passed, before the daily expiry writes it off", () => {
    const balance = deriveBalance([{ kind: "purchase", minutes: 60, at: 0 }]);
    expect(spendableMinutes(balance, TIME_BALANCE_VALID_MS - 1)).toBe(60);
    expect(spendableMinutes(balance, TIME_BALANCE_VALID_MS)).toBe(0);
    expect(spendableMinutes({ ...EMPTY_BALANCE, remainingMinutes: 30 }, Number.MAX_SAFE_INTEGER)).toBe(30);
  });
});

describe("monthlyMinutes", () => {
  const now = Date.UTC(2026, 5, 15, 12); // June 15, 2026
  const session = (name: string) => name as Id<"sessions">;

  it("starts the read at the first month shown, midnight in the member's zone", () => {
    expect(monthlyStart(now, "UTC")).toBe(Date.UTC(2026, 0, 1));
    expect(monthlyStart(now, "Europe/Berlin")).toBe(Date.UTC(2025, 11, 31, 23)); // CET, UTC+1
    expect(monthlyStart(now, "America/New_York", 12)).toBe(Date.UTC(2025, 6, 1, 4)); // EDT, UTC-4
    expect(monthlyStart(now, "Not/A_Zone")).toBe(Date.UTC(2026, 0, 1));
  });

  it("lists every month shown, oldest first, empty months as zeros", () => {
    expect(monthlyMinutes([], now, "UTC").map((m) => m.month)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]);
    expect(monthlyMinutes([], Date.UTC(2026, 1, 10), "UTC", 3)).toEqual([
      { month: "2025-12", boughtMinutes: 0, usedMinutes: 0 },
      { month: "2026-01", boughtMinutes: 0, usedMinutes: 0 },
      { month: "2026-02", boughtMinutes: 0, usedMinutes: 0 },
    ]);
  });

  it("counts purchases as bought and bookings as used; expiries and adjustments as neither", () => {
    const months = monthlyMinutes(
      [
        { kind: "purchase", minutes: 600, at: Date.UTC(2026, 3, 2) },
        { kind: "booking_debit", minutes: -60, at: Date.UTC(2026, 3, 3), sessionId: session("a") },
        { kind: "booking_debit", minutes: -30, at: Date.UTC(2026, 4, 20), sessionId: session("b") },
        { kind: "purchase", minutes: 120, at: Date.UTC(2026, 5, 1) },
        { kind: "adjustment", minutes: 45, at: Date.UTC(2026, 5, 2) },
        { kind: "adjustment", minutes: -15, at: Date.UTC(2026, 5, 3) },
        { kind: "expiry", minutes: -90, at: Date.UTC(2026, 5, 4) },
      ],
      now,
      "UTC",
    );
    expect(months.slice(3)).toEqual([
      { month: "2026-04", boughtMinutes: 600, usedMinutes: 60 },
      { month: "2026-05", boughtMinutes: 0, usedMinutes: 30 },
      { month: "2026-06", boughtMinutes: 120, usedMinutes: 0 },
    ]);
  });

  it("takes a refund off the month of its booking, and ignores one for a booking before the chart", () => {
    const months = monthlyMinutes(
      [
        { kind: "refund", minutes: 45, at: Date.UTC(2026, 0, 5), sessionId: session("old") },
        { kind: "booking_debit", minutes: -60, at: Date.UTC(2026, 3, 28), sessionId: session("a") },
        { kind: "booking_debit", minutes: -90, at: Date.UTC(2026, 3, 29), sessionId: session("b") },
        { kind: "refund", minutes: 60, at: Date.UTC(2026, 4, 2), sessionId: session("a") },
      ],
      now,
      "UTC",
    );
    expect(months.map((m) => m.usedMinutes)).toEqual([0, 0, 0, 90, 0, 0]);
  });

  it("puts an entry in the month of the member's own zone", () => {
    // May 31, 23:30 in New York is already June in UTC.
    const entries = [{ kind: "purchase" as const, minutes: 60, at: Date.UTC(2026, 5, 1, 3, 30) }];
    expect(monthlyMinutes(entries, now, "America/New_York").slice(-2)).toEqual([
      { month: "2026-05", boughtMinutes: 60, usedMinutes: 0 },
      { month: "2026-06", boughtMinutes: 0, usedMinutes: 0 },
    ]);
    expect(monthlyMinutes(entries, now, "UTC").at(-1)).toEqual({ month: "2026-06", boughtMinutes: 60, usedMinutes: 0 });
  });
});
