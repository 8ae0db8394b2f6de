import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "@/features/marketing/home-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/")({
  head: seo({}),
  component: HomePage,
});
