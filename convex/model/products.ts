/** Marketplace products (SPEC §3) and the one source of truth for tier prices (SPEC §9). */

export const PRODUCT_TYPES = ["consultation", "course", "workshop", "bundle", "time_package", "digital_product"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  consultation: "Consultation",
  course: "Course",
  workshop: "Workshop",
  bundle: "Bundle",
  time_package: "Time package",
  digital_product: "Digital product",
};

/** Prices are integer cents, shown divided by 100 with 2 decimals (SPEC §3). */
export function formatPrice(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(cents / 100);
}

/** One line of an order as people read it, the quantity included: "Focus Hour x 2". */
export function orderLineLabel(item: { name: string; quantity: number }): string {
  return `${item.name} x ${item.quantity}`;
}

export const BILLING_CYCLES = ["monthly", "quarterly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface TierPlan {
  tier: "foundation" | "clarity" | "control" | "mastery";
  name: string;
  /** Integer cents per billing cycle. */
  prices: Record<BillingCycle, number>;
  popular: boolean;
}

/** Clarity 21/57, Control 127/345 (Popular), Mastery 427/1217, Foundation free (SPEC §9). */
export const TIER_PLANS: readonly TierPlan[] = [
  { tier: "foundation", name: "Foundation", prices: { monthly: 0, quarterly: 0 }, popular: false },
  { tier: "clarity", name: "Clarity", prices: { monthly: 2100, quarterly: 5700 }, popular: false },
  { tier: "control", name: "Control", prices: { monthly: 12700, quarterly: 34500 }, popular: true },
  { tier: "mastery", name: "Mastery", prices: { monthly: 42700, quarterly: 121700 }, popular: false },
];

/** Premium is sold on the upgrade page (SPEC §9), billed monthly or yearly rather than quarterly. */
export const PREMIUM_BILLING_CYCLES = ["monthly", "yearly"] as const;
export type PremiumBillingCycle = (typeof PREMIUM_BILLING_CYCLES)[number];

/** Premium 19 a month or 190 a year (SPEC §9), integer cents: what the upgrade page shows and checkout charges. */
export const PREMIUM_PLAN = {
  tier: "premium",
  name: "Premium",
  prices: { monthly: 1900, yearly: 19000 },
} as const satisfies { tier: "premium"; name: string; prices: Record<PremiumBillingCycle, number> };

/** What paying quarterly saves against three monthly payments, in cents and whole percent. */
export function quarterlySaving(plan: TierPlan): { cents: number; percent: number } {
  const threeMonths = plan.prices.monthly * 3;
  const cents = threeMonths - plan.prices.quarterly;
  return { cents, percent: threeMonths === 0 ? 0 : Math.round((cents / threeMonths) * 100) };
}
