/**
 * The admin e-mail dashboard (SPEC §2 "Email System Dashboard", §3 its data): admins only, live
 * through subscriptions; the page re-runs the health checks every refreshInterval seconds. Each
 * section is a query of its own, so an e-mail event re-runs only the sections whose counts it
 * changed; `overview` assembles them all in one answer.
 */
import { v, type Validator } from "convex/values";
import { adminQuery } from "./functions";
import {
  abTestingOverviewValidator,
  campaignAnalyticsValidator,
  campaignPerformanceValidator,
  emailDashboardValidator,
  emailTimelineValidator,
  errorReportingValidator,
  systemHealthValidator,
  templateAnalyticsValidator,
} from "./model/emailDashboard";
import { campaignAnalytics, DASHBOARD_SECTIONS, emailDashboardData } from "./model/emailDashboardData";

/** Each section answers with what it was at `lastUpdated` (epoch ms). */
const at = <T extends Validator<unknown, "required", string>>(value: T) => v.object({ lastUpdated: v.number(), value });

export const campaignPerformance = adminQuery({
  args: {},
  returns: at(campaignPerformanceValidator),
  handler: async (ctx) => {
    const now = Date.now();
    return { lastUpdated: now, value: await DASHBOARD_SECTIONS.campaignPerformance(ctx, now) };
  },
});

export const templateAnalytics = adminQuery({
  args: {},
  returns: at(templateAnalyticsValidator),
  handler: async (ctx) => ({ lastUpdated: Date.now(), value: await DASHBOARD_SECTIONS.templateAnalytics(ctx) }),
});

export const abTestingOverview = adminQuery({
  args: {},
  returns: at(abTestingOverviewValidator),
  handler: async (ctx) => ({ lastUpdated: Date.now(), value: await DASHBOARD_SECTIONS.abTestingOverview(ctx) }),
});

export const systemHealth = adminQuery({
  args: {},
  returns: at(systemHealthValidator),
  handler: async (ctx) => {
    const now = Date.now();
    return { lastUpdated: now, value: await DASHBOARD_SECTIONS.systemHealth(ctx, now) };
  },
});

export const errorReporting = adminQuery({
  args: {},
  returns: at(errorReportingValidator),
  handler: async (ctx) => {
    const now = Date.now();
    return { lastUpdated: now, value: await DASHBOARD_SECTIONS.errorReporting(ctx, now) };
  },
});

export const timeline = adminQuery({
  args: {},
  returns: at(emailTimelineValidator),
  handler: async (ctx) => {
    const now = Date.now();
    return { lastUpdated: now, value: await DASHBOARD_SECTIONS.timeline(ctx, now) };
  },
});

export const overview = adminQuery({
  args: {},
  returns: emailDashboardValidator,
  handler: (ctx) => emailDashboardData(ctx, Date.now()),
});

/** The campaign analytics API's data (GET /api/campaigns/analytics): includeDetails and includeErrors default to false there. */
export const analytics = adminQuery({
  args: { includeDetails: v.boolean(), includeErrors: v.boolean() },
  returns: campaignAnalyticsValidator,
  handler: (ctx, options) => campaignAnalytics(ctx, Date.now(), options),
});
