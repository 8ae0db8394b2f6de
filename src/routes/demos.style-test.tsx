import { createFileRoute } from "@tanstack/react-router";
import { StyleTest } from "@/features/demos/style-test";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/style-test")({
  head: seo({ title: "Style test", description: "The type scale and colour tokens in the current theme.", noindex: true }),
  component: StyleTest,
});
