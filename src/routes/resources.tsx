import { createFileRoute } from "@tanstack/react-router";
import { ResourcesPage } from "@/features/catalog/resources-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/resources")({
  staticData: { convex: true },
  head: seo({ title: "Resources", description: "Free LWCC events, blog posts, case studies and answers for ADHD minds." }),
  component: ResourcesPage,
});
