import { lazy, Suspense, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime, relativeTime, timeAgo } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { userErrorOf } from "@/lib/user-error";
import { cn } from "@/lib/utils";
import { EMAIL_UI_TEXTS } from "./texts";
import type { PageStatus } from "./types";

// recharts is large: the charts load on their own, after the figures they draw.
export const TimelineChart = lazy(() => import("./timeline-chart"));
export const RateBarChart = lazy(() => import("./rate-bar-chart"));

/** A titled block of a tab; its heading is an h2 so the tab reads as an outline. */
export function Panel({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn("flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground sm:p-6", className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** One headline figure. */
export function KpiTile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

export function KpiGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
      {children}
    </dl>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{children}</p>;
}

/**
 * Relative and absolute together (UX.md): "5 minutes ago · Jul 8, 2025, 3:00 PM". `past` marks
 * something that has already happened (sent, created, seen), never read as the future.
 */
export function When({ at, past = false }: { at: number; past?: boolean }) {
  const now = useNow();
  const timeZone = useTimeZone();
  return (
    <time dateTime={new Date(at).toISOString()}>
      {(past ? timeAgo : relativeTime)(at, now)} · {dateTime(at, timeZone)}
    </time>
  );
}

export function LoadMore({ status, onLoadMore, noun }: { status: PageStatus; onLoadMore: () => void; noun: string }) {
  if (status === "Exhausted" || status === "LoadingFirstPage") return null;
  return (
    <Button variant="outline" className="self-start" disabled={status === "LoadingMore"} onClick={onLoadMore}>
      {status === "LoadingMore" ? EMAIL_UI_TEXTS.loadingMore : `${EMAIL_UI_TEXTS.loadMore} ${noun}`}
    </Button>
  );
}

export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** A plain table; the first column heads each row. Scrolls sideways on narrow screens instead of squeezing. */
export function FiguresTable<Row>({ caption, columns, rows, rowKey, captionHidden = false }: {
  caption: string;
  columns: FigureColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  captionHidden?: boolean;
}) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "mb-2 text-left text-sm text-muted-foreground"}>{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-b-0">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className="px-2 py-2 font-medium">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className="px-2 py-2 tabular-nums">
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart and its text alternative: the drawing is hidden from screen readers, the same
 * figures follow as a table behind a disclosure everybody can open.
 */
export function ChartFigure<Row>({ chart, ...table }: { chart: ReactNode } & Parameters<typeof FiguresTable<Row>>[0]) {
  return (
    <figure className="flex flex-col gap-3">
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>{chart}</Suspense>
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
          {EMAIL_UI_TEXTS.showFigures}
        </summary>
        <FiguresTable {...table} />
      </details>
    </figure>
  );
}

/** What went wrong, in the error's own words, folded away so the screen stays calm. */
export function ErrorDetails({ error }: { error: unknown }) {
  const text = userErrorOf(error)?.message ?? (error instanceof Error ? error.message : typeof error === "string" ? error : "");
  if (!text) return null;
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        {EMAIL_UI_TEXTS.errorDetails}
      </summary>
      <p className="rounded-md bg-muted p-3 font-mono break-words whitespace-pre-wrap">{text}</p>
    </details>
  );
}
