import { Link } from "@tanstack/react-router";
import { BookOpenIcon, CircleHelpIcon, LifeBuoyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CLAIMS } from "./claims";
import { TEXT_LINK_CLASS } from "./links";
import { CheckList, NextStep, PageColumn, PageHeader, PageSection, WRAPPING_BUTTON_CLASS } from "./page-parts";

const INCLUDE = [
  "What you were trying to do.",
  "What happened instead, in your own words. A screenshot helps if you have one.",
  "The email address of your account, if it's about your account or billing.",
] as const;

/** /support: how to get help. */
export function SupportPage() {
  return (
    <PageColumn labelledBy="support-title">
      <PageHeader
        id="support-title"
        title="Support"
        eyebrow="Help"
        lead={`Stuck on something? We answer every message within ${CLAIMS.responseHours} hours, usually much sooner.`}
      >
        <div className="pt-2">
          <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
            <Link to="/contact" search={{ subject: "support" }}>
              Contact support
            </Link>
          </Button>
        </div>
      </PageHeader>

      <PageSection id="support-self" title="Find an answer yourself">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="flex flex-col rounded-lg border bg-card p-5 text-card-foreground">
            <CircleHelpIcon className="size-6 text-primary" aria-hidden />
            <h3 className="mt-3 font-semibold">Frequently asked questions</h3>
            <p className="mt-1 flex-1 text-muted-foreground">Short answers about coaching, time balances, plans and replies.</p>
            <Link to="/faq" className={`mt-3 self-start ${TEXT_LINK_CLASS}`}>
              Read the FAQ
            </Link>
          </li>
          <li className="flex flex-col rounded-lg border bg-card p-5 text-card-foreground">
            <BookOpenIcon className="size-6 text-primary" aria-hidden />
            <h3 className="mt-3 font-semibold">Help Center</h3>
            <p className="mt-1 flex-1 text-muted-foreground">Step-by-step help with booking, your account and billing.</p>
            <Link to="/help-center" className={`mt-3 self-start ${TEXT_LINK_CLASS}`}>
              Open the Help Center
            </Link>
          </li>
        </ul>
      </PageSection>

      <PageSection id="support-message" title="What to include in your message">
        <CheckList items={INCLUDE} />
        <p className="text-muted-foreground">Don't worry about getting it perfect. A few words are enough to start.</p>
      </PageSection>

      <section
        aria-labelledby="support-urgent"
        className="mt-12 flex gap-4 rounded-xl border border-warning/40 bg-warning-muted p-6 text-warning-foreground"
      >
        <LifeBuoyIcon className="mt-1 size-6 shrink-0" aria-hidden />
        <div>
          <h2 id="support-urgent" className="text-lg font-bold">
            If you need urgent help
          </h2>
          <p className="mt-2">
            LWCC is a coaching service, not a crisis service. If you or someone else is in danger, contact your local
            emergency number or a crisis line now.
          </p>
        </div>
      </section>

      <NextStep
        id="support-next"
        title="Still stuck?"
        action={
          <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
            <Link to="/contact" search={{ subject: "support" }}>
              Contact support
            </Link>
          </Button>
        }
      >
        <p>Send us a message and a real person will reply within {CLAIMS.responseHours} hours.</p>
      </NextStep>
    </PageColumn>
  );
}
