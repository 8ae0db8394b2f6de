import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanupsAfterEach, eventually } from "../test/helpers";
import { confirmInBrowser, startHarness, type Harness } from "./test-support";

const cleanups = cleanupsAfterEach();
afterEach(() => void vi.useRealTimers());

async function harness(options: { dataDir?: string } = {}) {
  const h = await startHarness(options);
  cleanups.push(() => h.close());
  return h;
}

/** A customer on a new monthly subscription, not yet paid: what the app's checkout starts from. */
async function checkout(h: Harness, amount = 2000, lookupKey = `monthly_${amount}`) {
  const { stripe } = h;
  const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { userId: "u1" } });
  const product = await stripe.products.create({ name: "Coaching", metadata: { plan: "coaching" } });
  const price = await stripe.prices.create({ product: product.id, unit_amount: amount, currency: "usd", recurring: { interval: "month" }, lookup_key: lookupKey });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    metadata: { userId: "u1" },
    expand: ["latest_invoice.confirmation_secret"],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  return { customer, product, price, subscription, invoice, clientSecret: invoice.confirmation_secret!.client_secret };
}

async function subscribed(h: Harness, card = "4242424242424242", amount = 2000) {
  const started = await checkout(h, amount);
  const response = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, started.clientSecret, card);
  expect(response.status).toBe(200);
  return started;
}

/** For `eventually`, which polls an async read: a read of what the test already holds. */
const sync = <T>(read: () => T) => () => Promise.resolve(read());

const settled = (h: Harness, count: number) => eventually(sync(() => h.taken()), (types) => types.length >= count);

