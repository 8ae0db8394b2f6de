import type { Doc } from "@convex/_generated/dataModel";
import { JOIN_WINDOW_OPENS_MINUTES } from "@convex/model/sessions";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Time left until `target`, to the second in the last hour: "2 days 3 h", "1 h 05 min",
 * "9 min 05 s", "42 s". Never negative.
 */
export function formatCountdown(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= DAY) {
    const days = Math.floor(left / DAY);
    return `${days} ${days === 1 ? "day" : "days"} ${Math.floor((left % DAY) / HOUR)} h`;
  }
  if (left >= HOUR) return `${Math.floor(left / HOUR)} h ${pad(Math.floor((left % HOUR) / MINUTE))} min`;
  const seconds = Math.ceil(left / SECOND);
  if (seconds >= 60) return `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`;
  return `${seconds} s`;
}

export const JOIN_REASONS = {
  notYet: `Opens ${JOIN_WINDOW_OPENS_MINUTES} minutes before the start`,
  ended: "This session has ended",
  cancelled: "This session was cancelled",
} as const;

export type JoinState = { open: true } | { open: false; reason: string };

/** Whether the Join button works now, and why not when it doesn't (the server's window, SPEC §2). */
export function joinState(
  session: Pick<Doc<"sessions">, "status">,
  window: { joinOpensAt: number; joinClosesAt: number },
  now: number,
): JoinState {
  if (session.status === "cancelled") return { open: false, reason: JOIN_REASONS.cancelled };
  if (session.status !== "scheduled" || now >= window.joinClosesAt) return { open: false, reason: JOIN_REASONS.ended };
  if (now < window.joinOpensAt) return { open: false, reason: JOIN_REASONS.notYet };
  return { open: true };
}

/** The line under the title: how long until the start, or where the session stands. */
export function sessionPhase(session: Pick<Doc<"sessions">, "status" | "startsAt" | "endsAt">, now: number): string {
  if (session.status === "cancelled") return JOIN_REASONS.cancelled;
  if (session.status === "completed") return "This session is completed";
  if (session.status === "no_show") return "This session was marked as missed";
  if (now >= session.endsAt) return JOIN_REASONS.ended;
  if (now >= session.startsAt) return `In progress · ends in ${formatCountdown(session.endsAt - now)}`;
  return `Starts in ${formatCountdown(session.startsAt - now)}`;
}

/** A transcript file's format: WebVTT by its extension or its first line, plain text otherwise. */
export function transcriptFormat(fileName: string | null, content: string): "vtt" | "text" {
  if (fileName && /\.vtt$/i.test(fileName)) return "vtt";
  return /^\uFEFF?WEBVTT(?:\s|$)/.test(content) ? "vtt" : "text";
}
