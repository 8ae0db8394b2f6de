import { createFileRoute } from "@tanstack/react-router";
import { HealthPage } from "@/features/system/health-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/health")({
  staticData: { convex: true },
  head: seo({ title: "System status", description: "Live status of the LWCC backend and its services." }),
  component: HealthPage,
});
