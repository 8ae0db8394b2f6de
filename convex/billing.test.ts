import Stripe from "stripe";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { ERROR_MESSAGES, PAYMENT_MESSAGES } from "./model/messages";
import { newConvexTest } from "./test.setup";
import { storedAndDerivedBalance } from "./test.sessions";
import { signedIn, type T } from "./test.users";
import { stripeMock } from "../tests/mocks/stripe";

const WEBHOOK_SECRET = "whsec_test_billing";
const signer = new Stripe("sk_test_signer");
let eventSerial = 0;

beforeEach(() => {
  stripeMock.reset();
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_billing");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
  vi.stubEnv("STRIPE_PUBLISHABLE_KEY", "pk_test_billing");
});

/** Posts one event to the webhook route the way Stripe does: raw JSON body, Stripe-Signature header. */
async function deliver(t: T, type: string, object: unknown, options: { id?: string; created?: number; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${++eventSerial}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return t.fetch("/stripe/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
}

/** The subscription Stripe made for the last checkout. */
const latestSubscription = () => [...stripeMock.store.subscriptions.values()].at(-1)!;

const withStatus = (subscription: Stripe.Subscription, patch: Partial<Stripe.Subscription>) => ({ ...subscription, ...patch });

async function member(t: T, tier: "foundation" | "clarity" = "foundation") {
  return signedIn(t, "client", { tier, firstName: "Maya", lastName: "Chen" });
}

async function timeProduct(t: T, overrides: { isAvailable?: boolean; maxQuantity?: number; durationMinutes?: number } = {}) {
  return t.run((ctx) =>
    ctx.db.insert("products", {
      slug: "focus-hour",
      name: "Focus Hour",
      type: "time_package",
      shortDescription: "Sixty minutes of coaching time.",
      price: 9900,
      isAvailable: true,
      maxQuantity: 3,
      sortOrder: 0,
      ...overrides,
    }),
  );
}

const key = (n = 1) => `attempt-key-${n}-abcdef`;

describe("subscription checkout", () => {
  it("starts an incomplete Stripe subscription at the catalogue's price, once per idempotency key", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const args = { tier: "control", billingCycle: "quarterly", cardholderName: "Maya Chen", idempotencyKey: key() };
    const first = await maya.as.action(api.billing.startSubscriptionCheckout, args);
    const again = await maya.as.action(api.billing.startSubscriptionCheckout, args);
    expect(again).toEqual(first);
    expect(stripeMock.requestsTo("POST", /^\/subscriptions$/)).toHaveLength(1);
    const [created] = stripeMock.requestsTo("POST", /^\/subscriptions$/);
    expect(created!.idempotencyKey).toBe(`order-${first.orderId}`);
    expect(created!.body).toMatchObject({ payment_behavior: "default_incomplete", "metadata[tier]": "control", "metadata[billingCycle]": "quarterly" });
    const price = stripeMock.store.prices.get(created!.body["items[0][price]"]!);
    expect(price).toMatchObject({ lookup_key: "lwcc_control_quarterly", unit_amount: 34500 });
    const order = await maya.as.query(api.billing.order, { orderId: first.orderId });
    expect(order).toMatchObject({ status: "pending", amount: 34500, tier: "control", billingCycle: "quarterly" });
    // Nothing about the member changes before Stripe confirms the payment.
    expect((await t.run((ctx) => ctx.db.get("users", maya.id)))!.tier).toBe("foundation");
  });

  it("refuses an unknown plan, a missing cardholder name and a misconfigured Stripe price, charging nothing", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const start = (args: Partial<{ tier: string; billingCycle: string; cardholderName: string; idempotencyKey: string }>) =>
      maya.as.action(api.billing.startSubscriptionCheckout, { tier: "clarity", billingCycle: "monthly", cardholderName: "Maya", idempotencyKey: key(), ...args });
    await expect(start({ tier: "diamond" })).rejects.toMatchObject({ data: { code: "PLAN_NOT_FOUND" } });
    await expect(start({ tier: "clarity", billingCycle: "yearly" })).rejects.toMatchObject({ data: { code: "PLAN_NOT_FOUND" } });
    await expect(start({ cardholderName: "   ", idempotencyKey: key(2) })).rejects.toMatchObject({ data: { code: "CARDHOLDER_REQUIRED" } });
    for (const price of stripeMock.store.prices.values()) if (price.lookup_key === "lwcc_clarity_monthly") price.unit_amount = 100;
    await expect(start({ idempotencyKey: key(3) })).rejects.toMatchObject({ data: { code: "PAYMENTS_UNAVAILABLE" } });
    expect(stripeMock.requestsTo("POST", /^\/subscriptions/)).toEqual([]);
  });

  it("says payments are unavailable when no Stripe is configured", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const t = newConvexTest();
    const maya = await member(t);
    await expect(maya.as.action(api.billing.startSubscriptionCheckout, { tier: "clarity", billingCycle: "monthly", cardholderName: "Maya", idempotencyKey: key() })).rejects.toMatchObject({
      data: { code: "PAYMENTS_UNAVAILABLE" },
    });
  });
});

