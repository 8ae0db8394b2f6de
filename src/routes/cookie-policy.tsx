import { createFileRoute } from "@tanstack/react-router";
import { CookiePolicyPage } from "@/features/marketing/cookie-policy-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/cookie-policy")({
  head: seo({
    title: "Cookie Policy",
    description: "LWCC stores one theme setting and one sign-in cookie. No tracking cookies.",
  }),
  component: CookiePolicyPage,
});
