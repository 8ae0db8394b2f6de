import { createFileRoute } from "@tanstack/react-router";
import { FocusReportsPage } from "@/features/admin/focus-reports-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/** Reports from focus rooms, for admins; the server enforces it. */
export const Route = createFileRoute("/admin/focus-reports")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Focus room reports", noindex: true }),
  component: FocusReportsPage,
});
