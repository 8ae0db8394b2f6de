import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { DashboardLayout } from "@/features/dashboard/dashboard-layout";

/** The member area; every page under /dashboard is for signed-in people only. */
export const Route = createFileRoute("/dashboard")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  component: DashboardLayout,
});
