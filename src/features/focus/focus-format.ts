import { DASHBOARD_URLS } from "@/features/dashboard/dashboard-urls";
import { clockTime, formatDuration } from "@/lib/relative-time";

export const FOCUS_URL = DASHBOARD_URLS.focus;

/** "Live now · 18 min left", "Starts in 12 min · 3:00 PM", "Ended": a room's time in the member's zone. */
export function roomWhen(room: { startsAt: number; endsAt: number; minutes: number }, now: number, timeZone?: string): string {
  if (now >= room.endsAt) return `${room.minutes}-minute room · ended`;
  if (now >= room.startsAt) return `${room.minutes}-minute room · live now, ${formatDuration(Math.ceil((room.endsAt - now) / 60_000))} left`;
  const at = timeZone ? ` · ${clockTime(room.startsAt, now, timeZone)}` : "";
  return `${room.minutes}-minute room · starts in ${formatDuration(Math.ceil((room.startsAt - now) / 60_000))}${at}`;
}
