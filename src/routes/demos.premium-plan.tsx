import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { PremiumPlanDebug } from "@/features/demos/complementary-debug";
import { seo } from "@/lib/seo";

/** Admins only: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/demos/premium-plan")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Complimentary premium plan", description: "Grant a member a complimentary plan: the result or the error, with next steps.", noindex: true }),
  component: PremiumPlanDebug,
});
