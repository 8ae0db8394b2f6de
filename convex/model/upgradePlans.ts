/**
 * The plan cards of /account/upgrade (SPEC §2, §3 plan card, §4 upgrade plans, §9 prices) and what
 * choosing one does. One pure rule for the page, which shows the cards, and the server, which
 * refuses a choice the cards do not offer.
 */
import { UPGRADE_MESSAGES, type ErrorCode } from "./messages";
import { hasPremiumAccess, isGuest, TIER_LABELS, type MemberTier } from "./permissions";
import { PREMIUM_FEATURES } from "./premiumContent";
import { PREMIUM_PLAN, type PremiumBillingCycle } from "./products";

export const UPGRADE_PLAN_IDS = ["basic", "foundation", "premium-monthly", "premium-yearly"] as const;
export type UpgradePlanId = (typeof UPGRADE_PLAN_IDS)[number];

/** The billing cycle each paid card is sold on; free cards have none. */
export const PLAN_BILLING: Partial<Record<UpgradePlanId, PremiumBillingCycle>> = {
  "premium-monthly": "monthly",
  "premium-yearly": "yearly",
};

export const CURRENT_PLAN_LABEL = "Current Plan";
/** A card below the member's plan: nothing to gain, so not offered as a choice. */
export const includedLabel = (tier: string) => `Included in ${tierLabel(tier)}`;

export function tierLabel(tier: string): string {
  return tier in TIER_LABELS ? TIER_LABELS[tier as MemberTier] : tier;
}
/** Where a paid plan is cancelled, which is how a member moves down to a free one. */
export const BILLING_URL = "/dashboard/billing";

/** A plan card (SPEC §3). Money in integer cents. */
export interface PlanCard {
  id: UpgradePlanId;
  name: string;
  /** Per billing cycle (PLAN_BILLING); 0 for a free plan. */
  price: number;
  description: string;
  features: readonly string[];
  popular: boolean;
  /** What the same time costs paid monthly, when the plan is cheaper than that. */
  originalPrice?: number;
  savings?: number;
  buttonText: string;
  guestOnly: boolean;
  disabled: boolean;
}

/** Whoever is choosing: the tier decides the current plan, the user type whether Foundation is offered. */
export type UpgradeViewer = { tier: string; role: string; userType: string };

const MONTHS_PER_YEAR = 12;
const YEARLY_ORIGINAL = PREMIUM_PLAN.prices.monthly * MONTHS_PER_YEAR;

type PlanDefinition = Omit<PlanCard, "buttonText" | "disabled"> & {
  isCurrent: (tier: string) => boolean;
  /** The member's tier already holds everything the card gives (and more). */
  isIncluded: (tier: string) => boolean;
};

const BASIC_TIERS = new Set(["public", "basic"]);
/** Premium access on a tier other than Premium itself: Clarity, Control, Mastery, Elite. */
const includesPremium = (tier: string) => hasPremiumAccess(tier) && tier !== "premium";

const PLANS: readonly PlanDefinition[] = [
  {
    id: "basic",
    name: "Basic",
    price: 0,
    description: "The free essentials: read, learn and join in at your own pace.",
    features: ["Blog posts and case studies", "Free guides and resources", "Live events"],
    popular: false,
    guestOnly: false,
    isCurrent: (tier) => BASIC_TIERS.has(tier),
    isIncluded: (tier) => !BASIC_TIERS.has(tier),
  },
  {
    id: "foundation",
    name: "Foundation",
    price: 0,
    description: "A free member account that keeps your coaching in one calm place.",
    features: [
      "Everything in Basic",
      "Member dashboard with your time balance",
      "Action items, recordings and transcripts from your sessions",
    ],
    popular: false,
    guestOnly: true,
    isCurrent: (tier) => tier === "foundation",
    isIncluded: hasPremiumAccess,
  },
  {
    id: "premium-monthly",
    name: "Premium Monthly",
    price: PREMIUM_PLAN.prices.monthly,
    description: "Every premium course, tutorial and download, billed every month.",
    features: PREMIUM_FEATURES,
    popular: false,
    guestOnly: false,
    isCurrent: (tier) => tier === "premium",
    isIncluded: includesPremium,
  },
  {
    id: "premium-yearly",
    name: "Premium Yearly",
    price: PREMIUM_PLAN.prices.yearly,
    description: "Everything in Premium Monthly, billed once a year.",
    features: PREMIUM_FEATURES,
    popular: true,
    originalPrice: YEARLY_ORIGINAL,
    savings: YEARLY_ORIGINAL - PREMIUM_PLAN.prices.yearly,
    guestOnly: false,
    isCurrent: (tier) => tier === "premium",
    isIncluded: includesPremium,
  },
];

/**
 * The cards `viewer` sees (SPEC §4): Foundation only for guests; Basic is current on the public and
 * basic tiers, Foundation on foundation, both Premium plans on the premium tier. Current plans are
 * disabled and say so; so are plans the member's tier already includes (Premium for a Control
 * member, Basic for anyone above it), which say whose plan includes them: only a step up is offered.
 */
export function upgradePlans(viewer: UpgradeViewer): PlanCard[] {
  const guest = isGuest(viewer);
  return PLANS.filter((plan) => guest || !plan.guestOnly).map(({ isCurrent, isIncluded, ...plan }) => {
    const current = isCurrent(viewer.tier);
    const included = !current && isIncluded(viewer.tier);
    const buttonText = current ? CURRENT_PLAN_LABEL : included ? includedLabel(viewer.tier) : `Choose ${plan.name}`;
    return { ...plan, buttonText, disabled: current || included };
  });
}

/** Whether the member's own plan is one of the cards; if not (Clarity, Control, Mastery, Elite, a member's Foundation), the page names it. */
export function holdsPlanOnCards(viewer: UpgradeViewer): boolean {
  return upgradePlans(viewer).some((plan) => plan.buttonText === CURRENT_PLAN_LABEL);
}

/** The checkout page's address for a tier and billing cycle. */
export function checkoutPath(tier: string, billing: string): string {
  return `/checkout?tier=${tier}&billing=${billing}`;
}

export type PlanChoice = { error: ErrorCode } | { message: string; redirectTo?: string; grant?: "foundation" };

/**
 * What choosing `planId` does for `viewer`. Paid plans go through checkout (their tier changes only
 * when Stripe confirms). Foundation is free, so a guest who chooses it gets it at once (`grant`):
 * there is nothing to pay for. A plan the viewer is not offered, or already has, is refused; one
 * their plan includes changes nothing, and the answer says where changing or cancelling lives.
 */
export function choosePlan(viewer: UpgradeViewer, planId: UpgradePlanId): PlanChoice {
  const plan = upgradePlans(viewer).find((card) => card.id === planId);
  if (!plan) return { error: "PLAN_NOT_AVAILABLE" };
  if (plan.buttonText === CURRENT_PLAN_LABEL) return { error: "CURRENT_PLAN" };
  if (plan.disabled) return { message: UPGRADE_MESSAGES.PLAN_INCLUDED };
  const billing = PLAN_BILLING[plan.id];
  if (billing) return { message: UPGRADE_MESSAGES.TO_CHECKOUT, redirectTo: checkoutPath(PREMIUM_PLAN.tier, billing) };
  return { message: UPGRADE_MESSAGES.FOUNDATION_READY, redirectTo: "/dashboard", grant: "foundation" };
}
