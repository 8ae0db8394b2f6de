/**
 * When Convex crons run: parses the output of `crons.export()` (convex/server `cronJobs()`)
 * and computes next run times in UTC.
 *
 * Every wall-clock schedule (hourly, daily, weekly, monthly, cron) is turned into a 5-field
 * cron pattern and evaluated by croner, as the Convex backend does with its own cron engine,
 * so one engine computes every next run. Interval schedules are plain arithmetic.
 *
 * Rules (and where they come from):
 * - Missing `minuteUTC` means minute 0. (Hosted Convex may spread such jobs over the hour;
 *   a local backend has no load to spread, and a fixed minute is predictable in tests.)
 * - A monthly `day` the month lacks (31 in April, 30 in February) skips that month, as
 *   documented on `Crons.monthly` in convex/server: "a function scheduled to run on the 30th
 *   will not run in February".
 * - Interval jobs run every N units measured from the last run. Without a last run, the first
 *   run is one interval after `afterMs` (the registration time), so a backend restart does not
 *   fire every interval job at once. Hosted Convex runs a newly deployed interval job at once.
 * - Missed runs coalesce: `dueJobs` reports an overdue job once, however many runs it missed.
 */
import { Cron } from "croner";

const DAYS_OF_WEEK = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export type CronSchedule =
  | { type: "interval"; seconds: number }
  | { type: "interval"; minutes: number }
  | { type: "interval"; hours: number }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: DayOfWeek; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number }
  | { type: "cron"; cron: string };

export interface CronSpec {
  /** Function path as `crons.export()` writes it, e.g. "jobs:tick". */
  name: string;
  /** Convex-JSON encoded arguments, `[args]`. */
  args: unknown[];
  schedule: CronSchedule;
}

export interface CronState {
  /** When the job last started, epoch ms. */
  lastRunMs?: number;
  /** True while a run is in flight; a running job is never due again (no overlapping runs). */
  running?: boolean;
  /**
   * When this backend first saw the job, epoch ms: the reference for its first run. Record it
   * (and persist it with lastRunMs) when a job first appears; a job with neither is not due.
   */
  registeredAtMs?: number;
}

const MS_PER_UNIT = { seconds: 1_000, minutes: 60_000, hours: 3_600_000 } as const;

type IntervalUnit = keyof typeof MS_PER_UNIT;

const INTERVAL_UNITS = Object.keys(MS_PER_UNIT) as IntervalUnit[];

/** Parse and validate `crons.export()` output, keyed by cron identifier. */
export function parseCronJobs(exported: string): Map<string, CronSpec> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(exported);
  } catch (error) {
    throw new Error(`Cron jobs export is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!isRecord(parsed)) {
    throw new Error("Cron jobs export must be a JSON object keyed by cron identifier");
  }
  const jobs = new Map<string, CronSpec>();
  for (const [identifier, job] of Object.entries(parsed)) {
    try {
      jobs.set(identifier, validateJob(job));
    } catch (error) {
      throw new Error(`Invalid cron job "${identifier}": ${(error as Error).message}`, { cause: error });
    }
  }
  return jobs;
}

/**
 * The next run of `schedule`, in epoch ms, strictly after `afterMs`. `lastRunMs` matters only
 * for interval schedules (see the top-of-file rules). To ask when a job is due, pass its last
 * run (or registration time) as `afterMs`: the result may then be in the past, meaning overdue.
 */
export function nextRunAfter(schedule: CronSchedule, afterMs: number, lastRunMs?: number): number {
  if (!Number.isFinite(afterMs)) throw new Error(`afterMs must be a finite number, got ${afterMs}`);
  if (lastRunMs !== undefined && !Number.isFinite(lastRunMs)) {
    throw new Error(`lastRunMs must be a finite number, got ${lastRunMs}`);
  }
  // Callers may build schedules by hand, so check them here too (a zero interval divides by zero).
  try {
    validateSchedule(schedule);
  } catch (error) {
    throw new Error(`Invalid cron schedule: ${(error as Error).message}`, { cause: error });
  }
  if (schedule.type === "interval") {
    const periodMs = intervalMs(schedule);
    if (lastRunMs === undefined) return afterMs + periodMs;
    // Smallest lastRun + k·period (k ≥ 1) strictly after afterMs, keeping the job's phase.
    const periods = Math.max(1, Math.floor((afterMs - lastRunMs) / periodMs) + 1);
    return lastRunMs + periods * periodMs;
  }
  const next = compile(schedule).nextRun(new Date(afterMs));
  if (next === null) throw new Error(`Cron schedule ${describe(schedule)} never matches a date`);
  return next.getTime();
}

/**
 * Identifiers of jobs due at `nowMs`: next run (after lastRunMs, else registeredAtMs) is at or
 * before `nowMs`, and not already running. Pure, so the caller owns timers and persistence.
 */
export function dueJobs(specs: Map<string, CronSpec>, state: Map<string, CronState>, nowMs: number): string[] {
  const due: string[] = [];
  for (const [identifier, spec] of specs) {
    const jobState = state.get(identifier);
    if (jobState?.running) continue;
    const referenceMs = jobState?.lastRunMs ?? jobState?.registeredAtMs;
    if (referenceMs === undefined) continue;
    if (nextRunAfter(spec.schedule, referenceMs, jobState?.lastRunMs) <= nowMs) due.push(identifier);
  }
  return due;
}

/** Period of a validated interval schedule, which has exactly one unit. */
function intervalMs(schedule: Extract<CronSchedule, { type: "interval" }>): number {
  const units = schedule as Partial<Record<IntervalUnit, number>>;
  return INTERVAL_UNITS.reduce((total, unit) => total + (units[unit] ?? 0) * MS_PER_UNIT[unit], 0);
}

/** A 5-field UTC cron pattern for a wall-clock schedule. */
function toCronPattern(schedule: Exclude<CronSchedule, { type: "interval" }>): string {
  switch (schedule.type) {
    case "hourly":
      return `${schedule.minuteUTC ?? 0} * * * *`;
    case "daily":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * *`;
    case "weekly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * ${DAYS_OF_WEEK.indexOf(schedule.dayOfWeek)}`;
    case "monthly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} ${schedule.day} * *`;
    case "cron":
      return schedule.cron;
  }
}

