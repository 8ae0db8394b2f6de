import { Link } from "@tanstack/react-router";
import { Button } from "@/components/ui/button";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS, REGISTER_HREF, TEXT_LINK_CLASS } from "./links";
import { CheckList, CONSULTATION_CTA, NextStep, PageColumn, PageHeader, PageSection, StepList, WRAPPING_BUTTON_CLASS } from "./page-parts";

const WHAT_HAPPENS = [
  {
    title: "You tell us what's in the way",
    body: "Talk about your work and what keeps slipping. There are no wrong answers, and you don't need to be organised to start.",
  },
  {
    title: "We find one next step together",
    body: "Your coach asks a few questions and helps you pick one small, concrete action you can take this week.",
  },
  {
    title: "You decide what happens next",
    body: "If coaching could help, we explain how it works and what it costs. If it isn't the right fit, we say so.",
  },
] as const;

const WHO_FOR = [
  "Entrepreneurs and freelancers who feel busy all day but finish little.",
  "Professionals who are overwhelmed by meetings, email and competing priorities.",
  "People with ADHD or learning differences, diagnosed or not.",
  "Anyone curious whether coaching could help, without any commitment.",
] as const;

const PREPARE = [
  "One thing you keep putting off or that feels stuck. That's enough.",
  "A quiet place and a device with a browser. Headphones help.",
  "Optional: your calendar open, if time is the main problem.",
] as const;

const NOT_THIS = [
  "Not a sales pitch: you won't be pushed into a plan.",
  "Not therapy or a diagnosis: we are coaches.",
  "Not homework: you don't need to fill in anything beforehand.",
] as const;

function BookingActions() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
        <Link to="/contact" search={{ subject: "consultation" }}>
          {CONSULTATION_CTA}
        </Link>
      </Button>
      <a href={REGISTER_HREF} className={TEXT_LINK_CLASS}>
        Or create a free account
      </a>
    </div>
  );
}

/** /free-intro-session: the free 20-minute consultation. */
export function FreeIntroSessionPage() {
  return (
    <PageColumn labelledBy="intro-title">
      <PageHeader
        id="intro-title"
        title={`Your free ${CLAIMS.consultationMinutes}-minute consultation`}
        eyebrow="Free intro session"
        lead={`A calm, one-to-one conversation about what's in your way, and one clear next step. Free, online and with no obligation.`}
      >
        <div className="pt-2">
          <BookingActions />
        </div>
        <p className="text-sm text-muted-foreground">
          Send a request and we reply within {CLAIMS.responseHours} hours with times that suit you.
        </p>
      </PageHeader>

      <PageSection id="intro-what" title={`What happens in ${CLAIMS.consultationMinutes} minutes`}>
        <StepList steps={WHAT_HAPPENS} />
      </PageSection>

      <PageSection id="intro-who" title="Who it's for">
        <CheckList items={WHO_FOR} />
      </PageSection>

      <PageSection id="intro-prepare" title="What to prepare">
        <CheckList items={PREPARE} />
      </PageSection>

      <PageSection id="intro-not" title="What it isn't">
        <CheckList items={NOT_THIS} />
        <p className="text-muted-foreground">
          Want to know more first? Read about{" "}
          <Link to="/about" className={INLINE_LINK_CLASS}>
            how coaching works
          </Link>{" "}
          or see our{" "}
          <Link to="/services" className={INLINE_LINK_CLASS}>
            services
          </Link>
          .
        </p>
      </PageSection>

      <NextStep id="intro-next" title="Ready when you are" action={<BookingActions />}>
        <p>
          Choose the consultation and tell us a little about yourself. A free account is optional: it lets you book
          sessions and keep your notes in one place later.
        </p>
      </NextStep>
    </PageColumn>
  );
}
