import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ForumHomePage } from "@/features/forum/forum-home-page";
import { seo } from "@/lib/seo";

/** The community forum (SPEC §2): everyone signed in reads it, guests included. */
export const Route = createFileRoute("/forum/")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Forum", noindex: true }),
  component: ForumHomePage,
});
