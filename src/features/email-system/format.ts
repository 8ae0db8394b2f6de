import { API_CALLS_CRITICAL_PERCENT, PROVIDER_QUOTA_WARNING_PERCENT } from "@convex/model/emailSystem";
import type { SystemHealth } from "@convex/model/emailDashboard";
import type { CampaignAudience } from "./types";

const counts = new Intl.NumberFormat("en-US");
const percents = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** The data's rates are already percent (0 to 100, one decimal). */
export function formatPercent(value: number): string {
  return `${percents.format(value)}%`;
}

/** A machine status as words: "backed_up" reads "Backed up". */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type ResourceKey = keyof SystemHealth["resources"];
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
