import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { RecordingPage } from "@/features/sessions/recording-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/recordings/$id")({
  head: seo({ title: "Recording", noindex: true }),
  component: RecordingRoute,
});

function RecordingRoute() {
  const { id } = Route.useParams();
  return <RecordingPage recordingId={id as Id<"recordings">} />;
}
