import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";

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
