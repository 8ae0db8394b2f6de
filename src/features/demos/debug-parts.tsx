import { InfoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { AdminErrorBoundary, AdminRequired } from "@/features/admin/admin-access";
import { useViewer } from "@/features/auth/viewer";
import { PageColumn, PageHeader } from "@/features/marketing/page-parts";
import { cn } from "@/lib/utils";

interface DebugPageProps {
  /** id of the h1. */
  id: string;
  title: string;
  lead: ReactNode;
  /** Only admins see the content; the backend refuses everyone else whatever this shows. */
  adminOnly?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** The frame of every debug and test page: eyebrow, h1, what the page is for, then its content. */
export function DebugPage({ id, title, lead, adminOnly = false, wide = false, children }: DebugPageProps) {
  return (
    <PageColumn labelledBy={id} wide={wide}>
      <PageHeader id={id} eyebrow="Debug" title={title} lead={lead} />
      <div className="mt-8 flex flex-col gap-8">{adminOnly ? <AdminOnly>{children}</AdminOnly> : children}</div>
    </PageColumn>
  );
}

/** Admin content: a skeleton while the account loads, the admin note for anyone else. */
function AdminOnly({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  if (viewer.status === "loading") {
    return (
      <div role="status" aria-label="Loading" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (viewer.status !== "signed-in" || viewer.user.role !== "admin") {
    return <AdminRequired redirect={typeof window === "undefined" ? undefined : window.location.pathname} />;
  }
  return <AdminErrorBoundary>{children}</AdminErrorBoundary>;
}

/** A titled block of a debug page. */
export function DebugSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-3 rounded-xl border bg-card p-5", className)}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Key and value pairs, the value in monospace so ids and times line up. */
export function Facts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {facts.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{key}</dt>
          <dd className="font-mono break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A quiet note: what the page does and does not do. */
export function DebugNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/** Raw JSON of a server answer, for people debugging it. */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm text-muted-foreground">{label}</figcaption>
      {/* Focusable, so a keyboard can scroll a long answer (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="max-h-80 overflow-auto rounded-lg bg-muted p-3 text-xs leading-relaxed">
        {JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}

export function yesNo(value: boolean): string {
  return value ? "yes" : "no";
}
