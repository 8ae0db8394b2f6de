/**
 * What payments change in the database: orders, subscriptions, the member's tier, the payment
 * history and time credits. Called by the Stripe webhook's mutation only, so every change here is
 * confirmed by Stripe and happens in the transaction that claims the event (ARCHITECTURE §4).
 */
import { ConvexError } from "convex/values";
import type Stripe from "stripe";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { queueEmail } from "../email";
import { deactivateWithLink } from "../reactivation";
import {
  acceptsSnapshot,
  findPlanPrice,
  isEntitled,
  paymentErrorCode,
  SUBSCRIPTION_STATUSES,
  tierFromSubscriptions,
  type CheckoutTier,
  type SubscriptionStatus,
} from "./billing";
import { defaultDuration } from "./availability";
import { bookSession } from "./bookings";
import type { UserError } from "./messages";
import { formatPrice, orderLineLabel } from "./products";
import { creditPurchase } from "./timeBalance";

const LOOKUP_KEY = /^lwcc_(clarity|control|mastery|premium)_(monthly|quarterly|yearly)$/;

function isStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** Seconds (Stripe) to ms, for optional fields. */
const ms = (seconds: number | null | undefined) => (typeof seconds === "number" ? seconds * 1000 : undefined);

function stripeId(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === "string" ? value : (value?.id ?? undefined);
}

/** Applies one subscription snapshot, unless it is older than the one we hold. */
export async function applySubscriptionSnapshot(ctx: MutationCtx, subscription: Stripe.Subscription, eventAt: number, now: number) {
  const row = await ctx.db
    .query("subscriptions")
    .withIndex("by_stripe_subscription", (q) => q.eq("stripeSubscriptionId", subscription.id))
    .unique();
  const userId = row?.userId ?? ctx.db.normalizeId("users", subscription.metadata?.userId ?? "");
  if (!userId || !isStatus(subscription.status)) {
    console.warn(`Stripe subscription ${subscription.id}: no LWCC user or an unknown status (${subscription.status}); ignored.`);
    return;
  }
  if (!acceptsSnapshot(row, { status: subscription.status, eventAt })) return;

  const item = subscription.items.data[0];
  // The price charged is the truth about the plan; metadata only helps when a price has no lookup key.
  const [, tier, cycle] = LOOKUP_KEY.exec(item?.price.lookup_key ?? "") ?? [undefined, subscription.metadata?.tier, subscription.metadata?.billingCycle];
  const plan = findPlanPrice(tier ?? "", cycle ?? "");
  if (!plan) {
    console.warn(`Stripe subscription ${subscription.id}: price ${item?.price.id} is not an LWCC plan; ignored.`);
    return;
  }
  const currentPeriodEnd = ms(item?.current_period_end);
  const fields = {
    userId,
    tier: plan.tier,
    billingCycle: plan.cycle,
    status: subscription.status,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: stripeId(subscription.customer),
    stripeItemId: item?.id,
    currentPeriodStart: ms(item?.current_period_start),
    currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    expiresAt: ms(subscription.ended_at) ?? currentPeriodEnd,
    stripeEventAt: eventAt,
    updatedAt: now,
  };
  if (row) await ctx.db.patch("subscriptions", row._id, fields);
  else await ctx.db.insert("subscriptions", { ...fields, createdAt: now });

  const orderId = ctx.db.normalizeId("orders", subscription.metadata?.orderId ?? "");
  if (orderId && isEntitled({ status: subscription.status }, now)) await markOrderPaid(ctx, orderId, now);
  const ended = subscription.status === "canceled" || subscription.status === "unpaid" || subscription.status === "incomplete_expired";
  // Only an ending the member asked for deactivates: a cancellation at period end, or one Stripe
  // records as requested. A plan lost to failed payments ends the tier but keeps the account open.
  const requested =
    row?.cancelAtPeriodEnd === true || subscription.cancel_at_period_end || subscription.cancellation_details?.reason === "cancellation_requested";
  await settleTier(ctx, userId, now, { ended: ended && requested && row !== null && isEntitled(row, now) });
}

/**
 * Sets the member's tier from their subscriptions. When a cancelled paid plan ends and leaves none,
 * the account is deactivated with reason subscription_cancelled (SPEC §4) and e-mailed a
 * reactivation link with the upgrade options; its data stays.
 */
