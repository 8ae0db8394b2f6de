import { Link } from "@tanstack/react-router";
import { ClockIcon, MailIcon, MessageSquarePlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { INLINE_LINK_CLASS } from "./links";
import { PageColumn, PageHeader, PageSection, WRAPPING_BUTTON_CLASS } from "./page-parts";

/** The first terms we are writing up; names only until the glossary opens. */
export const PLANNED_TERMS = [
  "Executive function",
  "Time blindness",
  "Task initiation",
  "Body doubling",
  "Hyperfocus",
  "Working memory",
] as const;

export const GLOSSARY_TEXT = {
  comingSoon: "Coming soon",
  newsletter: "Get notified by newsletter",
  suggest: "Suggest a term",
} as const;

/** Glossary (SPEC §2): a coming-soon notice, a newsletter link and a suggest-a-term link. */
export function GlossaryPage() {
  return (
    <PageColumn labelledBy="glossary-title">
      <PageHeader
        id="glossary-title"
        title="Glossary"
        eyebrow="Learn"
        lead="Plain-language explanations of the words you meet around ADHD, learning differences and productivity."
      />

      <section
        aria-labelledby="glossary-status"
        className="mt-10 rounded-xl border border-warning/40 bg-warning-muted p-6 text-warning-foreground"
      >
        <h2 id="glossary-status" className="flex items-center gap-2 text-xl font-bold">
          <ClockIcon className="size-5 shrink-0" aria-hidden />
          {GLOSSARY_TEXT.comingSoon}
        </h2>
        <p className="mt-2">
          We are writing the glossary now, one term at a time, in short sentences and with everyday examples.
        </p>
      </section>

      <PageSection id="glossary-planned" title="Terms we are writing first">
        <ul className="flex flex-wrap gap-2">
          {PLANNED_TERMS.map((term) => (
            <li key={term} className="rounded-full border bg-card px-4 py-2 text-sm text-card-foreground">
              {term}
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Until then, our{" "}
          <Link to="/adhd-and-language" className={INLINE_LINK_CLASS}>
            ADHD and language
          </Link>{" "}
          page explains the words we use and why.
        </p>
      </PageSection>

      <PageSection id="glossary-help" title="Hear when it opens, or help us write it">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col rounded-lg border bg-card p-5 text-card-foreground">
            <MailIcon className="size-6 text-primary" aria-hidden />
            <p className="mt-3 flex-1 text-muted-foreground">
              The newsletter tells you when the glossary opens. It's short, and you can unsubscribe any time.
            </p>
            <Button asChild className={`mt-4 ${WRAPPING_BUTTON_CLASS}`}>
              <Link to="/" hash="newsletter">
                {GLOSSARY_TEXT.newsletter}
              </Link>
            </Button>
          </div>
          <div className="flex flex-col rounded-lg border bg-card p-5 text-card-foreground">
            <MessageSquarePlusIcon className="size-6 text-primary" aria-hidden />
            <p className="mt-3 flex-1 text-muted-foreground">
              Is there a word you keep hearing and would like explained? Tell us and we will add it to the list.
            </p>
            <Button asChild variant="outline" className={`mt-4 ${WRAPPING_BUTTON_CLASS}`}>
              <Link to="/contact" search={{ subject: "glossary-suggestion" }}>
                {GLOSSARY_TEXT.suggest}
              </Link>
            </Button>
          </div>
        </div>
      </PageSection>
    </PageColumn>
  );
}
