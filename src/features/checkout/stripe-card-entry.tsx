/**
 * Stripe Elements (production): the card is typed into Stripe's own iframe, so card data never
 * reaches our servers. Loaded lazily, and only when a publishable key is configured, so neither
 * Stripe.js nor this chunk is fetched offline.
 */
import { paymentErrorCode } from "@convex/model/billing";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo } from "react";
import type { CardEntryProps } from "./payment-client";

const stripes = new Map<string, Promise<Stripe | null>>();

export default function StripeCardEntry({ publishableKey, amount, intentMode, onReady }: CardEntryProps & { publishableKey: string }) {
  const stripe = useMemo(() => {
    if (!stripes.has(publishableKey)) stripes.set(publishableKey, loadStripe(publishableKey));
    return stripes.get(publishableKey)!;
  }, [publishableKey]);
  return (
    // Deferred intent: Elements collects the card first; the subscription or payment is made on submit.
    <Elements stripe={stripe} options={{ mode: intentMode, amount, currency: "usd" }}>
      <ElementsForm onReady={onReady} />
    </Elements>
  );
}

function ElementsForm({ onReady }: Pick<CardEntryProps, "onReady">) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async prepare() {
        const { error } = await elements.submit();
        return error ? { ok: false, code: paymentErrorCode(error) } : { ok: true };
      },
      async confirm(clientSecret, cardholderName, returnUrl) {
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: returnUrl, payment_method_data: { billing_details: { name: cardholderName } } },
          redirect: "if_required",
        });
        return error ? { ok: false, code: paymentErrorCode(error) } : { ok: true };
      },
    });
  }, [stripe, elements, onReady]);
  return <PaymentElement options={{ fields: { billingDetails: { name: "never" } } }} />;
}
