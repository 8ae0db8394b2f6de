import { api } from "@convex/_generated/api";
import { INACTIVITY_MESSAGES } from "@convex/model/inactivity";
import { REACTIVATE_PATH } from "@convex/model/reactivation";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { CheckCircle2Icon, ClockIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { KEEP_ACTIVE_TITLE } from "./titles";


type Outcome = FunctionReturnType<typeof api.inactivity.keepActive> | { ok: false; reason: "failed"; message: string } | null;

/** Records activity for the account the link is for, on arrival: one click from the e-mail is the whole job. */
export function KeepActivePage({ token }: { token?: string }) {
  const keepActive = useMutation(api.inactivity.keepActive);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { ok: false, reason: "invalid", message: INACTIVITY_MESSAGES.keepInvalid });
  useEffect(() => {
    if (!token) return;
    let current = true;
    keepActive({ token }).then(
      (result) => current && setOutcome(result),
      () => current && setOutcome({ ok: false, reason: "failed", message: "We couldn't reach LWCC just now. Please try the link again in a moment." }),
    );
    return () => {
      current = false;
    };
  }, [keepActive, token]);

  return (
    <section aria-labelledby="keep-active-title" className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <h1 id="keep-active-title" className="text-3xl font-bold">
        {KEEP_ACTIVE_TITLE}
      </h1>
      {outcome === null ? (
        <p role="status" aria-busy="true" className="text-muted-foreground">
          One moment…
        </p>
      ) : outcome.ok ? (
        <div className="flex flex-col gap-4 rounded-xl border bg-card p-6">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <CheckCircle2Icon className="size-5 text-success" aria-hidden />
            {INACTIVITY_MESSAGES.keptTitle}
          </h2>
          <p role="status">
            {outcome.firstName ? `${outcome.firstName}, t` : "T"}
            {INACTIVITY_MESSAGES.kept.slice(1)}
          </p>
          <Button asChild className="self-start">
            <Link {...LOGIN_ROUTE} search={{ redirect: "/dashboard" }}>
              Sign in
            </Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4 rounded-xl border bg-card p-6">
          <p role="status" className="flex items-start gap-2">
            <ClockIcon className="mt-1 size-4 shrink-0 text-warning-foreground" aria-hidden />
            {outcome.message}
          </p>
          <Button asChild className="self-start">
            {outcome.reason === "deactivated" ? (
              <Link to={REACTIVATE_PATH}>Reactivate my account</Link>
            ) : outcome.reason === "held" ? (
              <Link to="/contact">Contact us</Link>
            ) : (
              <Link {...LOGIN_ROUTE} search={{ redirect: "/dashboard" }}>
                Sign in
              </Link>
            )}
          </Button>
        </div>
      )}
    </section>
  );
}
