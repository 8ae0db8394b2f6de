import { createFileRoute } from "@tanstack/react-router";
import { ArticleListPage } from "@/features/catalog/article-list-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/blog/")({
  staticData: { convex: true, prerenderData: true },
  head: seo({ title: "Blog", description: "Short, practical reads on focus, planning and calm systems for ADHD minds." }),
  component: () => <ArticleListPage kind="post" />,
});
