import type { CheckoutCycle } from "@convex/model/billing";
import { BILLING_CYCLES, type BillingCycle, type TierPlan } from "@convex/model/products";

/** What each tier is for and what it includes; prices come from TIER_PLANS alone. */
export const TIER_DETAILS: Record<TierPlan["tier"], { description: string; features: readonly string[] }> = {
  foundation: {
    description: "A calm place to start: your dashboard, your action items and our free guides.",
    features: [
      "Member dashboard with your time balance",
      "Action items from your sessions, in one list",
      "Session recordings and AI transcripts",
      "Blog, case studies and live events",
    ],
  },
  clarity: {
    description: "Structure for your week, with premium guides and people who get it.",
    features: [
      "Everything in Foundation",
      "Premium courses, tutorials and downloads",
      "Community forum",
      "Calendar and planning templates",
    ],
  },
  control: {
    description: "Systems that hold up on busy weeks, with more support from your coach.",
    features: [
      "Everything in Clarity",
      "Priority booking for coaching sessions",
      "A quarterly plan review with your coach",
      "Automation and text-expansion starter kits",
    ],
  },
  mastery: {
    description: "Close, ongoing coaching for people building something big.",
    features: [
      "Everything in Control",
      "Your own coaching page and booking step",
      "Messages with your coach between sessions",
      "Advanced AI and automation workshops",
    ],
  },
};

/** Every billing cycle's name; the pricing page offers monthly and quarterly, Premium also yearly. */
export const BILLING_LABELS: Record<CheckoutCycle, { label: string; per: string }> = {
  monthly: { label: "Monthly", per: "month" },
  quarterly: { label: "Quarterly", per: "quarter" },
  yearly: { label: "Yearly", per: "year" },
};

export const MONEY_BACK_PROMISE = "Every paid plan comes with a 30-day money-back promise. If it isn't right for you, tell us and you get your money back.";

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === "string" && (BILLING_CYCLES as readonly string[]).includes(value);
}

/** Where a paid tier's button leads; the checkout reads the tier and billing cycle from the address. */
export function checkoutHref(tier: TierPlan["tier"], billing: BillingCycle): string {
  return `/checkout?${new URLSearchParams({ tier, billing }).toString()}`;
}
