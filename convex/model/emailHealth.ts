/**
 * The e-mail system's health (SPEC §3 systemHealth): measured checks of the services it depends on
 * (convex/emailHealth.ts takes them), the outbox as a queue, and the resources it uses up. Every
 * number is read from rows the system wrote; nothing here is a constant standing in for a measure.
 */
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { selectAdapters } from "./adapters";
import { EMAIL_STATUSES, type EmailStatus } from "./email";
import { outboxByStatus } from "./emailAggregates";
import type { SystemHealth } from "./emailDashboard";
import { API_CALLS_CRITICAL_PERCENT, PROVIDER_QUOTA_WARNING_PERCENT } from "./emailSystem";
import { recordError } from "./errorRecords";
import { SYSTEM_ERROR_TEXTS } from "./messages";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The services checked, in the order the tab lists them. */
export const HEALTH_SERVICES = ["email", "database", "scheduler"] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number];
/** The host's resources, measured by the Node.js action (convex/emailHealthNode.ts). */
export const HOST_RESOURCES = ["memory", "disk"] as const;
export type HostResource = (typeof HOST_RESOURCES)[number];

export const SERVICE_NAMES: Record<HealthService, string> = { email: "E-mail delivery", database: "Database", scheduler: "Scheduler" };

/** A check slower than this leaves its service degraded: e-mail is an HTTP call to the provider, the scheduler's is the lag. */
export const SLOW_AFTER_MS: Record<HealthService, number> = { email: 2_000, database: 1_000, scheduler: 5_000 };
/** Below this share of successful checks over the day, a service that answers now is still degraded. */
export const UPTIME_DEGRADED_BELOW_PERCENT = 99;
/** An e-mail queued longer than this means the outbox worker is not sending: the queue is backed up. */
export const OUTBOX_BACKED_UP_AFTER_MS = 5 * MINUTE_MS;
/** A scheduled check that has not run this long after it was asked for means the scheduler is stuck. */
export const SCHEDULER_STUCK_MS = MINUTE_MS;
/** Checks closer together than this are skipped: every open dashboard asks every 30 seconds. */
export const MIN_PROBE_INTERVAL_MS = 20_000;
/** Checks are kept a week; uptime needs a day. */
export const PROBE_RETENTION_MS = 7 * DAY_MS;
/** Resend's free plan; set EMAIL_DAILY_QUOTA for another plan. */
export const DEFAULT_EMAIL_DAILY_QUOTA = 100;
/** Calls to outside services per hour; set VENDOR_API_CALL_BUDGET to change it. */
export const DEFAULT_VENDOR_API_CALL_BUDGET = 1_000;
/** Host memory and disk: warning above the SPEC's quota threshold, critical above this. */
export const HOST_CRITICAL_PERCENT = 90;

/** Statuses of e-mails handed to the provider and not yet delivered (or reported lost). */
const IN_FLIGHT: readonly EmailStatus[] = ["sent", "delivery_delayed"];
/** Every status but queued: the e-mail has left the outbox, handed to the provider. */
const LEFT_THE_QUEUE: readonly EmailStatus[] = EMAIL_STATUSES.filter((status) => status !== "queued");

export type ServiceStatus = "operational" | "degraded" | "down" | "unknown";

/** One measured check, as the probe hands it over. `used` and `total` are for host resources. */
export interface ProbeResult {
  service: HealthService | HostResource;
  at: number;
  ok: boolean;
  responseTimeMs?: number;
  error?: string;
  used?: number;
  total?: number;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const hourStart = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
export const dayStart = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

/**
 * down when the latest check failed; degraded when it was slow or too many of the day's checks
 * failed; operational otherwise; unknown before the first check.
 */
export function serviceStatus(
  latest: { ok: boolean; responseTimeMs?: number } | null,
  uptime: number | null,
  slowAfterMs: number,
): ServiceStatus {
  if (!latest) return "unknown";
  if (!latest.ok) return "down";
  const slow = latest.responseTimeMs !== undefined && latest.responseTimeMs > slowAfterMs;
  return slow || (uptime !== null && uptime < UPTIME_DEGRADED_BELOW_PERCENT) ? "degraded" : "operational";
}

/** used of total with its share (percent, one decimal) and a status past each threshold ("above", as SPEC §9 says). */
export function resource(used: number, total: number, thresholds: { warningAbove?: number; criticalAbove?: number }) {
  const above = (percent: number | undefined) => percent !== undefined && used * 100 > total * percent;
  const status = above(thresholds.criticalAbove) ? "critical" : above(thresholds.warningAbove) ? "warning" : "healthy";
  return { used, total, percentage: total > 0 ? round1((used / total) * 100) : 0, status };
}

/** A whole number above zero from an environment variable, else the default. */
export function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value?.trim());
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export async function latestProbe(ctx: QueryCtx, service: string) {
  return await ctx.db
    .query("healthProbes")
    .withIndex("by_service_and_at", (q) => q.eq("service", service))
    .order("desc")
    .first();
}

