import { createFileRoute } from "@tanstack/react-router";
import { NewsletterConfirmContainer } from "@/features/marketing/newsletter-confirm-page";
import { seo } from "@/lib/seo";

/** The newsletter sign-up e-mail's confirmation link; no sign-in needed, the token names the sign-up. */
export const Route = createFileRoute("/newsletter/confirm")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = typeof search.token === "string" ? search.token.trim() : "";
    return { token: token && token.length <= 4096 ? token : undefined };
  },
  head: seo({ title: "Confirm your subscription", noindex: true }),
  component: NewsletterConfirmRoute,
});

function NewsletterConfirmRoute() {
  const { token } = Route.useSearch();
  return <NewsletterConfirmContainer key={token ?? ""} token={token} />;
}
