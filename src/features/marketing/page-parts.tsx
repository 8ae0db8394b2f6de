import { Link } from "@tanstack/react-router";
import { CheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { CLAIMS } from "./claims";

/** The one next action of most marketing pages (UX.md: one clear next action per screen). */
export const CONSULTATION_CTA = `Book a free ${CLAIMS.consultationMinutes}-minute consultation`;

/** Buttons whose label may wrap on a 320 px screen instead of overflowing it. */
export const WRAPPING_BUTTON_CLASS = "h-auto whitespace-normal text-center";

interface PageHeaderProps {
  /** id of the h1, for the page's aria-labelledby. */
  id: string;
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The page's only h1, an optional small label above it, a lead paragraph and optional actions. */
export function PageHeader({ id, title, eyebrow, lead, children }: PageHeaderProps) {
  return (
    <header className="space-y-4">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
      <h1 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      {lead ? <p className="max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
      {children}
    </header>
  );
}

interface PageSectionProps {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A titled region of a page: an h2 that names it for assistive technology. */
export function PageSection({ id, title, children, className }: PageSectionProps) {
  return (
    <section aria-labelledby={id} className={cn("mt-12 scroll-mt-20", className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed">{children}</div>
    </section>
  );
}

/** A short list with check marks; the marks are decoration, the list semantics carry the meaning. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps in cards. */
export function StepList({ steps }: { steps: readonly { title: string; body: string }[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-lg border bg-card p-5 text-card-foreground">
          <p className="flex items-center gap-3 font-semibold">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
              aria-hidden
            >
              {index + 1}
            </span>
            <span>
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </span>
          </p>
          <p className="mt-3 text-muted-foreground">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

interface NextStepProps {
  id: string;
  title: string;
  children: ReactNode;
  /** The action; by default the free consultation. */
  action?: ReactNode;
}

/** The closing panel of a page, with its one next action. */
export function NextStep({ id, title, children, action }: NextStepProps) {
  return (
    <section aria-labelledby={id} className="mt-16 rounded-xl border bg-muted/40 p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-3 max-w-2xl text-muted-foreground">{children}</div>
      <div className="mt-6 flex flex-wrap items-center gap-3">{action ?? <ConsultationButton />}</div>
    </section>
  );
}

/** "Book a free 20-minute consultation", to the page that explains it. */
export function ConsultationButton({ size = "lg" }: { size?: "default" | "lg" }) {
  return (
    <Button asChild size={size} className={WRAPPING_BUTTON_CLASS}>
      <Link to="/free-intro-session">{CONSULTATION_CTA}</Link>
    </Button>
  );
}

/** A plain reading column. */
export function PageColumn({ children, labelledBy, wide = false }: { children: ReactNode; labelledBy: string; wide?: boolean }) {
  return (
    <article aria-labelledby={labelledBy} className={cn("mx-auto px-4 py-12 sm:py-16", wide ? "max-w-6xl" : "max-w-3xl")}>
      {children}
    </article>
  );
}
