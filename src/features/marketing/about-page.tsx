import { Link } from "@tanstack/react-router";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS } from "./links";
import { NextStep, PageColumn, PageHeader, PageSection, StepList } from "./page-parts";

const STATS = [
  { value: CLAIMS.entrepreneursHelpedTotal, label: "entrepreneurs helped" },
  { value: CLAIMS.betterFocus, label: "report better focus" },
  { value: CLAIMS.productivityIncrease, label: "productivity increase" },
] as const;

const HOW_IT_WORKS = [
  {
    title: "Start with a free conversation",
    body: `In a free ${CLAIMS.consultationMinutes}-minute consultation we listen to what's in your way and agree on one useful next step.`,
  },
  {
    title: "Book sessions when you need them",
    body: "Your coaching time is a balance in minutes. Book a slot in your own time zone and get a reminder before it starts.",
  },
  {
    title: "Leave with it written down",
    body: "Sessions are recorded and transcribed. The commitments you make become action items, in your own words.",
  },
  {
    title: "Keep going at your pace",
    body: "Your dashboard shows the next session and the few things that matter this week. No streaks, no guilt.",
  },
] as const;

export const TEAM = [
  {
    name: "Cora Lindqvist",
    role: "Founder and lead coach",
    bio: "Cora was diagnosed with ADHD while running her first business. She has coached entrepreneurs and busy professionals for over a decade and built LWCC around the systems that finally worked for her: calm, simple and written down.",
  },
  {
    name: "Jonas Okafor",
    role: "Automation and AI coach",
    bio: "Jonas turns repetitive admin into automations and shows members how to use AI assistants safely. He explains technology without jargon.",
  },
  {
    name: "Mei Tanaka",
    role: "Member support lead",
    bio: `Mei looks after bookings, billing and every question that comes in, and makes sure you hear back within ${CLAIMS.responseHours} hours.`,
  },
] as const;

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("");
}

export function AboutPage() {
  return (
    <PageColumn labelledBy="about-title" wide>
      <div className="max-w-3xl">
        <PageHeader
          id="about-title"
          title="About LWCC"
          eyebrow="Company"
          lead="We coach entrepreneurs and overwhelmed professionals with ADHD and learning differences, and we build the calm tools that make coaching stick."
        />
      </div>

      <PageSection id="about-who" title="Who we are" className="max-w-3xl">
        <p>
          LWCC is a small team of coaches and builders. Several of us have ADHD ourselves, so we know the gap between
          knowing what to do and actually doing it.
        </p>
        <p>
          We don't try to make you more like everyone else. We help you find the structure that suits the way your
          mind works, and we keep it simple enough to last. Read more about our{" "}
          <Link to="/mission-and-values" className={INLINE_LINK_CLASS}>
            mission and values
          </Link>
          .
        </p>
      </PageSection>

      <section aria-labelledby="about-results" className="mt-12 rounded-xl border bg-muted/40 p-6">
        <h2 id="about-results" className="sr-only">
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
      </section>

      <PageSection id="about-how" title="How coaching works">
        <StepList steps={HOW_IT_WORKS} />
      </PageSection>

      <PageSection id="about-team" title="The team">
        <ul className="grid gap-4 md:grid-cols-3">
          {TEAM.map((person) => (
            <li key={person.name} className="rounded-lg border bg-card p-6 text-card-foreground">
              <div className="flex items-center gap-4">
                <span
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-lg font-semibold text-secondary-foreground"
                  aria-hidden
                >
                  {initials(person.name)}
                </span>
                <div>
                  <h3 className="font-semibold">{person.name}</h3>
                  <p className="text-sm text-muted-foreground">{person.role}</p>
                </div>
              </div>
              <p className="mt-4 text-muted-foreground">{person.bio}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <NextStep id="about-next" title="Meet us in a free consultation">
        <p>
          {CLAIMS.consultationMinutes} minutes, no preparation needed. You leave with one clear next step, whether or not you decide to work
          with us.
        </p>
      </NextStep>
    </PageColumn>
  );
}