describe("the Stripe webhook", () => {
  async function checkedOut(t: T) {
    const maya = await member(t);
    const started = await maya.as.action(api.billing.startSubscriptionCheckout, { tier: "control", billingCycle: "monthly", cardholderName: "Maya Chen", idempotencyKey: key() });
    return { maya, started, subscription: latestSubscription() };
  }

  it("activates the tier from a signed event, once, and e-mails one confirmation", async () => {
    const t = newConvexTest();
    const { maya, started, subscription } = await checkedOut(t);
    const active = withStatus(subscription, { status: "active" });
    const response = await deliver(t, "customer.subscription.updated", active, { id: "evt_active" });
    expect(response.status).toBe(200);
    expect(await deliver(t, "customer.subscription.updated", active, { id: "evt_active" })).toHaveProperty("status", 200);
    expect((await t.run((ctx) => ctx.db.get("users", maya.id)))!.tier).toBe("control");
    const order = await maya.as.query(api.billing.order, { orderId: started.orderId });
    expect(order).toMatchObject({ status: "paid", subscription: { tier: "control", status: "active", complementary: false } });
    const emails = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(emails.filter((email) => email.template === "payment_confirmation")).toHaveLength(1);
  });

  it("refuses a forged or unsigned event and changes nothing", async () => {
    const t = newConvexTest();
    const { maya, subscription } = await checkedOut(t);
    const forged = await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }), { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const unsigned = await t.fetch("/stripe/webhook", { method: "POST", body: JSON.stringify({ id: "evt_x", type: "customer.subscription.updated", data: { object: subscription } }) });
    expect(unsigned.status).toBe(400);
    expect((await t.run((ctx) => ctx.db.get("users", maya.id)))!.tier).toBe("foundation");
    expect(await t.run((ctx) => ctx.db.query("webhookEvents").collect())).toEqual([]);
  });

  it("keeps the newest state when events arrive out of order", async () => {
    const t = newConvexTest();
    const { maya, subscription } = await checkedOut(t);
    const at = Math.floor(Date.now() / 1000);
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }), { created: at + 5 });
    // The creation event (incomplete) and an older update arrive late: neither undoes the activation.
    await deliver(t, "customer.subscription.created", subscription, { created: at });
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "past_due" }), { created: at + 1 });
    const row = await t.run((ctx) => ctx.db.query("subscriptions").withIndex("by_user", (q) => q.eq("userId", maya.id)).unique());
    expect(row).toMatchObject({ status: "active" });
    // Once ended, a late update cannot bring it back.
    await deliver(t, "customer.subscription.deleted", withStatus(subscription, { status: "canceled", ended_at: at + 10 }), { created: at + 10 });
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }), { created: at + 10 });
    expect(await t.run((ctx) => ctx.db.get("subscriptions", row!._id))).toMatchObject({ status: "canceled" });
  });

  it("ends a cancelled plan at period end: Foundation tier, account deactivated with reason subscription_cancelled", async () => {
    const t = newConvexTest();
    const { maya, subscription } = await checkedOut(t);
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }));
    await maya.as.action(api.billing.setCancelAtPeriodEnd, { cancel: true });
    const [cancel] = stripeMock.requestsTo("POST", /^\/subscriptions\/sub_/);
    expect(cancel!.body).toEqual({ cancel_at_period_end: "true" });
    // The member's own request changes nothing locally; Stripe's event does.
    expect((await maya.as.query(api.billing.overview, {})).subscription).toMatchObject({ cancelAtPeriodEnd: false });
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active", cancel_at_period_end: true }));
    expect((await maya.as.query(api.billing.overview, {})).subscription).toMatchObject({ cancelAtPeriodEnd: true, tier: "control" });
    await deliver(t, "customer.subscription.deleted", withStatus(subscription, { status: "canceled", cancel_at_period_end: true, ended_at: Math.floor(Date.now() / 1000) }));
    const user = await t.run((ctx) => ctx.db.get("users", maya.id));
    expect(user).toMatchObject({ tier: "foundation", status: "deactivated", deactivationReason: "subscription_cancelled" });
  });

  it("records each paid invoice once in the payment history and the spend chart", async () => {
    const t = newConvexTest();
    const { maya, subscription } = await checkedOut(t);
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }));
    const invoice = {
      id: "in_paid_1",
      object: "invoice",
      amount_paid: 12700,
      currency: "usd",
      created: Math.floor(Date.now() / 1000),
      status: "paid",
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
    await deliver(t, "invoice.paid", invoice);
    await deliver(t, "invoice.paid", invoice);
    const overview = await maya.as.query(api.billing.overview, {});
    expect(overview.payments).toEqual([expect.objectContaining({ amount: 12700, description: "Control Monthly plan" })]);
    expect(overview.spend.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), amount: 12700 });
    expect(overview.spend).toHaveLength(12);
  });

  it("changes plan through Stripe with proration; the tier follows Stripe's event", async () => {
    const t = newConvexTest();
    const { maya, subscription } = await checkedOut(t);
    await deliver(t, "customer.subscription.updated", withStatus(subscription, { status: "active" }));
    await maya.as.action(api.billing.changePlan, { tier: "mastery", billingCycle: "monthly", idempotencyKey: key(9) });
    const [change] = stripeMock.requestsTo("POST", /^\/subscriptions\/sub_/);
    expect(change!.body).toMatchObject({ proration_behavior: "always_invoice", "items[0][id]": subscription.items.data[0]!.id });
    expect((await t.run((ctx) => ctx.db.get("users", maya.id)))!.tier).toBe("control");
    await deliver(t, "customer.subscription.updated", withStatus(stripeMock.store.subscriptions.get(subscription.id)!, { status: "active" }));
    expect((await t.run((ctx) => ctx.db.get("users", maya.id)))!.tier).toBe("mastery");
    await expect(maya.as.action(api.billing.changePlan, { tier: "mastery", billingCycle: "monthly", idempotencyKey: key(10) })).rejects.toMatchObject({ data: { code: "ALREADY_SUBSCRIBED" } });
    await expect(maya.as.action(api.billing.startSubscriptionCheckout, { tier: "clarity", billingCycle: "monthly", cardholderName: "Maya", idempotencyKey: key(11) })).rejects.toMatchObject({
      data: { code: "HAS_SUBSCRIPTION" },
    });
  });
});

