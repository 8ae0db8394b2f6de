import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useAction, useQuery } from "convex/react";
import { ArrowLeftIcon, CreditCardIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import { BILLING_TEXTS, BILLING_URL, goToStripe, tierName } from "./billing";

/** Why there is no portal to open: a plan nobody pays for has nothing to manage at Stripe. */
export const PORTAL_TEXTS = {
  complimentary: (tier: string) =>
    `Your ${tierName(tier)} plan is complimentary: there's nothing to pay, so there's nothing to manage in the billing portal. It stays as it is.`,
  noPlan: "You don't have a paid plan, so there's nothing to manage in the billing portal yet.",
} as const;

function BackToBilling() {
  return (
    <Button asChild variant="outline">
      <a href={BILLING_URL}>
        <ArrowLeftIcon aria-hidden />
        Back to Billing
      </a>
    </Button>
  );
}

/** The page and its heading, whichever state it is in. */
function PortalFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <CreditCardIcon className="size-7 shrink-0 text-primary" aria-hidden />
        Billing portal
      </h1>
      {children}
    </div>
  );
}

/**
 * /subscription-portal: asks the server for a Stripe billing portal session and goes there. Stripe
 * sends the member back to Billing when they are done. A member Stripe knows nothing about (a
 * complimentary plan, or no plan and no past invoices) is told so instead of shown an empty
 * portal; past invoices of a complimentary member stay one click away.
 */
export function SubscriptionPortalPage() {
  const overview = useQuery(api.billing.overview);
  // Stripe lists only paid plans: a complimentary one would show there as "no plans".
  const nothingAtStripe = overview !== undefined && (overview.subscription ? overview.subscription.complementary : !overview.portal);
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
    if (started.current || overview === undefined || nothingAtStripe) return;
    started.current = true;
    void open();
  }, [open, overview, nothingAtStripe]);

  if (overview !== undefined && nothingAtStripe) {
    return (
      <PortalFrame>
        <p className="text-lg">{overview.subscription ? PORTAL_TEXTS.complimentary(overview.tier) : PORTAL_TEXTS.noPlan}</p>
        {error === null ? null : <InlineError className="text-base">{error}</InlineError>}
        <div className="flex flex-wrap gap-3">
          {overview.subscription ? null : (
            <Button asChild>
              <Link to="/pricing">See the plans</Link>
            </Button>
          )}
          {overview.subscription && overview.portal ? (
            <Button variant="outline" onClick={() => void open()}>
              See past invoices
            </Button>
          ) : null}
          <BackToBilling />
        </div>
      </PortalFrame>
    );
  }

  return (
    <PortalFrame>
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
            <BackToBilling />
          </div>
        </div>
      )}
    </PortalFrame>
  );
}
