import { api } from "@convex/_generated/api";
import { isCheckoutTier, paymentErrorMessage } from "@convex/model/billing";
import { formatPrice } from "@convex/model/products";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { CheckCircle2Icon, CircleAlertIcon, Loader2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { SUPPORT } from "@/lib/constants";
import { OrderLineItem } from "./checkout-shell";
import { formatInZone } from "./dates";
import { CYCLE_LABELS, TIER_NAMES } from "./plans";

const LINK = "inline-flex min-h-11 items-center text-primary underline underline-offset-4";

function OutcomeShell({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <article aria-labelledby="outcome-title" className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="flex items-center gap-3">
        {icon}
        <h1 id="outcome-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h1>
      </div>
      {children}
    </article>
  );
}

/** /checkout/success?order=…: waits, live, for Stripe's confirmation, then says what changed (SPEC §2). */
export function PaymentSuccessPage({ orderId }: { orderId: string }) {
  const order = useQuery(api.billing.order, { orderId });
  const viewer = useViewer();
  const timeZone = useTimeZone();

  if (order === undefined || order?.status === "pending") {
    return (
      <OutcomeShell title="Confirming your payment" icon={<Loader2Icon className="size-8 animate-spin text-primary motion-reduce:animate-none" aria-hidden />}>
        <p role="status">We're waiting for the payment provider to confirm your payment. This usually takes a few seconds; you can stay on this page.</p>
      </OutcomeShell>
    );
  }
  if (order === null) {
    return (
      <OutcomeShell title="Order not found" icon={<CircleAlertIcon className="size-8 text-warning" aria-hidden />}>
        <p>We couldn't find that order on your account. Your payments are listed under Billing.</p>
        <Link to="/dashboard/billing" className={LINK}>
          Go to Billing
        </Link>
      </OutcomeShell>
    );
  }
  if (order.status === "failed") return <PaymentFailedContent tier={order.tier} code={order.failureCode} />;

  const email = viewer.status === "signed-in" ? viewer.user.email : "your e-mail address";
  const subscription = order.subscription;
  return (
    <OutcomeShell title="Payment successful" icon={<CheckCircle2Icon className="size-8 text-primary" aria-hidden />}>
      {order.kind === "subscription" && order.tier ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-lg border p-5">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{TIER_NAMES[order.tier]}</dd>
          <dt className="text-muted-foreground">Billing</dt>
          <dd>{order.billingCycle ? CYCLE_LABELS[order.billingCycle].label : "—"}</dd>
          <dt className="text-muted-foreground">Next billing date</dt>
          <dd>{subscription?.currentPeriodEnd ? formatInZone(subscription.currentPeriodEnd, timeZone) : "—"}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge>Active</Badge>
          </dd>
        </dl>
      ) : (
        <ul className="flex flex-col gap-2 rounded-lg border p-5">
          {order.items.map((item) => (
            <OrderLineItem key={item.productId} item={item} minutesNote="added to your time balance" />
          ))}
          <li className="flex justify-between border-t pt-2 font-semibold">
            <span>Total</span>
            <span>{formatPrice(order.amount)}</span>
          </li>
        </ul>
      )}
      <p>We've sent a confirmation e-mail to {email}.</p>
      <section aria-labelledby="next-steps" className="flex flex-col gap-2">
        <h2 id="next-steps" className="text-xl font-semibold">
          Next steps
        </h2>
        {order.tier === "mastery" ? (
          <Button asChild size="lg" className="self-start">
            <Link to="/coaching">Book your coaching session</Link>
          </Button>
        ) : null}
        {order.scheduledSessionId && order.schedule ? (
          <>
            <p>Your first session is booked for {formatInZone(order.schedule.startsAt, timeZone, true)}.</p>
            <Button asChild size="lg" className="self-start">
              <Link to="/dashboard/bookings/$id" params={{ id: order.scheduledSessionId }}>
                See your booking
              </Link>
            </Button>
          </>
        ) : order.scheduleProblem ? (
          <>
            <p role="status" className="flex gap-2 rounded-lg border border-warning/40 bg-warning-muted p-4 text-warning-foreground">
              <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
              <span>We couldn't book the time you picked: {order.scheduleProblem} Your minutes are safe in your balance.</span>
            </p>
            <Button asChild size="lg" className="self-start">
              <Link to="/dashboard/book-session">Pick another time</Link>
            </Button>
          </>
        ) : order.items.some((item) => item.minutes > 0) ? (
          <Button asChild size="lg" className="self-start">
            <Link to="/dashboard/book-session">Book a session</Link>
          </Button>
        ) : null}
        <Link to="/dashboard" className={LINK}>
          Go to your dashboard
        </Link>
        <Link to="/profile" className={LINK}>
          Review your profile
        </Link>
        <Link to="/community" className={LINK}>
          Meet the community
        </Link>
      </section>
    </OutcomeShell>
  );
}

/** /checkout/failed?tier=…&code=…: the SPEC §8 text for the code and ways forward. */
export function PaymentFailedPage({ tier, code }: { tier?: string; code?: string }) {
  return <PaymentFailedContent tier={tier && isCheckoutTier(tier) ? tier : undefined} code={code} />;
}

function PaymentFailedContent({ tier, code }: { tier?: string; code?: string }) {
  const viewer = useViewer();
  const name = viewer.status === "signed-in" ? viewer.user.firstName : null;
  return (
    <OutcomeShell title="Payment failed" icon={<CircleAlertIcon className="size-8 text-warning" aria-hidden />}>
      <p role="alert" className="rounded-lg border border-warning/40 bg-warning-muted p-4 text-warning-foreground">
        {paymentErrorMessage(code)}
      </p>
      <p>{name ? `${name}, nothing` : "Nothing"} was charged{tier && isCheckoutTier(tier) ? ` for ${TIER_NAMES[tier]}` : ""}. You can try again now, or ask us for help.</p>
      <Button asChild size="lg" className="self-start">
        <Link to="/checkout" search={tier ? { tier } : {}}>
          Retry
        </Link>
      </Button>
      <div className="flex flex-col">
        {tier ? (
          <Link to="/pricing" className={LINK}>
            Compare plans
          </Link>
        ) : (
          <Link to="/marketplace" className={LINK}>
            Browse the marketplace
          </Link>
        )}
        <Link to="/support" className={LINK}>
          Support
        </Link>
        <Link to="/contact" search={{ subject: "support" }} className={LINK}>
          Chat with us (we reply within 24 hours)
        </Link>
        <a href={`mailto:${SUPPORT.email}?subject=${encodeURIComponent("Payment problem")}`} className={LINK}>
          E-mail {SUPPORT.email}
        </a>
      </div>
    </OutcomeShell>
  );
}
