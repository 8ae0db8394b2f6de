import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ForumSearchPage } from "@/features/forum/search-page";
import { seo } from "@/lib/seo";

/** ?q= holds the words, so a search can be shared, refreshed and reached with Back. */
export const Route = createFileRoute("/forum/search")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: typeof search.q === "string" ? search.q : undefined }),
  beforeLoad: requireSignedIn,
  head: seo({ title: "Forum search", noindex: true }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <ForumSearchPage query={q ?? ""} />;
}
