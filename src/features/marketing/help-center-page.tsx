import { Link } from "@tanstack/react-router";
import { Button } from "@/components/ui/button";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS, TEXT_LINK_CLASS } from "./links";
import { NextStep, PageColumn, PageHeader, PageSection, WRAPPING_BUTTON_CLASS } from "./page-parts";

const TOPICS = [
  {
    id: "help-start",
    title: "Getting started",
    points: [
      `Start with a free ${CLAIMS.consultationMinutes}-minute consultation, or create a free Foundation account straight away.`,
      "Sign in with the email address and password you registered with.",
      "Your dashboard shows your next session and the few action items that matter this week.",
    ],
  },
  {
    id: "help-booking",
    title: "Booking sessions",
    points: [
      "Pick a time from your dashboard. Times are shown in your own time zone.",
      "Booking a session reserves its minutes from your time balance.",
      "Cancelling in good time gives the minutes back.",
    ],
  },
  {
    id: "help-after",
    title: "After a session",
    points: [
      "Each session is recorded and transcribed.",
      "The commitments you made appear as action items, with the words you used.",
      "Mark an item complete or in progress whenever you like. There are no streaks to keep.",
    ],
  },
  {
    id: "help-billing",
    title: "Plans and billing",
    points: [
      "Foundation is free. Paid plans are billed monthly or quarterly.",
      "Change or cancel your plan from the billing page in your dashboard.",
      "A cancelled plan stays active until the end of the period you paid for.",
    ],
  },
  {
    id: "help-settings",
    title: "Your account and display",
    points: [
      "Update your name and details from Settings in your dashboard.",
      "Choose Light, Dark or Auto from the theme button at the top of every page.",
      "Everything works with a keyboard, and motion is reduced if your device asks for it.",
    ],
  },
] as const;

/** /help-center: a static page of short how-tos, with links to the FAQ and the contact form (SPEC §2). */
export function HelpCenterPage() {
  return (
    <PageColumn labelledBy="help-title">
      <PageHeader
        id="help-title"
        title="Help Center"
        eyebrow="Help"
        lead="Quick, step-by-step help with the things people ask about most."
      >
        <p className="text-muted-foreground">
          Looking for a short answer? The{" "}
          <Link to="/faq" className={INLINE_LINK_CLASS}>
            frequently asked questions
          </Link>{" "}
          may already cover it.
        </p>
      </PageHeader>

      {TOPICS.map((topic) => (
        <PageSection key={topic.id} id={topic.id} title={topic.title}>
          <ul className="list-disc space-y-2 pl-6">
            {topic.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </PageSection>
      ))}

      <NextStep
        id="help-next"
        title="Didn't find what you need?"
        action={
          <>
            <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
              <Link to="/contact" search={{}}>
                Contact us
              </Link>
            </Button>
            <Link to="/faq" className={TEXT_LINK_CLASS}>
              Read the FAQ
            </Link>
          </>
        }
      >
        <p>Ask us directly. We respond within {CLAIMS.responseHours} hours.</p>
      </NextStep>
    </PageColumn>
  );
}
