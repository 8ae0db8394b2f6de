import { BILLING_MESSAGES } from "@convex/model/messages";
import type { Id } from "@convex/_generated/dataModel";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/user-error";
import { LocalCardEntry } from "./local-card-entry";
import type { CardConfirmer, ConfirmResult, PaymentSetup } from "./payment-client";

const StripeCardEntry = lazy(() => import("./stripe-card-entry"));

export type Started = { orderId: Id<"orders">; clientSecret: string };

interface PaymentFormProps {
  payment: PaymentSetup | null;
  amount: number;
  intentMode: "subscription" | "payment";
  defaultName: string;
  /** Creates the order on the server (priced there) and returns what to confirm. */
  start: (cardholderName: string) => Promise<Started>;
  onPaid: (orderId: Id<"orders">) => void;
  onDeclined: (orderId: Id<"orders"> | null, result: Extract<ConfirmResult, { ok: false }>) => void;
}

const FIELD_IDS = { cardholderName: "cardholder-name", terms: "accept-terms" } as const;

/** Cardholder name (prefilled, required), the card, the terms (required) and one submit (SPEC §5, §7). */
export function PaymentForm({ payment, amount, intentMode, defaultName, start, onPaid, onDeclined }: PaymentFormProps) {
  const [cardholderName, setCardholderName] = useState(defaultName);
  const [terms, setTerms] = useState(false);
  const [processing, setProcessing] = useState(false);
  const form = useFormErrors(FIELD_IDS);
  const confirmer = useRef<CardConfirmer | null>(null);
  const onReady = useCallback((next: CardConfirmer) => {
    confirmer.current = next;
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    const fields: Partial<Record<keyof typeof FIELD_IDS, string>> = {};
    if (!cardholderName.trim()) fields.cardholderName = BILLING_MESSAGES.CARDHOLDER_REQUIRED;
    if (!terms) fields.terms = BILLING_MESSAGES.TERMS_REQUIRED;
    if (fields.cardholderName || fields.terms) {
      form.fail({ message: "Please check the highlighted fields.", fields });
      return;
    }
    const card = confirmer.current;
    if (!card) return;
    form.clear();
    setProcessing(true);
    const prepared = await card.prepare();
    if (!prepared.ok) {
      setProcessing(false);
      onDeclined(null, prepared);
      return;
    }
    let started: Started;
    try {
      started = await start(cardholderName.trim());
    } catch (error) {
      setProcessing(false);
      form.fail({ message: errorMessage(error, BILLING_MESSAGES.PAYMENTS_UNAVAILABLE), fields: {} });
      return;
    }
    const result = await card.confirm(started.clientSecret, cardholderName.trim(), `${window.location.origin}/checkout/success?order=${started.orderId}`);
    // Stays "Processing..." while the next page loads: the order is decided, a second click must not start another.
    if (result.ok) onPaid(started.orderId);
    else onDeclined(started.orderId, result);
  }

  if (!payment) {
    return (
      <p role="alert" className="rounded-md border border-warning/40 bg-warning-muted p-4 text-warning-foreground">
        {BILLING_MESSAGES.PAYMENTS_UNAVAILABLE}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-busy={processing}>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />
      <FormField id={FIELD_IDS.cardholderName} label="Cardholder name" required error={form.errors?.fields.cardholderName}>
        {(control) => <Input {...control} name="cardholderName" autoComplete="cc-name" value={cardholderName} onChange={(event) => setCardholderName(event.target.value)} />}
      </FormField>
      {payment.mode === "stripe" ? (
        <Suspense fallback={<Skeleton className="h-40 w-full" aria-label="Loading the secure card form" />}>
          <StripeCardEntry publishableKey={payment.publishableKey} amount={amount} intentMode={intentMode} onReady={onReady} />
        </Suspense>
      ) : (
        <LocalCardEntry gateway={payment} onReady={onReady} />
      )}
      <div className="flex flex-col gap-1.5">
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={FIELD_IDS.terms}
            type="checkbox"
            className="size-5 accent-primary"
            checked={terms}
            required
            aria-invalid={Boolean(form.errors?.fields.terms)}
            aria-describedby={form.errors?.fields.terms ? `${FIELD_IDS.terms}-error` : undefined}
            onChange={(event) => setTerms(event.target.checked)}
          />
          <label htmlFor={FIELD_IDS.terms}>
            I accept the{" "}
            <Link to="/terms-of-service" className="text-primary underline underline-offset-4" target="_blank">
              Terms of Service
            </Link>
            <span className="ml-1 text-destructive" aria-hidden>
              *
            </span>
          </label>
        </div>
        {form.errors?.fields.terms ? (
          <p id={`${FIELD_IDS.terms}-error`} className="text-sm font-medium text-destructive">
            {form.errors.fields.terms}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={processing}>
        {processing ? "Processing..." : "Pay securely"}
      </Button>
    </form>
  );
}
