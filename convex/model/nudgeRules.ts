/**
 * Gentle nudges for commitments: the rules and words, pure, shared by the server and the pages.
 * A nudge is opt-in, comes at most once a day in the member's own time zone, never in their quiet
 * hours, and names one or two open items due soon, in words that never shame.
 */
import { TZDate } from "@date-fns/tz";
import { addCalendarDays, todayIn } from "./actionItemRules";

/** Quiet hours as whole local hours: from `start` (inclusive) to `end` (exclusive), across midnight when start > end. */
export interface QuietHours {
  start: number;
  end: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: 20, end: 9 };
/** A nudge names at most this many items. */
export const NUDGE_MAX_ITEMS = 2;
/** Items due up to this many days ahead count as "due soon". */
export const NUDGE_DUE_AHEAD_DAYS = 2;
/** Items due up to this many days ago still count; older ones are left to the member and their coach. */
export const NUDGE_DUE_BEHIND_DAYS = 7;
/** "Not today" rests an item until this many days later, so tomorrow's nudge does not ask again. */
export const NUDGE_REST_DAYS = 2;
/** A nudge's links work this long, and once each. */
export const NUDGE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Members handled per run of the sweep; a full batch schedules the next at once. */
export const NUDGE_BATCH = 50;

const HOUR_MS = 60 * 60_000;
/** Enough hours to find the next allowed hour from any moment: quiet hours last at most 23. */
const SEARCH_HOURS = 72;

/** The page a nudge's links open: it applies the answer, no sign-in needed. */
export const NUDGE_PATH = "/nudge";

export const NUDGE_ANSWERS = ["done", "not_today"] as const;
export type NudgeAnswer = (typeof NUDGE_ANSWERS)[number];

export function isQuietHour(hour: number, quiet: QuietHours): boolean {
  return quiet.start > quiet.end ? hour >= quiet.start || hour < quiet.end : hour >= quiet.start && hour < quiet.end;
}

/** Whole hours 0-23 and a start that differs from the end: anything else is no quiet hours at all. */
export function validQuietHours(quiet: QuietHours): boolean {
  const hour = (value: number) => Number.isInteger(value) && value >= 0 && value <= 23;
  return hour(quiet.start) && hour(quiet.end) && quiet.start !== quiet.end;
}

/** May a nudge go out at `at`: outside quiet hours, and on a local day that has had none. */
export function nudgeAllowedAt(at: number, timeZone: string, quiet: QuietHours, lastDay: string | undefined): boolean {
  return !isQuietHour(new TZDate(at, timeZone).getHours(), quiet) && todayIn(timeZone, at) !== lastDay;
}

/**
 * The first moment from `now` at which a nudge may go out: `now` itself when allowed, else the start
 * of the first local hour that is. Hours are stepped in real time, so a change to or from daylight
 * saving time is followed as it happens.
 */
export function nextNudgeAt(now: number, timeZone: string, quiet: QuietHours, lastDay: string | undefined): number {
  if (nudgeAllowedAt(now, timeZone, quiet, lastDay)) return now;
  const local = new TZDate(now, timeZone);
  let at = now - (local.getMinutes() * 60_000 + local.getSeconds() * 1000 + local.getMilliseconds());
  for (let step = 0; step < SEARCH_HOURS; step++) {
    at += HOUR_MS;
    if (nudgeAllowedAt(at, timeZone, quiet, lastDay)) return at;
  }
  return now + 24 * HOUR_MS;
}

/** The due days a nudge looks at, for the member's today: from NUDGE_DUE_BEHIND_DAYS ago to NUDGE_DUE_AHEAD_DAYS ahead. */
export function nudgeDueRange(today: string): { from: string; to: string } {
  return { from: addCalendarDays(today, -NUDGE_DUE_BEHIND_DAYS), to: addCalendarDays(today, NUDGE_DUE_AHEAD_DAYS) };
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/** What a nudge and its answers say: calm, never a count of what is late. */
export const NUDGE_TEXTS = {
  title: "One thing for today",
  message: (titles: readonly string[]) =>
    titles.length > 1 ? `One thing for today: ${titles[0]}. If there's room, also: ${titles[1]}.` : `One thing for today: ${titles[0]}.`,
  subject: (first: string) => `One thing for today: ${first}`,
  doneLabel: (title: string) => `Done: ${title}`,
  notTodayLabel: (title: string) => `Not today: ${title}`,
  answered: {
    done: "Marked as done. Nice work.",
    not_today: "That's fine. It will wait, and we won't mention it tomorrow.",
  } satisfies Record<NudgeAnswer, string>,
  alreadyAnswered: "You've already answered this one, so there's nothing more to do.",
  gone: "This commitment has changed since the nudge, so nothing was changed. You'll find it on your Action Items page.",
  expired: "This link has expired. Your commitments are on your Action Items page, whenever you're ready.",
  invalid: "This link isn't valid. Your commitments are on your Action Items page, whenever you're ready.",
} as const;
