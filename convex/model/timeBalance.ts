/**
 * The time balance (SPEC §3, §8, §9; ARCHITECTURE §4): a ledger of signed minute entries, and the
 * member's `timeBalances` row derived from it. Every entry and its row change are written in the
 * same transaction, and every writer reads the row first, so racing bookings conflict and the
 * balance never goes negative.
 *
 * The constants and pure helpers at the top are imported by the client too: this file has only
 * type imports from the server side.
 */
import { tz } from "@date-fns/tz";
import { startOfMonth, subMonths } from "date-fns";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { monthKey } from "./bookingPolicy";
import { userError } from "./errors";
import { TIME_BALANCE_MESSAGES } from "./messages";
import { DEFAULT_TIMEZONE, isValidTimezone } from "./users";

/** Purchased minutes last this long from the latest purchase. */
export const TIME_BALANCE_VALID_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
export const TIME_BALANCE_VALID_MS = TIME_BALANCE_VALID_DAYS * DAY_MS;
/** Under this many minutes the member is told they are running low (SPEC §8, §9). */
export const LOW_BALANCE_MINUTES = 60;
/** The ring is green above this share of the balance left, yellow above the second, else red (SPEC §4). */
export const BALANCE_GREEN_ABOVE = 0.5;
export const BALANCE_YELLOW_ABOVE = 0.2;
export const LEDGER_NOTE_MAX = 500;
/** The largest correction an admin makes in one step, either way: about ten weeks of minutes. */
export const LEDGER_ADJUSTMENT_MAX = 100_000;

export type BalanceTone = "green" | "yellow" | "red";
export type LedgerKind = Doc<"timeLedger">["kind"];

/** What the member sees of their balance; a member without any entry has all zeros. */
export interface Balance {
  totalMinutes: number;
  consumedMinutes: number;
  remainingMinutes: number;
  expiresAt?: number;
  lastPurchaseAt?: number;
}

export const EMPTY_BALANCE: Balance = {
  totalMinutes: 0,
  consumedMinutes: 0,
  remainingMinutes: 0,
};

/** The ring colour of SPEC §4: green above 50% left, yellow above 20%, red otherwise. */
export function balanceTone(remainingMinutes: number, totalMinutes: number): BalanceTone {
  const share = totalMinutes > 0 ? remainingMinutes / totalMinutes : 0;
  if (share > BALANCE_GREEN_ABOVE) return "green";
  if (share > BALANCE_YELLOW_ABOVE) return "yellow";
  return "red";
}

/** The warning of SPEC §8, or null when the balance is fine. */
export function balanceWarning(remainingMinutes: number): string | null {
  if (remainingMinutes <= 0) return TIME_BALANCE_MESSAGES.EMPTY;
  if (remainingMinutes < LOW_BALANCE_MINUTES) return TIME_BALANCE_MESSAGES.LOW;
  return null;
}

type LedgerStep = Pick<Doc<"timeLedger">, "kind" | "minutes" | "at">;

/**
 * The balance after one more entry. Purchases and positive adjustments count towards the total;
 * a purchase starts a new validity period; an expiry ends it.
 */
export function applyEntry(balance: Balance, entry: LedgerStep): Balance {
  const credited = entry.kind === "purchase" || (entry.kind === "adjustment" && entry.minutes > 0);
  const totalMinutes = balance.totalMinutes + (credited ? entry.minutes : 0);
  const remainingMinutes = balance.remainingMinutes + entry.minutes;
  const lastPurchaseAt = entry.kind === "purchase" ? entry.at : balance.lastPurchaseAt;
  const expiresAt = entry.kind === "purchase" ? entry.at + TIME_BALANCE_VALID_MS : entry.kind === "expiry" ? undefined : balance.expiresAt;
  return {
    totalMinutes,
    consumedMinutes: totalMinutes - remainingMinutes,
    remainingMinutes,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(lastPurchaseAt === undefined ? {} : { lastPurchaseAt }),
  };
}

/** The balance a member's ledger adds up to, entries oldest first: what the stored row must equal. */
export function deriveBalance(entries: readonly LedgerStep[]): Balance {
  return entries.reduce(applyEntry, EMPTY_BALANCE);
}

