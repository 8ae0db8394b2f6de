import { createFileRoute } from "@tanstack/react-router";
import { ReactivatePage } from "@/features/reactivation/reactivate-page";
import { REACTIVATE_TITLE } from "@/features/reactivation/titles";
import { seo } from "@/lib/seo";

const text = (value: unknown, max: number) => (typeof value === "string" && value.length <= max ? value : undefined);

/** Public on purpose: a paused account cannot sign in, and its link must work without it (SPEC §2). */
export const Route = createFileRoute("/account/reactivate")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { token?: string; nextUrl?: string } => ({
    token: text(search.token, 4096),
    nextUrl: text(search.nextUrl, 512),
  }),
  head: seo({ title: REACTIVATE_TITLE, noindex: true }),
  component: ReactivateRoute,
});

function ReactivateRoute() {
  const { token, nextUrl } = Route.useSearch();
  // A new link in the address is checked afresh.
  return <ReactivatePage key={token ?? ""} token={token} nextUrl={nextUrl} />;
}
