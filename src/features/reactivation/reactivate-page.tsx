import { api } from "@convex/_generated/api";
import { formatPrice } from "@convex/model/products";
import { REACTIVATE_PATH, REACTIVATION_MESSAGES, UPGRADE_CYCLES, UPGRADE_TIERS, type UpgradeCycle, type UpgradeTier } from "@convex/model/reactivation";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { format } from "date-fns";
import { CheckCircle2Icon, ClockIcon, LogInIcon, MailIcon, ShieldAlertIcon, UserCheckIcon, UserIcon } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { EmailInput } from "@/components/forms/email-input";
import { FormField } from "@/components/forms/form-field";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { REACTIVATE_TITLE } from "./titles";
import { useViewer } from "@/features/auth/viewer";
import { TIER_NAMES } from "@/features/checkout/plans";
import { textLinkClass } from "@/features/catalog/states";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { cn } from "@/lib/utils";

const PROCESSING = "Processing...";
/** Before the day the account was paused, on a line of its own rather than glued to the reason. */
const PAUSED_ON = "Paused on";

type Data = FunctionReturnType<typeof api.reactivation.check>;
type Reason = NonNullable<NonNullable<Data["deactivationInfo"]>["reason"]>;

const REASON_TEXT: Record<Reason, string> = {
  inactivity_90_days: "It was paused after 90 days without a sign-in.",
  subscription_cancelled: "It was paused when your plan ended.",
  other: "It was paused by our team.",
};

const CYCLE_LABEL: Record<UpgradeCycle, { label: string; per: string }> = {
  monthly: { label: "Monthly", per: "month" },
  quarterly: { label: "Quarterly", per: "quarter" },
};

