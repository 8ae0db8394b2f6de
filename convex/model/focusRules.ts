/**
 * Focus rooms (body doubling): the rules and words, pure, shared by the server and the pages.
 * A room runs 25 or 50 minutes, now or at a set time; up to six people join it, each with one
 * goal; at its end each says how it went, which counts a focus day in their own time zone. The
 * count only grows: a missed day costs nothing.
 */
import { addCalendarDays, todayIn } from "./actionItemRules";

export const FOCUS_LENGTHS = [25, 50] as const;
export type FocusLength = (typeof FOCUS_LENGTHS)[number];
/** People in a room at once, its host included. */
export const FOCUS_ROOM_CAPACITY = 6;
export const FOCUS_GOAL_MAX_CHARS = 140;
/** A room may be set up to this far ahead. */
export const FOCUS_SCHEDULE_AHEAD_DAYS = 7;
/** A room set for later starts at least this far ahead (a nearer one is a room "now"). */
export const FOCUS_LATER_MIN_MS = 5 * 60_000;
/** How often an open room's page says it is still there; the component times a page out after 2.5 of these. */
export const FOCUS_HEARTBEAT_MS = 30_000;
/** After its end, a room's participants may say how it went for this long. */
export const FOCUS_CHECK_IN_WINDOW_MS = 24 * 60 * 60_000;
/** Rooms the list shows at most. */
export const FOCUS_LIST_MAX = 30;
export const FOCUS_REPORT_DETAILS_MAX_CHARS = 1000;

export const FOCUS_OUTCOMES = ["done", "partly", "not_yet"] as const;
export type FocusOutcome = (typeof FOCUS_OUTCOMES)[number];

export const FOCUS_REPORT_REASONS = ["disruptive", "inappropriate_goal", "harassment", "spam", "other"] as const;
export type FocusReportReason = (typeof FOCUS_REPORT_REASONS)[number];

export type FocusPhase = "upcoming" | "live" | "ended";

export const FOCUS_TEXTS = {
  title: "Focus rooms",
  intro: "Work alongside others for 25 or 50 minutes. Say what you'll do, then do it together. No camera needed.",
  outcomes: { done: "Done", partly: "Partly", not_yet: "Not yet" } satisfies Record<FocusOutcome, string>,
  outcomeThanks: {
    done: "Well done. That's one thing moved.",
    partly: "Some progress is still progress.",
    not_yet: "Thanks for showing up. Starting again is the skill.",
  } satisfies Record<FocusOutcome, string>,
  reasons: {
    disruptive: "Disruptive",
    inappropriate_goal: "Inappropriate goal or name",
    harassment: "Harassment",
    spam: "Spam or advertising",
    other: "Something else",
  } satisfies Record<FocusReportReason, string>,
  /** The count of focus days, which never goes down. */
  days: (count: number) => (count === 0 ? "Your first focus day is one room away." : `You've focused on ${count} ${count === 1 ? "day" : "days"}.`),
  thisWeek: (count: number) => `${count} this week`,
} as const;

export function isFocusLength(minutes: number): minutes is FocusLength {
  return (FOCUS_LENGTHS as readonly number[]).includes(minutes);
}

export function focusPhase(room: { startsAt: number; endsAt: number }, now: number): FocusPhase {
  if (now < room.startsAt) return "upcoming";
  return now < room.endsAt ? "live" : "ended";
}

/** A member may say how it went once the room has ended or they left it, within the window after its end. */
export function mayCheckIn(room: { startsAt: number; endsAt: number }, participant: { leftAt?: number }, now: number): boolean {
  if (now >= room.endsAt + FOCUS_CHECK_IN_WINDOW_MS) return false;
  return now >= room.endsAt || (participant.leftAt !== undefined && now >= room.startsAt);
}

export interface FocusStreak {
  days: number;
  lastDay?: string;
}

/** A check-in on `day` (the member's local date): a new day counts once; a missed day changes nothing. */
export function countFocusDay(streak: FocusStreak, day: string): FocusStreak {
  return streak.lastDay === day ? streak : { days: streak.days + 1, lastDay: day };
}

/** The member's local date of `at`, the key of a focus day. */
export function focusDayOf(at: number, timeZone: string): string {
  return todayIn(timeZone, at);
}

/** The Monday of `day`'s week (ISO weeks), for "this week". */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addCalendarDays(day, -((weekday + 6) % 7));
}
