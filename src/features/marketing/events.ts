import { format, formatDistanceStrict } from "date-fns";
import { fetchWithRetry } from "@/lib/retry";

/** Event descriptions longer than this are cut to two lines with 'Show more' (SPEC §9). */
export const EVENT_DESCRIPTION_SHOW_MORE_CHARS = 100;

export const EVENT_REGISTER_ENDPOINT = "/api/events/register";

export function needsShowMore(description: string): boolean {
  return description.length > EVENT_DESCRIPTION_SHOW_MORE_CHARS;
}

function timeZoneName(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
}

/**
 * When an event happens, in the visitor's own time zone, relative and absolute together:
 * "in 9 days", "Tuesday, July 8, 2025", "5:00 PM – 6:00 PM GMT+2".
 */
export function eventWhen(startsAt: number, durationMinutes: number, now = Date.now()) {
  const start = new Date(startsAt);
  const end = new Date(startsAt + durationMinutes * 60_000);
  return {
    relative: formatDistanceStrict(start, now, { addSuffix: true }),
    date: format(start, "EEEE, MMMM d, yyyy"),
    time: `${format(start, "h:mm a")} – ${format(end, "h:mm a")} ${timeZoneName(start)}`.trim(),
  };
}

/** Registers the visitor for an event by its title; true when the server took the registration. */
export async function registerForEvent(eventTitle: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    // Repeated after an outage: a member's registration is kept once; a visitor's, a head count,
    // may at worst be counted twice, which beats sending them off to the fallback page.
    const response = await fetchWithRetry(
      new URL(EVENT_REGISTER_ENDPOINT, window.location.origin),
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ eventTitle }),
      },
      { fetcher },
    );
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Opens the event's own registration page in a new tab (the fallback of SPEC §7).
 * Returns false when the browser blocked the new tab.
 */
export function openRegistrationPage(url: string): boolean {
  const opened = window.open(url, "_blank");
  if (!opened) return false;
  opened.opener = null;
  return true;
}
