import type { MonitoringOverview } from "@convex/model/monitoringShapes";
import { AlertTriangleIcon } from "lucide-react";
import { lazy, useState, type ReactNode } from "react";
import { Status, type Tone } from "@/components/status";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { ChartFigure, EmptyState, ErrorDetails, FiguresTable, KpiGrid, KpiTile, Panel, When } from "@/features/email-system/parts";
import { useNow } from "@/lib/use-now";
import { CognitiveLevelWord } from "./cognitive-level-word";
import { ErrorReportingCheck } from "./error-reporting-check";
import { appendNew, formatCount, formatLoadTime, plural, schedulerSummary } from "./figures";
import { nextCronRun } from "./next-cron-run";
import { MONITORING_TEXTS } from "./texts";
import { SupportCodeLookup } from "./support-code-lookup";

// recharts is large: the charts load on their own, after the figures they draw.
const DailyChart = lazy(() => import("./daily-chart"));

type Overview = MonitoringOverview;
type Day = Overview["days"][number];
type ErrorRow = Overview["errors"]["recent"][number];
type CronRow = Overview["crons"][number];

export interface MonitoringDashboardProps {
  /** undefined while loading. */
  data: Overview | undefined;
  /** Set when the data failed to load: the error screen with Retry shows instead. */
  error?: unknown;
  onRetry: () => void;
  /** The record a support code points at (live), drawn under the lookup form. */
  renderLookup: (reference: string) => ReactNode;
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-warning/50 bg-card p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangleIcon className="size-5 text-warning" aria-hidden />
        {MONITORING_TEXTS.loadFailed}
      </h2>
      <p className="text-muted-foreground">{MONITORING_TEXTS.loadFailedBody}</p>
      <ErrorDetails error={error} />
      <Button onClick={onRetry}>{MONITORING_TEXTS.retry}</Button>
    </div>
  );
}

function Traffic({ days }: { days: Overview["days"] }) {
  if (days.every((day) => day.pageviews === 0)) return <EmptyState>{MONITORING_TEXTS.noTraffic}</EmptyState>;
  const total = days.reduce((sum, day) => sum + day.pageviews, 0);
  const columns = [
    { header: "Day", cell: (row: Day) => row.day },
    { header: "Pageviews", cell: (row: Day) => formatCount(row.pageviews) },
    { header: "Mean load time", cell: (row: Day) => (row.averageLoadMs === null ? "Not timed" : formatLoadTime(row.averageLoadMs)) },
    { header: "Low", cell: (row: Day) => formatCount(row.low) },
    { header: "Medium", cell: (row: Day) => formatCount(row.medium) },
    { header: "High", cell: (row: Day) => formatCount(row.high) },
  ];
  const table = { rows: days, rowKey: (row: Day) => row.day, columns };
  return (
    <div className="flex flex-col gap-6">
      <p>{plural(total, "pageview")} over the last 14 days.</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-medium">Pageviews per day</h3>
          <ChartFigure chart={<DailyChart days={days} metric="pageviews" />} caption="Pageviews per day, oldest first" {...table} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-medium">Mean route load time per day</h3>
          <ChartFigure
            chart={<DailyChart days={days} metric="averageLoadMs" />}
            caption="Mean route load time per day, with views per cognitive level, oldest first"
            {...table}
          />
        </div>
      </div>
    </div>
  );
}

function SlowestRoutes({ routes }: { routes: Overview["slowestRoutes"] }) {
  if (routes.length === 0) return <EmptyState>{MONITORING_TEXTS.noRoutes}</EmptyState>;
  return (
    <FiguresTable
      caption="Slowest routes over the last 7 days, slowest mean load time first"
      rows={routes}
      rowKey={(row) => row.route}
      columns={[
        { header: "Route", cell: (row) => <span className="font-mono break-all">{row.route}</span> },
        { header: "Views", cell: (row) => formatCount(row.views) },
        { header: "Mean load time", cell: (row) => formatLoadTime(row.averageLoadMs) },
        { header: "Slowest", cell: (row) => formatLoadTime(row.maxLoadMs) },
        { header: "Cognitive level", cell: (row) => <CognitiveLevelWord level={row.level} /> },
      ]}
    />
  );
}

/** Lag grows with the clock, not with data, so it is worked out here every few seconds. */
function Scheduler({ scheduler }: { scheduler: Overview["scheduler"] }) {
  const now = useNow(5_000);
  const { lagging, text } = schedulerSummary(scheduler.oldestPendingDueAt, now);
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Status tone={lagging ? "warning" : "good"}>{text}</Status>
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Waiting to run</dt>
        <dd className="font-medium tabular-nums">{formatCount(scheduler.pending)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Failed in the last day</dt>
        <dd>
          <Status tone={scheduler.failedLastDay > 0 ? "warning" : "good"}>{formatCount(scheduler.failedLastDay)}</Status>
        </dd>
      </div>
    </dl>
  );
}

const OUTCOMES: Record<NonNullable<CronRow["lastRun"]>["outcome"], { tone: Tone; label: string }> = {
  succeeded: { tone: "good", label: "Succeeded" },
  failed: { tone: "bad", label: "Failed" },
  running: { tone: "info", label: "Running" },
};

function CronJob({ cron, now }: { cron: CronRow; now: number }) {
  const next = nextCronRun(cron.schedule, now);
  const outcome = cron.lastRun ? OUTCOMES[cron.lastRun.outcome] : { tone: "neutral" as const, label: "Not run yet" };
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-medium">{cron.job}</h3>
        <Status tone={outcome.tone}>{outcome.label}</Status>
      </div>
      <p className="text-sm text-muted-foreground">
        {cron.lastRun ? (
          <>
            Last run <When at={cron.lastRun.startedAt} past />
          </>
        ) : (
          "No run recorded"
        )}
        {" · "}
        {next === null ? (
          <>
            Schedule <span className="font-mono">{cron.schedule}</span>
          </>
        ) : (
          <>
            Next run <When at={next} />
          </>
        )}
      </p>
      {cron.lastRun?.error ? <p className="text-sm break-words">{cron.lastRun.error}</p> : null}
    </li>
  );
}

