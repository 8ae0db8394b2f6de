/**
 * Health checks of the e-mail system, taken by the dashboard while it is open (every refresh) and
 * by a cron every five minutes, so uptime has a history when nobody watches. Each round measures:
 * - email: production, one authenticated read of Resend's API; offline, a round trip through the
 *   outbox (the oldest e-mail still waiting), failing when the outbox worker has stopped sending;
 * - database: a round trip of an internal query;
 * - scheduler: the lag of a function scheduled to run at once, which records itself; stuck when a
 *   round's tick has not run a minute later;
 * - the host's memory and disk, in Node.js (emailHealthNode.ts).
 * model/emailHealth.ts reads them back for the dashboard.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { ActionCtx } from "./_generated/server";
import { adminAction, internalAction, internalMutation, internalQuery } from "./functions";
import { checkResend, resendConfigured } from "./integrations/email";
import {
  HEALTH_SERVICES,
  HOST_RESOURCES,
  oldestQueued,
  OUTBOX_BACKED_UP_AFTER_MS,
  PROBE_RETENTION_MS,
  SCHEDULER_STUCK_MS,
  probedRecently,
  recordProbe,
  schedulerOverdue,
  type ProbeResult,
} from "./model/emailHealth";
import { SYSTEM_ERROR_TEXTS } from "./model/messages";

/** Resend gets this long to answer before the check counts as failed. */
const RESEND_TIMEOUT_MS = 10_000;
/** Old checks removed per mutation; the clean-up goes on in another while there are more. */
const PRUNE_BATCH = 500;

/** How long `run` takes, wall clock (an action's clock runs; a query's or mutation's stands still). */
async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

async function checkEmail(ctx: ActionCtx, at: number): Promise<ProbeResult> {
  if (resendConfigured()) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), RESEND_TIMEOUT_MS);
    const { value: error, ms } = await timed(() => checkResend(controller.signal)).finally(() => clearTimeout(timer));
    return {
      service: "email",
      at,
      ok: error === null,
      responseTimeMs: ms,
      ...(error === null ? {} : { error: SYSTEM_ERROR_TEXTS.resendAnswered(error) }),
    };
  }
  const { value: oldestQueuedAt, ms } = await timed(() => ctx.runQuery(internal.emailHealth.oldestQueuedAt, {}));
  const stuck = oldestQueuedAt !== null && at - oldestQueuedAt > OUTBOX_BACKED_UP_AFTER_MS;
  return {
    service: "email",
    at,
    ok: !stuck,
    responseTimeMs: ms,
    ...(stuck ? { error: SYSTEM_ERROR_TEXTS.outboxStuck(OUTBOX_BACKED_UP_AFTER_MS / 60_000) } : {}),
  };
}

/** Memory and disk as the Node.js runtime sees them; a failure to measure is a failed check of each. */
async function checkHost(ctx: ActionCtx, at: number): Promise<ProbeResult[]> {
  try {
    const host = await ctx.runAction(internal.emailHealthNode.measureHost, {});
    return [
      { service: "memory", at, ok: true, ...host.memory },
      host.disk ? { service: "disk", at, ok: true, ...host.disk } : { service: "disk", at, ok: false, error: SYSTEM_ERROR_TEXTS.noDisk },
    ];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return HOST_RESOURCES.map((service) => ({ service, at, ok: false, error: message }));
  }
}

/** One round of checks, unless another round was taken moments ago. */
async function probeRound(ctx: ActionCtx): Promise<null> {
  const at = Date.now();
  const database = await timed(() => ctx.runQuery(internal.emailHealth.recentRound, { now: at }));
  if (database.value) return null;
  const probes = [
    { service: "database" as const, at, ok: true, responseTimeMs: database.ms },
    await checkEmail(ctx, at),
    ...(await checkHost(ctx, at)),
  ];
  await ctx.runMutation(internal.emailHealth.recordRound, { probes });
  return null;
}

/** Checks now and records what it measured; the dashboard calls it on every refresh. */
export const probe = adminAction({
  args: {},
  returns: v.null(),
  handler: (ctx) => probeRound(ctx),
});

/** The cron's round. */
export const probeAll = internalAction({
  args: {},
  returns: v.null(),
  handler: (ctx) => probeRound(ctx),
});

/** The database check's round trip; its answer says whether a round was taken too recently to take another. */
export const recentRound = internalQuery({
  args: { now: v.number() },
  returns: v.boolean(),
  handler: (ctx, { now }) => probedRecently(ctx, now),
});

/** The offline e-mail check's round trip: when the e-mail waiting longest was queued. */
export const oldestQueuedAt = internalQuery({
  args: {},
  returns: v.union(v.number(), v.null()),
  handler: async (ctx) => (await oldestQueued(ctx))?.createdAt ?? null,
});

const probeValidator = v.object({
  service: v.union(...[...HEALTH_SERVICES, ...HOST_RESOURCES].map((service) => v.literal(service))),
  at: v.number(),
  ok: v.boolean(),
  responseTimeMs: v.optional(v.number()),
  error: v.optional(v.string()),
  used: v.optional(v.number()),
  total: v.optional(v.number()),
});

/** Records a round's checks, judges the scheduler by the ticks earlier rounds asked for, and asks for this round's. */
export const recordRound = internalMutation({
  args: { probes: v.array(probeValidator) },
  returns: v.null(),
  handler: async (ctx, { probes }) => {
    const now = Date.now();
    if (await schedulerOverdue(ctx, now)) {
      await recordProbe(ctx, {
        service: "scheduler",
        at: now,
        ok: false,
        error: SYSTEM_ERROR_TEXTS.schedulerStuck(SCHEDULER_STUCK_MS / 1000),
      });
    }
    for (const probe of probes) await recordProbe(ctx, probe);
    await ctx.scheduler.runAfter(0, internal.emailHealth.schedulerTick, { requestedAt: now });
    return null;
  },
});

/** Runs as soon as the scheduler gets to it: its lag is the scheduler's check. */
export const schedulerTick = internalMutation({
  args: { requestedAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { requestedAt }) => {
    const now = Date.now();
    await recordProbe(ctx, { service: "scheduler", at: now, ok: true, responseTimeMs: Math.max(0, now - requestedAt) });
    return null;
  },
});

/** Removes checks and hourly counts older than the retention, a batch per service at a time. */
export const prune = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const cutoff = Date.now() - PROBE_RETENTION_MS;
    let more = false;
    for (const service of [...HEALTH_SERVICES, ...HOST_RESOURCES]) {
      const probes = await ctx.db
        .query("healthProbes")
        .withIndex("by_service_and_at", (q) => q.eq("service", service).lt("at", cutoff))
        .take(PRUNE_BATCH);
      const hours = await ctx.db
        .query("healthProbeHours")
        .withIndex("by_service_and_hour", (q) => q.eq("service", service).lt("hour", cutoff))
        .take(PRUNE_BATCH);
      for (const row of probes) await ctx.db.delete("healthProbes", row._id);
      for (const row of hours) await ctx.db.delete("healthProbeHours", row._id);
      more ||= probes.length === PRUNE_BATCH || hours.length === PRUNE_BATCH;
    }
    if (more) await ctx.scheduler.runAfter(0, internal.emailHealth.prune, {});
    return null;
  },
});
