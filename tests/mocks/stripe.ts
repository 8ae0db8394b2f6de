import { http, HttpResponse } from "msw";
import type Stripe from "stripe";
import { PLAN_PRICES } from "../../convex/model/billing";

/**
 * Stripe's REST API (https://api.stripe.com/v1) for the calls the app makes, in Stripe's documented
 * shapes: form-encoded requests with a Bearer secret key, objects with `object` and `id` prefixes,
 * lists as `{ object: "list", data, has_more, url }`, errors as `{ error: { type, code, message } }`,
 * and `Idempotency-Key` honoured (the same key returns the same object). The account starts with
 * the catalogue's prices, as after `billing:ensurePrices`; `stripeMock` lets a test look inside.
 */
export const STRIPE_API = "https://api.stripe.com/v1";

interface Store {
  customers: Map<string, Stripe.Customer>;
  products: Map<string, Stripe.Product>;
  prices: Map<string, Stripe.Price>;
  subscriptions: Map<string, Stripe.Subscription>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  idempotent: Map<string, unknown>;
  /** Every request the app made, for assertions: method, path, form body and idempotency key. */
  requests: { method: string; path: string; body: Record<string, string>; idempotencyKey: string | null }[];
}

let sequence = 0;
const id = (prefix: string) => `${prefix}_${(++sequence).toString(36).padStart(14, "0")}`;
const now = () => Math.floor(Date.now() / 1000);

function emptyStore(): Store {
  return { customers: new Map(), products: new Map(), prices: new Map(), subscriptions: new Map(), paymentIntents: new Map(), idempotent: new Map(), requests: [] };
}

let store = emptyStore();

function catalogue(productId: string) {
  for (const plan of PLAN_PRICES) {
    const price = {
      id: id("price"),
      object: "price",
      active: true,
      currency: "usd",
      unit_amount: plan.amount,
      lookup_key: plan.lookupKey,
      nickname: plan.name,
      product: productId,
      recurring: { interval: plan.interval, interval_count: plan.intervalCount, usage_type: "licensed" },
      type: "recurring",
      metadata: {},
      created: now(),
      livemode: false,
    } as unknown as Stripe.Price;
    store.prices.set(price.id, price);
  }
}

export const stripeMock = {
  /** A fresh account; `withPrices: false` for one where ensurePrices has not run yet. */
  reset({ withPrices = true }: { withPrices?: boolean } = {}) {
    store = emptyStore();
    if (withPrices) catalogue("prod_catalogue");
  },
  get store() {
    return store;
  },
  requestsTo(method: string, path: RegExp) {
    return store.requests.filter((r) => r.method === method && path.test(r.path));
  },
};
stripeMock.reset();

const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ error: { type, message, ...extra } }, { status });

/** Parses Stripe's bracketed form encoding (`items[0][price]`, `metadata[userId]`) into nested values. */
function nested(form: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

type Handler = (args: { body: Record<string, unknown>; params: Record<string, string>; url: URL }) => Response | Promise<Response>;

function route(method: "get" | "post" | "delete", path: string, handle: Handler) {
  return http[method](`${STRIPE_API}${path}`, async ({ request, params }) => {
    if (!request.headers.get("authorization")?.startsWith("Bearer sk_")) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    }
    const text = method === "get" ? "" : await request.text();
    const form = Object.fromEntries(new URLSearchParams(text));
    const url = new URL(request.url);
    const key = request.headers.get("idempotency-key");
    store.requests.push({ method: method.toUpperCase(), path: url.pathname.replace(/^\/v1/, ""), body: form, idempotencyKey: key });
    const remembered = key ? store.idempotent.get(`${url.pathname}|${key}`) : undefined;
    if (remembered) return HttpResponse.json(remembered);
    const response = await handle({ body: nested(form), params: params as Record<string, string>, url });
    if (key && response.ok) store.idempotent.set(`${url.pathname}|${key}`, await response.clone().json());
    return response;
  });
}

function list<T>(url: URL, data: T[]) {
  return HttpResponse.json({ object: "list", data, has_more: false, url: url.pathname });
}