function CronJobs({ crons }: { crons: Overview["crons"] }) {
  const now = useNow();
  if (crons.length === 0) return <EmptyState>{MONITORING_TEXTS.noCrons}</EmptyState>;
  return (
    <ul className="flex flex-col divide-y">
      {crons.map((cron) => (
        <CronJob key={cron.job} cron={cron} now={now} />
      ))}
    </ul>
  );
}

function Queue({ name, waiting, working, failedLastDay }: { name: string; waiting: string; working: string; failedLastDay: number }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="font-medium">{name}</dt>
      <dd className="text-sm text-muted-foreground">
        {waiting} · {working}
      </dd>
      <dd className="text-sm">
        <Status tone={failedLastDay > 0 ? "warning" : "good"}>{failedLastDay > 0 ? `${formatCount(failedLastDay)} failed in the last day` : "None failed in the last day"}</Status>
      </dd>
    </div>
  );
}

function Queues({ extraction, email }: Pick<Overview, "extraction" | "email">) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Queue name="Action item extraction" waiting={`${formatCount(extraction.queued)} queued`} working={`${formatCount(extraction.running)} running`} failedLastDay={extraction.failedLastDay} />
      <Queue name="E-mail" waiting={`${formatCount(email.queued)} queued`} working={`${formatCount(email.sending)} sending`} failedLastDay={email.failedLastDay} />
    </dl>
  );
}

const SEVERITY_TONES: Record<ErrorRow["severity"], Tone> = { low: "neutral", medium: "neutral", high: "warning", critical: "bad" };

function ErrorItem({ record }: { record: ErrorRow }) {
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-medium">{record.title}</h3>
        <Status tone={SEVERITY_TONES[record.severity]} className="text-sm">
          {record.severity.charAt(0).toUpperCase() + record.severity.slice(1)}
        </Status>
      </div>
      <p className="break-words">{record.message}</p>
      <p className="text-sm text-muted-foreground">
        <span className="font-mono">{record.code}</span> · {record.category} · {record.service}
        {record.reference ? (
          <>
            {" · "}
            <span className="font-mono">{record.reference}</span>
          </>
        ) : null}
        {" · "}
        <When at={record.timestamp} past />
      </p>
    </li>
  );
}

/**
 * The latest errors as a log, oldest first: what is on screen keeps its place, new records are
 * added at the bottom and announced politely, so reading is never interrupted.
 */
function LatestErrors({ recent }: { recent: Overview["errors"]["recent"] }) {
  const [log, setLog] = useState(() => ({ source: recent, shown: [...recent].reverse(), added: 0 }));
  if (log.source !== recent) {
    const next = appendNew(log.shown, recent);
    setLog({ source: recent, shown: next.shown, added: log.added + next.added });
  }
  return (
    <div className="flex flex-col gap-3">
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {log.added > 0 ? `${plural(log.added, "new error")} since you opened this page, added at the bottom.` : ""}
      </p>
      {log.shown.length === 0 ? (
        <EmptyState>{MONITORING_TEXTS.noErrors}</EmptyState>
      ) : (
        <ul aria-label="Latest errors, oldest first" className="flex flex-col divide-y">
          {log.shown.map((record) => (
            <ErrorItem key={record.id} record={record} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Loaded({ data, renderLookup }: { data: Overview; renderLookup: MonitoringDashboardProps["renderLookup"] }) {
  return (
    <>
      <KpiGrid label="Errors">
        <KpiTile label="Errors in the last day" value={formatCount(data.errors.lastDay)} />
        <KpiTile label="Critical errors in the last day" value={formatCount(data.errors.criticalLastDay)} />
        <KpiTile label="Jobs waiting to run" value={formatCount(data.scheduler.pending)} />
      </KpiGrid>
      <Panel title="Pageviews and load times">
        <Traffic days={data.days} />
      </Panel>
      <Panel title="Slowest routes">
        <SlowestRoutes routes={data.slowestRoutes} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Scheduler">
          <Scheduler scheduler={data.scheduler} />
        </Panel>
        <Panel title="Queues">
          <Queues extraction={data.extraction} email={data.email} />
        </Panel>
      </div>
      <Panel title="Scheduled jobs">
        <CronJobs crons={data.crons} />
      </Panel>
      <Panel title="Find an error by support code">
        <SupportCodeLookup renderResult={renderLookup} />
      </Panel>
      <Panel title="Latest errors">
        <LatestErrors recent={data.errors.recent} />
      </Panel>
      <Panel title="Check error reporting">
        <ErrorReportingCheck />
      </Panel>
    </>
  );
}

/** /admin/monitoring: traffic, speed, background work and errors at a glance, live. */
export function MonitoringDashboard({ data, error, onRetry, renderLookup }: MonitoringDashboardProps) {
  return (
    <section aria-labelledby="monitoring-title" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 id="monitoring-title" className="text-3xl font-bold">
          {MONITORING_TEXTS.title}
        </h1>
        <p className="text-muted-foreground">Live figures; they update by themselves.</p>
      </div>
      {error !== undefined ? (
        <LoadFailed error={error} onRetry={onRetry} />
      ) : data === undefined ? (
        <LoadingList label={MONITORING_TEXTS.loading} rows={4} />
      ) : (
        <Loaded data={data} renderLookup={renderLookup} />
      )}
    </section>
  );
}
