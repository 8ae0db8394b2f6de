/**
 * The cancel and reschedule policy: pure, with no server imports, so the booking pages show the
 * same rules the backend applies.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** A member may cancel or move a session free of charge up to this long before it starts. */
export const CANCEL_FREE_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** Who is changing a session: its member, or its coach or an admin. */
export type ChangedBy = "member" | "staff";

export interface LateChangeInput {
  by: ChangedBy;
  startsAt: number;
  now: number;
  /** Whether the member already used this calendar month's grace late change. */
  graceUsed: boolean;
}

/** Whether `startsAt` is still at least CANCEL_FREE_HOURS away. */
export function isFreeWindow(startsAt: number, now: number): boolean {
  return startsAt - now >= CANCEL_FREE_HOURS * HOUR_MS;
}

/**
 * What cancelling costs. Coaches and admins always refund. A member cancelling at least
 * CANCEL_FREE_HOURS ahead is refunded; later, the month's one grace late cancel refunds; after
 * that nothing is refunded.
 */
export function cancelPolicy(input: LateChangeInput): {
  refund: boolean;
  usesGrace: boolean;
} {
  if (input.by === "staff" || isFreeWindow(input.startsAt, input.now)) return { refund: true, usesGrace: false };
  if (!input.graceUsed) return { refund: true, usesGrace: true };
  return { refund: false, usesGrace: false };
}

/** Moving a session follows the same window: late, a member needs (and uses) the month's grace. */
export function reschedulePolicy(input: LateChangeInput): {
  allowed: boolean;
  usesGrace: boolean;
} {
  const { refund, usesGrace } = cancelPolicy(input);
  return { allowed: refund, usesGrace };
}

/** "YYYY-MM" of `now` in the member's time zone: the month a grace late change belongs to. */
export function monthKey(now: number, timezone: string): string {
  return format(new TZDate(now, timezone), "yyyy-MM");
}
