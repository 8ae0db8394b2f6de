/**
 * Payments: checkout for a plan or a cart, plan changes, cancelling, the billing portal, and the
 * Stripe webhook's effects. Prices always come from the server (model/billing.ts); tiers and
 * credits change only from webhook events Stripe signed (model/orders.ts).
 */
import { ConvexError, v } from "convex/values";
import type Stripe from "stripe";
import { components, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { env, type ActionCtx, type QueryCtx } from "./_generated/server";
import { internalAction, internalMutation, internalQuery, memberAction, memberQuery } from "./functions";
import { paymentIntentIdFromSecret, stripeGateway, type StripeGateway } from "./integrations/stripe";
import {
  CHECKOUT_TIERS,
  CURRENCY,
  cyclesFor,
  findPlanPrice,
  isCheckoutTier,
  isEntitled,
  MAX_CART_LINES,
  PLAN_PRICES,
  priceCart,
  spendPerMonth,
  type CartLine,
  type CatalogueProduct,
  type PlanPrice,
  type PricedLine,
} from "./model/billing";
import { bounded, LIMITS } from "./model/bounds";
import { userError } from "./model/errors";
import { applyInvoicePaid, applyPaymentFailed, applyPaymentSucceeded, applySubscriptionSnapshot } from "./model/orders";
import { claimWebhookDelivery } from "./model/webhooks";
import { checkoutCycleValidator, checkoutTierValidator, orderLineValidator, paymentErrorCodeValidator, subscriptionStatusValidator } from "./schema";

const CARDHOLDER_MAX = 200;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

// ---------------------------------------------------------------- reading

const subscriptionView = v.object({
  tier: checkoutTierValidator,
  billingCycle: v.optional(checkoutCycleValidator),
  status: subscriptionStatusValidator,
  currentPeriodEnd: v.optional(v.number()),
  cancelAtPeriodEnd: v.boolean(),
  complementary: v.boolean(),
  amount: v.optional(v.number()),
});

function viewSubscription(row: Doc<"subscriptions">) {
  return {
    tier: row.tier,
    billingCycle: row.billingCycle,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    complementary: row.stripeSubscriptionId === undefined,
    amount: findPlanPrice(row.tier, row.billingCycle ?? "")?.amount,
  };
}

/** The member's plan in force: a paid Stripe one before a complimentary one, the newest first. */
async function currentSubscription(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, now: number) {
  const rows = await ctx.db
    .query("subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect();
  const inForce = rows.filter((row) => isEntitled(row, now)).sort((a, b) => Number(a.stripeSubscriptionId === undefined) - Number(b.stripeSubscriptionId === undefined) || b.updatedAt - a.updatedAt);
  return inForce[0] ?? null;
}

const paymentSetupValidator = v.union(
  v.null(),
  v.object({ mode: v.literal("stripe"), publishableKey: v.string() }),
  v.object({ mode: v.literal("local-gateway"), publishableKey: v.string(), apiUrl: v.string() }),
);

const planView = v.object({
  tier: checkoutTierValidator,
  cycle: checkoutCycleValidator,
  name: v.string(),
  amount: v.number(),
});

/** What the checkout page shows for a tier (SPEC §2: user, current tier, selected tier, upgrade flag, billing cycle). */
export const checkoutQuote = memberQuery({
  args: { tier: bounded.token(LIMITS.code) },
  returns: v.union(
    v.null(),
    v.object({
      tier: checkoutTierValidator,
      plans: v.array(planView),
      currentTier: v.string(),
      upgrade: v.boolean(),
      subscription: v.union(subscriptionView, v.null()),
      cardholderName: v.string(),
      payment: paymentSetupValidator,
    }),
  ),
  handler: async (ctx, { tier }) => {
    if (!isCheckoutTier(tier)) return null;
    const subscription = await currentSubscription(ctx, ctx.viewer._id, Date.now());
    return {
      tier,
      plans: cyclesFor(tier).map((cycle) => {
        const { name, amount } = findPlanPrice(tier, cycle)!;
        return { tier, cycle, name, amount };
      }),
      currentTier: ctx.viewer.tier,
      upgrade: subscription !== null && subscription.stripeSubscriptionId !== undefined,
      subscription: subscription ? viewSubscription(subscription) : null,
      ...paymentSetup(ctx.viewer),
    };
  },
});

/** What every checkout form needs: the cardholder name to prefill and how the card is taken. */
function paymentSetup(viewer: Doc<"users">) {
  return { cardholderName: `${viewer.firstName} ${viewer.lastName}`.trim(), payment: stripeGateway()?.client ?? null };
}

// Quantities below one and fractions are the cart's own refusal (priceCart), with its words.
const cartLinesValidator = bounded.array(
  v.object({ productId: bounded.token(LIMITS.id), quantity: bounded.number(0, LIMITS.quantity) }),
  MAX_CART_LINES,
);
const scheduleValidator = v.object({ coachId: bounded.token(LIMITS.id), startsAt: bounded.time() });

/** The cart's lines priced from our catalogue (SPEC §5: unknown, unavailable or too many refused). */
async function priceFromCatalogue(ctx: Pick<QueryCtx, "db">, lines: readonly CartLine[]) {
  const catalogue = new Map<string, CatalogueProduct>();
  for (const line of lines.slice(0, MAX_CART_LINES)) {
    const id = ctx.db.normalizeId("products", line.productId);
    const product = id ? await ctx.db.get("products", id) : null;
    if (product) catalogue.set(line.productId, product);
  }
  return priceCart(lines, catalogue);
}

const asOrderLine = (item: PricedLine) => ({ ...item, productId: item.productId as Id<"products">, type: item.type as Doc<"products">["type"] });

/**
 * The cart checkout's summary: each line at the price the server will charge, or the SPEC text of
 * what it refuses, so the member sees the refusal before typing a card. The client's prices are
 * never read.
 */
export const cartQuote = memberQuery({
  args: { lines: cartLinesValidator },
  returns: v.object({
    priced: v.union(v.object({ items: v.array(orderLineValidator), amount: v.number() }), v.object({ code: v.string(), message: v.string() })),
    cardholderName: v.string(),
    payment: paymentSetupValidator,
  }),
  handler: async (ctx, { lines }) => {
    const priced = await priceFromCatalogue(ctx, lines);
    return {
      priced: "code" in priced ? { code: priced.code, message: priced.message } : { items: priced.items.map(asOrderLine), amount: priced.amount },
      ...paymentSetup(ctx.viewer),
    };
  },
});

const orderView = v.object({
  _id: v.id("orders"),
  kind: v.union(v.literal("subscription"), v.literal("cart")),
  status: v.union(v.literal("pending"), v.literal("paid"), v.literal("failed")),
  tier: v.optional(checkoutTierValidator),
  billingCycle: v.optional(checkoutCycleValidator),
  items: v.array(orderLineValidator),
  amount: v.number(),
  currency: v.string(),
  failureCode: v.optional(paymentErrorCodeValidator),
  createdAt: v.number(),
  paidAt: v.optional(v.number()),
  schedule: v.optional(v.object({ coachId: v.id("users"), startsAt: v.number() })),
  scheduledSessionId: v.optional(v.id("sessions")),
  scheduleProblem: v.optional(v.string()),
  subscription: v.union(subscriptionView, v.null()),
});

/** One of the member's own orders, live: the checkout waits on it for Stripe's confirmation. */
export const order = memberQuery({
  args: { orderId: bounded.token(LIMITS.id) },
  returns: v.union(orderView, v.null()),
  handler: async (ctx, { orderId }) => {
    const id = ctx.db.normalizeId("orders", orderId);
    const row = id ? await ctx.db.get("orders", id) : null;
    if (!row || row.userId !== ctx.viewer._id) return null;
    const subscription = row.stripeSubscriptionId
      ? await ctx.db
          .query("subscriptions")
          .withIndex("by_stripe_subscription", (q) => q.eq("stripeSubscriptionId", row.stripeSubscriptionId))
          .unique()
      : null;
    return {
      _id: row._id,
      kind: row.kind,
      status: row.status,
      tier: row.tier,
      billingCycle: row.billingCycle,
      items: row.items,
      amount: row.amount,
      currency: row.currency,
      failureCode: row.failureCode,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      schedule: row.schedule,
      scheduledSessionId: row.scheduledSessionId,
      scheduleProblem: row.scheduleProblem,
      subscription: subscription ? viewSubscription(subscription) : null,
    };
  },
});

const PAYMENT_HISTORY_LIMIT = 50;

/** /dashboard/billing: the plan, the next billing date, payment history and spend per month. */
export const overview = memberQuery({
  args: {},
  returns: v.object({
    tier: v.string(),
    subscription: v.union(subscriptionView, v.null()),
    payments: v.array(v.object({ _id: v.id("payments"), amount: v.number(), currency: v.string(), description: v.string(), paidAt: v.number() })),
    spend: v.array(v.object({ month: v.string(), amount: v.number() })),
    portal: v.boolean(),
  }),
  handler: async (ctx) => {
    const now = Date.now();
    const subscription = await currentSubscription(ctx, ctx.viewer._id, now);
    const payments = await ctx.db
      .query("payments")
      .withIndex("by_user_and_paid", (q) => q.eq("userId", ctx.viewer._id))
      .order("desc")
      .take(PAYMENT_HISTORY_LIMIT);
    const yearAgo = now - 366 * 24 * 60 * 60 * 1000;
    const lastYear = await ctx.db
      .query("payments")
      .withIndex("by_user_and_paid", (q) => q.eq("userId", ctx.viewer._id).gte("paidAt", yearAgo))
      .collect();
    const customer = await ctx.runQuery(components.stripe.public.getCustomerByUserId, { userId: ctx.viewer._id });
    return {
      tier: ctx.viewer.tier,
      subscription: subscription ? viewSubscription(subscription) : null,
      payments: payments.map(({ _id, amount, currency, description, paidAt }) => ({ _id, amount, currency, description, paidAt })),
      spend: spendPerMonth(lastYear, now),
      portal: customer !== null,
    };
  },
});

// ---------------------------------------------------------------- starting a checkout

const checkoutStarted = v.object({ orderId: v.id("orders"), clientSecret: v.string() });
type CheckoutStarted = { orderId: Id<"orders">; clientSecret: string };
/** beginOrder's answer, spelled out: actions calling a function of their own file need the type written down. */
type Begun = { orderId: Id<"orders">; clientSecret?: string; amount: number };

const purchaseValidator = v.union(
  v.object({ kind: v.literal("subscription"), tier: bounded.token(LIMITS.code), billingCycle: bounded.token(LIMITS.code) }),
  v.object({ kind: v.literal("cart"), lines: cartLinesValidator }),
);

/** Checks and records a checkout attempt; the same idempotency key returns the same order. */
export const beginOrder = internalMutation({
  args: {
    userId: v.id("users"),
    idempotencyKey: bounded.token(),
    cardholderName: bounded.line(CARDHOLDER_MAX),
    purchase: purchaseValidator,
    schedule: v.optional(scheduleValidator),
  },
  returns: v.object({ orderId: v.id("orders"), clientSecret: v.optional(v.string()), amount: v.number() }),
  handler: async (ctx, args) => {
    if (!IDEMPOTENCY_KEY.test(args.idempotencyKey)) throw userError("INVALID_INPUT", { idempotencyKey: "Reload the page and try again." });
    const existing = await ctx.db
      .query("orders")
      .withIndex("by_user_and_key", (q) => q.eq("userId", args.userId).eq("idempotencyKey", args.idempotencyKey))
      .unique();
    if (existing) return { orderId: existing._id, clientSecret: existing.clientSecret, amount: existing.amount };

    const cardholderName = args.cardholderName.trim();
    if (!cardholderName || cardholderName.length > CARDHOLDER_MAX) throw userError("CARDHOLDER_REQUIRED", { cardholderName: "Please enter the cardholder name." });
    const now = Date.now();
    const base = { userId: args.userId, idempotencyKey: args.idempotencyKey, cardholderName, currency: CURRENCY, status: "pending" as const, createdAt: now };

    if (args.purchase.kind === "subscription") {
      const plan = findPlanPrice(args.purchase.tier, args.purchase.billingCycle);
      if (!plan) throw userError("PLAN_NOT_FOUND");
      const current = await currentSubscription(ctx, args.userId, now);
      if (current?.stripeSubscriptionId) throw userError(current.tier === plan.tier && current.billingCycle === plan.cycle ? "ALREADY_SUBSCRIBED" : "HAS_SUBSCRIPTION");
      const orderId = await ctx.db.insert("orders", { ...base, kind: "subscription", tier: plan.tier, billingCycle: plan.cycle, items: [], amount: plan.amount });
      return { orderId, amount: plan.amount };
    }

    const priced = await priceFromCatalogue(ctx, args.purchase.lines);
    if ("code" in priced) throw new ConvexError({ code: priced.code, message: priced.message });
    let schedule: Doc<"orders">["schedule"];
    if (args.schedule && priced.items.some((item) => item.minutes > 0)) {
      const coachId = ctx.db.normalizeId("users", args.schedule.coachId);
      const coach = coachId ? await ctx.db.get("users", coachId) : null;
      if (!coach || coach.role !== "coach" || args.schedule.startsAt <= now) throw userError("INVALID_INPUT", { schedule: "That session time isn't available any more. Pick another after paying." });
      schedule = { coachId: coach._id, startsAt: args.schedule.startsAt };
    }
    const orderId = await ctx.db.insert("orders", {
      ...base,
      kind: "cart",
      items: priced.items.map(asOrderLine),
      amount: priced.amount,
      ...(schedule ? { schedule } : {}),
    });
    return { orderId, amount: priced.amount };
  },
});

export const attachPayment = internalMutation({
  args: { orderId: v.id("orders"), clientSecret: v.string(), stripeSubscriptionId: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { orderId, clientSecret, stripeSubscriptionId }) => {
    await ctx.db.patch("orders", orderId, { clientSecret, stripePaymentIntentId: paymentIntentIdFromSecret(clientSecret), ...(stripeSubscriptionId ? { stripeSubscriptionId } : {}) });
    return null;
  },
});

function requireGateway(): StripeGateway {
  const gateway = stripeGateway();
  if (!gateway) throw userError("PAYMENTS_UNAVAILABLE");
  return gateway;
}

/** A Stripe failure the member cannot fix becomes one calm message; the details go to the logs. */
async function atStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ConvexError) throw error;
    console.error(`Stripe: ${what} failed:`, error);
    throw userError("PAYMENTS_UNAVAILABLE");
  }
}

