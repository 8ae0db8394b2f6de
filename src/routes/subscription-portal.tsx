import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { SubscriptionPortalPage } from "@/features/billing/subscription-portal-page";
import { seo } from "@/lib/seo";

/** A hop to Stripe's billing portal for the signed-in member; Stripe sends them back to Billing. */
export const Route = createFileRoute("/subscription-portal")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Billing portal", noindex: true }),
  component: SubscriptionPortalPage,
});
