import { CLAIMS } from "./claims";
import { CheckList, NextStep, PageColumn, PageHeader, PageSection } from "./page-parts";

const VALUES = [
  {
    title: "Calm over hustle",
    body: "Pressure rarely helps a busy mind. We slow things down enough for you to think, choose and start.",
  },
  {
    title: "Strengths first",
    body: "ADHD brings energy, creativity and speed as well as friction. We build on what already works for you.",
  },
  {
    title: "Progress, not perfection",
    body: "We count what you finished, not the days you missed. There are no streaks to break here.",
  },
  {
    title: "Plain language",
    body: "Short sentences, clear steps and no jargon. If something needs explaining, we explain it.",
  },
  {
    title: "Respect and privacy",
    body: "Your sessions, notes and struggles are yours. We never sell data and we never shame.",
  },
  {
    title: "Access for everyone",
    body: "Everything we make should work with a keyboard, a screen reader, in dark mode and on a small phone.",
  },
] as const;

const IN_PRACTICE = [
  "One clear next step on every page and in every session.",
  "Your action items written down for you, in the words you used.",
  "Progress shown as running totals, never as streaks.",
  "Reduced motion respected, calm colours, large buttons.",
  `An answer to every message within ${CLAIMS.responseHours} hours.`,
] as const;

export function MissionAndValuesPage() {
  return (
    <PageColumn labelledBy="mission-title">
      <PageHeader
        id="mission-title"
        title="Mission and values"
        eyebrow="Company"
        lead="Why LWCC exists, and the promises that guide how we coach and what we build."
      />

      <PageSection id="mission-mission" title="Our mission">
        <p className="text-xl font-medium text-balance">
          To help entrepreneurs and professionals with ADHD and learning differences turn good intentions into
          finished work, calmly and on their own terms.
        </p>
        <p className="text-muted-foreground">
          Most productivity advice is written for brains that work differently from yours. We start from how you
          actually think, then build simple systems, habits and tools around it.
        </p>
      </PageSection>

      <PageSection id="mission-values" title="Our values">
        <ul className="grid gap-4 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-lg border bg-card p-5 text-card-foreground">
              <h3 className="font-semibold">{value.title}</h3>
              <p className="mt-2 text-muted-foreground">{value.body}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="mission-practice" title="What this means in practice">
        <CheckList items={IN_PRACTICE} />
      </PageSection>

      <NextStep id="mission-next" title="See if our way of working fits you">
        <p>
          A free {CLAIMS.consultationMinutes}-minute conversation is the easiest way to find out. No pressure and no
          sales script.
        </p>
      </NextStep>
    </PageColumn>
  );
}