/** The member's Stripe customer, made once and remembered in the Stripe component's customers table. */
async function ensureCustomer(ctx: ActionCtx, stripe: Stripe, viewer: Doc<"users">): Promise<string> {
  const known = await ctx.runQuery(components.stripe.public.getCustomerByUserId, { userId: viewer._id });
  if (known) return known.stripeCustomerId;
  const name = `${viewer.firstName} ${viewer.lastName}`.trim();
  const customer = await stripe.customers.create({ email: viewer.email, name, metadata: { userId: viewer._id } }, { idempotencyKey: `customer-${viewer._id}` });
  await ctx.runMutation(components.stripe.public.createOrUpdateCustomer, { stripeCustomerId: customer.id, email: viewer.email, name, metadata: { userId: viewer._id } });
  return customer.id;
}

/** The Stripe price for a plan, checked against our catalogue so a misconfigured price never charges. */
async function stripePrice(stripe: Stripe, plan: PlanPrice): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
  const price = data[0];
  const matches =
    price?.unit_amount === plan.amount &&
    price.currency === CURRENCY &&
    price.recurring?.interval === plan.interval &&
    price.recurring.interval_count === plan.intervalCount;
  if (!price || !matches) throw new Error(`Stripe price ${plan.lookupKey} is missing or differs from the catalogue; run billing:ensurePrices.`);
  return price;
}