/** "3 h 20 min": what is left of a link. */
export function formatRemaining(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** /account/reactivate (SPEC §2): a link to check and use, or a way to get one. Works signed in or not. */
export function ReactivatePage({ token, nextUrl }: { token?: string; nextUrl?: string }) {
  const viewer = useViewer();
  return (
    <section aria-labelledby="reactivate-title" className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="reactivate-title" className="text-3xl font-bold">
          {REACTIVATE_TITLE}
        </h1>
        {viewer.status === "loading" ? null : (
          <p className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium">
            {viewer.status === "signed-in" ? <UserCheckIcon className="size-4 text-success" aria-hidden /> : <UserIcon className="size-4" aria-hidden />}
            {viewer.status === "signed-in" ? REACTIVATION_MESSAGES.loggedIn : REACTIVATION_MESSAGES.notLoggedIn}
          </p>
        )}
      </div>
      {token ? (
        <TokenMode token={token} nextUrl={nextUrl} />
      ) : viewer.status === "signed-in" ? (
        <Panel icon={<CheckCircle2Icon className="size-5 text-success" aria-hidden />} title="Your account is active">
          <p>You're signed in as {viewer.user.email}, and there is nothing to reactivate.</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/dashboard">Go to your dashboard</Link>
            </Button>
            <SupportLink />
          </div>
        </Panel>
      ) : (
        <>
          {viewer.status === "signed-out" && viewer.notice ? <p role="status" className="rounded-lg border bg-muted p-4">{viewer.notice}</p> : null}
          <RequestLink intro="Your account is paused? We'll e-mail you a link that reactivates it for free." />
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            <LoginLink />
            <SupportLink />
          </p>
        </>
      )}
    </section>
  );
}

function Panel({ icon, title, tone = "calm", children }: { icon: ReactNode; title: string; tone?: "calm" | "alert"; children: ReactNode }) {
  return (
    <div
      role={tone === "alert" ? "alert" : undefined}
      className={cn("flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground", tone === "alert" && "border-destructive/60")}
    >
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </div>
  );
}

function LoginLink({ redirect }: { redirect?: string }) {
  return (
    <Link {...LOGIN_ROUTE} search={redirect ? { redirect } : {}} className={cn(textLinkClass, "inline-flex min-h-11 items-center gap-1.5")}>
      <LogInIcon className="size-4" aria-hidden />
      Log in
    </Link>
  );
}

function SupportLink() {
  return (
    <Link to="/contact" className={cn(textLinkClass, "inline-flex min-h-11 items-center gap-1.5")}>
      <MailIcon className="size-4" aria-hidden />
      Contact support
    </Link>
  );
}

type Check = { state: "loading" } | { state: "ready"; data: Data } | { state: "failed" };

/** A link in the address: checked once on arrival (a tampered one is logged then), then used by the form. */
function TokenMode({ token, nextUrl }: { token: string; nextUrl?: string }) {
  const check = useMutation(api.reactivation.check);
  const [result, setResult] = useState<Check>({ state: "loading" });
  useEffect(() => {
    let current = true;
    check({ token, ...(nextUrl ? { nextUrl } : {}) }).then(
      (data) => current && setResult({ state: "ready", data }),
      (error: unknown) => {
        console.error("Checking the reactivation link failed", error);
        if (current) setResult({ state: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [check, token, nextUrl]);

  if (result.state === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 rounded-xl border bg-card p-6">
        <span role="status" className="sr-only">
          Checking your link
        </span>
        <div aria-hidden className="h-6 w-56 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        <div aria-hidden className="h-4 w-full animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
      </div>
    );
  }
  if (result.state === "failed") return <SystemError />;
  return result.data.status === "valid" ? <ValidLink data={result.data} /> : <InvalidLink data={result.data} />;
}

/** The generic failure of SPEC §8: the page itself could not get an answer. */
function SystemError() {
  return (
    <Panel tone="alert" icon={<ShieldAlertIcon className="size-5 text-destructive" aria-hidden />} title={REACTIVATION_MESSAGES.genericHeading}>
      <p>{REACTIVATION_MESSAGES.genericBody}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <a href={typeof window === "undefined" ? REACTIVATE_PATH : window.location.href} className={cn(textLinkClass, "inline-flex min-h-11 items-center")}>
          {REACTIVATION_MESSAGES.tryAgain}
        </a>
        <SupportLink />
      </p>
    </Panel>
  );
}

function InvalidLink({ data }: { data: Data }) {
  const violation = data.securityViolation;
  return (
    <>
      <Panel
        tone="alert"
        icon={violation ? <ShieldAlertIcon className="size-5 text-destructive" aria-hidden /> : <ClockIcon className="size-5 text-warning-foreground" aria-hidden />}
        title={data.heading ?? REACTIVATION_MESSAGES.invalidHeading}
      >
        <p>{data.errorMessage}</p>
        {violation ? <p className="font-medium">{REACTIVATION_MESSAGES.securityLogged}</p> : null}
        {data.errorType === "system_error" ? (
          <a href={typeof window === "undefined" ? REACTIVATE_PATH : window.location.href} className={cn(textLinkClass, "inline-flex min-h-11 items-center self-start")}>
            {REACTIVATION_MESSAGES.tryAgain}
          </a>
        ) : null}
      </Panel>
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">What you can do</h2>
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={REACTIVATE_PATH} className={cn(textLinkClass, "inline-flex min-h-11 items-center gap-1.5")}>
              <MailIcon className="size-4" aria-hidden />
              Get a new reactivation link
            </Link>
          </li>
          <li>
            <LoginLink />
          </li>
          <li>
            <SupportLink />
          </li>
        </ul>
      </div>
    </>
  );
}

type Submitting = { action: "reactivate" } | { action: "upgrade"; tier: UpgradeTier; billingCycle: UpgradeCycle } | null;

function ValidLink({ data }: { data: Data }) {
  const reactivate = useMutation(api.reactivation.reactivate);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState<Submitting>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ redirectTo: string; upgrade: boolean } | null>(null);
  const reason = data.deactivationInfo?.reason ?? null;
  const pricing = reason === "subscription_cancelled" ? data.stripePricing : null;

  async function submit(choice: NonNullable<Submitting>) {
    setSubmitting(choice);
    setError(undefined);
    try {
      const result = await reactivate({ token: data.token, nextUrl: data.nextUrl, ...choice });
      if (!result.ok) {
        setError(result.securityViolation ? `${result.errorMessage} ${REACTIVATION_MESSAGES.securityLogged}` : result.errorMessage);
        return;
      }
      if (result.signedIn) {
        void navigate({ href: result.redirectTo });
        return;
      }
      setDone({ redirectTo: result.redirectTo, upgrade: choice.action === "upgrade" });
    } catch (caught) {
      setError(errorMessage(caught, REACTIVATION_MESSAGES.genericBody));
    } finally {
      setSubmitting(null);
    }
  }

  if (done) {
    return (
      <Panel icon={<CheckCircle2Icon className="size-5 text-success" aria-hidden />} title="Your account is active again">
        <p role="status">
          Welcome back{data.user?.firstName ? `, ${data.user.firstName}` : ""}. Everything you had is still here.
          {done.upgrade ? " Sign in to continue to the checkout of the plan you chose." : " Sign in to pick up where you left off."}
        </p>
        <Button asChild className="self-start">
          <Link {...LOGIN_ROUTE} search={{ redirect: done.redirectTo }}>
            {done.upgrade ? "Sign in and continue to checkout" : "Sign in to continue"}
          </Link>
        </Button>
      </Panel>
    );
  }

  const remaining = data.timeRemaining ?? 0;
  return (
    <>
      <Panel icon={<UserCheckIcon className="size-5 text-primary" aria-hidden />} title={`Welcome back${data.user?.firstName ? `, ${data.user.firstName}` : ""}`}>
        <p>
          This link is for <span className="font-medium break-all">{data.tokenPayload?.email}</span>.{" "}
          {reason ? REASON_TEXT[reason] : null}
        </p>
        {data.deactivationInfo?.deactivatedAt ? (
          <p className="text-sm text-muted-foreground">
            {PAUSED_ON}{" "}
            <time dateTime={new Date(data.deactivationInfo.deactivatedAt).toISOString()}>{format(data.deactivationInfo.deactivatedAt, "MMMM d, yyyy")}</time>
          </p>
        ) : null}
        <p className={cn("inline-flex items-center gap-1.5 text-sm", data.isNearExpiry ? "font-medium text-warning-foreground" : "text-muted-foreground")}>
          <ClockIcon className="size-4" aria-hidden />
          {data.isNearExpiry ? "This link expires soon: " : "This link works once and is valid for another "}
          {formatRemaining(remaining)}.
        </p>
        {data.user?.active ? <p>Your account is already active again, so there is nothing more to do here.</p> : null}
        <Button className="self-start" size="lg" disabled={submitting !== null} onClick={() => void submit({ action: "reactivate" })}>
          {submitting?.action === "reactivate" ? PROCESSING : "Reactivate my account for free"}
        </Button>
        <InlineError>{error}</InlineError>
      </Panel>
      {pricing ? (
        <section aria-labelledby="upgrade-options" className="flex flex-col gap-3">
          <h2 id="upgrade-options" className="text-lg font-semibold">
            Or come back with a plan
          </h2>
          <p className="text-muted-foreground">Your account is reactivated first, then you continue to the checkout.</p>
          <ul className="grid gap-3 sm:grid-cols-3">
            {UPGRADE_TIERS.map((tier) => (
              <li key={tier} aria-label={TIER_NAMES[tier]} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
                <h3 className="font-semibold">{TIER_NAMES[tier]}</h3>
                {UPGRADE_CYCLES.map((cycle) => {
                  const price = pricing[tier][cycle];
                  const busy = submitting?.action === "upgrade" && submitting.tier === tier && submitting.billingCycle === cycle;
                  return (
                    <Button
                      key={cycle}
                      variant="outline"
                      disabled={price === undefined || submitting !== null}
                      onClick={() => void submit({ action: "upgrade", tier, billingCycle: cycle })}
                      aria-label={`${TIER_NAMES[tier]} ${CYCLE_LABEL[cycle].label}${price === undefined ? ", price not available" : `, ${formatPrice(price)} a ${CYCLE_LABEL[cycle].per}`}`}
                    >
                      {busy ? PROCESSING : `${CYCLE_LABEL[cycle].label} · ${price === undefined ? "not available" : formatPrice(price)}`}
                    </Button>
                  );
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <SupportLink />
      </p>
    </>
  );
}

/** The "alternative reactivation": a new link by e-mail; the answer never says whether the address has an account. */
export function RequestLink({ intro }: { intro: string }) {
  const requestLink = useMutation(api.reactivation.requestLink);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<{ message?: string; field?: string }>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError({ field: "Please enter your email address." });
      return;
    }
    setSending(true);
    setError({});
    try {
      setSent((await requestLink({ email })).message);
    } catch (caught) {
      const field = fieldErrors(caught).email;
      setError(field ? { field } : { message: errorMessage(caught, "We couldn't send that. Check your connection and try again.") });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="request-link-title" className="flex flex-col gap-4 rounded-xl border bg-card p-6">
      <h2 id="request-link-title" className="text-xl font-semibold">
        Get a new reactivation link
      </h2>
      <p className="text-muted-foreground">{intro}</p>
      <FormField id="reactivate-email" label="Email address" required error={error.field}>
        {(control) => <EmailInput {...control} value={email} onChange={(event) => setEmail(event.target.value)} />}
      </FormField>
      <Button type="submit" className="self-start" disabled={sending}>
        {sending ? "Sending..." : "Send me a link"}
      </Button>
      <InlineError>{error.message}</InlineError>
      {sent ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-muted p-4">
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {sent}
        </p>
      ) : null}
    </form>
  );
}