describe("cart checkout", () => {
  it("quotes the cart at the catalogue's prices, or with the SPEC text of what checkout would refuse", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const product = await timeProduct(t, { durationMinutes: 90, maxQuantity: 2 });
    const quote = await maya.as.query(api.billing.cartQuote, { lines: [{ productId: product, quantity: 2 }] });
    expect(quote.priced).toEqual({
      amount: 19800,
      items: [
        { productId: product, name: "Focus Hour", type: "time_package", quantity: 2, unitPrice: 9900, totalPrice: 19800, minutes: 180 },
      ],
    });
    expect(quote).toMatchObject({ cardholderName: "Maya Chen", payment: { mode: "stripe", publishableKey: "pk_test_billing" } });
    expect((await maya.as.query(api.billing.cartQuote, { lines: [{ productId: product, quantity: 3 }] })).priced).toEqual({
      code: "QUANTITY_NOT_ALLOWED",
      message: "Maximum quantity for Focus Hour is 2",
    });
    await t.run((ctx) => ctx.db.patch("products", product, { isAvailable: false }));
    expect((await maya.as.query(api.billing.cartQuote, { lines: [{ productId: product, quantity: 1 }] })).priced).toEqual({
      code: "PRODUCT_UNAVAILABLE",
      message: "Focus Hour is currently unavailable",
    });
  });

  it("prices the cart on the server and credits a time package exactly once", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const product = await timeProduct(t, { durationMinutes: 90 });
    const started = await maya.as.action(api.billing.startCartCheckout, { lines: [{ productId: product, quantity: 2 }], cardholderName: "Maya Chen", idempotencyKey: key() });
    const [intentRequest] = stripeMock.requestsTo("POST", /^\/payment_intents$/);
    expect(intentRequest!.body).toMatchObject({ amount: "19800", currency: "usd", "metadata[orderId]": started.orderId });
    const intent = stripeMock.store.paymentIntents.get(started.clientSecret.split("_secret_")[0]!)!;
    const succeeded = { ...intent, status: "succeeded", amount_received: 19800 };
    await deliver(t, "payment_intent.succeeded", succeeded);
    await deliver(t, "payment_intent.succeeded", succeeded, { id: "evt_a_second_copy" });
    const ledger = await t.run((ctx) => ctx.db.query("timeLedger").collect());
    expect(ledger.map((entry) => [entry.kind, entry.minutes])).toEqual([["purchase", 180]]);
    expect(await maya.as.query(api.billing.order, { orderId: started.orderId })).toMatchObject({ status: "paid", amount: 19800 });
    // The payment history says how many were bought, not only what.
    const overview = await maya.as.query(api.billing.overview, {});
    expect(overview.payments).toEqual([expect.objectContaining({ amount: 19800, description: "Focus Hour x 2" })]);
  });

  it("refuses unknown products, unavailable ones and quantities over the maximum, with the SPEC texts", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const product = await timeProduct(t, { maxQuantity: 2 });
    const off = await timeProduct(t, { isAvailable: false });
    const start = (lines: { productId: string; quantity: number }[], n: number) =>
      maya.as.action(api.billing.startCartCheckout, { lines, cardholderName: "Maya", idempotencyKey: key(n) });
    await expect(start([{ productId: product, quantity: 3 }], 1)).rejects.toMatchObject({ data: { message: "Maximum quantity for Focus Hour is 2" } });
    await expect(start([{ productId: product, quantity: 1 }, { productId: product, quantity: 2 }], 2)).rejects.toMatchObject({ data: { code: "QUANTITY_NOT_ALLOWED" } });
    await expect(start([{ productId: off, quantity: 1 }], 3)).rejects.toMatchObject({ data: { message: "Focus Hour is currently unavailable" } });
    await expect(start([{ productId: "not-a-product", quantity: 1 }], 4)).rejects.toMatchObject({ data: { code: "PRODUCT_NOT_FOUND" } });
    await expect(start([{ productId: product, quantity: 0.5 }], 5)).rejects.toMatchObject({ data: { code: "QUANTITY_NOT_ALLOWED" } });
    await expect(start([], 6)).rejects.toMatchObject({ data: { code: "CART_EMPTY" } });
    expect(await t.run((ctx) => ctx.db.query("orders").collect())).toEqual([]);
    expect(stripeMock.requestsTo("POST", /^\/payment_intents/)).toEqual([]);
  });

  it("marks the order failed with the SPEC code when Stripe reports a declined card", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const product = await timeProduct(t);
    const started = await maya.as.action(api.billing.startCartCheckout, { lines: [{ productId: product, quantity: 1 }], cardholderName: "Maya", idempotencyKey: key() });
    const intent = stripeMock.store.paymentIntents.get(started.clientSecret.split("_secret_")[0]!)!;
    await deliver(t, "payment_intent.payment_failed", { ...intent, last_payment_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." } });
    const order = await maya.as.query(api.billing.order, { orderId: started.orderId });
    expect(order).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    expect(PAYMENT_MESSAGES[order!.failureCode!]).toBe("There are insufficient funds on your card. Please try a different payment method.");
    expect(await t.run((ctx) => ctx.db.query("timeLedger").collect())).toEqual([]);
  });
});

