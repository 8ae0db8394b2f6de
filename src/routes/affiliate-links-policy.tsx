import { createFileRoute } from "@tanstack/react-router";
import { AffiliateLinksPolicyPage } from "@/features/marketing/affiliate-links-policy-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/affiliate-links-policy")({
  head: seo({
    title: "Affiliate Links Policy",
    description: "How LWCC labels and chooses links that may earn a small commission.",
  }),
  component: AffiliateLinksPolicyPage,
});
