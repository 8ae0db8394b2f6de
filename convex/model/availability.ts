/**
 * Coach availability: weekly windows and dated exceptions in the coach's own IANA time zone, and
 * the open slots they leave, as UTC instants (the client shows them in the member's zone).
 *
 * The constants and pure functions are imported by the client too: this file has only type
 * imports from the server side.
 */
import { TZDate } from "@date-fns/tz";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { userError } from "./errors";
import { rulesFor } from "./permissions";
import { DEFAULT_SESSION_MINUTES, INTRO_SESSION_MINUTES, SESSION_DURATIONS } from "./sessionLengths";
import { isValidTimezone } from "./users";

export { DEFAULT_SESSION_MINUTES, INTRO_SESSION_MINUTES, SESSION_DURATIONS };

/** Windows and slot starts lie on this grid of the coach's local clock. */
export const SLOT_GRID_MINUTES = 30;
/** The soonest a slot can start, counted from now. */
export const MIN_NOTICE_MINUTES = 60;
export const LONGEST_SESSION_MINUTES = Math.max(...SESSION_DURATIONS);
/** Sessions never overlap, so this bounds how many fit in a range (the intro counts too). */
export const SHORTEST_SESSION_MINUTES = Math.min(...SESSION_DURATIONS, INTRO_SESSION_MINUTES);
/** The longest range one slots request may cover: four weeks (the booking page asks for one at a time). */
export const MAX_SLOT_RANGE_DAYS = 28;
/** Bounds on one coach's saved availability, so the row stays small. */
export const AVAILABILITY_LIMITS = {
  weeklyWindows: 70,
  exceptions: 366,
  windowsPerException: 10,
} as const;

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export type Availability = Pick<Doc<"availability">, "timezone" | "weekly" | "exceptions">;
export interface Interval {
  start: number;
  end: number;
}

/** The session lengths `user` may book: guests up to their role's limit (SPEC §6, §9). */
export function allowedDurations(user: { role: string }): number[] {
  const max = rulesFor(user.role).maxSessionMinutes;
  return SESSION_DURATIONS.filter((minutes) => max === null || minutes <= max);
}

/** The length a session gets when nobody chose one: SPEC §9's 60 minutes, or the longest a guest may book. */
export function defaultDuration(user: { role: string }): number {
  const allowed = allowedDurations(user);
  return allowed.includes(DEFAULT_SESSION_MINUTES) ? DEFAULT_SESSION_MINUTES : allowed.at(-1)!;
}

export function checkDuration(user: { role: string }, minutes: number) {
  if (!allowedDurations(user).includes(minutes)) throw userError("DURATION_NOT_ALLOWED");
}

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after local midnight of "HH:MM" ("24:00" is the end of the day), or null. */
export function minutesOfDay(time: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const [hours, minutes] = match[1] ? [match[1], match[2]] : [match[3], match[4]];
  return Number(hours) * 60 + Number(minutes);
}

interface LocalDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

function parseDate(date: string): LocalDay | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day ? { year, month, day } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayKey = (d: LocalDay) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

function addDays(d: LocalDay, days: number): LocalDay {
  const utc = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return {
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
  };
}

const weekdayOf = (d: LocalDay) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

/** Within ±8.64e15 ms, the range of a JavaScript Date; NaN and Infinity are not. */
const isDateTime = (ms: number) => !Number.isNaN(new Date(ms).getTime());

function localDayOf(ms: number, timezone: string): LocalDay {
  const local = new TZDate(ms, timezone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
  };
}

/**
 * The UTC instant of a local wall-clock time. A time skipped by a DST change moves forward by the
 * change (02:30 on a spring-forward day is 03:30); a repeated one is its first occurrence.
 */
function localToUtc(d: LocalDay, minutes: number, timezone: string): number {
  return new TZDate(d.year, d.month - 1, d.day, Math.floor(minutes / 60), minutes % 60, 0, 0, timezone).getTime();
}

function checkWindow(window: { start: string; end: string }) {
  const start = minutesOfDay(window.start);
  const end = minutesOfDay(window.end);
  if (start === null || end === null || start % SLOT_GRID_MINUTES !== 0 || end % SLOT_GRID_MINUTES !== 0 || start >= end)
    throw userError("INVALID_AVAILABILITY");
}

const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);

/**
 * The availability to store, windows and exceptions in order, or INVALID_AVAILABILITY: times
 * "HH:MM" on the 30-minute grid with start before end, weekdays 0 (Sunday) to 6, real dates
 * each listed once, and a real IANA time zone.
 */
