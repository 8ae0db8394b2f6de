/**
 * The e-mail dashboard's data assembled from its sections, each read from aggregates and small
 * bounded index reads (emailStats, emailHealth, errorRecords): the overview query and the
 * analytics route share it.
 */
import type { QueryCtx } from "../_generated/server";
import type { CampaignAnalytics, EmailDashboardData } from "./emailDashboard";
import { systemHealth } from "./emailHealth";
import { abTestingOverview, campaignPerformance, emailTimeline, templateAnalytics } from "./emailStats";
import { EMAIL_REFRESH_INTERVAL_SECONDS } from "./emailSystem";
import { errorReporting } from "./errorRecords";

/** Days of sends, opens and clicks the overview chart shows. */
export const TIMELINE_DAYS = 14;

export async function emailDashboardData(ctx: QueryCtx, now: number): Promise<EmailDashboardData> {
  const [performance, templates, abTesting, health, errors, timeline] = await Promise.all([
    campaignPerformance(ctx, now),
    templateAnalytics(ctx),
    abTestingOverview(ctx),
    systemHealth(ctx, now),
    errorReporting(ctx, now),
    emailTimeline(ctx, now, TIMELINE_DAYS),
  ]);
  return {
    lastUpdated: now,
    refreshInterval: EMAIL_REFRESH_INTERVAL_SECONDS,
    error: null,
    campaignPerformance: performance,
    templateAnalytics: templates,
    abTestingOverview: abTesting,
    systemHealth: health,
    errorReporting: errors,
    timeline,
  };
}

export async function campaignAnalytics(
  ctx: QueryCtx,
  now: number,
  { includeDetails, includeErrors }: { includeDetails: boolean; includeErrors: boolean },
): Promise<CampaignAnalytics> {
  const { recentCampaigns, ...summary } = await campaignPerformance(ctx, now);
  const details = includeDetails
    ? {
        details: {
          recentCampaigns,
          templateAnalytics: await templateAnalytics(ctx),
          abTestingOverview: await abTestingOverview(ctx),
          timeline: await emailTimeline(ctx, now, TIMELINE_DAYS),
        },
      }
    : {};
  const errors = includeErrors ? { errors: await errorReporting(ctx, now) } : {};
  return { summary, ...details, ...errors, lastUpdated: now };
}
