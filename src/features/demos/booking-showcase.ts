/** The booking-calendar theme showcase's made-up month and times (SPEC §2, §9). */

/** The demo dates: July 2025 (months count from 0). */
export const SHOWCASE_MONTH = { year: 2025, month: 6 } as const;

export const SLOT_STEP_MINUTES = 30;

/** Start times every 30 minutes, first and last inclusive, as minutes after midnight. */
export const SLOT_PERIODS = [
  { label: "Morning", first: 9 * 60, last: 11 * 60 + 30 },
  { label: "Afternoon", first: 12 * 60, last: 15 * 60 },
  { label: "Evening", first: 16 * 60, last: 18 * 60 + 30 },
] as const;

export function periodSlots(period: (typeof SLOT_PERIODS)[number]): number[] {
  const slots: number[] = [];
  for (let minute = period.first; minute <= period.last; minute += SLOT_STEP_MINUTES) slots.push(minute);
  return slots;
}

/** Every day of the showcase month. */
export function showcaseDays(): Date[] {
  const { year, month } = SHOWCASE_MONTH;
  const count = new Date(year, month + 1, 0).getDate();
  return Array.from({ length: count }, (_, index) => new Date(year, month, index + 1));
}

/** The day at `minute` after its midnight, on the wall clock. */
export function atMinute(day: Date, minute: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minute / 60), minute % 60);
}
