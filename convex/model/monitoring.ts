/**
 * What admins see on /admin/monitoring and anyone on /health (monitoringShapes.ts): route load
 * times, the scheduler, the cron jobs, the extraction and e-mail queues, and the error records.
 * Every read is bounded; a count that reaches its bound is shown as that bound.
 */
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { latestRuns } from "./cronJobs";
import { OUTBOX_BACKED_UP_AFTER_MS, oldestQueued, outboxFigures } from "./emailHealth";
import type { HealthChecks, MonitoringOverview } from "./monitoringShapes";
import { cognitiveLevel } from "./observability";
import { utcDay } from "./routeStats";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const CHART_DAYS = 14;
const SLOW_ROUTE_DAYS = 7;
const SLOWEST_ROUTES = 10;
const RECENT_ERRORS = 20;
/** Route rows of 14 days read at most: a few dozen routes a day in practice. */
const ROUTE_ROWS_READ = 3_000;
/** The newest scheduled jobs looked at: pending and recently failed ones are among them. */
const SCHEDULED_JOBS_READ = 1_000;
const EXTRACTION_RUNS_COUNTED = 500;
const ERROR_RECORDS_COUNTED = 1_000;

/** UTC days from `count - 1` days before `now` to `now`, oldest first. */
function lastDays(now: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(now - (count - 1 - i) * DAY_MS));
}

async function routeRows(ctx: QueryCtx, from: string) {
  return await ctx.db
    .query("routeStatsDaily")
    .withIndex("by_day_and_route", (q) => q.gte("day", from))
    .take(ROUTE_ROWS_READ);
}

function dailyTotals(rows: readonly Doc<"routeStatsDaily">[], days: readonly string[]): MonitoringOverview["days"] {
  return days.map((day) => {
    const ofDay = rows.filter((row) => row.day === day);
    const sum = (field: "views" | "timedViews" | "totalLoadMs" | "low" | "medium" | "high") => ofDay.reduce((total, row) => total + row[field], 0);
    const timed = sum("timedViews");
    return {
      day,
      pageviews: sum("views"),
      averageLoadMs: timed > 0 ? Math.round(sum("totalLoadMs") / timed) : null,
      low: sum("low"),
      medium: sum("medium"),
      high: sum("high"),
    };
  });
}

function slowestRoutes(rows: readonly Doc<"routeStatsDaily">[], from: string): MonitoringOverview["slowestRoutes"] {
  const byRoute = new Map<string, { views: number; timedViews: number; totalLoadMs: number; maxLoadMs: number }>();
  for (const row of rows) {
    if (row.day < from) continue;
    const route = byRoute.get(row.route) ?? { views: 0, timedViews: 0, totalLoadMs: 0, maxLoadMs: 0 };
    byRoute.set(row.route, {
      views: route.views + row.views,
      timedViews: route.timedViews + row.timedViews,
      totalLoadMs: route.totalLoadMs + row.totalLoadMs,
      maxLoadMs: Math.max(route.maxLoadMs, row.maxLoadMs),
    });
  }
  return [...byRoute]
    .filter(([, route]) => route.timedViews > 0)
    .map(([route, { views, timedViews, totalLoadMs, maxLoadMs }]) => {
      const averageLoadMs = Math.round(totalLoadMs / timedViews);
      return { route, views, averageLoadMs, maxLoadMs, level: cognitiveLevel(averageLoadMs) };
    })
    .sort((a, b) => b.averageLoadMs - a.averageLoadMs)
    .slice(0, SLOWEST_ROUTES);
}

/** Pending jobs and the longest-waiting one's due time, and jobs failed over the day, among the newest jobs. */
async function scheduler(ctx: QueryCtx, now: number): Promise<MonitoringOverview["scheduler"]> {
  // _scheduled_functions has no index on state: the newest jobs are read, newest first.
  const jobs = await ctx.db.system.query("_scheduled_functions").order("desc").take(SCHEDULED_JOBS_READ);
  const pending = jobs.filter((job) => job.state.kind === "pending");
  const failedLastDay = jobs.filter((job) => job.state.kind === "failed" && (job.completedTime ?? 0) > now - DAY_MS).length;
  const oldestPendingDueAt = pending.length > 0 ? Math.min(...pending.map((job) => job.scheduledTime)) : null;
  return { pending: pending.length, oldestPendingDueAt, failedLastDay };
}

