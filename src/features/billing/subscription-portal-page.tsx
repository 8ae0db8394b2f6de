import { api } from "@convex/_generated/api";
import { useAction } from "convex/react";
import { ArrowLeftIcon, CreditCardIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import { BILLING_TEXTS, BILLING_URL, goToStripe } from "./billing";

/**
 * /subscription-portal: asks the server for a Stripe billing portal session and goes there. Stripe
 * sends the member back to Billing when they are done.
 */
export function SubscriptionPortalPage() {
  const portalSession = useAction(api.billing.portalSession);
  const [error, setError] = useState<string | null>(null);
  // Each call opens a new portal session at Stripe; React's strict mode runs effects twice.
  const started = useRef(false);

  const open = useCallback(async () => {
    try {
      const { url } = await portalSession({ returnUrl: window.location.origin + BILLING_URL });
      goToStripe(url);
    } catch (caught) {
      setError(errorMessage(caught, BILLING_TEXTS.failed));
    }
  }, [portalSession]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open();
  }, [open]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <CreditCardIcon className="size-7 shrink-0 text-primary" aria-hidden />
        Billing portal
      </h1>
      {error === null ? (
        <p role="status" className="text-lg">
          Opening your billing portal…
        </p>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <InlineError className="text-base">{error}</InlineError>
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => {
                setError(null);
                void open();
              }}
            >
              Try again
            </Button>
            <Button asChild variant="outline">
              <a href={BILLING_URL}>
                <ArrowLeftIcon aria-hidden />
                Back to Billing
              </a>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
