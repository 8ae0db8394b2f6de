import { createFileRoute } from "@tanstack/react-router";
import { SupportPage } from "@/features/marketing/support-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/support")({
  head: seo({
    title: "Support",
    description: "How to get help with LWCC. We answer every message within 24 hours.",
  }),
  component: SupportPage,
});
