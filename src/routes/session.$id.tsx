import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { SessionPage } from "@/features/sessions/session-page";
import { seo } from "@/lib/seo";

/** A booked session, for its member, its coach and staff; the server decides who may see it. */
export const Route = createFileRoute("/session/$id")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Session", noindex: true }),
  component: SessionRoute,
});

function SessionRoute() {
  const { id } = Route.useParams();
  return <SessionPage sessionId={id as Id<"sessions">} />;
}
