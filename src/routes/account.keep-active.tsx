import { createFileRoute } from "@tanstack/react-router";
import { KeepActivePage } from "@/features/reactivation/keep-active-page";
import { KEEP_ACTIVE_TITLE } from "@/features/reactivation/titles";
import { seo } from "@/lib/seo";

/** The inactivity warning's one-click "Keep my account active" link; no sign-in needed. */
export const Route = createFileRoute("/account/keep-active")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token.length <= 4096 ? search.token : undefined,
  }),
  head: seo({ title: KEEP_ACTIVE_TITLE, noindex: true }),
  component: KeepActiveRoute,
});

function KeepActiveRoute() {
  const { token } = Route.useSearch();
  return <KeepActivePage key={token ?? ""} token={token} />;
}
