import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ModerationPage } from "@/features/forum/moderation-page";
import { seo } from "@/lib/seo";

/** Forum moderation for coaches and admins: the page checks the standing, the server enforces it. */
export const Route = createFileRoute("/forum/moderation")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Forum moderation", noindex: true }),
  component: ModerationPage,
});
