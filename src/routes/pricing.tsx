import type { BillingCycle } from "@convex/model/products";
import { createFileRoute } from "@tanstack/react-router";
import { isBillingCycle } from "@/features/catalog/pricing";
import { PricingPage } from "@/features/catalog/pricing-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/pricing")({
  // ?billing=quarterly opens the page on quarterly prices (links back from checkout keep the choice).
  validateSearch: (search: Record<string, unknown>): { billing?: BillingCycle } => ({
    billing: isBillingCycle(search.billing) ? search.billing : undefined,
  }),
  head: seo({
    title: "Pricing",
    description: "LWCC plans: Foundation is free; Clarity, Control and Mastery are billed monthly or quarterly, with a 30-day money-back promise.",
  }),
  component: PricingRoute,
});

function PricingRoute() {
  const { billing } = Route.useSearch();
  return <PricingPage initialBilling={billing} />;
}
