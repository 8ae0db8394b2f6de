import { BILLING_CYCLES, formatPrice, quarterlySaving, TIER_PLANS, type BillingCycle, type TierPlan } from "@convex/model/products";
import { Link } from "@tanstack/react-router";
import { CheckIcon, ShieldCheckIcon, StarIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { REGISTER_ROUTE } from "@/features/auth/redirects";
import { cn } from "@/lib/utils";
import { BILLING_LABELS, checkoutHref, MONEY_BACK_PROMISE, TIER_DETAILS } from "./pricing";

const BEST_QUARTERLY_PERCENT = Math.max(...TIER_PLANS.map((plan) => quarterlySaving(plan).percent));

/** "Save $6.00 (10%)": what three monthly payments cost more than one quarterly one. */
export function savingText(plan: TierPlan): string | null {
  const saving = quarterlySaving(plan);
  return saving.cents > 0 ? `Save ${formatPrice(saving.cents)} (${saving.percent}%)` : null;
}

function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="sr-only">Billing cycle</legend>
      <div className="inline-flex rounded-lg border bg-muted p-1">
        {BILLING_CYCLES.map((cycle) => (
          <label key={cycle} className="relative">
            <input
              type="radio"
              name="billing"
              value={cycle}
              checked={value === cycle}
              onChange={() => onChange(cycle)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="flex min-h-11 min-w-28 items-center justify-center rounded-md px-4 text-sm font-medium text-muted-foreground transition-colors peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-xs peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60">
              {BILLING_LABELS[cycle].label}
            </span>
          </label>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">Pay quarterly and save up to {BEST_QUARTERLY_PERCENT}%.</p>
    </fieldset>
  );
}

function TierCard({ plan, billing }: { plan: TierPlan; billing: BillingCycle }) {
  const details = TIER_DETAILS[plan.tier];
  const free = plan.prices[billing] === 0;
  const saving = billing === "quarterly" ? savingText(plan) : null;
  const titleId = `tier-${plan.tier}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col gap-5 rounded-xl border bg-card p-6 text-card-foreground",
        plan.popular && "border-primary ring-2 ring-primary",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold">
          {plan.name}
        </h2>
        {plan.popular ? (
          <p className="inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
            <StarIcon className="size-3.5" aria-hidden />
            Popular
          </p>
        ) : null}
      </div>
      <p className="text-muted-foreground">{details.description}</p>
      <div className="min-h-20">
        {free ? (
          <p className="text-3xl font-bold">Free</p>
        ) : (
          <p>
            <span className="text-3xl font-bold">{formatPrice(plan.prices[billing])}</span>
            <span className="text-muted-foreground"> / {BILLING_LABELS[billing].per}</span>
          </p>
        )}
        <p className="mt-1 text-sm text-muted-foreground">
          {free ? "No card needed." : billing === "quarterly" ? "Billed every 3 months." : "Billed every month."}
        </p>
        {saving ? <p className="mt-1 text-sm font-semibold text-success">{saving}</p> : null}
      </div>
      {free ? (
        <Button asChild variant="outline" size="lg">
          <Link {...REGISTER_ROUTE}>Start for free</Link>
        </Button>
      ) : (
        <Button asChild variant={plan.popular ? "default" : "outline"} size="lg">
          <a href={checkoutHref(plan.tier, billing)}>Choose {plan.name}</a>
        </Button>
      )}
      <ul className="flex flex-col gap-2 border-t pt-5" aria-label={`${plan.name} includes`}>
        {details.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function PricingPage({ initialBilling = "monthly" }: { initialBilling?: BillingCycle }) {
  const [billing, setBilling] = useState<BillingCycle>(initialBilling);
  return (
    <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="mx-auto max-w-2xl text-center">
        <h1 id="pricing-title" className="text-3xl font-bold text-balance sm:text-4xl">
          Plans that grow with you
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Start free with Foundation. Move up, down or cancel at any time.
        </p>
      </div>
      <div className="mt-8">
        <BillingToggle value={billing} onChange={setBilling} />
        <p className="sr-only" role="status" aria-live="polite">
          Showing {BILLING_LABELS[billing].label.toLowerCase()} prices
        </p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {TIER_PLANS.map((plan) => (
          <TierCard key={plan.tier} plan={plan} billing={billing} />
        ))}
      </ul>
      <div className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-lg border bg-muted/40 p-4">
        <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>{MONEY_BACK_PROMISE}</p>
      </div>
      <p className="mt-6 text-center text-muted-foreground">
        Questions first?{" "}
        <Link to="/faq" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          Read the FAQ
        </Link>{" "}
        or{" "}
        <Link
          to="/contact"
          search={{ subject: "consultation" }}
          className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
        >
          book a free consultation
        </Link>
        .
      </p>
    </section>
  );
}
