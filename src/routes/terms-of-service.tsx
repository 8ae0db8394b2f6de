import { createFileRoute } from "@tanstack/react-router";
import { TermsOfServicePage } from "@/features/marketing/terms-of-service-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/terms-of-service")({
  head: seo({
    title: "Terms of Service",
    description: "The agreement between you and LWCC, in plain language.",
  }),
  component: TermsOfServicePage,
});
