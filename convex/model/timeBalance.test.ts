import { describe, expect, it } from "vitest";
import { TIME_BALANCE_MESSAGES } from "./messages";
import {
  applyEntry,
  balanceTone,
  balanceWarning,
  deriveBalance,
  EMPTY_BALANCE,
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
