import { createFileRoute } from "@tanstack/react-router";
import { ActionItemsPage } from "@/features/action-items/action-items-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/action-items")({
  head: seo({ title: "Action Items", noindex: true }),
  component: ActionItemsPage,
});
