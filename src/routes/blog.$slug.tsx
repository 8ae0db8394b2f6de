import { createFileRoute } from "@tanstack/react-router";
import { ArticlePage } from "@/features/catalog/article-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/blog/$slug")({
  staticData: { convex: true },
  head: seo({ title: "Blog", description: "A post from the LWCC blog on focus, planning and calm systems for ADHD minds." }),
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <ArticlePage key={slug} kind="post" slug={slug} />;
}
