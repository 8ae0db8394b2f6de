import { createFileRoute } from "@tanstack/react-router";
import { NudgePage } from "@/features/action-items/nudge-page";
import { NUDGE_TITLE } from "@/features/action-items/titles";
import { seo } from "@/lib/seo";

/** A gentle nudge's one-click Done or Not today link; no sign-in needed. */
export const Route = createFileRoute("/nudge")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token.length <= 4096 ? search.token : undefined,
  }),
  head: seo({ title: NUDGE_TITLE, noindex: true }),
  component: NudgeRoute,
});

function NudgeRoute() {
  const { token } = Route.useSearch();
  return <NudgePage key={token ?? ""} token={token} />;
}
