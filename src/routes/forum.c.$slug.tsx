import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { CategoryPage } from "@/features/forum/category-page";
import { seo } from "@/lib/seo";

/** One forum category's threads; the server decides whether the caller may see it. */
export const Route = createFileRoute("/forum/c/$slug")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Forum category", noindex: true }),
  component: CategoryRoute,
});

function CategoryRoute() {
  const { slug } = Route.useParams();
  return <CategoryPage slug={slug} />;
}
