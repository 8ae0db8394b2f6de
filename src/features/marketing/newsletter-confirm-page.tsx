import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { CheckCircle2Icon, InfoIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";

export const NEWSLETTER_CONFIRM_TEXTS = {
  title: "Confirm your newsletter subscription",
  intro: "One click and you're on the list. You can unsubscribe at any time with the link at the end of every newsletter.",
  confirm: "Confirm my subscription",
  working: "Confirming...",
  done: "You're subscribed",
  doneBody: "{email} will get our next newsletter. Thanks for joining!",
  failedTitle: "This link didn't work",
  missingToken: "This confirmation link is incomplete. Please open the link from the email again.",
  unreachable: "We couldn't reach LWCC just now. Please try again in a moment.",
  signUpAgain: "Sign up again",
  home: "Go to the home page",
} as const;

export interface NewsletterConfirmPageProps {
  token?: string;
  /** api.newsletter.confirm; a ConvexError's message explains a used or expired link. */
  confirm: (args: { token: string }) => Promise<{ email: string }>;
}

type Outcome = { kind: "idle" } | { kind: "working" } | { kind: "done"; email: string } | { kind: "failed"; message: string };

/**
 * /newsletter/confirm from the sign-up e-mail's link. It waits for a click rather than acting on
 * arrival, so a mail scanner opening the link does not subscribe anyone.
 */
export function NewsletterConfirmPage({ token, confirm }: NewsletterConfirmPageProps) {
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: "idle" } : { kind: "failed", message: NEWSLETTER_CONFIRM_TEXTS.missingToken });

  async function submit() {
    if (!token) return;
    setOutcome({ kind: "working" });
    try {
      setOutcome({ kind: "done", email: (await confirm({ token })).email });
    } catch (caught) {
      setOutcome({ kind: "failed", message: errorMessage(caught, NEWSLETTER_CONFIRM_TEXTS.unreachable) });
    }
  }

  return (
    <section aria-labelledby="newsletter-confirm-title" className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <h1 id="newsletter-confirm-title" className="text-3xl font-bold">
        {NEWSLETTER_CONFIRM_TEXTS.title}
      </h1>
      {outcome.kind === "idle" || outcome.kind === "working" ? (
        <div className="flex flex-col items-start gap-4">
          <p>{NEWSLETTER_CONFIRM_TEXTS.intro}</p>
          <Button size="lg" onClick={() => void submit()} disabled={outcome.kind === "working"}>
            {outcome.kind === "working" ? NEWSLETTER_CONFIRM_TEXTS.working : NEWSLETTER_CONFIRM_TEXTS.confirm}
          </Button>
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-xl border bg-card p-6">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            {outcome.kind === "done" ? (
              <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden />
            ) : (
              <InfoIcon className="size-5 shrink-0 text-primary" aria-hidden />
            )}
            {outcome.kind === "done" ? NEWSLETTER_CONFIRM_TEXTS.done : NEWSLETTER_CONFIRM_TEXTS.failedTitle}
          </h2>
          <p>{outcome.kind === "done" ? NEWSLETTER_CONFIRM_TEXTS.doneBody.replace("{email}", outcome.email) : outcome.message}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {outcome.kind === "failed" ? (
          <Button asChild>
            <Link to="/" hash="newsletter">
              {NEWSLETTER_CONFIRM_TEXTS.signUpAgain}
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/">{NEWSLETTER_CONFIRM_TEXTS.home}</Link>
        </Button>
      </div>
    </section>
  );
}

/** Convex wiring of /newsletter/confirm. */
export function NewsletterConfirmContainer({ token }: { token?: string }) {
  const confirm = useMutation(api.newsletter.confirm);
  return <NewsletterConfirmPage token={token} confirm={confirm} />;
}
