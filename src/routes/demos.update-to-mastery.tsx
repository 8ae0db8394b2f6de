import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { UpdateToMasteryDebug } from "@/features/demos/update-to-mastery-debug";
import { seo } from "@/lib/seo";

/** Admins only: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/demos/update-to-mastery")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Update to Mastery debug", description: "What moving a member to Mastery would change, without charging anything.", noindex: true }),
  component: UpdateToMasteryDebug,
});
