import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { LoadingList } from "@/components/ui/skeleton";
import { NeedsConvex } from "@/features/auth/convex-on-demand";
import { IntroBooking } from "@/features/intro/intro-booking";
import { Button } from "@/components/ui/button";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS, TEXT_LINK_CLASS } from "./links";
import { CheckList, NextStep, PageColumn, PageHeader, PageSection, StepList, WRAPPING_BUTTON_CLASS } from "./page-parts";

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

const BOOK_SECTION = "intro-book";

/** Opens the booking section and moves there; the Convex client loads only then (a visitor reading costs nothing). */
function BookingActions({ onBook }: { onBook: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button size="lg" className={WRAPPING_BUTTON_CLASS} onClick={onBook}>
        Choose a time
      </Button>
      <Link to="/contact" search={{ subject: "consultation" }} className={TEXT_LINK_CLASS}>
        Or send us a message instead
      </Link>
    </div>
  );
}

function BookingSection({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <section id={BOOK_SECTION} aria-labelledby="intro-book-title" tabIndex={-1} className="flex scroll-mt-24 flex-col gap-4 outline-none">
      <h2 id="intro-book-title" className="text-2xl font-semibold">
        Book your free intro
      </h2>
      {open ? (
        <NeedsConvex fallback={<LoadingList label="Loading open times" />}>
          <IntroBooking />
        </NeedsConvex>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted-foreground">
            Pick a time that suits you, then leave your name and email. No account needed: we make one for you to see your booking in.
          </p>
          <Button size="lg" onClick={onOpen}>
            Choose a time
          </Button>
        </div>
      )}
    </section>
  );
}

const route = getRouteApi("/free-intro-session");

function showBookingSection() {
  const section = document.getElementById(BOOK_SECTION);
  section?.scrollIntoView({ behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  section?.focus({ preventScroll: true });
}

/** /free-intro-session: the free 20-minute consultation. */
export function FreeIntroSessionPage() {
  const open = route.useSearch().book === "times";
  const navigate = route.useNavigate();
  const book = () => {
    if (open) return showBookingSection();
    void navigate({ search: { book: "times" }, replace: true, resetScroll: false });
  };
  // Also when the page mounts afresh with the section open (the Convex client arriving) or is opened from a link.
  useEffect(() => {
    if (open) showBookingSection();
  }, [open]);
  return (
    <PageColumn labelledBy="intro-title">
      <PageHeader
        id="intro-title"
        title={`Your free ${CLAIMS.consultationMinutes}-minute consultation`}
        eyebrow="Free intro session"
        lead={`A calm, one-to-one conversation about what's in your way, and one clear next step. Free, online and with no obligation.`}
      >
        <div className="pt-2">
          <BookingActions onBook={book} />
        </div>
        <p className="text-sm text-muted-foreground">Book straight into a coach's calendar, or message us and we reply within {CLAIMS.responseHours} hours.</p>
      </PageHeader>

      <BookingSection open={open} onOpen={book} />

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

      <NextStep id="intro-next" title="Ready when you are" action={<BookingActions onBook={book} />}>
        <p>
          Pick a time and tell us your name and email. We make you a free account to see your booking in, and a few short questions
          afterwards help your coach prepare.
        </p>
      </NextStep>
    </PageColumn>
  );
}
