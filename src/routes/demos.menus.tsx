import { createFileRoute } from "@tanstack/react-router";
import { MenusDemo } from "@/features/demos/menus-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/menus")({
  head: seo({ title: "Sidebar, sheet and drawer menus", description: "The three ways a menu slides in.", noindex: true }),
  component: MenusDemo,
});