export async function settleTier(ctx: MutationCtx, userId: Id<"users">, now: number, { ended }: { ended: boolean }) {
  const user = await ctx.db.get("users", userId);
  if (!user) return;
  const subscriptions = await ctx.db
    .query("subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect();
  const tier = tierFromSubscriptions(subscriptions, now);
  if (tier !== user.tier) await ctx.db.patch("users", userId, { tier });
  if (ended && tier === "foundation" && user.status === "active" && user.role !== "admin") {
    await deactivateWithLink(ctx, { ...user, tier }, "subscription_cancelled", now);
  }
}

async function markOrderPaid(ctx: MutationCtx, orderId: Id<"orders">, now: number) {
  const order = await ctx.db.get("orders", orderId);
  // Only a pending order moves, so a second event for it credits and e-mails nothing again.
  if (!order || order.status === "paid") return;
  await ctx.db.patch("orders", orderId, { status: "paid", paidAt: now, failureCode: undefined });
  const user = await ctx.db.get("users", order.userId);
  if (!user) return;
  for (const item of order.items) {
    if (item.minutes > 0) await creditPurchase(ctx, user._id, { minutes: item.minutes, note: `Time package: ${orderLineLabel(item)}` }, now);
  }
  if (order.schedule) await bookChosenTime(ctx, order._id, order.schedule, user, now);
  await queueEmail(ctx, { to: user.email, ...confirmationEmail(order, user) }, { idempotencyKey: `order-paid:${orderId}` });
}

/**
 * Books the session the member picked at checkout, now that the minutes are theirs. A time taken
 * (or no longer open) while they paid is recorded on the order for the success page to explain;
 * the payment and the minutes stand. bookSession refuses before it writes, so catching is safe.
 */
async function bookChosenTime(ctx: MutationCtx, orderId: Id<"orders">, schedule: NonNullable<Doc<"orders">["schedule"]>, user: Doc<"users">, now: number) {
  try {
    const sessionId = await bookSession(ctx, user, { coachId: schedule.coachId, startsAt: schedule.startsAt, durationMinutes: defaultDuration(user) }, now);
    await ctx.db.patch("orders", orderId, { scheduledSessionId: sessionId });
  } catch (error) {
    if (!(error instanceof ConvexError)) throw error;
    await ctx.db.patch("orders", orderId, { scheduleProblem: (error.data as UserError).message });
  }
}

function confirmationEmail(order: Doc<"orders">, user: Doc<"users">) {
  const what =
    order.kind === "subscription"
      ? `${findPlanPrice(order.tier ?? "", order.billingCycle ?? "")?.name ?? "Your plan"} is active.`
      : order.items.map((item) => `${orderLineLabel(item)}: ${formatPrice(item.totalPrice)}`).join("\n");
  return {
    subject: "Your LWCC payment is confirmed",
    template: "payment_confirmation",
    text: [`Hi ${user.firstName},`, "", "Thank you: your payment went through.", "", what, `Total: ${formatPrice(order.amount)}`, "", "You can see your plan and receipts any time under Billing in your dashboard."].join("\n"),
  };
}

/** A one-off payment (a cart) succeeded: the order is paid and time packages are credited, once. */
export async function applyPaymentSucceeded(ctx: MutationCtx, intent: Stripe.PaymentIntent, now: number) {
  const order = await orderOfIntent(ctx, intent.id);
  if (!order) return;
  if (order.kind === "cart") await recordPayment(ctx, { userId: order.userId, sourceId: intent.id, amount: intent.amount_received || intent.amount, currency: intent.currency, description: order.items.map(orderLineLabel).join(", "), paidAt: ms(intent.created) ?? now, orderId: order._id });
  await markOrderPaid(ctx, order._id, now);
}

export async function applyPaymentFailed(ctx: MutationCtx, intent: Stripe.PaymentIntent) {
  const order = await orderOfIntent(ctx, intent.id);
  if (!order || order.status !== "pending") return;
  await ctx.db.patch("orders", order._id, { status: "failed", failureCode: paymentErrorCode(intent.last_payment_error ?? {}) });
}

/** A subscription invoice was paid: one row in the payment history. */
export async function applyInvoicePaid(ctx: MutationCtx, invoice: Stripe.Invoice, now: number) {
  const subscriptionId = stripeId(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || invoice.amount_paid <= 0) return;
  const row = await ctx.db
    .query("subscriptions")
    .withIndex("by_stripe_subscription", (q) => q.eq("stripeSubscriptionId", subscriptionId))
    .unique();
  const userId = row?.userId ?? ctx.db.normalizeId("users", invoice.parent?.subscription_details?.metadata?.userId ?? "");
  if (!userId) return;
  const tier = row?.tier ?? (invoice.parent?.subscription_details?.metadata?.tier as CheckoutTier | undefined);
  const plan = findPlanPrice(tier ?? "", row?.billingCycle ?? invoice.parent?.subscription_details?.metadata?.billingCycle ?? "");
  await recordPayment(ctx, {
    userId,
    sourceId: invoice.id ?? subscriptionId,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    description: plan ? `${plan.name} plan` : "Subscription",
    paidAt: ms(invoice.status_transitions?.paid_at) ?? ms(invoice.created) ?? now,
  });
}

async function recordPayment(ctx: MutationCtx, payment: Omit<Doc<"payments">, "_id" | "_creationTime">) {
  const seen = await ctx.db
    .query("payments")
    .withIndex("by_source", (q) => q.eq("sourceId", payment.sourceId))
    .unique();
  if (!seen) await ctx.db.insert("payments", payment);
}

function orderOfIntent(ctx: MutationCtx, paymentIntentId: string) {
  return ctx.db
    .query("orders")
    .withIndex("by_payment_intent", (q) => q.eq("stripePaymentIntentId", paymentIntentId))
    .unique();
}
