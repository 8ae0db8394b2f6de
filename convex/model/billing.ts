/**
 * Payment rules, pure so they are unit-tested and shared by the checkout, the webhook and the UI:
 * the server's price list (the client's prices are never trusted), re-pricing a cart, the order of
 * Stripe subscription states, the tier a member's subscriptions give, and the SPEC §8 payment texts.
 */
import { PAYMENT_MESSAGES } from "./messages";
import { CART_MESSAGES } from "./cartMessages";
import type { PaymentErrorCode } from "./paymentErrors";
import { PREMIUM_PLAN, TIER_PLANS } from "./products";

export const CHECKOUT_TIERS = ["clarity", "control", "mastery", "premium"] as const;
export type CheckoutTier = (typeof CHECKOUT_TIERS)[number];

export const CHECKOUT_CYCLES = ["monthly", "quarterly", "yearly"] as const;
export type CheckoutCycle = (typeof CHECKOUT_CYCLES)[number];

export const CURRENCY = "usd";

/** Minutes a time package gives when its product names no duration (SPEC §9). */
export const TIME_PACKAGE_DEFAULT_MINUTES = 60;

/** 30-day money-back promise (SPEC §9). */
export const MONEY_BACK_DAYS = 30;

const TIER_NAMES: Record<CheckoutTier, string> = { clarity: "Clarity", control: "Control", mastery: "Mastery", premium: "Premium" };

export interface PlanPrice {
  tier: CheckoutTier;
  cycle: CheckoutCycle;
  name: string;
  /** Integer cents charged per cycle. */
  amount: number;
  interval: "month" | "year";
  intervalCount: number;
  /** The Stripe price's lookup key: prices are found by it, in production and offline alike. */
  lookupKey: string;
}

const INTERVALS: Record<CheckoutCycle, Pick<PlanPrice, "interval" | "intervalCount">> = {
  monthly: { interval: "month", intervalCount: 1 },
  quarterly: { interval: "month", intervalCount: 3 },
  yearly: { interval: "year", intervalCount: 1 },
};

function planPrice(tier: CheckoutTier, cycle: CheckoutCycle, amount: number): PlanPrice {
  const cycleName = cycle === "monthly" ? "Monthly" : cycle === "quarterly" ? "Quarterly" : "Yearly";
  return { tier, cycle, name: `${TIER_NAMES[tier]} ${cycleName}`, amount, ...INTERVALS[cycle], lookupKey: `lwcc_${tier}_${cycle}` };
}

/** Every price a member can subscribe at: Clarity, Control and Mastery monthly or quarterly; Premium monthly or yearly. */
export const PLAN_PRICES: readonly PlanPrice[] = [
  ...TIER_PLANS.filter((plan) => plan.tier !== "foundation").flatMap((plan) => [
    planPrice(plan.tier as CheckoutTier, "monthly", plan.prices.monthly),
    planPrice(plan.tier as CheckoutTier, "quarterly", plan.prices.quarterly),
  ]),
  planPrice("premium", "monthly", PREMIUM_PLAN.prices.monthly),
  planPrice("premium", "yearly", PREMIUM_PLAN.prices.yearly),
];

export function findPlanPrice(tier: string, cycle: string): PlanPrice | undefined {
  return PLAN_PRICES.find((price) => price.tier === tier && price.cycle === cycle);
}

export function cyclesFor(tier: CheckoutTier): CheckoutCycle[] {
  return PLAN_PRICES.filter((price) => price.tier === tier).map((price) => price.cycle);
}

