import { createFileRoute } from "@tanstack/react-router";
import { LoadingScreenDemo } from "@/features/demos/loading-screen-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/loading-screen")({
  head: seo({ title: "Loading screen demo", description: "The screen after booking, with a made-up booking.", noindex: true }),
  component: LoadingScreenDemo,
});
