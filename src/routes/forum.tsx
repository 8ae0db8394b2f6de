import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ForumLayout } from "@/features/forum/forum-layout";

/** Every forum page is for signed-in people, guests included; live notifications come along. */
export const Route = createFileRoute("/forum")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  component: ForumLayout,
});
