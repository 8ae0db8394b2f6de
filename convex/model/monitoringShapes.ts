/**
 * What /admin/monitoring and /health read (convex/monitoring.ts, convex/system.ts). Times are epoch
 * ms; anything that depends on "now" (scheduler lag, next cron run) is worked out by the browser
 * from these figures, because a query's result is reused until its data changes.
 */
import { v, type Infer } from "convex/values";
import { cronRunOutcomeValidator, errorCategoryValidator, errorSeverityValidator } from "../schema";

const cognitiveLevelValidator = v.union(v.literal("low"), v.literal("medium"), v.literal("high"));

export const monitoringOverviewValidator = v.object({
  /** The last 14 UTC days, oldest first, every day present (zeros where nothing happened). */
  days: v.array(
    v.object({
      day: v.string(),
      pageviews: v.number(),
      /** Mean route load time of the day's timed views, null when none was timed. */
      averageLoadMs: v.union(v.number(), v.null()),
      low: v.number(),
      medium: v.number(),
      high: v.number(),
    }),
  ),
  /** Over the last 7 days, slowest mean load first, at most 10. */
  slowestRoutes: v.array(
    v.object({
      route: v.string(),
      views: v.number(),
      averageLoadMs: v.number(),
      maxLoadMs: v.number(),
      level: cognitiveLevelValidator,
    }),
  ),
  scheduler: v.object({
    /** Jobs waiting to run (counted up to a bound). */
    pending: v.number(),
    /** When the longest-waiting pending job was due; lag = now - this when positive. */
    oldestPendingDueAt: v.union(v.number(), v.null()),
    /** Jobs that failed over the last day. */
    failedLastDay: v.number(),
  }),
  crons: v.array(
    v.object({
      job: v.string(),
      /** The job's schedule as a cron expression (UTC), so the browser can show the next run. */
      schedule: v.string(),
      lastRun: v.union(
        v.object({
          startedAt: v.number(),
          finishedAt: v.union(v.number(), v.null()),
          outcome: cronRunOutcomeValidator,
          error: v.union(v.string(), v.null()),
        }),
        v.null(),
      ),
    }),
  ),
  extraction: v.object({ queued: v.number(), running: v.number(), failedLastDay: v.number() }),
  email: v.object({ queued: v.number(), sending: v.number(), failedLastDay: v.number() }),
  errors: v.object({
    lastDay: v.number(),
    criticalLastDay: v.number(),
    /** The latest records, newest first, at most 20. */
    recent: v.array(
      v.object({
        id: v.id("errorRecords"),
        category: errorCategoryValidator,
        severity: errorSeverityValidator,
        code: v.string(),
        title: v.string(),
        message: v.string(),
        service: v.string(),
        timestamp: v.number(),
        reference: v.union(v.string(), v.null()),
      }),
    ),
  }),
});
export type MonitoringOverview = Infer<typeof monitoringOverviewValidator>;

const checkStatusValidator = v.union(v.literal("ok"), v.literal("degraded"));

/**
 * /health's summary of the same checks, for anyone: statuses and a few figures, no details. The
 * scheduler's status is the browser's to judge (its lag grows with the clock, not with data).
 */
export const healthChecksValidator = v.object({
  scheduler: v.object({ pending: v.number(), oldestPendingDueAt: v.union(v.number(), v.null()) }),
  crons: v.object({ status: checkStatusValidator, failing: v.array(v.string()) }),
  extraction: v.object({ status: checkStatusValidator, queued: v.number() }),
  email: v.object({ status: checkStatusValidator, queued: v.number() }),
  errors: v.object({ status: checkStatusValidator, lastHour: v.number() }),
});
export type HealthChecks = Infer<typeof healthChecksValidator>;
