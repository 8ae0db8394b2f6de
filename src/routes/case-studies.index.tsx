import { createFileRoute } from "@tanstack/react-router";
import { ArticleListPage } from "@/features/catalog/article-list-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/case-studies/")({
  staticData: { convex: true, prerenderData: true },
  head: seo({ title: "Case studies", description: "How LWCC members changed one small thing at a time, and what it did for their work." }),
  component: () => <ArticleListPage kind="case_study" />,
});
