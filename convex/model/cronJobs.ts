/**
 * The recurring jobs (convex/crons.ts registers each, convex/cronJobs.ts runs them) with their
 * schedules as UTC cron expressions, so the monitoring page can show each job's next run, and the
 * record of their runs (cronRuns) with its last outcome.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export const CRON_SCHEDULES = {
  // Off the top of the hour, so it does not pile onto everyone else's jobs.
  "expire time balances": "17 3 * * *",
  // Account lifecycle (convex/inactivity.ts, convex/retention.ts, convex/reactivation.ts).
  inactivity: "41 3 * * *",
  "retention clean-up": "23 4 * * *",
  "token expiry": "29 * * * *",
  // Newsletter sign-ups never confirmed (convex/newsletter.ts), once their link expired.
  "newsletter expiry": "53 * * * *",
  // E-mail system health (convex/emailHealth.ts): checks while nobody watches, so uptime has a history; old checks pruned.
  "email health checks": "*/5 * * * *",
  "email health clean-up": "47 4 * * *",
  // Gentle nudges (convex/nudges.ts): each member's nudge goes out in the quarter hour their quiet hours end.
  "gentle nudges": "*/15 * * * *",
} as const;
export type CronJobName = keyof typeof CRON_SCHEDULES;
export const CRON_JOB_NAMES = Object.keys(CRON_SCHEDULES) as CronJobName[];

const DAY_MS = 24 * 60 * 60_000;
/** Runs are kept 30 days: enough to see a pattern in a daily job's failures. */
export const CRON_RUN_RETENTION_MS = 30 * DAY_MS;
/** Old runs removed per new run: about 420 runs a day, so each run removing up to 100 keeps the table at 30 days. */
const PRUNE_BATCH = 100;

/** Records a run as running, and removes a batch of runs older than the retention. */
export async function startRun(ctx: MutationCtx, job: CronJobName, now: number): Promise<Id<"cronRuns">> {
  const old = await ctx.db
    .query("cronRuns")
    .withIndex("by_started", (q) => q.lt("startedAt", now - CRON_RUN_RETENTION_MS))
    .take(PRUNE_BATCH);
  for (const row of old) await ctx.db.delete("cronRuns", row._id);
  return await ctx.db.insert("cronRuns", { job, startedAt: now, outcome: "running" });
}

/** Every job with its latest run (null before its first), in registry order. */
export async function latestRuns(ctx: QueryCtx) {
  return await Promise.all(
    CRON_JOB_NAMES.map(async (job) => ({
      job,
      schedule: CRON_SCHEDULES[job],
      lastRun: await ctx.db
        .query("cronRuns")
        .withIndex("by_job_and_started", (q) => q.eq("job", job))
        .order("desc")
        .first(),
    })),
  );
}
