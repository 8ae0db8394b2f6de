import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { CheckoutPage, type CheckoutSearch } from "@/features/checkout/checkout-page";
import { seo } from "@/lib/seo";

const text = (value: unknown) => (typeof value === "string" && value.length <= 40 ? value : undefined);

/** Paying for a plan; the server prices it and decides who may buy what. */
export const Route = createFileRoute("/checkout/")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): CheckoutSearch => ({ tier: text(search.tier), billing: text(search.billing) }),
  beforeLoad: requireSignedIn,
  head: seo({ title: "Checkout", noindex: true }),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  return <CheckoutPage search={Route.useSearch()} />;
}
