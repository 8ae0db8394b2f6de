import { API_CALLS_CRITICAL_PERCENT, PROVIDER_QUOTA_WARNING_PERCENT } from "@convex/model/emailSystem";
import type { SystemHealth } from "@convex/model/emailDashboard";
import type { CampaignAudience } from "./types";

const counts = new Intl.NumberFormat("en-US");
const percents = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** "1 campaign", "7 campaigns". */
export function campaignCount(value: number): string {
  return `${counts.format(value)} ${value === 1 ? "campaign" : "campaigns"}`;
}

/** 1000¹ to 1000⁵ bytes, as drives and operating systems label them. */
const BYTE_FORMATS = (["kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const).map(
  (unit) => new Intl.NumberFormat("en-US", { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }),
);

/** Bytes in decimal units: "1.2 GB", "512 B". */
export function formatBytes(bytes: number): string {
  const safe = Math.max(0, bytes);
  if (safe < 1000) return `${counts.format(Math.round(safe))} B`;
  const exponent = Math.min(BYTE_FORMATS.length, Math.floor(Math.log10(safe) / 3));
  return BYTE_FORMATS[exponent - 1]!.format(safe / 1000 ** exponent);
}

/**
 * Where a campaign's e-mails are: "7 recipients · all delivered" once they are, otherwise how many
 * were sent, delivered and are still queued; nothing before any recipient is queued.
 */
export function recipientProgress(recipients: number, events: { sent: number; delivered: number }): string | null {
  if (recipients === 0) return null;
  const people = `${counts.format(recipients)} ${recipients === 1 ? "recipient" : "recipients"}`;
  if (events.delivered >= recipients) return `${people} · all delivered`;
  const queued = Math.max(0, recipients - events.sent);
  const parts = [people, `${counts.format(events.sent)} sent`, `${counts.format(events.delivered)} delivered`];
  if (queued > 0) parts.push(`${counts.format(queued)} queued`);
  return parts.join(" · ");
}

/** The data's rates are already percent (0 to 100, one decimal). */
export function formatPercent(value: number): string {
  return `${percents.format(value)}%`;
}

/** A machine status as words: "backed_up" reads "Backed up", "re-engagement" reads "Re-engagement". */
export function statusLabel(status: string): string {
  const words = status.replace(/_+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type ResourceKey = keyof SystemHealth["resources"];

/** Memory and disk are measured in bytes; the provider quota and API calls are counts. */
const BYTE_RESOURCES: ReadonlySet<ResourceKey> = new Set(["systemMemory", "diskSpace"]);

/** A resource's amount as people read it: "1.2 GB" for memory and disk, "8,510" for counts. */
export function formatResourceAmount(key: ResourceKey, value: number): string {
  return BYTE_RESOURCES.has(key) ? formatBytes(value) : formatCount(value);
}
export type ResourceLevel = "ok" | "warning" | "critical";

/**
 * SPEC §9: the provider quota warns above 80 %, the API-call budget is critical above 85 %
 * (strictly above: exactly 80 % is still fine). Memory and disk have no SPEC threshold.
 */
export function resourceLevel(key: ResourceKey, percentage: number): ResourceLevel {
  if (key === "mailjetQuota" && percentage > PROVIDER_QUOTA_WARNING_PERCENT) return "warning";
  if (key === "airtableApiCalls" && percentage > API_CALLS_CRITICAL_PERCENT) return "critical";
  return "ok";
}

/** Who a campaign goes to, in words. */
export function audienceLabel(audience: CampaignAudience): string {
  if (audience.kind === "newsletter") return "Newsletter subscribers";
  if (audience.kind === "tier") return `Members on ${statusLabel(audience.tier)}`;
  return `Members with role ${statusLabel(audience.role)}`;
}
