import { createFileRoute } from "@tanstack/react-router";
import { MissionAndValuesPage } from "@/features/marketing/mission-and-values-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/mission-and-values")({
  head: seo({
    title: "Mission and Values",
    description: "Why LWCC exists and the values that guide how we coach and what we build.",
  }),
  component: MissionAndValuesPage,
});