/** Starts paying for a plan: an incomplete Stripe subscription whose first invoice the page confirms. */
export const startSubscriptionCheckout = memberAction({
  args: {
    tier: bounded.token(LIMITS.code),
    billingCycle: bounded.token(LIMITS.code),
    cardholderName: bounded.line(CARDHOLDER_MAX),
    idempotencyKey: bounded.token(),
  },
  returns: checkoutStarted,
  handler: async (ctx, args): Promise<CheckoutStarted> => {
    const gateway = requireGateway();
    const begun: Begun = await ctx.runMutation(internal.billing.beginOrder, {
      userId: ctx.viewer._id,
      idempotencyKey: args.idempotencyKey,
      cardholderName: args.cardholderName,
      purchase: { kind: "subscription", tier: args.tier, billingCycle: args.billingCycle },
    });
    if (begun.clientSecret) return { orderId: begun.orderId, clientSecret: begun.clientSecret };
    const plan = findPlanPrice(args.tier, args.billingCycle)!;
    return atStripe("starting a subscription", async () => {
      const customer = await ensureCustomer(ctx, gateway.stripe, ctx.viewer);
      const price = await stripePrice(gateway.stripe, plan);
      // The same key for the same order: a double submit gets the same subscription back from Stripe.
      const subscription = await gateway.stripe.subscriptions.create(
        {
          customer,
          items: [{ price: price.id }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { userId: ctx.viewer._id, orderId: begun.orderId, tier: plan.tier, billingCycle: plan.cycle },
        },
        { idempotencyKey: `order-${begun.orderId}` },
      );
      const clientSecret = (subscription.latest_invoice as Stripe.Invoice | null)?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new Error(`Subscription ${subscription.id} came back without a payment to confirm.`);
      await ctx.runMutation(internal.billing.attachPayment, { orderId: begun.orderId, clientSecret, stripeSubscriptionId: subscription.id });
      return { orderId: begun.orderId, clientSecret };
    });
  },
});

/** Starts paying for a cart: the server prices it from the catalogue; the page confirms the payment intent. */
export const startCartCheckout = memberAction({
  args: {
    lines: cartLinesValidator,
    cardholderName: bounded.line(CARDHOLDER_MAX),
    idempotencyKey: bounded.token(),
    schedule: v.optional(scheduleValidator),
  },
  returns: checkoutStarted,
  handler: async (ctx, args): Promise<CheckoutStarted> => {
    const gateway = requireGateway();
    const begun: Begun = await ctx.runMutation(internal.billing.beginOrder, {
      userId: ctx.viewer._id,
      idempotencyKey: args.idempotencyKey,
      cardholderName: args.cardholderName,
      purchase: { kind: "cart", lines: args.lines },
      ...(args.schedule ? { schedule: args.schedule } : {}),
    });
    if (begun.clientSecret) return { orderId: begun.orderId, clientSecret: begun.clientSecret };
    return atStripe("starting a payment", async () => {
      const customer = await ensureCustomer(ctx, gateway.stripe, ctx.viewer);
      const intent = await gateway.stripe.paymentIntents.create(
        {
          amount: begun.amount,
          currency: CURRENCY,
          customer,
          automatic_payment_methods: { enabled: true },
          metadata: { userId: ctx.viewer._id, orderId: begun.orderId },
        },
        { idempotencyKey: `order-${begun.orderId}` },
      );
      if (!intent.client_secret) throw new Error(`Payment intent ${intent.id} came back without a client secret.`);
      await ctx.runMutation(internal.billing.attachPayment, { orderId: begun.orderId, clientSecret: intent.client_secret });
      return { orderId: begun.orderId, clientSecret: intent.client_secret };
    });
  },
});

// ---------------------------------------------------------------- changing a plan

export const paidSubscription = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(v.null(), v.object({ stripeSubscriptionId: v.string(), stripeItemId: v.optional(v.string()), stripeCustomerId: v.optional(v.string()), tier: checkoutTierValidator, billingCycle: v.optional(checkoutCycleValidator) })),
  handler: async (ctx, { userId }) => {
    const row = await currentSubscription(ctx, userId, Date.now());
    if (!row?.stripeSubscriptionId) return null;
    return { stripeSubscriptionId: row.stripeSubscriptionId, stripeItemId: row.stripeItemId, stripeCustomerId: row.stripeCustomerId, tier: row.tier, billingCycle: row.billingCycle };
  },
});

