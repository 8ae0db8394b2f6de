import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { TranscriptPage } from "@/features/sessions/transcript-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/transcripts/$id")({
  head: seo({ title: "Transcript", noindex: true }),
  component: TranscriptRoute,
});

function TranscriptRoute() {
  const { id } = Route.useParams();
  return <TranscriptPage transcriptId={id as Id<"transcripts">} />;
}
