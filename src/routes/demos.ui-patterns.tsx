import { createFileRoute } from "@tanstack/react-router";
import { UiPatternsDemo } from "@/features/demos/ui-patterns-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/ui-patterns")({
  head: seo({
    title: "Reliable UI patterns",
    description: "Menus, FAQ, contact form, newsletter, tabs, rating, event card, alerts, modal, dropdown and spinner.",
    noindex: true,
  }),
  component: UiPatternsDemo,
});