async function requirePaidSubscription(ctx: ActionCtx, userId: Id<"users">) {
  const subscription = await ctx.runQuery(internal.billing.paidSubscription, { userId });
  if (!subscription) throw userError("NO_SUBSCRIPTION");
  return subscription;
}

/**
 * Moves the paid plan to another tier or cycle. Stripe prorates and charges or credits the
 * difference at once; the new tier arrives with its webhook event.
 */
export const changePlan = memberAction({
  args: { tier: bounded.token(LIMITS.code), billingCycle: bounded.token(LIMITS.code), idempotencyKey: bounded.token() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const gateway = requireGateway();
    const plan = findPlanPrice(args.tier, args.billingCycle);
    if (!plan) throw userError("PLAN_NOT_FOUND");
    if (!IDEMPOTENCY_KEY.test(args.idempotencyKey)) throw userError("INVALID_INPUT", { idempotencyKey: "Reload the page and try again." });
    const subscription = await requirePaidSubscription(ctx, ctx.viewer._id);
    if (subscription.tier === plan.tier && subscription.billingCycle === plan.cycle) throw userError("ALREADY_SUBSCRIBED");
    await atStripe("changing a plan", async () => {
      const price = await stripePrice(gateway.stripe, plan);
      await gateway.stripe.subscriptions.update(
        subscription.stripeSubscriptionId,
        {
          items: [{ id: subscription.stripeItemId, price: price.id }],
          proration_behavior: "always_invoice",
          cancel_at_period_end: false,
          metadata: { tier: plan.tier, billingCycle: plan.cycle },
        },
        { idempotencyKey: `change-${ctx.viewer._id}-${args.idempotencyKey}` },
      );
    });
    return null;
  },
});

