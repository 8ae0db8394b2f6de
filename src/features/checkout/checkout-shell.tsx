import { MONEY_BACK_DAYS } from "@convex/model/billing";
import { formatPrice, orderLineLabel } from "@convex/model/products";
import { ShieldCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { MONEY_BACK_PROMISE } from "@/features/catalog/pricing";

export function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <article aria-labelledby="checkout-title" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 id="checkout-title" className="mb-8 text-3xl font-bold tracking-tight">
        Checkout
      </h1>
      {children}
    </article>
  );
}

/** Every checkout's page: the order summary (with a plan, its money-back promise) beside the payment. */
export function CheckoutLayout({
  description,
  summary,
  paymentTitle,
  before,
  moneyBack = false,
  children,
}: {
  description: string;
  /** The plans' money-back promise: plan checkouts only, as the promise is worded for plans. */
  moneyBack?: boolean;
  summary: ReactNode;
  paymentTitle: string;
  /** What opens over the page first (the cart's scheduling step). */
  before?: ReactNode;
  /** The payment side. */
  children: ReactNode;
}) {
  return (
    <CheckoutShell>
      {before}
      <div className="grid gap-8 lg:grid-cols-[1fr_minmax(0,26rem)]">
        <section aria-labelledby="order-summary-title" className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle id="order-summary-title" className="text-xl">
                Order summary
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">{summary}</CardContent>
          </Card>
          {moneyBack ? <MoneyBackNote /> : null}
        </section>
        <section aria-labelledby="payment-title" className="flex flex-col gap-4">
          <h2 id="payment-title" className="text-xl font-semibold">
            {paymentTitle}
          </h2>
          {children}
        </section>
      </div>
    </CheckoutShell>
  );
}

export function CheckoutSkeleton() {
  return (
    <CheckoutShell>
      <div role="status" aria-label="Loading checkout" className="grid gap-8 lg:grid-cols-[1fr_minmax(0,26rem)]">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    </CheckoutShell>
  );
}

/** SPEC §9's 30-day money-back promise, as every plan checkout shows it. */
function MoneyBackNote() {
  return (
    <p className="flex gap-3 rounded-lg border bg-muted/40 p-4">
      <ShieldCheckIcon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
      <span>
        <strong>{MONEY_BACK_DAYS}-day money-back promise.</strong> {MONEY_BACK_PROMISE}
      </span>
    </p>
  );
}

/** One priced line of an order; a time package says what its minutes do ("added to your time balance"). */
export function OrderLineItem({
  item,
  minutesNote,
}: {
  item: { name: string; quantity: number; totalPrice: number; minutes: number };
  minutesNote: string;
}) {
  return (
    <li className="flex justify-between gap-4">
      <span>
        {orderLineLabel(item)}
        {item.minutes > 0 ? (
          <span className="block text-sm text-muted-foreground">
            {item.minutes} minutes {minutesNote}
          </span>
        ) : null}
      </span>
      <span>{formatPrice(item.totalPrice)}</span>
    </li>
  );
}
