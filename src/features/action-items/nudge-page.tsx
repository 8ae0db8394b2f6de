import { api } from "@convex/_generated/api";
import { ACTION_ITEMS_URL } from "@convex/model/actionItemRules";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { CheckCircle2Icon, InfoIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { NUDGE_TITLE } from "./titles";

type Outcome = FunctionReturnType<typeof api.nudges.answer> | { ok: false; reason: "failed"; message: string };

const UNREACHABLE = "We couldn't reach LWCC just now. Please try the link again in a moment.";
const MISSING = "This link is missing its code. Your commitments are on your Action Items page, whenever you're ready.";

/**
 * Answers in flight or done, by link: a link answers once, so the page must not ask twice when
 * React mounts it twice (Strict Mode) or the visitor comes back to it in this tab.
 */
const answers = new Map<string, Promise<Outcome>>();

/** A nudge's Done or Not today link, answered on arrival: one click from the e-mail or the notification is the whole job. */
export function NudgePage({ token }: { token?: string }) {
  const answer = useMutation(api.nudges.answer);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, reason: "invalid", message: MISSING });
  useEffect(() => {
    if (!token) return;
    let current = true;
    let pending = answers.get(token);
    if (!pending) {
      pending = answer({ token }).catch((): Outcome => {
        answers.delete(token);
        return { ok: false, reason: "failed", message: UNREACHABLE };
      });
      answers.set(token, pending);
    }
    void pending.then((result) => current && setOutcome(result));
    return () => {
      current = false;
    };
  }, [answer, token]);

  return (
    <section aria-labelledby="nudge-title" className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <h1 id="nudge-title" className="text-3xl font-bold">
        {NUDGE_TITLE}
      </h1>
      {outcome === null ? (
        <p role="status" aria-busy="true" className="text-muted-foreground">
          One moment…
        </p>
      ) : (
        <div className="flex flex-col gap-4 rounded-xl border bg-card p-6">
          {outcome.ok ? (
            <>
              <h2 className="flex items-center gap-2 text-xl font-semibold break-words">
                <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden />
                {outcome.title}
              </h2>
              <p role="status">{outcome.message}</p>
            </>
          ) : (
            <p role="status" className="flex items-start gap-2">
              <InfoIcon className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
              {outcome.message}
            </p>
          )}
          <Button asChild variant={outcome.ok ? "outline" : "default"} className="self-start">
            <Link to={ACTION_ITEMS_URL}>See my action items</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
