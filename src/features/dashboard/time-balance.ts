import type { BalanceTone, LedgerKind } from "@convex/model/timeBalance";
import { format, parse } from "date-fns";
import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon, type LucideIcon } from "lucide-react";

// The thresholds and rules of SPEC §4 and §8 (balanceTone, balanceWarning) live in
// @convex/model/timeBalance, shared with the server; this file adds how the client shows them.

/**
 * How each tone looks. Colour never stands alone (UX.md): each has an icon, and the text beside it
 * says how much is left. The theme's success, warning and destructive tokens meet AA in both themes.
 */
export const BALANCE_TONE_STYLES: Record<BalanceTone, { icon: LucideIcon; text: string; stroke: string; fill: string }> = {
  green: { icon: CircleCheckIcon, text: "text-success", stroke: "stroke-success", fill: "bg-success" },
  yellow: { icon: CircleAlertIcon, text: "text-warning", stroke: "stroke-warning", fill: "bg-warning" },
  red: { icon: TriangleAlertIcon, text: "text-destructive", stroke: "stroke-destructive", fill: "bg-destructive" },
};

/**
 * A member who was never credited a minute (the total only grows) sees an invitation, not the
 * empty-balance alarm: the red empty state is for a balance that ran out (UX.md).
 */
export function neverHadMinutes(totalMinutes: number): boolean {
  return totalMinutes <= 0;
}

/** What the balance card and bar say to a member who has no minutes yet. */
export const FIRST_BALANCE_TEXTS = {
  headline: "No minutes yet",
  body: "Start with a free intro call, or buy minutes to book coaching sessions.",
  bar: "no minutes yet",
  buy: "Buy minutes",
  intro: "Book your free intro",
} as const;

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  purchase: "Purchase",
  booking_debit: "Session booked",
  refund: "Refund",
  expiry: "Expired",
  adjustment: "Adjustment",
};

/** The share of the credited minutes still left, 0 to 1 (0 when nothing was ever credited). */
export function balanceShare(remaining: number, total: number): number {
  if (total <= 0 || remaining <= 0) return 0;
  return Math.min(1, remaining / total);
}

/** Whole percent left, rounded down, but never "0%" while a minute remains. */
export function percentLeft(remaining: number, total: number): number {
  const share = balanceShare(remaining, total);
  return share === 0 ? 0 : Math.max(1, Math.floor(share * 100));
}

/** A month of the chart, "2026-03", as the axis shows it ("Mar") or in full ("March 2026"). */
export function monthLabel(month: string, style: "short" | "long"): string {
  return format(parse(month, "yyyy-MM", 0), style === "short" ? "MMM" : "MMMM yyyy");
}
