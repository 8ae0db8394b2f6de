import type { CheckoutCycle, CheckoutTier } from "@convex/model/billing";
import { TIER_DETAILS } from "@/features/catalog/pricing";

export const CYCLE_LABELS: Record<CheckoutCycle, { label: string; per: string }> = {
  monthly: { label: "Monthly", per: "month" },
  quarterly: { label: "Quarterly", per: "quarter" },
  yearly: { label: "Yearly", per: "year" },
};

export const TIER_NAMES: Record<CheckoutTier, string> = { clarity: "Clarity", control: "Control", mastery: "Mastery", premium: "Premium" };

const PREMIUM_DETAILS = {
  description: "Premium courses, tutorials and downloads, at your own pace.",
  features: ["Premium courses, tutorials and downloads", "Community forum", "Calendar and planning templates"],
};

/** Name, description and features of a paid tier, for the order summary. */
export function tierDetails(tier: CheckoutTier): { name: string; description: string; features: readonly string[] } {
  return { name: TIER_NAMES[tier], ...(tier === "premium" ? PREMIUM_DETAILS : TIER_DETAILS[tier]) };
}
