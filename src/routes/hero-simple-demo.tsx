import { createFileRoute } from "@tanstack/react-router";
import { HeroSimpleDemoPage } from "@/features/marketing/hero-simple-demo-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/hero-simple-demo")({
  head: seo({
    title: "Simple hero demo",
    description: "A minimal hero variant: one headline, one sentence, one action.", noindex: true,
  }),
  component: HeroSimpleDemoPage,
});