export function isCheckoutTier(value: string): value is CheckoutTier {
  return (CHECKOUT_TIERS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- carts

export interface CartLine {
  productId: string;
  quantity: number;
}

export interface CatalogueProduct {
  _id: string;
  name: string;
  type: string;
  price: number;
  isAvailable: boolean;
  maxQuantity: number;
  durationMinutes?: number;
}

export interface PricedLine {
  productId: string;
  name: string;
  type: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  /** Minutes this line credits to the time balance once paid (time packages only). */
  minutes: number;
}

export type CartRefusal =
  | { code: "CART_EMPTY"; message: string }
  | { code: "NOTHING_TO_PAY"; message: string }
  | { code: "PRODUCT_NOT_FOUND"; message: string }
  | { code: "PRODUCT_UNAVAILABLE"; message: string }
  | { code: "QUANTITY_NOT_ALLOWED"; message: string };

/** The largest cart a checkout takes; more lines than this is not a real basket. */
export const MAX_CART_LINES = 50;

/** Stripe's smallest charge in US dollars, in cents: a cart below it cannot be paid by card. */
export const MIN_CHARGE_CENTS = 50;

/**
 * Prices a cart from the server's catalogue. Lines naming the same product are added together;
 * anything the catalogue does not allow is refused with the SPEC text, so nothing is charged.
 */
export function priceCart(lines: readonly CartLine[], catalogue: ReadonlyMap<string, CatalogueProduct>): { items: PricedLine[]; amount: number } | CartRefusal {
  if (lines.length === 0 || lines.length > MAX_CART_LINES) return { code: "CART_EMPTY", message: CART_MESSAGES.empty };
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      return { code: "QUANTITY_NOT_ALLOWED", message: CART_MESSAGES.quantityInvalid };
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  const items: PricedLine[] = [];
  for (const [productId, quantity] of quantities) {
    const product = catalogue.get(productId);
    if (!product) return { code: "PRODUCT_NOT_FOUND", message: CART_MESSAGES.notFound };
    if (!product.isAvailable) return { code: "PRODUCT_UNAVAILABLE", message: CART_MESSAGES.unavailable(product.name) };
    if (quantity > product.maxQuantity)
      return { code: "QUANTITY_NOT_ALLOWED", message: CART_MESSAGES.maxQuantity(product.name, product.maxQuantity) };
    const minutes = product.type === "time_package" ? (product.durationMinutes ?? TIME_PACKAGE_DEFAULT_MINUTES) * quantity : 0;
    items.push({ productId, name: product.name, type: product.type, quantity, unitPrice: product.price, totalPrice: product.price * quantity, minutes });
  }
  const amount = items.reduce((sum, item) => sum + item.totalPrice, 0);
  if (amount < MIN_CHARGE_CENTS) return { code: "NOTHING_TO_PAY", message: CART_MESSAGES.nothingToPay };
  return { items, amount };
}

// ---------------------------------------------------------------- subscriptions

export const SUBSCRIPTION_STATUSES = ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "canceled", "unpaid", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that give the plan's tier: past_due keeps access while Stripe retries the card. */
const ENTITLED: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);
/** Stripe never moves a subscription out of these. */
const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set(["canceled", "incomplete_expired"]);

export function isEntitled(subscription: { status: SubscriptionStatus; expiresAt?: number }, now: number): boolean {
  return ENTITLED.has(subscription.status) && (subscription.expiresAt === undefined || subscription.expiresAt > now);
}

/**
 * Whether a subscription snapshot from an event may replace the one we hold. Events can arrive
 * twice or out of order: an older snapshot never overwrites a newer one, a subscription never
 * returns to incomplete, and an ended one stays ended.
 */
export function acceptsSnapshot(current: { status: SubscriptionStatus; stripeEventAt?: number } | null, incoming: { status: SubscriptionStatus; eventAt: number }): boolean {
  if (!current) return true;
  if (TERMINAL.has(current.status)) return false;
  if (incoming.status === "incomplete" && current.status !== "incomplete") return false;
  return incoming.eventAt >= (current.stripeEventAt ?? 0);
}

/** Tiers by what they include; Clarity and Premium sit side by side. */
export const TIER_RANK: Record<CheckoutTier, number> = { clarity: 1, premium: 1, control: 2, mastery: 3 };

/** The tier a member's subscriptions give: the highest one still in force, else Foundation. */
export function tierFromSubscriptions(subscriptions: readonly { tier: CheckoutTier; status: SubscriptionStatus; expiresAt?: number }[], now: number): CheckoutTier | "foundation" {
  let best: CheckoutTier | "foundation" = "foundation";
  for (const subscription of subscriptions) {
    if (!isEntitled(subscription, now)) continue;
    if (best === "foundation" || TIER_RANK[subscription.tier] > TIER_RANK[best]) best = subscription.tier;
  }
  return best;
}

// ---------------------------------------------------------------- payment errors

/** Stripe's error (code, decline_code) as one of the SPEC §8 payment codes. */
export function paymentErrorCode(error: { code?: string | null; decline_code?: string | null; type?: string | null }): PaymentErrorCode {
  if (error.decline_code === "insufficient_funds" || error.code === "insufficient_funds") return "insufficient_funds";
  if (error.code === "expired_card" || error.decline_code === "expired_card") return "expired_card";
  if (error.code === "processing_error" || error.decline_code === "processing_error") return "processing_error";
  if (error.code === "card_declined") return "card_declined";
  if (error.type === "network_error" || error.code === "network_error") return "network_error";
  return "other";
}

export function paymentErrorMessage(code: string | undefined | null): string {
  return (PAYMENT_MESSAGES as Record<string, string>)[code ?? "other"] ?? PAYMENT_MESSAGES.other;
}

// ---------------------------------------------------------------- spend

/** Payments summed per calendar month (UTC) for the last `months` months, oldest first. */
export function spendPerMonth(payments: readonly { amount: number; paidAt: number }[], now: number, months = 12): { month: string; amount: number }[] {
  const end = new Date(now);
  const buckets: { month: string; amount: number; start: number; end: number }[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const start = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - back, 1);
    const next = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - back + 1, 1);
    buckets.push({ month: new Date(start).toISOString().slice(0, 7), amount: 0, start, end: next });
  }
  for (const payment of payments) {
    const bucket = buckets.find((b) => payment.paidAt >= b.start && payment.paidAt < b.end);
    if (bucket) bucket.amount += payment.amount;
  }
  return buckets.map(({ month, amount }) => ({ month, amount }));
}
