import type { api } from "@convex/_generated/api";
import { CANCEL_FREE_HOURS } from "@convex/model/bookingPolicy";
import { TZDate } from "@date-fns/tz";
import type { FunctionReturnType } from "convex/server";
import { addDays, startOfDay } from "date-fns";
import { Badge } from "@/components/ui/badge";

export type SessionView = FunctionReturnType<typeof api.bookings.get>;

export const CANCEL_POLICY_TEXT = `Cancelling or moving is free until ${CANCEL_FREE_HOURS} hours before the start. Later, your first late change each month is still free; after that the minutes are not refunded.`;

export const STATUS_LABELS: Record<SessionView["status"], string> = {
  scheduled: "Scheduled",
  completed: "Completed",
  no_show: "No-show",
  cancelled: "Cancelled",
};

export function StatusBadge({ status }: { status: SessionView["status"] }) {
  const variant = status === "scheduled" ? "default" : status === "completed" ? "secondary" : "outline";
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

/** Midnight of the day `ms` falls on, in `timeZone`. */
export function startOfZonedDay(ms: number, timeZone: string): TZDate {
  return startOfDay(new TZDate(ms, timeZone));
}

/** The `count` local days starting at the day of `from`, each as its midnight in `timeZone`. */
export function zonedDays(from: number, count: number, timeZone: string): TZDate[] {
  const first = startOfZonedDay(from, timeZone);
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** "yyyy-MM-dd" of the local day `ms` falls on in `timeZone`. */
export function dayKey(ms: number, timeZone: string): string {
  const local = new TZDate(ms, timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
}

/** Items grouped by the local day they fall on, for each of `days` in order (empty days included). */
export function groupByDay<T>(items: readonly T[], at: (item: T) => number, days: readonly TZDate[], timeZone: string) {
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKey(at(item), timeZone);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  return days.map((day) => ({ day, key: dayKey(day.getTime(), timeZone), items: byKey.get(dayKey(day.getTime(), timeZone)) ?? [] }));
}