function subscriptionPeriodEnd(price: Stripe.Price, start: number) {
  const date = new Date(start * 1000);
  const count = price.recurring?.interval_count ?? 1;
  if (price.recurring?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

function newIntent(amount: number, customer: string, metadata: Record<string, string>): Stripe.PaymentIntent {
  const intentId = id("pi");
  const intent = {
    id: intentId,
    object: "payment_intent",
    amount,
    amount_received: 0,
    currency: "usd",
    customer,
    client_secret: `${intentId}_secret_${id("s")}`,
    status: "requires_payment_method",
    metadata,
    created: now(),
    livemode: false,
    last_payment_error: null,
  } as unknown as Stripe.PaymentIntent;
  store.paymentIntents.set(intentId, intent);
  return intent;
}

export const stripeHandlers = [
  route("post", "/customers", ({ body }) => {
    const customer = { id: id("cus"), object: "customer", email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: now(), livemode: false } as Stripe.Customer;
    store.customers.set(customer.id, customer);
    return HttpResponse.json(customer);
  }),
  route("post", "/products", ({ body }) => {
    const product = { id: id("prod"), object: "product", name: body.name, active: true, metadata: body.metadata ?? {}, created: now(), livemode: false } as Stripe.Product;
    store.products.set(product.id, product);
    return HttpResponse.json(product);
  }),
  route("post", "/prices", ({ body }) => {
    const recurring = body.recurring as { interval: string; interval_count?: string } | undefined;
    const price = {
      id: id("price"),
      object: "price",
      active: true,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      lookup_key: body.lookup_key ?? null,
      nickname: body.nickname ?? null,
      product: body.product,
      recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1), usage_type: "licensed" } : null,
      type: recurring ? "recurring" : "one_time",
      metadata: body.metadata ?? {},
      created: now(),
      livemode: false,
    } as unknown as Stripe.Price;
    store.prices.set(price.id, price);
    return HttpResponse.json(price);
  }),
  route("get", "/prices", ({ url }) => {
    const keys = [...url.searchParams.entries()].filter(([name]) => name.startsWith("lookup_keys")).map(([, value]) => value);
    return list(url, [...store.prices.values()].filter((price) => price.active && (keys.length === 0 || keys.includes(price.lookup_key ?? ""))));
  }),
  route("post", "/subscriptions", ({ body }) => {
    const items = body.items as Record<string, { price: string }>;
    const price = store.prices.get(items["0"]!.price);
    if (!price) return stripeError(400, "invalid_request_error", `No such price: '${items["0"]!.price}'`, { code: "resource_missing", param: "items[0][price]" });
    const start = now();
    const subscriptionId = id("sub");
    const intent = newIntent(price.unit_amount ?? 0, String(body.customer), {});
    const invoice = {
      id: id("in"),
      object: "invoice",
      amount_due: price.unit_amount,
      amount_paid: 0,
      currency: "usd",
      status: "open",
      customer: body.customer,
      confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" },
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: body.metadata ?? {} } },
    } as unknown as Stripe.Invoice;
    const subscription = {
      id: subscriptionId,
      object: "subscription",
      customer: body.customer,
      status: "incomplete",
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      metadata: body.metadata ?? {},
      created: start,
      livemode: false,
      items: { object: "list", data: [{ id: id("si"), object: "subscription_item", price, quantity: 1, current_period_start: start, current_period_end: subscriptionPeriodEnd(price, start) }] },
      latest_invoice: invoice.id,
    } as unknown as Stripe.Subscription;
    store.subscriptions.set(subscription.id, subscription);
    const expand = Object.values((body.expand as Record<string, string> | undefined) ?? {});
    return HttpResponse.json(expand.includes("latest_invoice.confirmation_secret") ? { ...subscription, latest_invoice: invoice } : subscription);
  }),
  route("post", "/subscriptions/:id", ({ body, params }) => {
    const subscription = store.subscriptions.get(params.id!);
    if (!subscription) return stripeError(404, "invalid_request_error", `No such subscription: '${params.id}'`, { code: "resource_missing" });
    const items = body.items as Record<string, { id?: string; price?: string }> | undefined;
    const newPrice = items?.["0"]?.price ? store.prices.get(items["0"].price) : undefined;
    if (items && !newPrice) return stripeError(400, "invalid_request_error", "No such price", { code: "resource_missing" });
    const updated = {
      ...subscription,
      ...(body.cancel_at_period_end !== undefined ? { cancel_at_period_end: body.cancel_at_period_end === "true" } : {}),
      metadata: { ...subscription.metadata, ...((body.metadata as Record<string, string> | undefined) ?? {}) },
      items: newPrice ? { ...subscription.items, data: [{ ...subscription.items.data[0]!, price: newPrice }] } : subscription.items,
    } as Stripe.Subscription;
    store.subscriptions.set(updated.id, updated);
    return HttpResponse.json(updated);
  }),
  route("post", "/payment_intents", ({ body }) => HttpResponse.json(newIntent(Number(body.amount), String(body.customer), (body.metadata as Record<string, string>) ?? {}))),
  route("post", "/billing_portal/sessions", ({ body }) => {
    if (!store.customers.has(String(body.customer))) return stripeError(400, "invalid_request_error", `No such customer: '${String(body.customer)}'`, { code: "resource_missing" });
    const sessionId = id("bps");
    return HttpResponse.json({ id: sessionId, object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.com/p/session/test_${sessionId}`, created: now(), livemode: false });
  }),
];
