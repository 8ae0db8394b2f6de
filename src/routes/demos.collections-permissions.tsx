import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { CollectionsPermissionsDebug } from "@/features/demos/collections-permissions-debug";
import { seo } from "@/lib/seo";

/** Admins only: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/demos/collections-permissions")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Collections and permissions debug", description: "Roles, flags, access levels and tables as the server applies them.", noindex: true }),
  component: CollectionsPermissionsDebug,
});
