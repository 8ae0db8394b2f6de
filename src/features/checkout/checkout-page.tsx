import { api } from "@convex/_generated/api";
import type { CheckoutCycle } from "@convex/model/billing";
import { formatPrice } from "@convex/model/products";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAction, useQuery } from "convex/react";
import { CheckIcon } from "lucide-react";
import { useState } from "react";
import { CartCheckout } from "./cart-checkout";
import { ChangePlanPanel } from "./change-plan-panel";
import { CheckoutLayout, CheckoutShell, CheckoutSkeleton } from "./checkout-shell";
import { withRetry } from "@/lib/retry";
import { CYCLE_LABELS, tierDetails } from "./plans";
import { newAttemptKey } from "./payment-client";
import { PaymentForm } from "./payment-form";

export interface CheckoutSearch {
  tier?: string;
  billing?: string;
}

/** /checkout?tier=…&billing=…: pay for a plan (SPEC §2 Checkout); /checkout alone pays for the cart. */
export function CheckoutPage({ search }: { search: CheckoutSearch }) {
  return search.tier === undefined ? <CartCheckout /> : <PlanCheckoutPage tier={search.tier} billing={search.billing} />;
}

function PlanCheckoutPage({ tier, billing }: { tier: string; billing?: string }) {
  const quote = useQuery(api.billing.checkoutQuote, { tier });
  if (quote === undefined) return <CheckoutSkeleton />;
  if (quote === null) {
    return (
      <CheckoutShell>
        <p className="text-lg">That plan isn't available. Please choose one on the pricing page.</p>
        <Link to="/pricing" className="mt-4 inline-flex min-h-11 items-center text-primary underline underline-offset-4">
          See plans and prices
        </Link>
      </CheckoutShell>
    );
  }
  return <PlanCheckout quote={quote} initialCycle={billing} />;
}

type Quote = NonNullable<ReturnType<typeof useQuery<typeof api.billing.checkoutQuote>>>;

function PlanCheckout({ quote, initialCycle }: { quote: Quote; initialCycle?: string }) {
  const navigate = useNavigate();
  const start = useAction(api.billing.startSubscriptionCheckout);
  const [cycle, setCycle] = useState<CheckoutCycle>(quote.plans.find((plan) => plan.cycle === initialCycle)?.cycle ?? quote.plans[0]!.cycle);
  // One key per attempt: a double submit is the same order; after a decline the retry is a new one.
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const plan = quote.plans.find((p) => p.cycle === cycle)!;
  const monthly = quote.plans.find((p) => p.cycle === "monthly");
  const details = tierDetails(quote.tier);

  return (
    <CheckoutLayout
      moneyBack
      description={`${details.name}: ${details.description}`}
      summary={
        <>
          <fieldset>
            <legend className="mb-3 font-medium">Billing</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {quote.plans.map((option) => (
                <label
                  key={option.cycle}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input type="radio" name="billing" value={option.cycle} checked={cycle === option.cycle} onChange={() => setCycle(option.cycle)} className="mt-1 size-4 accent-primary" />
                  <span className="flex flex-col">
                    <span className="font-medium">{CYCLE_LABELS[option.cycle].label}</span>
                    <span>
                      {formatPrice(option.amount)} per {CYCLE_LABELS[option.cycle].per}
                    </span>
                    {option.cycle === "quarterly" && monthly ? (
                      <span className="text-sm text-muted-foreground">
                        instead of {formatPrice(monthly.amount * 3)} (3 x {formatPrice(monthly.amount)} monthly)
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <h3 className="mb-2 font-medium">What's included</h3>
            <ul className="flex flex-col gap-2">
              {details.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <p className="flex justify-between border-t pt-4 text-lg font-semibold">
            <span>Due today</span>
            <span>{formatPrice(plan.amount)}</span>
          </p>
        </>
      }
      paymentTitle={quote.upgrade ? "Change your plan" : "Payment"}
    >
      {quote.upgrade && quote.subscription ? (
        <ChangePlanPanel current={quote.subscription} target={{ tier: quote.tier, cycle }} />
      ) : (
        <PaymentForm
          key={attemptKey}
          payment={quote.payment}
          amount={plan.amount}
          intentMode="subscription"
          defaultName={quote.cardholderName}
          // Safe to repeat: the attempt's key makes a retry the same order; a decline is never retried (its policy stops).
          start={(cardholderName) => withRetry(() => start({ tier: quote.tier, billingCycle: cycle, cardholderName, idempotencyKey: attemptKey }))}
          onPaid={(orderId) => void navigate({ to: "/checkout/success", search: { order: orderId } })}
          onDeclined={(_orderId, result) => {
            setAttemptKey(newAttemptKey());
            void navigate({ to: "/checkout/failed", search: { tier: quote.tier, code: result.code } });
          }}
        />
      )}
    </CheckoutLayout>
  );
}
