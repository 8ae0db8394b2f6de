import { differenceInMonths } from "date-fns";

/** 'Member for N years/months' (SPEC §2, welcome header), whole units, never "0 months". */
export function memberFor(createdAt: number, now: number): string {
  const months = differenceInMonths(now, createdAt);
  if (months < 1) return "Member for less than a month";
  if (months < 12) return `Member for ${months} ${months === 1 ? "month" : "months"}`;
  const years = Math.floor(months / 12);
  return `Member for ${years} ${years === 1 ? "year" : "years"}`;
}

/** Good morning / afternoon / evening, by the clock of the member's own time zone. */
export function greeting(now: number, timeZone: string): string {
  let hour: number;
  try {
    hour = Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(now));
  } catch {
    hour = new Date(now).getHours();
  }
  if (hour < 5 || hour >= 18) return "Good evening";
  if (hour < 12) return "Good morning";
  return "Good afternoon";
}
