import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyPage } from "@/features/marketing/privacy-policy-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/privacy-policy")({
  head: seo({
    title: "Privacy Policy",
    description: "What LWCC collects, why, who helps us, and what you can ask us to do with your data.",
  }),
  component: PrivacyPolicyPage,
});
