import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { PaymentSuccessPage } from "@/features/checkout/payment-outcome";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/checkout/success")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { order: string } => ({ order: typeof search.order === "string" ? search.order : "" }),
  beforeLoad: requireSignedIn,
  head: seo({ title: "Payment successful", noindex: true }),
  component: SuccessRoute,
});

function SuccessRoute() {
  return <PaymentSuccessPage orderId={Route.useSearch().order} />;
}
