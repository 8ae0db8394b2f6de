import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "@/features/admin/security-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/** Logged security incidents: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/admin/security")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Security", noindex: true }),
  component: SecurityPage,
});
