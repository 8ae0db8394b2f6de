import { createFileRoute } from "@tanstack/react-router";
import { UsersPage } from "@/features/admin/users-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/** User management: visitors sign in first; the page itself checks the role, the server enforces it. */
export const Route = createFileRoute("/admin/users")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Users", noindex: true }),
  component: UsersPage,
});
