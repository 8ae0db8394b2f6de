import { ONBOARDING_TEXTS } from "@convex/model/onboardingTexts";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { LoadingCompletePage } from "@/features/onboarding/loading-complete-page";
import { validateLoadingCompleteSearch } from "@/features/onboarding/search";
import { seo } from "@/lib/seo";

/** The end of onboarding (SPEC §2): booking_id and response_id; the server checks the booking is the caller's. */
export const Route = createFileRoute("/loading-complete")({
  staticData: { convex: true },
  validateSearch: validateLoadingCompleteSearch,
  beforeLoad: (options) => (options.search.booking_id ? requireSignedIn(options) : undefined),
  head: seo({ title: ONBOARDING_TEXTS.completeTitle, noindex: true }),
  component: LoadingCompleteRoute,
});

function LoadingCompleteRoute() {
  return <LoadingCompletePage search={Route.useSearch()} />;
}