async function extractionRuns(ctx: QueryCtx, status: Doc<"extractionRuns">["status"], since = 0) {
  return await ctx.db
    .query("extractionRuns")
    .withIndex("by_status_and_updated", (q) => q.eq("status", status).gt("updatedAt", since))
    .take(EXTRACTION_RUNS_COUNTED);
}

/** Error records since `since`, newest first. */
async function errorRecordsSince(ctx: QueryCtx, since: number) {
  return await ctx.db
    .query("errorRecords")
    .withIndex("by_timestamp", (q) => q.gt("timestamp", since))
    .order("desc")
    .take(ERROR_RECORDS_COUNTED);
}

async function cronLines(ctx: QueryCtx): Promise<MonitoringOverview["crons"]> {
  return (await latestRuns(ctx)).map(({ job, schedule, lastRun }) => ({
    job,
    schedule,
    lastRun: lastRun && {
      startedAt: lastRun.startedAt,
      finishedAt: lastRun.finishedAt ?? null,
      outcome: lastRun.outcome,
      error: lastRun.error ?? null,
    },
  }));
}

export async function monitoringOverview(ctx: QueryCtx, now: number): Promise<MonitoringOverview> {
  const days = lastDays(now, CHART_DAYS);
  const rows = await routeRows(ctx, days[0]!);
  const [schedulerFigures, crons, queued, running, failedRuns, email, lastDay, recent] = await Promise.all([
    scheduler(ctx, now),
    cronLines(ctx),
    extractionRuns(ctx, "queued"),
    extractionRuns(ctx, "running"),
    extractionRuns(ctx, "failed", now - DAY_MS),
    outboxFigures(ctx, now),
    errorRecordsSince(ctx, now - DAY_MS),
    ctx.db.query("errorRecords").withIndex("by_timestamp").order("desc").take(RECENT_ERRORS),
  ]);
  return {
    days: dailyTotals(rows, days),
    slowestRoutes: slowestRoutes(rows, days[CHART_DAYS - SLOW_ROUTE_DAYS]!),
    scheduler: schedulerFigures,
    crons,
    extraction: { queued: queued.length, running: running.length, failedLastDay: failedRuns.length },
    email,
    errors: {
      lastDay: lastDay.length,
      criticalLastDay: lastDay.filter((record) => record.severity === "critical").length,
      recent: recent.map((record) => ({
        id: record._id,
        category: record.category,
        severity: record.severity,
        code: record.code,
        title: record.title,
        message: record.message,
        service: record.service,
        timestamp: record.timestamp,
        reference: record.reference ?? null,
      })),
    },
  };
}

/** The newest run of `status`, for telling whether extraction's latest outcome was a failure. */
async function latestExtraction(ctx: QueryCtx, status: "succeeded" | "failed") {
  return await ctx.db
    .query("extractionRuns")
    .withIndex("by_status_and_updated", (q) => q.eq("status", status))
    .order("desc")
    .first();
}

/**
 * /health's statuses: crons degraded while a job's latest run failed; extraction while its latest
 * finished run failed; e-mail while the outbox is backed up; errors while a critical one was
 * recorded in the last hour.
 */
export async function healthChecks(ctx: QueryCtx, now: number): Promise<HealthChecks> {
  const [{ pending, oldestPendingDueAt }, crons, queuedRuns, lastFailed, lastSucceeded, outbox, waiting, lastHour] = await Promise.all([
    scheduler(ctx, now),
    cronLines(ctx),
    extractionRuns(ctx, "queued"),
    latestExtraction(ctx, "failed"),
    latestExtraction(ctx, "succeeded"),
    outboxFigures(ctx, now),
    oldestQueued(ctx),
    errorRecordsSince(ctx, now - HOUR_MS),
  ]);
  const failing = crons.filter((line) => line.lastRun?.outcome === "failed").map((line) => line.job);
  const extractionFailing = lastFailed !== null && (lastSucceeded === null || lastFailed.updatedAt > lastSucceeded.updatedAt);
  const backedUp = waiting !== null && now - waiting.createdAt > OUTBOX_BACKED_UP_AFTER_MS;
  return {
    scheduler: { pending, oldestPendingDueAt },
    crons: { status: failing.length > 0 ? "degraded" : "ok", failing },
    extraction: { status: extractionFailing ? "degraded" : "ok", queued: queuedRuns.length },
    email: { status: backedUp ? "degraded" : "ok", queued: outbox.queued },
    errors: {
      status: lastHour.some((record) => record.severity === "critical") ? "degraded" : "ok",
      lastHour: lastHour.length,
    },
  };
}
