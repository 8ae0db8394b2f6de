import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { FocusRoomPage } from "@/features/focus/focus-room-page";
import { seo } from "@/lib/seo";

/** One focus room; the server decides who may see it. */
export const Route = createFileRoute("/focus/$roomId")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Focus room", noindex: true }),
  component: FocusRoomRoute,
});

function FocusRoomRoute() {
  const { roomId } = Route.useParams();
  return <FocusRoomPage roomId={roomId as Id<"focusRooms">} />;
}