/** Cancel at the end of the paid period (or take that back); the change shows once Stripe confirms it. */
export const setCancelAtPeriodEnd = memberAction({
  args: { cancel: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { cancel }) => {
    const gateway = requireGateway();
    const subscription = await requirePaidSubscription(ctx, ctx.viewer._id);
    await atStripe(cancel ? "cancelling" : "resuming", () => gateway.stripe.subscriptions.update(subscription.stripeSubscriptionId, { cancel_at_period_end: cancel }));
    return null;
  },
});

/** Stripe's Billing Portal for the member's own customer (/subscription-portal). */
export const portalSession = memberAction({
  args: { returnUrl: bounded.token(LIMITS.url) },
  returns: v.object({ url: v.string() }),
  handler: async (ctx, { returnUrl }): Promise<{ url: string }> => {
    const gateway = requireGateway();
    if (!allowedReturnUrl(returnUrl)) throw userError("INVALID_INPUT", { returnUrl: "That return address isn't part of this site." });
    return atStripe("opening the billing portal", async () => {
      const customer = await ensureCustomer(ctx, gateway.stripe, ctx.viewer);
      const session = await gateway.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    });
  },
});

/** Only back to our own site: SITE_URL's origin when set, else the machine's own web app (offline). */
function allowedReturnUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (env.SITE_URL) return url.origin === new URL(env.SITE_URL).origin;
  return url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost");
}