/** Minutes that may still be spent: none once the validity period has passed, even before the daily expiry runs. */
export function spendableMinutes(balance: Balance, now: number): number {
  return balance.expiresAt !== undefined && balance.expiresAt <= now ? 0 : balance.remainingMinutes;
}

/** Months the details dialog charts, the current one included. */
export const MONTHLY_CHART_MONTHS = 6;

/** Minutes bought and used in one calendar month of the member's time zone. */
export interface MonthlyMinutes {
  /** "2026-03" */
  month: string;
  boughtMinutes: number;
  usedMinutes: number;
}

type MonthlyStep = Pick<Doc<"timeLedger">, "kind" | "minutes" | "at" | "sessionId">;

/** The member's zone, or UTC for a stored zone this runtime does not know. */
function zoneOf(timeZone: string): string {
  return isValidTimezone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/** The first instant of the oldest month charted: the ledger is read from here on. */
export function monthlyStart(now: number, timeZone: string, months = MONTHLY_CHART_MONTHS): number {
  return subMonths(startOfMonth(now, { in: tz(zoneOf(timeZone)) }), months - 1).getTime();
}

/**
 * Minutes bought and used in each of the `months` months up to the one holding `now`, in
 * `timeZone`, oldest first, months without entries as zeros. Bought are purchases. Used are the
 * minutes booked, less what was refunded for those bookings, counted in the month of the booking:
 * a cancellation gives back minutes used earlier, so it never makes a month negative. A refund of
 * a booking from before the first month belongs to a month not shown. Expiries and admin
 * adjustments are neither bought nor used.
 */
export function monthlyMinutes(
  entries: readonly MonthlyStep[],
  now: number,
  timeZone: string,
  months = MONTHLY_CHART_MONTHS,
): MonthlyMinutes[] {
  const zone = zoneOf(timeZone);
  const current = startOfMonth(now, { in: tz(zone) });
  const totals = new Map<string, MonthlyMinutes>();
  for (let back = months - 1; back >= 0; back--) {
    const month = monthKey(subMonths(current, back).getTime(), zone);
    totals.set(month, { month, boughtMinutes: 0, usedMinutes: 0 });
  }
  const bookedIn = new Map<Id<"sessions">, MonthlyMinutes>();
  for (const entry of entries) {
    const month = totals.get(monthKey(entry.at, zone));
    if (month && entry.kind === "purchase") month.boughtMinutes += entry.minutes;
    if (month && entry.kind === "booking_debit") {
      month.usedMinutes -= entry.minutes;
      if (entry.sessionId) bookedIn.set(entry.sessionId, month);
    }
  }
  for (const entry of entries) {
    const booked = entry.kind === "refund" && entry.sessionId ? bookedIn.get(entry.sessionId) : undefined;
    if (booked) booked.usedMinutes -= entry.minutes;
  }
  return [...totals.values()];
}

/** What each kind of entry says in the member's history when the writer gives no note. */
export const LEDGER_NOTES = {
  bookingDebit: "Session booked",
  refund: "Session cancelled, minutes returned",
  expiry: "Unused minutes expired",
} as const;

function balanceRow(db: QueryCtx["db"], userId: Id<"users">) {
  return db
    .query("timeBalances")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

function balanceOf(row: Doc<"timeBalances"> | null): Balance {
  if (!row) return EMPTY_BALANCE;
  const { totalMinutes, consumedMinutes, remainingMinutes, expiresAt, lastPurchaseAt } = row;
  return {
    totalMinutes,
    consumedMinutes,
    remainingMinutes,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(lastPurchaseAt === undefined ? {} : { lastPurchaseAt }),
  };
}

export async function readBalance(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<Balance> {
  return balanceOf(await balanceRow(ctx.db, userId));
}

type NewEntry = Omit<Doc<"timeLedger">, "_id" | "_creationTime" | "userId">;

/**
 * Writes one entry and the row it leads to. `allow` sees the balance before and after and throws
 * to refuse; nothing is written then.
 */
async function post(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  entry: NewEntry,
  allow: (before: Balance, after: Balance) => void = () => {},
): Promise<Balance> {
  const row = await balanceRow(ctx.db, userId);
  const before = balanceOf(row);
  const after = applyEntry(before, entry);
  allow(before, after);
  await ctx.db.insert("timeLedger", { ...entry, userId });
  if (row) await ctx.db.replace("timeBalances", row._id, { ...after, userId });
  else await ctx.db.insert("timeBalances", { ...after, userId });
  return after;
}

function checkMinutes(minutes: number, sign: "positive" | "nonzero") {
  if (!Number.isInteger(minutes) || (sign === "positive" ? minutes <= 0 : minutes === 0))
    throw userError("INVALID_INPUT", {
      minutes: sign === "positive" ? "Enter a whole number of minutes above zero." : "Enter a whole number of minutes other than zero.",
    });
}

function checkNote(note: string): string {
  const trimmed = note.trim();
  if (!trimmed) throw userError("INVALID_INPUT", { note: "Say what this is for." });
  if (trimmed.length > LEDGER_NOTE_MAX)
    throw userError("INVALID_INPUT", {
      note: `Use at most ${LEDGER_NOTE_MAX} characters.`,
    });
  return trimmed;
}

/** Bought minutes: they count towards the total and keep the whole balance valid for another year. */
export function creditPurchase(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  { minutes, note }: { minutes: number; note: string },
  now: number,
) {
  checkMinutes(minutes, "positive");
  return post(ctx, userId, {
    kind: "purchase",
    minutes,
    note: checkNote(note),
    at: now,
  });
}

/** Takes a booking's minutes, or refuses with INSUFFICIENT_MINUTES: the balance never goes below zero. */
export function debitBooking(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  { sessionId, minutes }: { sessionId: Id<"sessions">; minutes: number },
  now: number,
) {
  checkMinutes(minutes, "positive");
  return post(
    ctx,
    userId,
    {
      kind: "booking_debit",
      minutes: -minutes,
      note: LEDGER_NOTES.bookingDebit,
      at: now,
      sessionId,
    },
    (before) => {
      if (spendableMinutes(before, now) < minutes) throw userError("INSUFFICIENT_MINUTES");
    },
  );
}

/** Gives a booking's minutes back (a cancellation the policy refunds). */
export function refundBooking(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  { sessionId, minutes, actorId }: { sessionId: Id<"sessions">; minutes: number; actorId: Id<"users"> },
  now: number,
) {
  checkMinutes(minutes, "positive");
  return post(ctx, userId, {
    kind: "refund",
    minutes,
    note: LEDGER_NOTES.refund,
    at: now,
    sessionId,
    actorId,
  });
}

/** An admin's signed correction; it may not take the balance below zero. */
export function adjustBalance(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  { minutes, note, actorId }: { minutes: number; note: string; actorId: Id<"users"> },
  now: number,
) {
  checkMinutes(minutes, "nonzero");
  return post(ctx, userId, { kind: "adjustment", minutes, note: checkNote(note), at: now, actorId }, (_before, after) => {
    if (after.remainingMinutes < 0) throw userError("ADJUSTMENT_BELOW_ZERO");
  });
}

/** Balances whose validity ended are written off in batches of this many. */
export const EXPIRY_BATCH = 100;

/**
 * Writes off what is left of each balance whose validity ended by `now` (an entry even for zero
 * minutes, so the ledger shows the period closed and the row leaves the by_expires range).
 * Returns how many balances it expired; a full batch means there may be more.
 */
export async function expireDueBalances(ctx: Pick<MutationCtx, "db">, now: number, limit = EXPIRY_BATCH): Promise<number> {
  // gt(0) leaves out rows without expiresAt, which sort before every number.
  const due = await ctx.db
    .query("timeBalances")
    .withIndex("by_expires", (q) => q.gt("expiresAt", 0).lte("expiresAt", now))
    .take(limit);
  for (const row of due)
    await post(ctx, row.userId, {
      kind: "expiry",
      minutes: row.remainingMinutes > 0 ? -row.remainingMinutes : 0,
      note: LEDGER_NOTES.expiry,
      at: now,
    });
  return due.length;
}
