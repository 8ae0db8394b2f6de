import { Cron } from "croner";

/**
 * A cron job's next run after `now` (schedules are UTC, as Convex runs them); null for an
 * expression croner cannot read. A file of its own so /health, which shares the other figures,
 * never carries croner.
 */
export function nextCronRun(schedule: string, now: number): number | null {
  try {
    return new Cron(schedule, { timezone: "UTC", paused: true }).nextRun(new Date(now))?.getTime() ?? null;
  } catch {
    return null;
  }
}
