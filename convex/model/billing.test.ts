import { describe, expect, it } from "vitest";
import { acceptsSnapshot, findPlanPrice, paymentErrorCode, paymentErrorMessage, PLAN_PRICES, priceCart, spendPerMonth, tierFromSubscriptions, type CatalogueProduct } from "./billing";
import { CART_MESSAGES } from "./cartMessages";

describe("the price list", () => {
  it("holds the SPEC §9 prices in cents, monthly and quarterly for tiers, monthly and yearly for Premium", () => {
    const table = Object.fromEntries(PLAN_PRICES.map((p) => [p.lookupKey, [p.amount, p.interval, p.intervalCount]]));
    expect(table).toEqual({
      lwcc_clarity_monthly: [2100, "month", 1],
      lwcc_clarity_quarterly: [5700, "month", 3],
      lwcc_control_monthly: [12700, "month", 1],
      lwcc_control_quarterly: [34500, "month", 3],
      lwcc_mastery_monthly: [42700, "month", 1],
      lwcc_mastery_quarterly: [121700, "month", 3],
      lwcc_premium_monthly: [1900, "month", 1],
      lwcc_premium_yearly: [19000, "year", 1],
    });
    expect(findPlanPrice("foundation", "monthly")).toBeUndefined();
    expect(findPlanPrice("clarity", "yearly")).toBeUndefined();
  });
});

describe("priceCart", () => {
  const hour: CatalogueProduct = { _id: "p1", name: "Focus Hour", type: "time_package", price: 9900, isAvailable: true, maxQuantity: 3 };
  const course: CatalogueProduct = { _id: "p2", name: "Calm Inbox", type: "course", price: 4900, isAvailable: true, maxQuantity: 1 };
  const catalogue = new Map([
    ["p1", hour],
    ["p2", course],
  ]);

  it("prices from the catalogue and credits 60 minutes per time package without a duration", () => {
    expect(priceCart([{ productId: "p1", quantity: 2 }, { productId: "p2", quantity: 1 }], catalogue)).toEqual({
      amount: 24700,
      items: [
        { productId: "p1", name: "Focus Hour", type: "time_package", quantity: 2, unitPrice: 9900, totalPrice: 19800, minutes: 120 },
        { productId: "p2", name: "Calm Inbox", type: "course", quantity: 1, unitPrice: 4900, totalPrice: 4900, minutes: 0 },
      ],
    });
  });

  it("adds up repeated lines before checking the maximum", () => {
    expect(priceCart([{ productId: "p1", quantity: 2 }, { productId: "p1", quantity: 2 }], catalogue)).toEqual({ code: "QUANTITY_NOT_ALLOWED", message: "Maximum quantity for Focus Hour is 3" });
  });

  it("refuses unavailable and unknown products, bad quantities and empty carts", () => {
    const off = new Map([["p1", { ...hour, isAvailable: false }]]);
    expect(priceCart([{ productId: "p1", quantity: 1 }], off)).toEqual({ code: "PRODUCT_UNAVAILABLE", message: "Focus Hour is currently unavailable" });
    expect(priceCart([{ productId: "zz", quantity: 1 }], catalogue)).toMatchObject({ code: "PRODUCT_NOT_FOUND" });
    expect(priceCart([{ productId: "p1", quantity: -1 }], catalogue)).toMatchObject({ code: "QUANTITY_NOT_ALLOWED" });
    expect(priceCart([], catalogue)).toMatchObject({ code: "CART_EMPTY" });
  });

  it("refuses a cart below Stripe's smallest charge, such as one free consultation", () => {
    const free = new Map([["p3", { ...course, _id: "p3", name: "Free Consultation", price: 0 }]]);
    expect(priceCart([{ productId: "p3", quantity: 1 }], free)).toEqual({ code: "NOTHING_TO_PAY", message: CART_MESSAGES.nothingToPay });
    expect(priceCart([{ productId: "p3", quantity: 1 }], new Map([["p3", { ...course, _id: "p3", price: 49 }]]))).toMatchObject({ code: "NOTHING_TO_PAY" });
    expect(priceCart([{ productId: "p3", quantity: 1 }], new Map([["p3", { ...course, _id: "p3", price: 50 }]]))).toMatchObject({ amount: 50 });
  });
});

