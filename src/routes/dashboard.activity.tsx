import { createFileRoute } from "@tanstack/react-router";
import { ActivityPage } from "@/features/activity/activity-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/activity")({
  head: seo({ title: "Activity", noindex: true }),
  component: ActivityPage,
});
