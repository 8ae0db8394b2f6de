/**
 * Runs every recurring job of model/cronJobs.ts (crons.ts registers `run` once per job), recording
 * each run in cronRuns: running, then succeeded or failed with the error's message.
 */
import { literals } from "convex-helpers/validators";
import type { FunctionReference } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation } from "./functions";
import { CRON_JOB_NAMES, startRun, type CronJobName } from "./model/cronJobs";
import { recordError } from "./model/errorRecords";
import { SYSTEM_ERROR_TEXTS } from "./model/messages";

const jobValidator = literals(...CRON_JOB_NAMES);

type JobFunction = { kind: "mutation"; fn: FunctionReference<"mutation", "internal"> } | { kind: "action"; fn: FunctionReference<"action", "internal"> };

/** The internal function each job runs, and how it is called. */
function jobFunction(job: CronJobName): JobFunction {
  switch (job) {
    case "expire time balances":
      return { kind: "mutation", fn: internal.timeBalance.expireDue };
    case "inactivity":
      return { kind: "mutation", fn: internal.inactivity.sweep };
    case "retention clean-up":
      return { kind: "mutation", fn: internal.retention.cleanUp };
    case "token expiry":
      return { kind: "mutation", fn: internal.reactivation.removeExpiredTokens };
    case "newsletter expiry":
      return { kind: "mutation", fn: internal.newsletter.removeExpired };
    case "email health checks":
      return { kind: "action", fn: internal.emailHealth.probeAll };
    case "email health clean-up":
      return { kind: "mutation", fn: internal.emailHealth.prune };
    case "gentle nudges":
      return { kind: "mutation", fn: internal.nudges.sendDue };
  }
}

/**
 * One run of `job`. A failure is recorded (the run's row, and an error record for the errors tab)
 * and logged, not rethrown: Convex does not retry a cron either way, and the run's row is where
 * admins look, so rethrowing would only repeat the same line in the logs.
 */
export const run = internalAction({
  args: { job: jobValidator },
  returns: v.null(),
  handler: async (ctx, { job }) => {
    const runId = await ctx.runMutation(internal.cronJobs.started, { job });
    let error: string | null = null;
    try {
      const { kind, fn } = jobFunction(job);
      if (kind === "mutation") await ctx.runMutation(fn, {});
      else await ctx.runAction(fn, {});
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      console.error(`Cron job "${job}" failed: ${error}`);
    }
    await ctx.runMutation(internal.cronJobs.finished, { job, runId, error });
    return null;
  },
});

export const started = internalMutation({
  args: { job: jobValidator },
  returns: v.id("cronRuns"),
  handler: (ctx, { job }) => startRun(ctx, job, Date.now()),
});

export const finished = internalMutation({
  args: { job: jobValidator, runId: v.id("cronRuns"), error: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { job, runId, error }) => {
    const now = Date.now();
    await ctx.db.patch("cronRuns", runId, { finishedAt: now, outcome: error === null ? "succeeded" : "failed", ...(error === null ? {} : { error }) });
    if (error !== null) {
      const { code, title, recovery } = SYSTEM_ERROR_TEXTS.CRON_FAILED;
      await recordError(ctx, { category: "system", severity: "high", code, title, message: `${job}: ${error}`, recovery, service: "cron" }, now);
    }
    return null;
  },
});
