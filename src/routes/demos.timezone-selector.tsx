import { createFileRoute } from "@tanstack/react-router";
import { TimezoneSelectorDemo } from "@/features/demos/timezone-selector-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/timezone-selector")({
  head: seo({ title: "Time zone selector test", description: "The searchable time zone field, saving nowhere.", noindex: true }),
  component: TimezoneSelectorDemo,
});
