/**
 * The e-mail dashboard's sections, each read from the fold's count rows and small bounded index
 * reads (emailStats, emailHealth, errorRecords). The page subscribes to each section on its own
 * (convex/emailDashboard.ts), so a change re-runs only the sections that read it; the overview
 * query and the analytics route assemble them.
 */
import type { QueryCtx } from "../_generated/server";
import type { CampaignAnalytics, EmailDashboardData } from "./emailDashboard";
import { systemHealth } from "./emailHealth";
import { abTestingOverview, campaignPerformance, emailTimeline, templateAnalytics } from "./emailStats";
import { EMAIL_REFRESH_INTERVAL_SECONDS } from "./emailSystem";
import { errorReporting } from "./errorRecords";

/** Days of sends, opens and clicks the overview chart shows. */
export const TIMELINE_DAYS = 14;

/** Each section of SPEC §3's e-mail dashboard data at `now`, by its field name. */
export const DASHBOARD_SECTIONS = {
  campaignPerformance: (ctx: QueryCtx, now: number) => campaignPerformance(ctx, now),
  templateAnalytics: (ctx: QueryCtx) => templateAnalytics(ctx),
  abTestingOverview: (ctx: QueryCtx) => abTestingOverview(ctx),
  systemHealth: (ctx: QueryCtx, now: number) => systemHealth(ctx, now),
  errorReporting: (ctx: QueryCtx, now: number) => errorReporting(ctx, now),
  timeline: (ctx: QueryCtx, now: number) => emailTimeline(ctx, now, TIMELINE_DAYS),
} as const;

export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;

export async function emailDashboardData(ctx: QueryCtx, now: number): Promise<EmailDashboardData> {
  const [performance, templates, abTesting, health, errors, timeline] = await Promise.all([
    DASHBOARD_SECTIONS.campaignPerformance(ctx, now),
    DASHBOARD_SECTIONS.templateAnalytics(ctx),
    DASHBOARD_SECTIONS.abTestingOverview(ctx),
    DASHBOARD_SECTIONS.systemHealth(ctx, now),
    DASHBOARD_SECTIONS.errorReporting(ctx, now),
    DASHBOARD_SECTIONS.timeline(ctx, now),
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