export function checkAvailability(input: Availability): Availability {
  const { timezone, weekly, exceptions } = input;
  if (!isValidTimezone(timezone) || weekly.length > AVAILABILITY_LIMITS.weeklyWindows || exceptions.length > AVAILABILITY_LIMITS.exceptions)
    throw userError("INVALID_AVAILABILITY");
  for (const window of weekly) {
    if (!Number.isInteger(window.weekday) || window.weekday < 0 || window.weekday > 6) throw userError("INVALID_AVAILABILITY");
    checkWindow(window);
  }
  const dates = new Set<string>();
  for (const exception of exceptions) {
    if (!parseDate(exception.date) || dates.has(exception.date) || exception.windows.length > AVAILABILITY_LIMITS.windowsPerException)
      throw userError("INVALID_AVAILABILITY");
    dates.add(exception.date);
    exception.windows.forEach(checkWindow);
  }
  return {
    timezone,
    weekly: weekly.map(({ weekday, start, end }) => ({ weekday, start, end })).sort((a, b) => a.weekday - b.weekday || byStart(a, b)),
    exceptions: exceptions
      .map(({ date, windows }) => ({
        date,
        windows: windows.map(({ start, end }) => ({ start, end })).sort(byStart),
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** The largest span of local days one call reads: a slot range, and a day either side for time zones. */
const MAX_SCAN_DAYS = MAX_SLOT_RANGE_DAYS + 2;

/**
 * The coach's windows as UTC intervals for the local days from `from` to `to`, overlaps merged.
 * Nothing for times a Date cannot hold (their days would compare as "NaN-NaN-NaN" for ever) or a
 * backwards range, and never more than MAX_SCAN_DAYS days.
 */
export function windowsBetween(availability: Availability, from: number, to: number): Interval[] {
  if (!isDateTime(from) || !isDateTime(to) || to < from) return [];
  const { timezone } = availability;
  const exceptions = new Map(availability.exceptions.map((e) => [e.date, e.windows]));
  const intervals: Interval[] = [];
  const lastKey = dayKey(localDayOf(to, timezone));
  let day = localDayOf(from, timezone);
  for (let scanned = 0; scanned < MAX_SCAN_DAYS && dayKey(day) <= lastKey; scanned++, day = addDays(day, 1)) {
    const windows = exceptions.get(dayKey(day)) ?? availability.weekly.filter((w) => w.weekday === weekdayOf(day));
    for (const window of windows)
      intervals.push({
        start: localToUtc(day, minutesOfDay(window.start)!, timezone),
        end: localToUtc(day, minutesOfDay(window.end)!, timezone),
      });
  }
  intervals.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/**
 * Open start times in [from, to), as UTC epoch ms, ascending: on the grid from each window's
 * start, the whole session inside the window, overlapping no busy interval, and at least
 * MIN_NOTICE_MINUTES after `now`.
 */
export function openSlots({
  availability,
  from,
  to,
  durationMinutes,
  busy,
  now,
}: {
  availability: Availability;
  from: number;
  to: number;
  durationMinutes: number;
  busy: readonly Interval[];
  now: number;
}): number[] {
  if (to <= from || !(durationMinutes > 0 && Number.isFinite(durationMinutes))) return [];
  const earliest = Math.max(from, now + MIN_NOTICE_MINUTES * MINUTE_MS);
  const length = durationMinutes * MINUTE_MS;
  const slots: number[] = [];
  for (const window of windowsBetween(availability, from, to)) {
    for (let start = window.start; start + length <= window.end && start < to; start += SLOT_GRID_MINUTES * MINUTE_MS) {
      if (start < earliest) continue;
      const end = start + length;
      if (!busy.some((b) => b.start < end && start < b.end)) slots.push(start);
    }
  }
  return slots;
}

/** A bookable coach: role coach and active; anyone else is COACH_NOT_FOUND. */
export async function loadCoach(ctx: Pick<QueryCtx, "db">, coachId: Id<"users">): Promise<Doc<"users">> {
  const coach = await ctx.db.get("users", coachId);
  if (!coach || coach.role !== "coach" || coach.status !== "active") throw userError("COACH_NOT_FOUND");
  return coach;
}

export function coachAvailability(ctx: Pick<QueryCtx, "db">, coachId: Id<"users">) {
  return ctx.db
    .query("availability")
    .withIndex("by_coach", (q) => q.eq("coachId", coachId))
    .unique();
}
