/**
 * The admin e-mail dashboard (SPEC §2 "Email System Dashboard", §3 its data): admins only, live
 * through the subscription; the page re-runs the health checks every refreshInterval seconds.
 */
import { v } from "convex/values";
import { adminQuery } from "./functions";
import { campaignAnalyticsValidator, emailDashboardValidator } from "./model/emailDashboard";
import { campaignAnalytics, emailDashboardData } from "./model/emailDashboardData";

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