describe("a time package with a session picked at checkout", () => {
  const everyHour = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
  const tomorrowNoon = () => {
    const now = new Date();
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12);
  };

  async function paidWithSchedule(
    t: T,
    beforePaying: (slot: { coachId: Id<"users">; startsAt: number }) => Promise<unknown> = async () => {},
  ) {
    const maya = await member(t);
    const coach = await signedIn(t, "coach", { firstName: "Cora" });
    await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyHour, exceptions: [] });
    const product = await timeProduct(t);
    const schedule = { coachId: coach.id, startsAt: tomorrowNoon() };
    const started = await maya.as.action(api.billing.startCartCheckout, {
      lines: [{ productId: product, quantity: 1 }],
      cardholderName: "Maya Chen",
      idempotencyKey: key(),
      schedule,
    });
    await beforePaying(schedule);
    const intent = stripeMock.store.paymentIntents.get(started.clientSecret.split("_secret_")[0]!)!;
    const succeeded = { ...intent, status: "succeeded", amount_received: intent.amount };
    await deliver(t, "payment_intent.succeeded", succeeded);
    await deliver(t, "payment_intent.succeeded", succeeded, { id: "evt_the_same_payment_again" });
    return { maya, schedule, order: await maya.as.query(api.billing.order, { orderId: started.orderId }) };
  }

  it("books the picked time once the minutes are paid, once even when the event comes twice", async () => {
    const t = newConvexTest();
    const { maya, schedule, order } = await paidWithSchedule(t);
    expect(order).toMatchObject({ status: "paid" });
    expect(typeof order!.scheduledSessionId).toBe("string");
    expect(order!.scheduleProblem).toBeUndefined();
    const sessions = await t.run((ctx) => ctx.db.query("sessions").collect());
    expect(sessions).toEqual([
      expect.objectContaining({
        _id: order!.scheduledSessionId,
        memberId: maya.id,
        coachId: schedule.coachId,
        startsAt: schedule.startsAt,
        durationMinutes: 60,
      }),
    ]);
    const ledger = await t.run((ctx) => ctx.db.query("timeLedger").collect());
    expect(ledger.map((entry) => [entry.kind, entry.minutes])).toEqual([
      ["purchase", 60],
      ["booking_debit", -60],
    ]);
  });

  it("keeps the payment and the minutes when the time was taken while paying, and says why", async () => {
    const t = newConvexTest();
    const { maya, order } = await paidWithSchedule(t, async ({ coachId, startsAt }) => {
      const theo = await signedIn(t, "client");
      await t.mutation(internal.timeBalance.creditPurchase, { userId: theo.id, minutes: 60, note: "Package" });
      await theo.as.mutation(api.bookings.book, { coachId, startsAt, durationMinutes: 60 });
    });
    expect(order).toMatchObject({ status: "paid", scheduleProblem: ERROR_MESSAGES.SLOT_UNAVAILABLE });
    expect(order!.scheduledSessionId).toBeUndefined();
    const mine = await t.run((ctx) =>
      ctx.db
        .query("sessions")
        .withIndex("by_member_status_and_start", (q) => q.eq("memberId", maya.id))
        .collect(),
    );
    expect(mine).toEqual([]);
    expect((await storedAndDerivedBalance(t, maya.id)).stored.remainingMinutes).toBe(60);
  });
});

