import { createFileRoute } from "@tanstack/react-router";
import { DashboardHome } from "@/features/dashboard/dashboard-home";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/")({
  head: seo({ title: "Dashboard", noindex: true }),
  component: DashboardHome,
});
