import { createFileRoute } from "@tanstack/react-router";
import { validateUnsubscribeSearch } from "@/features/email-system/search";
import { UnsubscribeContainer } from "@/features/email-system/unsubscribe-container";
import { seo } from "@/lib/seo";

/** A campaign e-mail's unsubscribe link; no sign-in needed, the token names the recipient. */
export const Route = createFileRoute("/unsubscribe")({
  staticData: { convex: true },
  validateSearch: validateUnsubscribeSearch,
  head: seo({ title: "Unsubscribe", noindex: true }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribeContainer key={token ?? ""} token={token} />;
}