/** Stores one check, counts a service's in its hour, and records a failed check as an error (critical for a service). */
export async function recordProbe(ctx: MutationCtx, probe: ProbeResult): Promise<void> {
  await ctx.db.insert("healthProbes", probe);
  const service = (HEALTH_SERVICES as readonly string[]).includes(probe.service);
  if (service) {
    const hour = hourStart(probe.at);
    const bucket = await ctx.db
      .query("healthProbeHours")
      .withIndex("by_service_and_hour", (q) => q.eq("service", probe.service).eq("hour", hour))
      .unique();
    const failures = probe.ok ? 0 : 1;
    if (bucket) await ctx.db.patch("healthProbeHours", bucket._id, { checks: bucket.checks + 1, failures: bucket.failures + failures });
    else await ctx.db.insert("healthProbeHours", { service: probe.service, hour, checks: 1, failures });
  }
  if (probe.ok) return;
  const { title, recovery } = SYSTEM_ERROR_TEXTS.HEALTH_CHECK_FAILED;
  await recordError(
    ctx,
    {
      category: probe.service === "email" ? "network" : "system",
      severity: service ? "critical" : "medium",
      code: "HEALTH_CHECK_FAILED",
      title,
      message: probe.error ?? title,
      recovery,
      service: probe.service,
    },
    probe.at,
  );
}

/**
 * Every round of checks writes one database check and asks the scheduler for a tick. The
 * scheduler is stuck when the first round since its latest check (a tick, or an earlier verdict
 * of being stuck) has waited longer than SCHEDULER_STUCK_MS: rounds every 30 seconds while the
 * dashboard is open still see it, as the oldest unanswered round is judged, not the last one.
 */
export async function schedulerOverdue(ctx: QueryCtx, now: number): Promise<boolean> {
  const lastCheck = await latestProbe(ctx, "scheduler");
  const unanswered = await ctx.db
    .query("healthProbes")
    .withIndex("by_service_and_at", (q) => q.eq("service", "database").gt("at", lastCheck?.at ?? 0))
    .first();
  return unanswered !== null && now - unanswered.at > SCHEDULER_STUCK_MS;
}

/** Whether the last round of checks was too recent to take another. */
export async function probedRecently(ctx: QueryCtx, now: number): Promise<boolean> {
  const previousRound = await latestProbe(ctx, "database");
  return previousRound !== null && now - previousRound.at < MIN_PROBE_INTERVAL_MS;
}

/** The e-mail that has waited longest to be handed to the provider. */
export async function oldestQueued(ctx: QueryCtx) {
  return await ctx.db
    .query("emailOutbox")
    .withIndex("by_status_and_created", (q) => q.eq("status", "queued"))
    .first();
}

type OutboxRange = { statuses: readonly EmailStatus[]; from: number; now: number };

/**
 * For each range, the e-mails of its statuses queued from `from` to `now`, counted by the outbox
 * aggregate in one call (a component call costs more than the ranges it counts).
 */
async function outboxCounts<const R extends readonly OutboxRange[]>(ctx: QueryCtx, ranges: R): Promise<{ [K in keyof R]: number }> {
  const counts = await outboxByStatus.countBatch(
    ctx,
    ranges.flatMap(({ statuses, from, now }) =>
      statuses.map((status) => ({
        bounds: { lower: { key: [status, from], inclusive: true }, upper: { key: [status, now], inclusive: true } },
      })),
    ),
  );
  let next = 0;
  return ranges.map(({ statuses }) => statuses.reduce((sum) => sum + counts[next++]!, 0)) as { [K in keyof R]: number };
}

/**
 * The outbox for the monitoring page: e-mails waiting to be handed to the provider, handed over in
 * the last day and not yet delivered (sending), and queued in the last day that ended failed.
 */
export async function outboxFigures(ctx: QueryCtx, now: number) {
  const [queued, [sending, failedLastDay]] = await Promise.all([
    outboxByStatus.count(ctx, { bounds: { prefix: ["queued"] } }),
    outboxCounts(ctx, [
      { statuses: IN_FLIGHT, from: now - DAY_MS, now },
      { statuses: ["failed"], from: now - DAY_MS, now },
    ]),
  ]);
  return { queued, sending, failedLastDay };
}

