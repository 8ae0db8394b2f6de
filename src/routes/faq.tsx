import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "@/features/marketing/faq-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/faq")({
  head: seo({
    title: "FAQ",
    description: "Answers to common questions about LWCC coaching, time balances, plans and support.",
  }),
  component: FaqPage,
});
