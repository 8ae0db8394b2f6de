import { api } from "@convex/_generated/api";
import type { PlanPrice } from "@convex/model/billing";
import { useAction } from "convex/react";
import { CircleAlertIcon, CircleCheckIcon, CreditCardIcon, HourglassIcon, type LucideIcon } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { BILLING_LABELS } from "@/features/catalog/pricing";
import { cn } from "@/lib/utils";
import {
  BILLING_TEXTS,
  longDate,
  otherPlans,
  planMove,
  planState,
  PORTAL_URL,
  pricePerCycle,
  PRICING_URL,
  subscriptionKey,
  tierName,
  type BillingOverview,
  type PlanState,
  type Subscription,
} from "./billing";
import { ConfirmationStatus, useRequest, useStripeConfirmation } from "./stripe-request";

/** A refused request, boxed so it stands apart from the dialog's text. */
const REQUEST_ERROR = "rounded-lg border border-destructive/40 bg-destructive/10 p-3";

// Amber, not red, for a card problem: access continues while Stripe retries (UX.md).
const STATE_BADGES: Record<PlanState, { label: string; icon: LucideIcon; className: string }> = {
  active: { label: "Active", icon: CircleCheckIcon, className: "border-success/40 bg-transparent text-success" },
  pastDue: { label: "Past due", icon: CircleAlertIcon, className: "border-warning/40 bg-warning-muted text-warning-foreground" },
  cancelling: { label: "Cancelling", icon: HourglassIcon, className: "border-warning/40 bg-warning-muted text-warning-foreground" },
};

function StateBadge({ state }: { state: PlanState }) {
  const look = STATE_BADGES[state];
  return (
    <Badge variant="outline" className={look.className}>
      <look.icon aria-hidden />
      {look.label}
    </Badge>
  );
}

function PortalLink() {
  return (
    <Button asChild variant="outline">
      <a href={PORTAL_URL}>
        <CreditCardIcon aria-hidden />
        Manage payment methods and invoices
      </a>
    </Button>
  );
}

function endText(subscription: Subscription, timeZone: string): string {
  return subscription.currentPeriodEnd === undefined ? "the end of this billing period" : longDate(subscription.currentPeriodEnd, timeZone);
}

/**
 * A plan dialog's close: after a sent request its trigger waits, disabled, so focus goes to the
 * status that says what happens next rather than falling to the top of the page.
 */
function useFocusAfterSent(focusStatus: () => void) {
  const sent = useRef(false);
  return {
    markSent: () => {
      sent.current = true;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!sent.current) return;
      sent.current = false;
      event.preventDefault();
      focusStatus();
    },
  };
}