describe("members stay apart", () => {
  it("shows an order only to its owner", async () => {
    const t = newConvexTest();
    const maya = await member(t);
    const theo = await signedIn(t, "client");
    const product = await timeProduct(t);
    const started = await maya.as.action(api.billing.startCartCheckout, { lines: [{ productId: product, quantity: 1 }], cardholderName: "Maya", idempotencyKey: key() });
    expect(await theo.as.query(api.billing.order, { orderId: started.orderId })).toBeNull();
    expect(await theo.as.query(api.billing.order, { orderId: "nonsense" })).toBeNull();
  });
});

describe("prices at Stripe", () => {
  it("creates the missing catalogue prices once and reports ones that differ", async () => {
    stripeMock.reset({ withPrices: false });
    const t = newConvexTest();
    const first = await t.action(internal.billing.ensurePrices, {});
    expect(first.created).toHaveLength(8);
    const again = await t.action(internal.billing.ensurePrices, {});
    expect(again).toEqual({ created: [], mismatched: [] });
    const prices = [...stripeMock.store.prices.values()].map((p) => [p.lookup_key, p.unit_amount]);
    expect(prices).toContainEqual(["lwcc_mastery_quarterly", 121700]);
    expect(prices).toContainEqual(["lwcc_premium_yearly", 19000]);
  });
});
