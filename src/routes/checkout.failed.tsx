import { createFileRoute } from "@tanstack/react-router";
import { PaymentFailedPage } from "@/features/checkout/payment-outcome";
import { seo } from "@/lib/seo";

const text = (value: unknown) => (typeof value === "string" && value.length <= 40 ? value : undefined);

export const Route = createFileRoute("/checkout/failed")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { tier?: string; code?: string } => ({ tier: text(search.tier), code: text(search.code) }),
  head: seo({ title: "Payment failed", noindex: true }),
  component: FailedRoute,
});

function FailedRoute() {
  const { tier, code } = Route.useSearch();
  return <PaymentFailedPage tier={tier} code={code} />;
}
