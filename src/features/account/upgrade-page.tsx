import { UPGRADE_TITLE } from "./titles";
import { api } from "@convex/_generated/api";
import { TIER_LABELS } from "@convex/model/permissions";
import { formatPrice } from "@convex/model/products";
import {
  BILLING_URL,
  holdsPlanOnCards,
  PLAN_BILLING,
  tierLabel,
  UPGRADE_PLAN_IDS,
  upgradePlans,
  type PlanCard,
  type UpgradePlanId,
} from "@convex/model/upgradePlans";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { ArrowLeftIcon, CheckIcon, LockKeyholeIcon, ShieldCheckIcon, StarIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { safeRedirect } from "@/features/auth/redirects";
import { useViewer } from "@/features/auth/viewer";
import { MONEY_BACK_PROMISE } from "@/features/catalog/pricing";
import { textLinkClass } from "@/features/catalog/states";
import { GATED_CONTENT, type GatedContent } from "@/features/premium/gated-content";
import { errorMessage } from "@/lib/user-error";
import { cn } from "@/lib/utils";

export const GUARANTEE_TITLE = "30-Day Money-Back Guarantee";
const PROCESSING = "Processing...";
const CHOOSE_FAILED = "We couldn't continue with that plan. Please try again.";
const PER = { monthly: "month", yearly: "year" } as const;

function isPlanId(value: unknown): value is UpgradePlanId {
  return typeof value === "string" && (UPGRADE_PLAN_IDS as readonly string[]).includes(value);
}

/** Why the member is here, when a gate sent them (SPEC §2 "optional content-gated banner"). */
function GatedBanner({ content }: { content: GatedContent }) {
  const { label, required } = GATED_CONTENT[content];
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border border-primary/40 bg-accent p-4 text-accent-foreground">
      <LockKeyholeIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">
          {label} need the {TIER_LABELS[required]} plan.
        </span>{" "}
        Choose a Premium plan below and they open straight away.
      </p>
    </div>
  );
}

function Price({ plan }: { plan: PlanCard }) {
  const billing = PLAN_BILLING[plan.id];
  if (!billing) return <p className="text-3xl font-bold">Free</p>;
  return (
    <div className="flex flex-col gap-1">
      <p>
        <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
        <span className="text-muted-foreground"> / {PER[billing]}</span>
      </p>
      {plan.originalPrice === undefined ? null : (
        <p className="text-sm text-muted-foreground">
          instead of <s>{formatPrice(plan.originalPrice)}</s>
        </p>
      )}
      {plan.savings === undefined ? null : <p className="text-sm font-semibold text-success">Save {formatPrice(plan.savings)}</p>}
    </div>
  );
}

function PlanCardItem({ plan, busy, pending }: { plan: PlanCard; busy: boolean; pending: boolean }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        "flex flex-col gap-5 rounded-xl border bg-card p-6 text-card-foreground",
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
      <p className="text-muted-foreground">{plan.description}</p>
      <Price plan={plan} />
      <Button
        type="submit"
        name="plan"
        value={plan.id}
        size="lg"
        variant={plan.popular ? "default" : "outline"}
        disabled={plan.disabled || busy}
      >
        {pending ? PROCESSING : plan.buttonText}
        {plan.disabled ? <span className="sr-only">: {plan.name}</span> : null}
      </Button>
      <ul className="flex flex-col gap-2 border-t pt-5" aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /account/upgrade (SPEC §2): the plan cards, the guarantee, why the member came, and the way back. */
export function UpgradePage({ content }: { content?: GatedContent }) {
  const viewer = useViewer();
  const choosePlan = useMutation(api.upgrade.choosePlan);
  const navigate = useNavigate();
  const [pending, setPending] = useState<UpgradePlanId | null>(null);
  const [result, setResult] = useState<{ error: string } | { message: string } | null>(null);

  /** The form posts `plan`, the id on the card's button that submitted it (SPEC §7). */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const plan = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (isPlanId(plan)) void choose(plan);
  }

  async function choose(plan: UpgradePlanId) {
    setPending(plan);
    setResult(null);
    try {
      const { message, redirectTo } = await choosePlan({ plan });
      if (message) setResult({ message });
      const target = safeRedirect(redirectTo);
      if (target) await navigate({ href: target });
    } catch (error) {
      setResult({ error: errorMessage(error, CHOOSE_FAILED) });
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="upgrade-title" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:py-12">
      <div className="flex flex-col gap-3">
        <Link to="/dashboard" className={cn(textLinkClass, "gap-1 self-start")}>
          <ArrowLeftIcon className="size-4" aria-hidden />
          Back to your dashboard
        </Link>
        <h1 id="upgrade-title" className="text-3xl font-bold text-balance sm:text-4xl">
          {UPGRADE_TITLE}
        </h1>
        <p className="text-lg text-muted-foreground">Pick the plan that fits. Paid plans are billed through secure checkout.</p>
      </div>
      {content ? <GatedBanner content={content} /> : null}
      {viewer.status === "signed-in" ? (
        <form aria-labelledby="upgrade-title" className="flex flex-col gap-4" onSubmit={submit}>
          {result && "error" in result ? (
            <InlineError className="rounded-lg border border-destructive/50 bg-card p-4">{result.error}</InlineError>
          ) : null}
          <p role="status" aria-live="polite" className={cn(result && "message" in result ? "rounded-lg border bg-card p-4" : "sr-only")}>
            {result && "message" in result ? result.message : ""}
          </p>
          {holdsPlanOnCards(viewer.user) ? null : (
            <p className="text-lg">
              Your plan: <strong>{tierLabel(viewer.user.tier)}</strong>. It already includes the plans marked below. To change or cancel
              it, go to{" "}
              <Link to={BILLING_URL} className={textLinkClass}>
                Billing
              </Link>
              .
            </p>
          )}
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {upgradePlans(viewer.user).map((plan) => (
              <PlanCardItem key={plan.id} plan={plan} busy={pending !== null} pending={pending === plan.id} />
            ))}
          </ul>
        </form>
      ) : (
        <LoadingList label="Loading your plans" />
      )}
      <section aria-labelledby="guarantee-title" className="flex items-start gap-3 rounded-xl border bg-muted/40 p-6">
        <ShieldCheckIcon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
        <div className="flex flex-col gap-1">
          <h2 id="guarantee-title" className="text-lg font-semibold">
            {GUARANTEE_TITLE}
          </h2>
          <p>{MONEY_BACK_PROMISE}</p>
        </div>
      </section>
    </section>
  );
}
