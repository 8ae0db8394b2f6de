import { createFileRoute } from "@tanstack/react-router";
import { ArticlePage } from "@/features/catalog/article-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/case-studies/$slug")({
  staticData: { convex: true },
  head: seo({ title: "Case studies", description: "An LWCC case study: what changed for a member, step by step." }),
  component: CaseStudyRoute,
});

function CaseStudyRoute() {
  const { slug } = Route.useParams();
  return <ArticlePage key={slug} kind="case_study" slug={slug} />;
}
