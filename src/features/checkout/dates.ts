import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** A date (and time) as the member reads it, in their own time zone. */
export function formatInZone(ms: number, timeZone: string, withTime = false): string {
  return format(new TZDate(ms, timeZone), withTime ? "EEEE d MMMM yyyy, HH:mm" : "d MMMM yyyy");
}
