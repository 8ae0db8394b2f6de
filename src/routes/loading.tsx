import { ONBOARDING_TEXTS } from "@convex/model/onboardingTexts";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { LoadingPage } from "@/features/onboarding/loading-page";
import { validateLoadingSearch } from "@/features/onboarding/search";
import { seo } from "@/lib/seo";

/**
 * After booking the free intro (SPEC §2 Booking flow). With a booking to show, the visitor signs
 * in first (the booking provisions and signs in their account); without one the page explains.
 */
export const Route = createFileRoute("/loading")({
  staticData: { convex: true },
  validateSearch: validateLoadingSearch,
  beforeLoad: (options) => (options.search.booking_id ? requireSignedIn(options) : undefined),
  head: seo({ title: ONBOARDING_TEXTS.title, noindex: true }),
  component: LoadingRoute,
});

function LoadingRoute() {
  return <LoadingPage search={Route.useSearch()} />;
}
