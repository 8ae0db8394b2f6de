import { createFileRoute } from "@tanstack/react-router";
import { ServicesPage } from "@/features/marketing/services-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/services/")({
  head: seo({
    title: "Services",
    description: "Calendar Clarity, Automation Mastery, AI Accelerator and Text Expansion: four practical coaching services for busy ADHD minds.",
  }),
  component: ServicesPage,
});
