import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ComplementarySubscriptionDebug } from "@/features/demos/complementary-debug";
import { seo } from "@/lib/seo";

/** Admins only: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/demos/complementary-subscription")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Complimentary subscription debug", description: "Subscriptions, paid and complimentary, and the plans on sale.", noindex: true }),
  component: ComplementarySubscriptionDebug,
});
