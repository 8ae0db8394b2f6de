import { createFileRoute } from "@tanstack/react-router";
import { UPGRADE_TITLE } from "@/features/account/titles";
import { UpgradePage } from "@/features/account/upgrade-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { isGatedContent, type GatedContent } from "@/features/premium/gated-content";
import { seo } from "@/lib/seo";

/** Choosing a plan is for signed-in members; the server decides what each may choose. */
export const Route = createFileRoute("/account/upgrade")({
  staticData: { convex: true },
  // ?content=premium says which gate sent the member here; anything else is dropped.
  validateSearch: (search: Record<string, unknown>): { content?: GatedContent } => ({
    content: isGatedContent(search.content) ? search.content : undefined,
  }),
  beforeLoad: requireSignedIn,
  head: seo({ title: UPGRADE_TITLE, noindex: true }),
  component: UpgradeRoute,
});

function UpgradeRoute() {
  const { content } = Route.useSearch();
  return <UpgradePage content={content} />;
}
