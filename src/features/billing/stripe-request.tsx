import { CheckCircle2Icon, ClockIcon } from "lucide-react";
import { useEffect, useState, type Ref } from "react";
import { errorMessage } from "@/lib/user-error";
import { BILLING_TEXTS, SLOW_CONFIRMATION_MS } from "./billing";

/** One button's request: "Processing..." while it runs, the server's words if it fails. */
export function useRequest() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(request: () => Promise<void>): Promise<boolean> {
    setSubmitting(true);
    setError(null);
    try {
      await request();
      return true;
    } catch (caught) {
      setError(errorMessage(caught, BILLING_TEXTS.failed));
      return false;
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, error, run };
}

/**
 * A member's own plan request changes nothing here: the new state arrives through the live
 * overview once Stripe's webhook confirms it. `track` sends a request and then waits for the
 * plan's key to move away from what it was when the member clicked (so a webhook that lands
 * before the action returns still counts).
 */
export function useStripeConfirmation(currentKey: string) {
  const [waitingOn, setWaitingOn] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // Settled during render, not in an effect, so the page never shows "waiting" over new data.
  if (waitingOn !== null && waitingOn !== currentKey) {
    setWaitingOn(null);
    setConfirmed(true);
  }
  async function track(request: () => Promise<unknown>): Promise<void> {
    const before = currentKey;
    await request();
    setConfirmed(false);
    setWaitingOn(before);
  }
  return { waiting: waitingOn !== null, confirmed, track };
}

function Waiting() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
      <ClockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-medium">{BILLING_TEXTS.waiting}</p>
        {slow ? <p className="text-muted-foreground">{BILLING_TEXTS.slow}</p> : null}
      </div>
    </div>
  );
}

/**
 * Always rendered, so the wait and its end are announced politely where the member is looking.
 * Focusable from script: the buttons wait while Stripe confirms, so focus comes here instead.
 */
export function ConfirmationStatus({ waiting, confirmed, ref }: { waiting: boolean; confirmed: boolean; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className="rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {waiting ? <Waiting /> : null}
      {!waiting && confirmed ? (
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2Icon className="size-4 shrink-0" aria-hidden />
          {BILLING_TEXTS.confirmed}
        </p>
      ) : null}
    </div>
  );
}
