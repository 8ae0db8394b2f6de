/**
 * The dashboard's numbers (SPEC §2 Dashboard widgets, §9): calendar bounds in the member's own
 * time zone and the limits that keep every summary read bounded.
 */
import { tz } from "@date-fns/tz";
import { addDays, addWeeks, startOfDay, startOfWeek } from "date-fns";
import { DEFAULT_TIMEZONE, isValidTimezone } from "./users";

/** Sessions the welcome header lists (SPEC §9 "welcome header 3 sessions"). */
export const WELCOME_UPCOMING = 3;
/** Sessions the coach's dashboard lists. */
export const COACH_UPCOMING = 10;
/** Past sessions on the coach dashboard: where transcripts and recordings are added after a session. */
export const COACH_RECENT = 5;
/** Counts stop one past this, so no count reads more than 100 rows; the client shows "99+". */
export const COUNT_CAP = 99;
/** A coach's clients are those with a session in this many days back or booked ahead. */
export const ACTIVE_CLIENT_DAYS = 30;
/** Sessions read to count a coach's clients: 30 days of a full diary. */
export const ACTIVE_CLIENT_SESSIONS_READ = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

function zone(timezone: string) {
  return tz(isValidTimezone(timezone) ? timezone : DEFAULT_TIMEZONE);
}

/** The week containing `now`, Monday 00:00 to the next Monday 00:00 in `timezone` (DST-aware). */
export function weekBounds(now: number, timezone: string) {
  const start = startOfWeek(now, { weekStartsOn: 1, in: zone(timezone) });
  return { startsAt: start.getTime(), endsAt: addWeeks(start, 1).getTime() };
}

/** The day containing `now`, midnight to midnight in `timezone` (23 or 25 hours on DST days). */
export function dayBounds(now: number, timezone: string) {
  const start = startOfDay(now, { in: zone(timezone) });
  return { startsAt: start.getTime(), endsAt: addDays(start, 1).getTime() };
}

export function activeClientsSince(now: number) {
  return now - ACTIVE_CLIENT_DAYS * DAY_MS;
}

/** Minutes as hours with one decimal, as the stat tile shows them (e.g. 18.5). */
export function hoursFromMinutes(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}
