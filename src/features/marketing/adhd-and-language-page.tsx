import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { INLINE_LINK_CLASS } from "./links";
import { NextStep, PageColumn, PageHeader, PageSection } from "./page-parts";

const WORD_CHOICES = [
  {
    instead: "suffers from ADHD",
    we: "has ADHD, or is ADHD",
    why: "ADHD brings real difficulties, but suffering is for you to name, not for us to assume.",
  },
  {
    instead: "lazy, unmotivated",
    we: "stuck, finding it hard to start",
    why: "Trouble starting a task is about how attention and motivation work, not about effort or character.",
  },
  {
    instead: "just focus",
    we: "find what helps you focus",
    why: "Focus isn't a switch. The right setting, timing and task size make the difference.",
  },
  {
    instead: "normal people",
    we: "neurotypical people",
    why: "Different isn't broken. There is no normal brain to measure yours against.",
  },
  {
    instead: "everyone is a bit ADHD",
    we: "many people struggle with focus sometimes",
    why: "ADHD is a lasting, everyday pattern. Saying everyone has it makes it sound small.",
  },
] as const;

export function AdhdAndLanguagePage() {
  return (
    <PageColumn labelledBy="language-title">
      <PageHeader
        id="language-title"
        title="ADHD and language"
        eyebrow="Learn"
        lead="The words we use about ADHD and learning differences, and why we choose them with care."
      />

      <PageSection id="language-why" title="Why words matter">
        <p>
          Many of our members grew up hearing that they were lazy, messy or not trying hard enough. Those words stick.
          How we talk about ADHD can either add to that weight or help lift it.
        </p>
        <p>So we write and speak in a way that is accurate, respectful and free of blame.</p>
      </PageSection>

      <PageSection id="language-person" title="Person-first or identity-first?">
        <p>
          Some people say "a person with ADHD". Others say "an ADHD person" or "I'm ADHD". Both are fine. We use both
          on this site, and in coaching we use the words you use about yourself.
        </p>
        <p>
          The same goes for "learning differences", "neurodivergent" and "disability". You choose your words; we
          follow your lead.
        </p>
      </PageSection>

      <PageSection id="language-choices" title="Words we avoid, and what we say instead">
        <ul className="space-y-4">
          {WORD_CHOICES.map((choice) => (
            <li key={choice.instead} className="rounded-lg border bg-card p-5 text-card-foreground">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>
                  <span className="sr-only">Instead of: </span>
                  <span className="text-muted-foreground line-through">"{choice.instead}"</span>
                </span>
                <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  <span className="sr-only">we say: </span>
                  <strong>"{choice.we}"</strong>
                </span>
              </p>
              <p className="mt-2 text-muted-foreground">{choice.why}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="language-clinical" title="Coaches, not clinicians">
        <p>
          We are coaches. We don't diagnose ADHD or any other condition, and you don't need a diagnosis to work with
          us. When we use clinical words such as "disorder", it's because we are quoting a medical source.
        </p>
        <p>
          If you are exploring a diagnosis or treatment, a doctor or psychologist is the right person to talk to. We
          are glad to work alongside them.
        </p>
      </PageSection>

      <PageSection id="language-glossary" title="More words, explained">
        <p>
          We are building a{" "}
          <Link to="/glossary" className={INLINE_LINK_CLASS}>
            glossary
          </Link>{" "}
          of common terms such as executive function and time blindness, in plain language.
        </p>
      </PageSection>

      <NextStep id="language-next" title="Talk to someone who gets it">
        <p>A free consultation is a calm, judgement-free conversation about what's in your way right now.</p>
      </NextStep>
    </PageColumn>
  );
}
