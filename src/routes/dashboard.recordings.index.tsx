import { createFileRoute } from "@tanstack/react-router";
import { RecordingsPage } from "@/features/sessions/recordings-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/recordings/")({
  head: seo({ title: "Recordings", noindex: true }),
  component: RecordingsPage,
});
