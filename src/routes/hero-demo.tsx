import { createFileRoute } from "@tanstack/react-router";
import { HeroDemoPage } from "@/features/marketing/hero-demo-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/hero-demo")({
  head: seo({
    title: "Hero V2 demo",
    description: "Hero variant V2: the free week-1 package and member testimonials.", noindex: true,
  }),
  component: HeroDemoPage,
});
