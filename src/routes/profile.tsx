import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "@/features/account/profile-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/** The member's own profile (SPEC §2): signed-in people only, like the dashboard. */
export const Route = createFileRoute("/profile")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Profile", noindex: true }),
  component: ProfilePage,
});
