import { describe, expect, it } from "vitest";
import { readCard } from "./cards";
import { parseForm } from "./form";

describe("Stripe form encoding", () => {
  it("nests brackets, turns indices into arrays and appends empty brackets", () => {
    const form = parseForm(
      new URLSearchParams(
        "customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2&metadata[userId]=u1&expand[]=a.b&expand[]=c&payment_settings[save_default_payment_method]=on_subscription",
      ),
    );
    expect(form).toEqual({
      customer: "cus_1",
      items: [{ price: "price_1", quantity: "2" }, { price: "price_2" }],
      metadata: { userId: "u1" },
      expand: ["a.b", "c"],
      payment_settings: { save_default_payment_method: "on_subscription" },
    });
    expect(parseForm(new URLSearchParams("lookup_keys[0]=b&lookup_keys[1]=a&lookup_keys[10]=z"))).toEqual({ lookup_keys: ["b", "a", "z"] });
  });
});

describe("test cards", () => {
  const now = new Date(Date.UTC(2026, 10, 24));
  const card = (number: string, exp_month = "12", exp_year = "2030", cvc = "123") => readCard({ number, exp_month, exp_year, cvc }, now);

  it("keeps brand, last4 and the outcome, never the number", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, outcome: "succeeds", funding: "credit" });
    expect(card("5555555555554444")).toMatchObject({ brand: "mastercard", outcome: "succeeds" });
    expect(card("4000000000009995")).toMatchObject({ outcome: "insufficient_funds" });
  });

  it("refuses bad numbers, expiries and CVCs as Stripe does", () => {
    expect(card("4242424242424241")).toMatchObject({ code: "incorrect_number" });
    expect(card("4242424242424242", "13")).toMatchObject({ code: "invalid_expiry_month" });
    expect(card("4242424242424242", "10", "2026")).toMatchObject({ code: "invalid_expiry_year" });
    expect(card("4242424242424242", "11", "26")).toMatchObject({ outcome: "succeeds", exp_year: 2026 });
    expect(card("4242424242424242", "12", "2030", "12")).toMatchObject({ code: "invalid_cvc" });
    expect(card("4111111111111111")).toMatchObject({ code: "card_declined", decline_code: "live_mode_test_card" });
  });
});