function CancelDialog({ subscription, timeZone, disabled, track, focusStatus }: PlanActionProps) {
  const setCancel = useAction(api.billing.setCancelAtPeriodEnd);
  const { submitting, error, run } = useRequest();
  const [open, setOpen] = useState(false);
  const { markSent, onCloseAutoFocus } = useFocusAfterSent(focusStatus);
  async function confirm() {
    if (!(await run(() => track(() => setCancel({ cancel: true }))))) return;
    markSent();
    setOpen(false);
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" disabled={disabled}>
          Cancel plan
        </Button>
      </DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Cancel your plan?</DialogTitle>
          <DialogDescription>
            Your {tierName(subscription.tier)} plan stays active until {endText(subscription, timeZone)}. After that your account is paused,
            not deleted, and you can come back any time by choosing a plan again.
          </DialogDescription>
        </DialogHeader>
        <InlineError className={REQUEST_ERROR}>{error}</InlineError>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={submitting}>
              Go back
            </Button>
          </DialogClose>
          <Button onClick={() => void confirm()} disabled={submitting}>
            {submitting ? "Processing..." : "Cancel at end of period"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ChangePlanForm({ subscription, track, onDone }: Pick<PlanActionProps, "subscription" | "track"> & { onDone: () => void }) {
  const changePlan = useAction(api.billing.changePlan);
  const { submitting, error, run } = useRequest();
  const [choice, setChoice] = useState<PlanPrice | null>(null);
  const [missing, setMissing] = useState(false);
  // One key per chosen plan while the dialog is open: a retry after a lost answer repeats the same
  // request, which Stripe then applies once; picking another plan is a new request.
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const plans = otherPlans(subscription);

  function choose(plan: PlanPrice) {
    setChoice(plan);
    setMissing(false);
    setAttemptKey(crypto.randomUUID());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === null) {
      setMissing(true);
      return;
    }
    const plan = choice;
    if (await run(() => track(() => changePlan({ tier: plan.tier, billingCycle: plan.cycle, idempotencyKey: attemptKey })))) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <fieldset className="flex flex-col gap-2" aria-describedby={missing ? "change-plan-missing" : undefined}>
        <legend className="mb-2 text-sm font-semibold">Choose a plan</legend>
        {plans.map((plan) => {
          const move = planMove(subscription, plan);
          return (
            <label
              key={plan.lookupKey}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60"
            >
              <input
                type="radio"
                name="plan"
                value={plan.lookupKey}
                checked={choice?.lookupKey === plan.lookupKey}
                onChange={() => choose(plan)}
                className="size-4 accent-primary"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{plan.name}</span>
                <span className="text-sm text-muted-foreground">{pricePerCycle(plan.amount, plan.cycle)}</span>
              </span>
              <Badge variant={move === "Upgrade" ? "default" : "outline"}>{move}</Badge>
            </label>
          );
        })}
      </fieldset>
      <div id="change-plan-missing">
        <InlineError>{missing ? "Choose a plan first." : null}</InlineError>
      </div>
      <p className="text-sm text-muted-foreground">{BILLING_TEXTS.prorate}</p>
      <InlineError className={REQUEST_ERROR}>{error}</InlineError>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={submitting}>
            Go back
          </Button>
        </DialogClose>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Processing..." : "Change plan"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ChangePlanDialog({ subscription, disabled, track, focusStatus }: PlanActionProps) {
  const [open, setOpen] = useState(false);
  const { markSent, onCloseAutoFocus } = useFocusAfterSent(focusStatus);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Change plan</Button>
      </DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change your plan</DialogTitle>
          <DialogDescription>
            You're on {tierName(subscription.tier)}
            {subscription.billingCycle ? `, billed ${BILLING_LABELS[subscription.billingCycle].label.toLowerCase()}` : ""}.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts with a fresh choice and a fresh request key. */}
        <ChangePlanForm
          subscription={subscription}
          track={track}
          onDone={() => {
            markSent();
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function KeepPlanButton({ disabled, track, focusStatus }: Pick<PlanActionProps, "disabled" | "track" | "focusStatus">) {
  const setCancel = useAction(api.billing.setCancelAtPeriodEnd);
  const { submitting, error, run } = useRequest();
  async function keep() {
    // The button waits, disabled, once sent: focus moves to the status rather than being lost.
    if (await run(() => track(() => setCancel({ cancel: false })))) focusStatus();
  }
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={() => void keep()} disabled={disabled || submitting} className="self-start">
        {submitting ? "Processing..." : "Keep my plan"}
      </Button>
      <InlineError className={REQUEST_ERROR}>{error}</InlineError>
    </div>
  );
}

interface PlanActionProps {
  subscription: Subscription;
  timeZone: string;
  /** While Stripe confirms one request, the plan's buttons wait. */
  disabled: boolean;
  track: (request: () => Promise<unknown>) => Promise<void>;
  focusStatus: () => void;
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function PaidPlan({ subscription, timeZone, portal }: { subscription: Subscription; timeZone: string; portal: boolean }) {
  const { waiting, confirmed, track } = useStripeConfirmation(subscriptionKey(subscription));
  const statusRef = useRef<HTMLDivElement>(null);
  const state = planState(subscription);
  const actions = { subscription, timeZone, disabled: waiting, track, focusStatus: () => statusRef.current?.focus() };
  return (
    <>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          {subscription.billingCycle ? <Fact term="Billing">{BILLING_LABELS[subscription.billingCycle].label}</Fact> : null}
          {subscription.amount !== undefined && subscription.billingCycle ? (
            <Fact term="Price">{pricePerCycle(subscription.amount, subscription.billingCycle)}</Fact>
          ) : null}
          {subscription.currentPeriodEnd !== undefined ? (
            <Fact term={subscription.cancelAtPeriodEnd ? "Ends on" : "Next billing date"}>
              {longDate(subscription.currentPeriodEnd, timeZone)}
            </Fact>
          ) : null}
        </dl>
        {state === "pastDue" ? (
          <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-muted p-3 text-sm text-warning-foreground">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            Your last payment didn't go through. Stripe will try again, and you keep your access meanwhile. You can update your card in the
            billing portal.
          </p>
        ) : null}
        {state === "cancelling" ? (
          <p className="text-sm">
            Your plan ends on {endText(subscription, timeZone)}. After that your account is paused, and you can come back any time.
          </p>
        ) : null}
        <ConfirmationStatus ref={statusRef} waiting={waiting} confirmed={confirmed} />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        {state === "cancelling" ? <KeepPlanButton {...actions} /> : <ChangePlanDialog {...actions} />}
        {portal ? <PortalLink /> : null}
        {state === "cancelling" ? null : <CancelDialog {...actions} />}
      </CardFooter>
    </>
  );
}

function PlanSkeleton() {
  return (
    <CardContent aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your plan
      </span>
      <div aria-hidden className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-32" />
          </div>
        ))}
      </div>
      <Skeleton className="h-11 w-40" />
    </CardContent>
  );
}

/** The member's plan: what it is, what it costs, when it renews or ends, and what they can do. */
export function PlanCard({ overview, timeZone }: { overview: BillingOverview | undefined; timeZone: string }) {
  const subscription = overview?.subscription ?? null;
  const title = overview === undefined ? "Your plan" : subscription ? tierName(subscription.tier) : tierName("foundation");
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardDescription>Your plan</CardDescription>
        <CardTitle id={titleId} className={cn("text-2xl", overview === undefined && "sr-only")}>
          {title}
        </CardTitle>
        {subscription ? (
          <CardAction>
            <StateBadge state={planState(subscription)} />
          </CardAction>
        ) : null}
      </CardHeader>
      {overview === undefined ? <PlanSkeleton /> : null}
      {overview !== undefined && subscription === null ? (
        <>
          <CardContent>
            <p>You're on the free Foundation plan. A paid plan adds courses, community and more time with your coach.</p>
          </CardContent>
          <CardFooter className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={PRICING_URL}>See plans</a>
            </Button>
            {overview.portal ? <PortalLink /> : null}
          </CardFooter>
        </>
      ) : null}
      {subscription?.complementary ? (
        <>
          <CardContent>
            <p>This plan is complimentary: there's nothing to pay and no billing date.</p>
          </CardContent>
          {/* Earlier purchases (time packages, a past plan) still have invoices there. */}
          {overview?.portal ? (
            <CardFooter>
              <PortalLink />
            </CardFooter>
          ) : null}
        </>
      ) : null}
      {subscription && !subscription.complementary ? (
        <PaidPlan subscription={subscription} timeZone={timeZone} portal={overview?.portal ?? false} />
      ) : null}
    </Card>
  );
}
