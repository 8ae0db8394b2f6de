import { createFileRoute } from "@tanstack/react-router";
import { DemosIndexPage } from "@/features/demos/demos-index-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/")({
  head: seo({ title: "Demos and test pages", description: "Every demo, test and debug page of LWCC.", noindex: true }),
  component: DemosIndexPage,
});
