/**
 * Confirming a payment in the browser, so card details go to the payment provider and never to
 * our servers. In production Stripe.js does it (stripe-card-form.tsx); offline the embedded
 * backend's Stripe stand-in takes the same confirm request Stripe.js would send.
 */
import type { api } from "@convex/_generated/api";
import { paymentErrorCode } from "@convex/model/billing";
import type { PaymentErrorCode } from "@convex/model/paymentErrors";
import type { FunctionReturnType } from "convex/server";

export type PaymentSetup = NonNullable<NonNullable<FunctionReturnType<typeof api.billing.checkoutQuote>>["payment"]>;
export type LocalGateway = Extract<PaymentSetup, { mode: "local-gateway" }>;

export type ConfirmResult = { ok: true } | { ok: false; code: PaymentErrorCode };

/** What a card entry (Elements or the offline form) gives the form once it is ready. */
export interface CardConfirmer {
  /** Lets the card entry check its fields before anything is created on the server. */
  prepare(): Promise<ConfirmResult>;
  confirm(clientSecret: string, cardholderName: string, returnUrl: string): Promise<ConfirmResult>;
}

export interface CardEntryProps {
  amount: number;
  intentMode: "subscription" | "payment";
  onReady: (confirmer: CardConfirmer) => void;
}

export interface TestCard {
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

/** "MM/YY" → month and four-digit year; anything else is passed on for the provider to refuse. */
export function splitExpiry(expiry: string): { month: string; year: string } {
  const [month = "", year = ""] = expiry.split("/").map((part) => part.trim());
  return { month, year: year.length === 2 ? `20${year}` : year };
}

/** The stand-in's confirm endpoint, called the way Stripe.js calls Stripe's. */
export async function confirmWithLocalGateway(gateway: LocalGateway, clientSecret: string, card: TestCard, cardholderName: string): Promise<ConfirmResult> {
  const intentId = clientSecret.split("_secret_")[0]!;
  const { month, year } = splitExpiry(card.expiry);
  const body = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card.number.replace(/\s+/g, ""),
    "payment_method_data[card][exp_month]": month,
    "payment_method_data[card][exp_year]": year,
    "payment_method_data[card][cvc]": card.cvc,
    "payment_method_data[billing_details][name]": cardholderName,
  });
  let response: Response;
  try {
    response = await fetch(`${gateway.apiUrl}/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  } catch {
    return { ok: false, code: "network_error" };
  }
  if (response.ok) return { ok: true };
  const answer = (await response.json().catch(() => null)) as { error?: { code?: string; decline_code?: string; type?: string } } | null;
  return { ok: false, code: paymentErrorCode(answer?.error ?? {}) };
}

/** A fresh key per checkout attempt: a double submit reuses it, a retry after a failure gets a new one. */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}
