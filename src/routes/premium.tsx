import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { PremiumPage } from "@/features/premium/premium-page";
import { PREMIUM_TITLE } from "@/features/premium/titles";
import { seo } from "@/lib/seo";

/** Premium content: visitors sign in first; the server sends items only to premium tiers. */
export const Route = createFileRoute("/premium")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: PREMIUM_TITLE, noindex: true }),
  component: PremiumPage,
});
