import type { api } from "@convex/_generated/api";
import { PLAN_PRICES, TIER_RANK, type PlanPrice } from "@convex/model/billing";
import { TIER_LABELS } from "@convex/model/permissions";
import { formatPrice } from "@convex/model/products";
import { tz } from "@date-fns/tz";
import type { FunctionReturnType } from "convex/server";
import { format } from "date-fns";
import { BILLING_LABELS } from "@/features/catalog/pricing";

export type BillingOverview = FunctionReturnType<typeof api.billing.overview>;
export type Subscription = NonNullable<BillingOverview["subscription"]>;

/** Where the billing page lives; Stripe's portal sends people back here. */
export const BILLING_URL = "/dashboard/billing";
export const PORTAL_URL = "/subscription-portal";
export const PRICING_URL = "/pricing";

/** After this long without Stripe's confirmation, the page says that a minute is normal. */
export const SLOW_CONFIRMATION_MS = 20_000;

export const BILLING_TEXTS = {
  waiting: "Waiting for Stripe to confirm…",
  slow: "This can take a minute. Nothing was charged twice.",
  confirmed: "Done. Stripe confirmed the change.",
  prorate: "You're charged or credited the difference for the rest of this period right away.",
  failed: "We couldn't reach the payment service. Nothing has changed; please try again.",
} as const;

export type PlanState = "active" | "pastDue" | "cancelling";

/** The badge a plan wears: cancelling first (it is what the member chose), then a card problem. */
export function planState(subscription: Pick<Subscription, "status" | "cancelAtPeriodEnd">): PlanState {
  if (subscription.cancelAtPeriodEnd) return "cancelling";
  if (subscription.status === "past_due" || subscription.status === "unpaid") return "pastDue";
  return "active";
}

export function tierName(tier: string): string {
  return tier in TIER_LABELS ? TIER_LABELS[tier as keyof typeof TIER_LABELS] : tier;
}

/** "$21.00 / month". */
export function pricePerCycle(amount: number, cycle: PlanPrice["cycle"]): string {
  return `${formatPrice(amount)} / ${BILLING_LABELS[cycle].per}`;
}

/** A date alone, in the member's zone: "July 8, 2025". */
export function longDate(timestamp: number, timeZone: string): string {
  return format(timestamp, "MMMM d, yyyy", { in: tz(timeZone) });
}

/** A short date for tables, in the member's zone: "Jul 8, 2025". */
export function shortDate(timestamp: number, timeZone: string): string {
  return format(timestamp, "MMM d, yyyy", { in: tz(timeZone) });
}

export type PlanMove = "Upgrade" | "Downgrade" | "Billing change";

function monthlyEquivalent(plan: PlanPrice): number {
  return plan.amount / (plan.intervalCount * (plan.interval === "year" ? 12 : 1));
}

/** How a plan compares with the current one: by tier, and between equal tiers by what a month costs. */
export function planMove(from: Pick<Subscription, "tier" | "billingCycle">, to: PlanPrice): PlanMove {
  if (to.tier === from.tier) return "Billing change";
  const current = PLAN_PRICES.find((plan) => plan.tier === from.tier && plan.cycle === from.billingCycle);
  const rank = TIER_RANK[to.tier] - TIER_RANK[from.tier];
  const higher = rank !== 0 ? rank > 0 : current === undefined || monthlyEquivalent(to) > monthlyEquivalent(current);
  return higher ? "Upgrade" : "Downgrade";
}

/** Every plan but the one held, for the change-plan dialog. */
export function otherPlans(subscription: Pick<Subscription, "tier" | "billingCycle">): PlanPrice[] {
  return PLAN_PRICES.filter((plan) => plan.tier !== subscription.tier || plan.cycle !== subscription.billingCycle);
}

/**
 * What identifies the plan's state as Stripe last confirmed it: the page waits for this to change
 * after a member's own request, because nothing changes here until Stripe's webhook says so.
 */
export function subscriptionKey(subscription: Subscription | null): string {
  if (!subscription) return "none";
  const { tier, billingCycle, status, cancelAtPeriodEnd, currentPeriodEnd } = subscription;
  return [tier, billingCycle, status, cancelAtPeriodEnd, currentPeriodEnd].join("|");
}

/** Leaves this site for a page of Stripe's; on its own so tests can stand in for the browser. */
export function goToStripe(url: string): void {
  window.location.assign(url);
}