describe("acceptsSnapshot", () => {
  it("takes the first snapshot and newer ones, never older ones", () => {
    expect(acceptsSnapshot(null, { status: "incomplete", eventAt: 1 })).toBe(true);
    expect(acceptsSnapshot({ status: "active", stripeEventAt: 10 }, { status: "past_due", eventAt: 11 })).toBe(true);
    expect(acceptsSnapshot({ status: "active", stripeEventAt: 10 }, { status: "past_due", eventAt: 9 })).toBe(false);
  });

  it("never returns to incomplete, and an ended subscription stays ended", () => {
    expect(acceptsSnapshot({ status: "active", stripeEventAt: 10 }, { status: "incomplete", eventAt: 10 })).toBe(false);
    expect(acceptsSnapshot({ status: "canceled", stripeEventAt: 10 }, { status: "active", eventAt: 20 })).toBe(false);
    expect(acceptsSnapshot({ status: "incomplete_expired", stripeEventAt: 10 }, { status: "active", eventAt: 20 })).toBe(false);
  });
});

describe("tierFromSubscriptions", () => {
  const now = 1_000;
  it("gives the highest tier in force, past_due included, else Foundation", () => {
    expect(tierFromSubscriptions([], now)).toBe("foundation");
    expect(tierFromSubscriptions([{ tier: "clarity", status: "active" }, { tier: "mastery", status: "past_due" }], now)).toBe("mastery");
    expect(tierFromSubscriptions([{ tier: "mastery", status: "canceled" }, { tier: "control", status: "incomplete" }], now)).toBe("foundation");
    expect(tierFromSubscriptions([{ tier: "control", status: "active", expiresAt: now - 1 }], now)).toBe("foundation");
    expect(tierFromSubscriptions([{ tier: "control", status: "active" }], now)).toBe("control");
  });
});

describe("payment errors", () => {
  it("maps Stripe's test-card errors to the SPEC codes and texts", () => {
    expect(paymentErrorCode({ code: "card_declined", decline_code: "generic_decline" })).toBe("card_declined");
    expect(paymentErrorCode({ code: "card_declined", decline_code: "insufficient_funds" })).toBe("insufficient_funds");
    expect(paymentErrorCode({ code: "expired_card" })).toBe("expired_card");
    expect(paymentErrorCode({ code: "processing_error" })).toBe("processing_error");
    expect(paymentErrorCode({ type: "network_error" })).toBe("network_error");
    expect(paymentErrorCode({ code: "incorrect_cvc" })).toBe("other");
    expect(paymentErrorMessage("expired_card")).toBe("Your card has expired. Please update your payment information.");
    expect(paymentErrorMessage("made_up")).toBe("We encountered an issue processing your payment. Please try again or contact support.");
    expect(paymentErrorMessage(undefined)).toBe("We encountered an issue processing your payment. Please try again or contact support.");
  });
});

describe("spendPerMonth", () => {
  it("sums payments into the last twelve calendar months, oldest first", () => {
    const now = Date.UTC(2026, 10, 24);
    const spend = spendPerMonth(
      [
        { amount: 2100, paidAt: Date.UTC(2026, 10, 2) },
        { amount: 900, paidAt: Date.UTC(2026, 10, 20) },
        { amount: 5700, paidAt: Date.UTC(2026, 0, 15) },
        { amount: 100, paidAt: Date.UTC(2025, 10, 30) },
      ],
      now,
    );
    expect(spend).toHaveLength(12);
    expect(spend[0]).toEqual({ month: "2025-12", amount: 0 });
    expect(spend.find((m) => m.month === "2026-01")).toEqual({ month: "2026-01", amount: 5700 });
    expect(spend.at(-1)).toEqual({ month: "2026-11", amount: 3000 });
  });
});
