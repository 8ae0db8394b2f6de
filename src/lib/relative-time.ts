import { tz } from "@date-fns/tz";
import { format, isSameDay } from "date-fns";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Whole minutes as hours and minutes: "3 h 20 min", "1 h", "45 min", "0 min". */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * How long ago something happened, in minutes, hours or days (SPEC §2 Recent Activity):
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago". Future times read "in 2 h 15 min"
 * (UX.md), or "in 3 days" from a day ahead.
 */
export function relativeTime(timestamp: number, now: number): string {
  const diff = now - timestamp;
  if (diff >= 0) {
    if (diff < MINUTE) return "just now";
    if (diff < HOUR) return `${plural(Math.floor(diff / MINUTE), "minute")} ago`;
    if (diff < DAY) return `${plural(Math.floor(diff / HOUR), "hour")} ago`;
    return `${plural(Math.floor(diff / DAY), "day")} ago`;
  }
  const ahead = -diff;
  if (ahead < MINUTE) return "in less than a minute";
  if (ahead < DAY) return `in ${formatDuration(ahead / MINUTE)}`;
  return `in ${plural(Math.floor(ahead / DAY), "day")}`;
}

/**
 * When something that has already happened (a post, an activity, a notification, a sent e-mail) did.
 * The server's clock may run seconds ahead of the browser's, so a time just past can arrive slightly
 * after the browser's now; it reads "just now", never "in less than a minute".
 */
export function timeAgo(timestamp: number, now: number): string {
  return relativeTime(Math.min(timestamp, now), now);
}

/** The member's zone when the browser knows it; otherwise the browser's own (never a crash on a bad zone). */
function zoneOption(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return { in: tz(timeZone) };
  } catch {
    return {};
  }
}

/** A clock time in the member's zone: "3:00 PM" today, "Thu, Jul 10, 3:00 PM" on another day. */
export function clockTime(timestamp: number, now: number, timeZone: string): string {
  const zone = zoneOption(timeZone);
  return format(timestamp, isSameDay(timestamp, now, zone) ? "h:mm a" : "EEE, MMM d, h:mm a", zone);
}

/** A full date and time in the member's zone: "Jul 8, 2025, 3:00 PM". */
export function dateTime(timestamp: number, timeZone: string): string {
  return format(timestamp, "MMM d, yyyy, h:mm a", zoneOption(timeZone));
}

/** Relative and absolute together (UX.md): "in 2 h 15 min · 3:00 PM". */
export function whenWithTime(timestamp: number, now: number, timeZone: string): string {
  return `${relativeTime(timestamp, now)} · ${clockTime(timestamp, now, timeZone)}`;
}
