import { createFileRoute } from "@tanstack/react-router";
import { HeroVariationsDemo } from "@/features/demos/hero-variations-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/hero-variations")({
  head: seo({ title: "Hero variations", description: "Hero V2 and the simple hero, one after the other.", noindex: true }),
  component: HeroVariationsDemo,
});