function compile(schedule: Exclude<CronSchedule, { type: "interval" }>): Cron {
  // "5-part" rejects croner's seconds/years fields, which Convex cron strings do not have.
  return new Cron(toCronPattern(schedule), { timezone: "UTC", mode: "5-part" });
}

/** A value as it appears in the export, for error messages. */
function describe(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function validateJob(job: unknown): CronSpec {
  if (!isRecord(job)) throw new Error("expected an object with name, args and schedule");
  const { name, args, schedule } = job;
  if (typeof name !== "string" || name === "") throw new Error("name must be a non-empty function path string");
  if (!Array.isArray(args)) throw new Error("args must be an array");
  return { name, args: args as unknown[], schedule: validateSchedule(schedule) };
}

function validateSchedule(schedule: unknown): CronSchedule {
  if (!isRecord(schedule)) throw new Error("schedule must be an object");
  switch (schedule.type) {
    case "interval": {
      const units = INTERVAL_UNITS.filter((u) => schedule[u] !== undefined);
      const unit = units[0];
      if (units.length !== 1 || unit === undefined) {
        throw new Error(`interval schedule must have exactly one of seconds, minutes or hours in ${describe(schedule)}`);
      }
      const value = schedule[unit];
      if (!isInteger(value) || value <= 0) {
        throw new Error(`interval ${unit} must be an integer greater than 0, got ${describe(value)}`);
      }
      return { type: "interval", [unit]: value } as CronSchedule;
    }
    case "hourly":
      return withMinute({ type: "hourly" }, schedule);
    case "daily":
      return withMinute({ type: "daily", hourUTC: hour(schedule) }, schedule);
    case "weekly": {
      const { dayOfWeek } = schedule;
      if (typeof dayOfWeek !== "string" || !(DAYS_OF_WEEK as readonly string[]).includes(dayOfWeek)) {
        throw new Error(`dayOfWeek must be one of ${DAYS_OF_WEEK.join(", ")}, got ${describe(dayOfWeek)}`);
      }
      return withMinute({ type: "weekly", dayOfWeek: dayOfWeek as DayOfWeek, hourUTC: hour(schedule) }, schedule);
    }
    case "monthly": {
      const { day } = schedule;
      if (!isInteger(day) || day < 1 || day > 31) {
        throw new Error(`day of month must be an integer from 1 to 31, got ${describe(day)}`);
      }
      return withMinute({ type: "monthly", day, hourUTC: hour(schedule) }, schedule);
    }
    case "cron": {
      const { cron } = schedule;
      if (typeof cron !== "string") throw new Error(`cron must be a string, got ${describe(cron)}`);
      let job: Cron;
      try {
        job = compile({ type: "cron", cron });
      } catch (error) {
        throw new Error(`invalid cron expression "${cron}": ${(error as Error).message}`, { cause: error });
      }
      // A pattern such as "0 0 30 2 *" parses but never fires; say so at load time.
      if (job.nextRun(new Date(0)) === null) throw new Error(`cron expression "${cron}" never matches a date`);
      return { type: "cron", cron };
    }
    default:
      throw new Error(
        `unknown schedule type ${describe(schedule.type)} (expected interval, hourly, daily, weekly, monthly or cron)`,
      );
  }
}

function hour(schedule: Record<string, unknown>): number {
  const { hourUTC } = schedule;
  if (!isInteger(hourUTC) || hourUTC < 0 || hourUTC > 23) {
    throw new Error(`hourUTC must be an integer from 0 to 23, got ${describe(hourUTC)}`);
  }
  return hourUTC;
}

/** Copies a valid `minuteUTC` onto `base`, leaving it absent when the export omits it. */
function withMinute<T extends CronSchedule>(base: T, schedule: Record<string, unknown>): T {
  const { minuteUTC } = schedule;
  if (minuteUTC === undefined) return base;
  if (!isInteger(minuteUTC) || minuteUTC < 0 || minuteUTC > 59) {
    throw new Error(`minuteUTC must be an integer from 0 to 59, got ${describe(minuteUTC)}`);
  }
  return { ...base, minuteUTC };
}

function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
