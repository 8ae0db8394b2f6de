import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "@/features/marketing/about-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/about")({
  head: seo({
    title: "About",
    description: "Who we are, how LWCC coaching works, and the team behind it: coaching for entrepreneurs and professionals with ADHD and learning differences.",
  }),
  component: AboutPage,
});
