/** Pure helpers of /admin/monitoring and /health: what the browser works out from the server's figures. */
import { SCHEDULER_LAG_WARNING_MS } from "@convex/model/observability";
import { formatDuration } from "@/lib/relative-time";

const counts = new Intl.NumberFormat("en-US");
const seconds = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A load time: "340 ms" under a second, "1.2 s" from there. */
export function formatLoadTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${seconds.format(ms / 1000)} s`;
}

/** How long the longest-waiting due job has waited; 0 when nothing is overdue. */
export function schedulerLag(oldestPendingDueAt: number | null, now: number): number {
  return oldestPendingDueAt === null ? 0 : Math.max(0, now - oldestPendingDueAt);
}

export function isLagging(lagMs: number): boolean {
  return lagMs > SCHEDULER_LAG_WARNING_MS;
}

/** "45 s" under a minute, else hours and minutes ("3 min", "1 h 5 min"). */
export function formatLag(lagMs: number): string {
  return lagMs < 60_000 ? `${Math.floor(lagMs / 1000)} s` : formatDuration(lagMs / 60_000);
}

/** The scheduler in a few words: "On time" or "Lagging by 3 min". */
export function schedulerSummary(oldestPendingDueAt: number | null, now: number): { lagging: boolean; text: string } {
  const lag = schedulerLag(oldestPendingDueAt, now);
  return isLagging(lag) ? { lagging: true, text: `Lagging by ${formatLag(lag)}` } : { lagging: false, text: "On time" };
}

/**
 * A live list that only grows at the end: records already shown keep their place (and stay when
 * the server's window moves on), new ones are appended oldest first. `incoming` is newest first.
 */
export function appendNew<T extends { id: string }>(shown: readonly T[], incoming: readonly T[]): { shown: T[]; added: number } {
  const known = new Set(shown.map((item) => item.id));
  const fresh = incoming.filter((item) => !known.has(item.id)).reverse();
  return { shown: [...shown, ...fresh], added: fresh.length };
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
