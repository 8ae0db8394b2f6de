import { createFileRoute } from "@tanstack/react-router";
import { DesignDemo } from "@/features/demos/design-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/design")({
  head: seo({ title: "Design demo", description: "Colours, type and controls of the theme, and the account settings dialog.", noindex: true }),
  component: DesignDemo,
});
