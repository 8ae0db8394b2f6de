import { createFileRoute } from "@tanstack/react-router";
import { HelpCenterPage } from "@/features/marketing/help-center-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/help-center")({
  head: seo({
    title: "Help Center",
    description: "Step-by-step help with getting started, booking sessions, action items, plans and your account.",
  }),
  component: HelpCenterPage,
});