/** One service's line: its latest check, and its checks over the day counted by the hour (this hour and the 23 before it). */
async function serviceHealth(ctx: QueryCtx, service: HealthService, now: number) {
  const thisHour = hourStart(now);
  const latest = await latestProbe(ctx, service);
  const hours = await ctx.db
    .query("healthProbeHours")
    .withIndex("by_service_and_hour", (q) => q.eq("service", service).gt("hour", thisHour - DAY_MS))
    .take(24);
  const checks = hours.reduce((sum, hour) => sum + hour.checks, 0);
  const errors = hours.reduce((sum, hour) => sum + hour.failures, 0);
  const uptime = checks > 0 ? round1(((checks - errors) / checks) * 100) : null;
  return {
    service,
    line: {
      name: SERVICE_NAMES[service],
      status: serviceStatus(latest, uptime, SLOW_AFTER_MS[service]),
      responseTime: latest?.responseTimeMs ?? null,
      uptime,
      errors,
      checkedAt: latest?.at ?? null,
    },
    checksThisHour: hours.find((hour) => hour.hour === thisHour)?.checks ?? 0,
  };
}

/** The latest measure of a host resource; null before the first, or when the latest could not be taken. */
async function hostResource(ctx: QueryCtx, name: HostResource) {
  const latest = await latestProbe(ctx, name);
  if (!latest?.ok || latest.used === undefined || latest.total === undefined) return null;
  return resource(latest.used, latest.total, { warningAbove: PROVIDER_QUOTA_WARNING_PERCENT, criticalAbove: HOST_CRITICAL_PERCENT });
}

/**
 * SPEC §3 systemHealth at `now`:
 * - services: each one's latest check, with uptime (the successful share) and errors (the failed
 *   checks) over the day;
 * - queues: the outbox. depth = e-mails waiting to be handed to the provider; processing = handed
 *   over in the last day and not yet delivered; throughput = queued in the last hour and already
 *   handed over; backed_up once the oldest waiting e-mail has waited OUTBOX_BACKED_UP_AFTER_MS;
 * - resources: e-mails queued today (UTC) against the provider's daily quota; calls to the
 *   provider this hour (UTC: e-mails handed over, and with Resend configured, its health checks)
 *   against the hourly budget; host memory and disk as last measured.
 */
export async function systemHealth(ctx: QueryCtx, now: number): Promise<SystemHealth> {
  const services = await Promise.all(HEALTH_SERVICES.map((service) => serviceHealth(ctx, service, now)));
  const [depth, [processing, throughput, queuedToday, handedOverThisHour], longestWaiting] = await Promise.all([
    outboxByStatus.count(ctx, { bounds: { prefix: ["queued"] } }),
    outboxCounts(ctx, [
      { statuses: IN_FLIGHT, from: now - DAY_MS, now },
      { statuses: LEFT_THE_QUEUE, from: now - HOUR_MS, now },
      { statuses: EMAIL_STATUSES, from: dayStart(now), now },
      { statuses: LEFT_THE_QUEUE, from: hourStart(now), now },
    ]),
    oldestQueued(ctx),
  ]);
  const backedUp = longestWaiting !== null && now - longestWaiting.createdAt > OUTBOX_BACKED_UP_AFTER_MS;
  const providerChecks = services.find((health) => health.service === "email")?.checksThisHour ?? 0;
  const resendChecks = selectAdapters({ RESEND_API_KEY: env.RESEND_API_KEY }).email === "resend" ? providerChecks : 0;
  return {
    services: services.map(({ line }) => line),
    queues: [{ name: "E-mail outbox", status: backedUp ? "backed_up" : "healthy", depth, processing, throughput }],
    resources: {
      mailjetQuota: resource(queuedToday, positiveInteger(env.EMAIL_DAILY_QUOTA, DEFAULT_EMAIL_DAILY_QUOTA), {
        warningAbove: PROVIDER_QUOTA_WARNING_PERCENT,
      }),
      airtableApiCalls: resource(
        handedOverThisHour + resendChecks,
        positiveInteger(env.VENDOR_API_CALL_BUDGET, DEFAULT_VENDOR_API_CALL_BUDGET),
        {
          criticalAbove: API_CALLS_CRITICAL_PERCENT,
        },
      ),
      systemMemory: await hostResource(ctx, "memory"),
      diskSpace: await hostResource(ctx, "disk"),
    },
  };
}
