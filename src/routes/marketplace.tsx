import { createFileRoute } from "@tanstack/react-router";
import { MarketplacePage } from "@/features/catalog/marketplace-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/marketplace")({
  staticData: { convex: true },
  head: seo({
    title: "Marketplace",
    description: "Coaching time, courses, workshops and tools for entrepreneurs and professionals with ADHD.",
  }),
  component: MarketplacePage,
});
