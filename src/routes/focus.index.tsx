import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { FocusRoomsPage } from "@/features/focus/focus-rooms-page";
import { seo } from "@/lib/seo";

/** Focus rooms (body doubling), for signed-in people; guests may look, members take part. */
export const Route = createFileRoute("/focus/")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Focus rooms", noindex: true }),
  component: FocusRoomsPage,
});