describe("Stripe stand-in", () => {
  it("takes a subscription from incomplete to active through the browser's card confirmation, with events in order", async () => {
    const h = await harness();
    const { customer, price, subscription, invoice, clientSecret } = await checkout(h);

    const prices = await h.stripe.prices.list({ lookup_keys: [price.lookup_key!], active: true });
    expect(prices).toMatchObject({ object: "list", has_more: false, url: "/v1/prices" });
    expect(prices.data.map((p) => p.id)).toEqual([price.id]);

    expect(subscription).toMatchObject({ object: "subscription", status: "incomplete", customer: customer.id, livemode: false, metadata: { userId: "u1" } });
    expect(subscription.id).toMatch(/^sub_/);
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item.price.id).toBe(price.id);
    expect(item.quantity).toBe(1);
    expect(new Date(item.current_period_end * 1000).getUTCMonth()).toBe((new Date(item.current_period_start * 1000).getUTCMonth() + 1) % 12);
    expect(invoice).toMatchObject({
      object: "invoice",
      status: "open",
      amount_due: 2000,
      amount_paid: 0,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { userId: "u1" } } },
      confirmation_secret: { type: "payment_intent" },
    });
    expect(invoice.lines.data[0]).toMatchObject({ amount: 2000, period: { start: item.current_period_start, end: item.current_period_end } });
    expect(clientSecret).toMatch(/^pi_.+_secret_.+/);

    // Without expand, latest_invoice is an id and the invoice carries no confirmation secret.
    const plain = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(plain.latest_invoice).toBe(invoice.id);
    const retrievedInvoice = await h.stripe.invoices.retrieve(invoice.id);
    expect(retrievedInvoice.confirmation_secret).toBeUndefined();

    const response = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, clientSecret, "4242 4242 4242 4242");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const pi = (await response.json()) as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ status: "succeeded", amount: 2000, amount_received: 2000 });
    expect(pi.payment_method).toMatch(/^pm_/);

    const active = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(active.status).toBe("active");
    expect(active.default_payment_method).toBe(pi.payment_method);
    expect(active.latest_invoice).toMatchObject({ status: "paid", amount_paid: 2000 });
    const pm = await h.stripe.paymentMethods.retrieve(pi.payment_method as string);
    expect(pm.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12 });
    expect(JSON.stringify(pm)).not.toContain("4242424242424242");

    const types = await settled(h, 9);
    expect(types).toEqual([
      "customer.created",
      "customer.subscription.created",
      "invoice.created",
      "invoice.finalized",
      "payment_intent.created",
      "payment_intent.succeeded",
      "invoice.paid",
      "invoice.payment_succeeded",
      "customer.subscription.updated",
    ]);
    const updated = h.deliveries.at(-1)!.event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.status).toBe("active");
    expect(updated.data.previous_attributes).toMatchObject({ status: "incomplete" });
    expect(updated).toMatchObject({ object: "event", api_version: "2026-10-28.endive", livemode: false, pending_webhooks: 1 });
    expect(updated.request?.id).toMatch(/^req_/);
    // Each event's object is a snapshot: the creation event still shows the subscription incomplete.
    expect((h.deliveries[1]!.event.data.object as Stripe.Subscription).status).toBe("incomplete");
    expect(h.badSignatures).toEqual([]);
  });

  it.each([
    ["4000000000000002", "card_declined", "generic_decline", "Your card was declined."],
    ["4000000000009995", "card_declined", "insufficient_funds", "Your card has insufficient funds."],
    ["4000000000000069", "expired_card", "expired_card", "Your card has expired."],
    ["4000000000000119", "processing_error", "processing_error", "An error occurred while processing your card. Try again in a little bit."],
    ["4111111111111111", "card_declined", "live_mode_test_card", "Your card was declined. Your request was in test mode"],
  ])("declines %s with %s / %s, emits the failure, and lets the payment be retried", async (number, code, declineCode, message) => {
    const h = await harness();
    const { subscription, clientSecret } = await checkout(h);
    const response = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, clientSecret, number);
    expect(response.status).toBe(402);
    const { error } = (await response.json()) as { error: Record<string, unknown> & { payment_intent: Stripe.PaymentIntent } };
    expect(error).toMatchObject({ type: "card_error", code, decline_code: declineCode });
    expect(error.message).toContain(message);
    expect(error.payment_intent.status).toBe("requires_payment_method");
    expect(error.payment_intent.last_payment_error).toMatchObject({ type: "card_error", code, decline_code: declineCode });

    await eventually(sync(() => h.taken()), (types) => types.includes("invoice.payment_failed"));
    expect(h.taken().slice(-2)).toEqual(["payment_intent.payment_failed", "invoice.payment_failed"]);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");

    const retry = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, clientSecret, "4242424242424242");
    expect(retry.status).toBe(200);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("refuses a malformed card number without touching the payment", async () => {
    const h = await harness();
    const { clientSecret } = await checkout(h);
    const response = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, clientSecret, "4242424242424241");
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." } });
    const pi = await h.stripe.paymentIntents.retrieve(clientSecret.split("_secret_")[0]!);
    expect(pi.last_payment_error).toBeNull();
  });

  it("answers a repeated idempotency key with the stored answer and makes nothing twice", async () => {
    const h = await harness();
    const first = await h.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
    const again = await h.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
    const other = await h.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-2" });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    await expect(h.stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "key-1" })).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    await settled(h, 2);
    expect(h.taken()).toEqual(["customer.created", "customer.created"]);
    expect(h.deliveries[0]!.event.request).toEqual({ id: first.lastResponse.requestId, idempotency_key: "key-1" });
  });

  it("refuses bad keys, the publishable key on secret endpoints, and a wrong client secret", async () => {
    const h = await harness();
    const port = Number(new URL(h.apiUrl).port);
    const config = { host: "127.0.0.1", port, protocol: "http" as const, httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 };
    const bad = new Stripe("sk_test_local_wrong", config);
    await expect(bad.customers.create({})).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
    const publishable = new Stripe(h.standIn.publishableKey, config);
    await expect(publishable.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(h.stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404, code: "resource_missing" });
    await expect(h.stripe.subscriptions.create({ customer: "" })).rejects.toMatchObject({ statusCode: 400, code: "parameter_missing", param: "customer" });

    const { clientSecret } = await checkout(h);
    const wrong = await confirmInBrowser(h.apiUrl, h.standIn.publishableKey, `${clientSecret.split("_secret_")[0]}_secret_forged`, "4242424242424242");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { type: "invalid_request_error", param: "client_secret" } });
    const preflight = await fetch(`${h.apiUrl}/v1/payment_intents/pi_x/confirm`, { method: "OPTIONS", headers: { origin: "http://127.0.0.1:4173", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    // The publishable key reads a PaymentIntent only with its client secret.
    const id = clientSecret.split("_secret_")[0]!;
    const read = (secret: string) => fetch(`${h.apiUrl}/v1/payment_intents/${id}?client_secret=${secret}`, { headers: { authorization: `Bearer ${h.standIn.publishableKey}` } });
    expect((await read(clientSecret)).status).toBe(200);
    expect((await read("nope")).status).toBe(400);
  });

  it("charges the prorated difference at once on an upgrade, and keeps a downgrade's credit for the next invoice", async () => {
    const start = Date.UTC(2026, 0, 1);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const h = await harness();
    const { subscription, product } = await subscribed(h, "4242424242424242", 1000);
    const item = subscription.items.data[0]!;
    const period = item.current_period_end - item.current_period_start;
    const bigger = await h.stripe.prices.create({ product: product.id, unit_amount: 3000, currency: "usd", recurring: { interval: "month" }, lookup_key: "big" });

    vi.setSystemTime(start + (period * 1000) / 2);
    const upgraded = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: bigger.id }],
      proration_behavior: "always_invoice",
      expand: ["latest_invoice"],
    });
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    // Half a month: 1500 of the new price charged, 500 of the old one credited.
    expect(invoice.lines.data.map((line) => line.amount).sort((a, b) => a - b)).toEqual([-500, 1500]);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", total: 1000, amount_due: 1000, amount_paid: 1000, status: "paid" });
    expect(upgraded.items.data[0]!.price.id).toBe(bigger.id);
    expect(upgraded.items.data[0]!.current_period_end).toBe(item.current_period_end);

    await eventually(sync(() => h.taken()), (types) => types.filter((t) => t === "invoice.paid").length === 2);
    const update = h.deliveries.map((d) => d.event).find((e) => e.type === "customer.subscription.updated" && e.data.previous_attributes && "items" in e.data.previous_attributes);
    expect(update).toBeDefined();

    // Back down at three quarters of the period: 750 credited, 250 charged, so 500 stays as credit.
    vi.setSystemTime(start + (period * 1000 * 3) / 4);
    const downgraded = await h.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: subscription.items.data[0]!.price.id }], proration_behavior: "always_invoice" });
    expect((await h.stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer).toMatchObject({ balance: -500 });

    vi.setSystemTime(item.current_period_end * 1000 + 1000);
    await h.standIn.sweep();
    const renewed = await h.stripe.subscriptions.retrieve(downgraded.id, { expand: ["latest_invoice"] });
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: "subscription_cycle", total: 1000, starting_balance: -500, amount_due: 500, amount_paid: 500, status: "paid" });
    expect(((await h.stripe.customers.retrieve(subscription.customer as string)) as Stripe.Customer).balance).toBe(0);
  });

  it("ends a subscription set to cancel at the period end once the period is over", async () => {
    const h = await harness();
    const { subscription } = await subscribed(h);
    const cancelling = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });

    await h.standIn.sweep(Date.now());
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    await h.standIn.sweep(subscription.items.data[0]!.current_period_end * 1000 + 1);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: subscription.items.data[0]!.current_period_end });
    const types = await eventually(sync(() => h.taken()), (t) => t.includes("customer.subscription.deleted"));
    expect(types.at(-1)).toBe("customer.subscription.deleted");
  });

  it("cancels at once on DELETE", async () => {
    const h = await harness();
    const { subscription } = await subscribed(h);
    const canceled = await h.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect(canceled.ended_at).toBeTypeOf("number");
    expect(canceled.canceled_at).toBeTypeOf("number");
    await eventually(sync(() => h.taken()), (t) => t.at(-1) === "customer.subscription.deleted");
  });

  it("renews with the saved card, and goes past_due when the saved card declines", async () => {
    const h = await harness();
    const good = await subscribed(h, "4242424242424242", 2000);
    const bad = await subscribed(h, "4000000000000341", 2100);
    const end = good.subscription.items.data[0]!.current_period_end;
    await h.standIn.sweep(end * 1000 + 1000);

    const renewed = await h.stripe.subscriptions.retrieve(good.subscription.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]!.current_period_start).toBe(end);
    expect(renewed.latest_invoice).toMatchObject({ status: "paid", billing_reason: "subscription_cycle", period_start: end });

    const pastDue = await h.stripe.subscriptions.retrieve(bad.subscription.id, { expand: ["latest_invoice"] });
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.latest_invoice).toMatchObject({ status: "open", attempt_count: 1 });
    // Stripe does not promise the order of events, and the delivery loop sends them one by one: wait for both.
    const isPastDue = (e: Stripe.Event) => e.type === "customer.subscription.updated" && (e.data.object).status === "past_due";
    const events = await eventually(sync(() => h.deliveries.map((d) => d.event)),
      (list) => list.some((e) => e.type === "invoice.payment_failed" && (e.data.object).billing_reason === "subscription_cycle") && list.some(isPastDue),
    );
    const statusChange = events.find(isPastDue);
    expect(statusChange?.data.previous_attributes).toMatchObject({ status: "active" });
  });

  it("expires a subscription whose first invoice is still unpaid after 23 hours", async () => {
    const h = await harness();
    const { subscription, invoice } = await checkout(h);
    await h.standIn.sweep(Date.now() + 22 * 60 * 60 * 1000);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    await h.standIn.sweep(Date.now() + 23 * 60 * 60 * 1000 + 1000);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete_expired");
    expect((await h.stripe.invoices.retrieve(invoice.id)).status).toBe("void");
    const types = await eventually(sync(() => h.taken()), (t) => t.at(-1) === "customer.subscription.updated");
    expect(types.slice(-3)).toEqual(["payment_intent.canceled", "invoice.voided", "customer.subscription.updated"]);
  });

  it("retries a failed delivery with backoff and delivers each event once it is taken", async () => {
    const h = await harness();
    let failures = 2;
    h.respond = () => (failures-- > 0 ? 500 : 200);
    const customer = await h.stripe.customers.create({ email: "retry@example.com" });
    await h.stripe.customers.update(customer.id, { name: "Retry" });
    await settled(h, 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ["customer.created", 500],
      ["customer.created", 500],
      ["customer.created", 200],
      ["customer.updated", 200],
    ]);
    expect(new Set(h.deliveries.slice(0, 3).map((d) => d.event.id)).size).toBe(1);
  });

  it("drops an event after its last attempt and goes on with the next", async () => {
    const h = await harness();
    h.respond = () => 500;
    const customer = await h.stripe.customers.create({ email: "drop@example.com" });
    await eventually(sync(() => h.logs), (logs) => logs.some((line) => line.includes("dropped customer.created")), 10_000);
    h.respond = null;
    await h.stripe.customers.update(customer.id, { name: "Next" });
    await eventually(sync(() => h.taken()), (types) => types.includes("customer.updated"));
    expect(h.deliveries.filter((d) => d.event.type === "customer.created")).toHaveLength(8);
  });

  it("keeps keys and state across a restart, with the keys file readable by the owner only", async () => {
    const dataDir = cleanups.dataDir("lwcc-stripe-");
    const first = await startHarness({ dataDir });
    const { subscription } = await subscribed(first);
    await settled(first, 9);
    const keys = { secret: first.standIn.secretKey, publishable: first.standIn.publishableKey, webhook: first.standIn.webhookSecret };
    await first.close();
    expect(statSync(path.join(dataDir, "stripe", "keys.json")).mode & 0o777).toBe(0o600);
    expect(keys.secret).toMatch(/^sk_test_local_/);
    expect(keys.publishable).toMatch(/^pk_test_local_/);
    expect(keys.webhook).toMatch(/^whsec_/);

    const second = await harness({ dataDir });
    expect({ secret: second.standIn.secretKey, publishable: second.standIn.publishableKey, webhook: second.standIn.webhookSecret }).toEqual(keys);
    const restored = await second.stripe.subscriptions.retrieve(subscription.id);
    expect(restored.status).toBe("active");
    await second.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await eventually(sync(() => second.taken()), (types) => types.includes("customer.subscription.updated"));
  });

  it("resumes undelivered events after a restart", async () => {
    const dataDir = cleanups.dataDir("lwcc-stripe-");
    const first = await startHarness({ dataDir });
    first.respond = () => 503;
    await first.stripe.customers.create({ email: "later@example.com" });
    await eventually(sync(() => first.deliveries.length), (count) => count >= 1);
    await first.close();

    const second = await harness({ dataDir });
    await eventually(sync(() => second.taken()), (types) => types.includes("customer.created"));
  });

  it("serves a billing portal that cancels at the period end, keeps the plan again, and expires after an hour", async () => {
    const h = await harness();
    const { customer, subscription } = await subscribed(h);
    const session = await h.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://127.0.0.1:4173/billing" });
    expect(session).toMatchObject({ object: "billing_portal.session", customer: customer.id, return_url: "http://127.0.0.1:4173/billing" });
    expect(session.id).toMatch(/^bps_/);
    expect(session.url).toBe(`${h.apiUrl}/_stripe/portal/${session.id}`);

    const html = await (await fetch(session.url)).text();
    expect(html).toContain("<title>Billing portal (test mode)</title>");
    expect(html).toContain("monthly_2000");
    expect(html).toContain("$20.00");
    expect(html).toContain("visa ending in 4242");
    expect(html).toContain("Renews on");
    expect(html).toContain('<a href="http://127.0.0.1:4173/billing">Return to LWCC</a>');

    const post = (action: string) =>
      fetch(session.url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ subscription: subscription.id, action }) });
    expect((await post("cancel")).status).toBe(303);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    const page = await (await fetch(session.url)).text();
    expect(page).toContain("Keep plan");
    expect(page).toContain("Ends on");
    const types = await eventually(sync(() => h.deliveries.map((d) => d.event)), (events) => events.some((e) => e.type === "customer.subscription.updated" && (e.data.object).cancel_at_period_end));
    expect(types.at(-1)!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    await post("keep");
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });
    expect((await fetch(session.url)).status).toBe(404);
  });

  it("serves the billing portal with the web app's security headers and a policy that allows only its own style", async () => {
    const h = await harness();
    const { customer } = await subscribed(h);
    const session = await h.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://127.0.0.1:4173/billing" });
    const response = await fetch(session.url);
    const html = await response.text();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(html).not.toMatch(/<script|\sstyle=/);
  });
});
