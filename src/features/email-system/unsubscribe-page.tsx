import { Link } from "@tanstack/react-router";
import { CheckCircle2Icon, InfoIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import { EMAIL_UI_TEXTS, UNSUBSCRIBE_TEXTS } from "./texts";

export interface UnsubscribeResult {
  email: string;
  alreadyUnsubscribed: boolean;
}

export interface UnsubscribePageProps {
  token?: string;
  /** api.campaigns.unsubscribe; a ConvexError's message explains a bad link. */
  unsubscribe: (args: { token: string }) => Promise<UnsubscribeResult>;
}

type Outcome = { kind: "idle" } | { kind: "working" } | { kind: "done"; result: UnsubscribeResult } | { kind: "failed"; message: string };

function OutcomeCard({ icon: Icon, title, children }: { icon: typeof InfoIcon; title: string; children: string }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl border bg-card p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
        {title}
      </h2>
      <p>{children}</p>
    </div>
  );
}

/**
 * /unsubscribe from a campaign e-mail's link. It waits for a click rather than acting on arrival,
 * so a mail scanner opening the link does not unsubscribe anyone.
 */
export function UnsubscribePage({ token, unsubscribe }: UnsubscribePageProps) {
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: "idle" } : { kind: "failed", message: UNSUBSCRIBE_TEXTS.missingToken });

  async function confirm() {
    if (!token) return;
    setOutcome({ kind: "working" });
    try {
      setOutcome({ kind: "done", result: await unsubscribe({ token }) });
    } catch (caught) {
      setOutcome({ kind: "failed", message: errorMessage(caught, UNSUBSCRIBE_TEXTS.unreachable) });
    }
  }

  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <h1 id="unsubscribe-title" className="text-3xl font-bold">
        {UNSUBSCRIBE_TEXTS.title}
      </h1>
      {outcome.kind === "idle" || outcome.kind === "working" ? (
        <div className="flex flex-col items-start gap-4">
          <p>{UNSUBSCRIBE_TEXTS.intro}</p>
          <Button onClick={() => void confirm()} disabled={outcome.kind === "working"}>
            {outcome.kind === "working" ? EMAIL_UI_TEXTS.processing : UNSUBSCRIBE_TEXTS.confirm}
          </Button>
        </div>
      ) : outcome.kind === "done" ? (
        outcome.result.alreadyUnsubscribed ? (
          <OutcomeCard icon={InfoIcon} title={UNSUBSCRIBE_TEXTS.already}>
            {UNSUBSCRIBE_TEXTS.alreadyBody.replace("{email}", outcome.result.email)}
          </OutcomeCard>
        ) : (
          <OutcomeCard icon={CheckCircle2Icon} title={UNSUBSCRIBE_TEXTS.done}>
            {UNSUBSCRIBE_TEXTS.doneBody.replace("{email}", outcome.result.email)}
          </OutcomeCard>
        )
      ) : (
        <OutcomeCard icon={InfoIcon} title={UNSUBSCRIBE_TEXTS.failedTitle}>
          {outcome.message}
        </OutcomeCard>
      )}
      <Button asChild variant="outline" className="self-start">
        <Link to="/">{UNSUBSCRIBE_TEXTS.home}</Link>
      </Button>
    </section>
  );
}
