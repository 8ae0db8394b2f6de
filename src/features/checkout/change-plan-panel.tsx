import { api } from "@convex/_generated/api";
import { findPlanPrice, type CheckoutCycle, type CheckoutTier } from "@convex/model/billing";
import { formatPrice } from "@convex/model/products";
import { useNavigate } from "@tanstack/react-router";
import { useAction } from "convex/react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import { newAttemptKey } from "./payment-client";
import { CYCLE_LABELS, TIER_NAMES } from "./plans";

interface Current {
  tier: CheckoutTier;
  billingCycle?: CheckoutCycle;
}

/**
 * A member with a paid plan changes it instead of buying a second one: Stripe prorates and
 * charges the card on file. The page waits for Stripe's confirmation to arrive live.
 */
export function ChangePlanPanel({ current, target }: { current: Current; target: { tier: CheckoutTier; cycle: CheckoutCycle } }) {
  const navigate = useNavigate();
  const changePlan = useAction(api.billing.changePlan);
  const [key] = useState(newAttemptKey);
  const [state, setState] = useState<"idle" | "processing" | "waiting">("idle");
  const [error, setError] = useState<string | null>(null);
  const same = current.tier === target.tier && current.billingCycle === target.cycle;
  const price = findPlanPrice(target.tier, target.cycle);

  // The live quote brings the new plan once Stripe's event is in; then Billing shows it.
  useEffect(() => {
    if (state === "waiting" && same) void navigate({ to: "/dashboard/billing" });
  }, [state, same, navigate]);

  async function change() {
    setError(null);
    setState("processing");
    try {
      await changePlan({ tier: target.tier, billingCycle: target.cycle, idempotencyKey: key });
      setState("waiting");
    } catch (failure) {
      setError(errorMessage(failure));
      setState("idle");
    }
  }

  if (same && state === "idle") {
    return <p className="rounded-lg border p-4">This is your current plan. You can manage it under Billing.</p>;
  }
  return (
    <div className="flex flex-col gap-4 rounded-lg border p-5">
      <p>
        You're on {TIER_NAMES[current.tier]}
        {current.billingCycle ? ` ${CYCLE_LABELS[current.billingCycle].label}` : ""}. Switching to {TIER_NAMES[target.tier]} {CYCLE_LABELS[target.cycle].label}
        {price ? ` (${formatPrice(price.amount)} per ${CYCLE_LABELS[target.cycle].per})` : ""} charges or credits the difference for the rest of this period right away, to the card you pay with now.
      </p>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      {state === "waiting" ? (
        <p role="status">Waiting for Stripe to confirm your new plan…</p>
      ) : (
        <Button size="lg" disabled={state !== "idle"} onClick={() => void change()}>
          {state === "processing" ? "Processing..." : "Change plan"}
        </Button>
      )}
    </div>
  );
}
