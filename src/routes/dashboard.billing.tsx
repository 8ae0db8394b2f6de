import { createFileRoute } from "@tanstack/react-router";
import { BillingPage } from "@/features/billing/billing-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/billing")({
  head: seo({ title: "Billing", noindex: true }),
  component: BillingPage,
});
