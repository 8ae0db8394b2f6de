import { Link } from "@tanstack/react-router";
import { CalendarCheckIcon, ListChecksIcon, SparklesIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CLAIMS } from "./claims";
import { NewsletterSection } from "./newsletter-section";

const STATS = [
  { value: CLAIMS.entrepreneursHelpedTotal, label: "entrepreneurs helped" },
  { value: CLAIMS.betterFocus, label: "report better focus" },
  { value: CLAIMS.productivityIncrease, label: "productivity increase" },
] as const;

const STEPS = [
  {
    icon: CalendarCheckIcon,
    title: "Book a session when it suits you",
    body: "Your coaching time is a simple balance in minutes. Pick a slot in your own time zone and you get a reminder before it starts.",
  },
  {
    icon: SparklesIcon,
    title: "Leave with what you agreed, written down",
    body: "Every session is recorded and transcribed. The commitments you make are pulled out for you, with the exact words you said.",
  },
  {
    icon: ListChecksIcon,
    title: "See the next thing, not everything",
    body: "One calm dashboard shows your next session and the few action items that matter this week. No streaks to break.",
  },
] as const;

export function HomePage() {
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-12 sm:pt-24">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Coaching for ADHD minds</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Calm systems for entrepreneurs who think differently
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
          LWCC helps entrepreneurs and overwhelmed professionals with ADHD and learning differences turn good
          intentions into finished work, with coaching, clear follow-up and software that stays out of the way.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/faq">How coaching works</Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          Start with a free {CLAIMS.consultationMinutes}-minute consultation. We respond within{" "}
          {CLAIMS.responseHours} hours.
        </p>
      </section>

      <section aria-labelledby="results-title" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="results-title" className="sr-only">
            Results our members report
          </h2>
          <dl className="grid gap-6 sm:grid-cols-3">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-muted-foreground">{stat.label}</dt>
                <dd className="text-4xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-title" className="text-2xl font-bold sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border bg-card p-6">
              <step.icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <NewsletterSection />
    </>
  );
}
