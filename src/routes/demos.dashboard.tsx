import { createFileRoute } from "@tanstack/react-router";
import { DashboardDemo } from "@/features/demos/dashboard-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/dashboard")({
  head: seo({ title: "Enhanced dashboard demo", description: "The member dashboard with made-up numbers, sessions and activity.", noindex: true }),
  component: DashboardDemo,
});
