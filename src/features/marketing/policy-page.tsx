import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ContactSubjectParam } from "@/features/contact/contact-topics";
import { CLAIMS } from "./claims";
import { TEXT_LINK_CLASS } from "./links";
import { CheckList, NextStep, PageColumn, PageHeader, WRAPPING_BUTTON_CLASS } from "./page-parts";
import { formatPolicyDate } from "./policies";

export interface PolicySection {
  id: string;
  title: string;
  content: ReactNode;
}

interface PolicyPageProps {
  id: string;
  title: string;
  lead: string;
  /** ISO date of the last change, shown as 'Last updated July 5, 2025'. */
  updated?: string;
  /** The whole policy in a few plain sentences, first (UX.md: summaries first). */
  summary: readonly string[];
  sections: readonly PolicySection[];
  contact: { subject: ContactSubjectParam; label: string; title: string };
}

/** Policy pages: a short summary, an on-this-page list, short titled sections and one way to ask. */
export function PolicyPage({ id, title, lead, updated, summary, sections, contact }: PolicyPageProps) {
  const titleId = `${id}-title`;
  return (
    <PageColumn labelledBy={titleId}>
      <PageHeader id={titleId} title={title} eyebrow="Policy" lead={lead}>
        {updated ? (
          <p className="text-sm text-muted-foreground">
            Last updated <time dateTime={updated}>{formatPolicyDate(updated)}</time>
          </p>
        ) : null}
      </PageHeader>

      <section aria-labelledby={`${id}-summary`} className="mt-10 rounded-xl border bg-card p-6 text-card-foreground">
        <h2 id={`${id}-summary`} className="text-xl font-bold">
          In short
        </h2>
        <CheckList items={summary} className="mt-4" />
      </section>

      <nav aria-label="On this page" className="mt-10">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">On this page</h2>
        <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={TEXT_LINK_CLASS}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-heading`} id={section.id} className="mt-12 scroll-mt-20">
          <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
            {section.title}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
            {section.content}
          </div>
        </section>
      ))}

      <NextStep
        id={`${id}-contact`}
        title={contact.title}
        action={
          <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
            <Link to="/contact" search={{ subject: contact.subject }}>
              {contact.label}
            </Link>
          </Button>
        }
      >
        <p>Write to us in your own words. We respond within {CLAIMS.responseHours} hours.</p>
      </NextStep>
    </PageColumn>
  );
}
