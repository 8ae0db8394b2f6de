import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { MonitoringPage } from "@/features/monitoring/monitoring-page";
import { seo } from "@/lib/seo";
import { MONITORING_TEXTS } from "@/features/monitoring/texts";

/** Traffic, route speed, background work and errors, live (admins; the server enforces it). */
export const Route = createFileRoute("/admin/monitoring")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: MONITORING_TEXTS.title, noindex: true }),
  component: MonitoringPage,
});