// ---------------------------------------------------------------- Stripe's side

/**
 * One Stripe event, applied once: its id is claimed in this transaction, so a redelivery, or a
 * retry after a crash, changes nothing. Out-of-order subscription events are settled by their time.
 */
export const applyStripeEvent = internalMutation({
  args: { id: v.string(), type: v.string(), created: v.number(), object: v.any() },
  returns: v.null(),
  handler: async (ctx, event) => {
    const now = Date.now();
    if (!(await claimWebhookDelivery(ctx, "stripe", event.id, now))) return null;
    switch (event.type) {
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        await applySubscriptionSnapshot(ctx, event.object as Stripe.Subscription, event.created * 1000, now);
        break;
      case "payment_intent.succeeded":
        await applyPaymentSucceeded(ctx, event.object as Stripe.PaymentIntent, now);
        break;
      case "payment_intent.payment_failed":
        await applyPaymentFailed(ctx, event.object as Stripe.PaymentIntent);
        break;
      case "invoice.paid":
        await applyInvoicePaid(ctx, event.object as Stripe.Invoice, now);
        break;
    }
    return null;
  },
});

/**
 * Creates the Stripe products and prices of PLAN_PRICES that are missing, found by lookup key.
 * Run once per Stripe account (`npx convex run billing:ensurePrices`); the embedded backend runs
 * it when it seeds. A price that exists but differs is reported, never changed.
 */
export const ensurePrices = internalAction({
  args: {},
  returns: v.object({ created: v.array(v.string()), mismatched: v.array(v.string()) }),
  handler: async () => {
    const { stripe } = requireGateway();
    const created: string[] = [];
    const mismatched: string[] = [];
    for (const tier of CHECKOUT_TIERS) {
      const plans = PLAN_PRICES.filter((plan) => plan.tier === tier);
      const existing = await stripe.prices.list({ lookup_keys: plans.map((plan) => plan.lookupKey), limit: plans.length });
      const missing = plans.filter((plan) => !existing.data.some((price) => price.lookup_key === plan.lookupKey));
      for (const price of existing.data) {
        const plan = plans.find((p) => p.lookupKey === price.lookup_key)!;
        if (price.unit_amount !== plan.amount || price.recurring?.interval !== plan.interval || price.recurring.interval_count !== plan.intervalCount) mismatched.push(plan.lookupKey);
      }
      if (missing.length === 0) continue;
      const product = await stripe.products.create({ name: `LWCC ${plans[0]!.name.split(" ")[0]}`, metadata: { tier } }, { idempotencyKey: `product-${tier}` });
      for (const plan of missing) {
        await stripe.prices.create(
          {
            product: product.id,
            currency: CURRENCY,
            unit_amount: plan.amount,
            recurring: { interval: plan.interval, interval_count: plan.intervalCount },
            lookup_key: plan.lookupKey,
            nickname: plan.name,
            metadata: { tier: plan.tier, billingCycle: plan.cycle },
          },
          { idempotencyKey: `price-${plan.lookupKey}-${plan.amount}` },
        );
        created.push(plan.lookupKey);
      }
    }
    if (mismatched.length > 0) console.error(`Stripe prices differ from the catalogue: ${mismatched.join(", ")}`);
    return { created, mismatched };
  },
});
