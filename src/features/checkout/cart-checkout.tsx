import { api } from "@convex/_generated/api";
import { defaultDuration, DEFAULT_SESSION_MINUTES } from "@convex/model/availability";
import { formatPrice } from "@convex/model/products";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAction, useQuery } from "convex/react";
import { CalendarClockIcon, CircleAlertIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { useCart } from "@/features/cart/cart-provider";
import { dateTime } from "@/lib/relative-time";
import { withRetry } from "@/lib/retry";
import { CheckoutLayout, CheckoutShell, CheckoutSkeleton, OrderLineItem } from "./checkout-shell";
import { newAttemptKey } from "./payment-client";
import { PaymentForm } from "./payment-form";
import { ScheduleDialog, type ChosenTime } from "./schedule-dialog";

const LINK = "inline-flex min-h-11 items-center text-primary underline underline-offset-4";

/** /checkout without a tier: pay for the cart, priced again by the server (SPEC §2 Shopping cart). */
export function CartCheckout() {
  const { cart } = useCart();
  if (cart.items.length === 0) {
    return (
      <CheckoutShell>
        <p className="text-lg">Your cart is empty.</p>
        <div className="mt-4 flex flex-col">
          <Link to="/marketplace" className={LINK}>
            Browse the marketplace
          </Link>
          <Link to="/pricing" className={LINK}>
            Or choose a plan
          </Link>
        </div>
      </CheckoutShell>
    );
  }
  return <PricedCartCheckout />;
}

function PricedCartCheckout() {
  const { cart, clear } = useCart();
  const navigate = useNavigate();
  const viewer = useViewer();
  const timeZone = useTimeZone();
  const lines = useMemo(() => cart.items.map((item) => ({ productId: item.product.id, quantity: item.quantity })), [cart.items]);
  const quote = useQuery(api.billing.cartQuote, { lines });
  const start = useAction(api.billing.startCartCheckout);
  const hasTimePackage = cart.items.some((item) => item.product.type === "time_package");
  // The scheduling step comes first when the cart holds coaching time (SPEC §2).
  const [scheduling, setScheduling] = useState(hasTimePackage);
  const [chosen, setChosen] = useState<ChosenTime | null>(null);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const sessionMinutes = viewer.status === "signed-in" ? defaultDuration(viewer.user) : DEFAULT_SESSION_MINUTES;

  if (quote === undefined) return <CheckoutSkeleton />;
  const { priced } = quote;

  return (
    <CheckoutLayout
      description="Prices from our catalogue, in US dollars."
      before={
        hasTimePackage ? (
          <ScheduleDialog
            open={scheduling}
            durationMinutes={sessionMinutes}
            timeZone={timeZone}
            onSchedule={(next) => {
              setChosen(next);
              setScheduling(false);
            }}
            onSkip={() => {
              setChosen(null);
              setScheduling(false);
            }}
            onDismiss={() => setScheduling(false)}
          />
        ) : null
      }
      summary={
        <>
          {"code" in priced ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-lg border border-warning/40 bg-warning-muted p-4 text-warning-foreground"
            >
              <p className="flex gap-2">
                <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
                {priced.message}
              </p>
              <p>Change your cart with the cart button at the top of the page, then come back here.</p>
            </div>
          ) : (
            <ul className="flex flex-col gap-3">
              {priced.items.map((item) => (
                <OrderLineItem key={item.productId} item={item} minutesNote="for your time balance" />
              ))}
              <li className="flex justify-between border-t pt-4 text-lg font-semibold">
                <span>Due today</span>
                <span>{formatPrice(priced.amount)}</span>
              </li>
            </ul>
          )}
          {hasTimePackage ? (
            <div className="flex flex-col items-start gap-2 rounded-lg border p-4">
              <p className="flex gap-2">
                <CalendarClockIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                {chosen ? (
                  <span>
                    First session: <strong>{dateTime(chosen.startsAt, timeZone)}</strong> with {chosen.coachName}. We book it when your
                    payment is confirmed.
                  </span>
                ) : (
                  <span>No session picked yet. You can book one from your dashboard once the minutes are yours.</span>
                )}
              </p>
              <Button variant="outline" onClick={() => setScheduling(true)}>
                {chosen ? "Change the time" : "Pick a time now"}
              </Button>
            </div>
          ) : null}
        </>
      }
      paymentTitle="Payment"
    >
      {"code" in priced ? (
        <p>Payment opens once your cart can be checked out.</p>
      ) : (
        <PaymentForm
          key={attemptKey}
          payment={quote.payment}
          amount={priced.amount}
          intentMode="payment"
          defaultName={quote.cardholderName}
          // Safe to repeat: the attempt's key makes a retry the same order; a decline is never retried (its policy stops).
          start={(cardholderName) =>
            withRetry(() =>
              start({
                lines,
                cardholderName,
                idempotencyKey: attemptKey,
                ...(chosen ? { schedule: { coachId: chosen.coachId, startsAt: chosen.startsAt } } : {}),
              }),
            )
          }
          // Emptied once the success page is up, so this page never flashes "Your cart is empty." first.
          onPaid={(orderId) => void navigate({ to: "/checkout/success", search: { order: orderId } }).then(clear)}
          onDeclined={(_orderId, result) => {
            setAttemptKey(newAttemptKey());
            void navigate({ to: "/checkout/failed", search: { code: result.code } });
          }}
        />
      )}
    </CheckoutLayout>
  );
}
