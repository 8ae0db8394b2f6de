import { createFileRoute } from "@tanstack/react-router";
import { CampaignApiErrors } from "@/features/demos/campaign-api-errors";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/campaign-api-errors")({
  head: seo({ title: "Campaign API error pages", description: "The campaign management, scheduling, sending and analytics error views.", noindex: true }),
  component: CampaignApiErrors,
});
