import type { EmailDashboardData } from "@convex/model/emailDashboard";
import { EMAIL_REFRESH_INTERVAL_SECONDS } from "@convex/model/emailSystem";

/** The dashboard's sections as its queries answer them: each with the time it was read. */
export type DashboardSections = {
  [K in Exclude<keyof EmailDashboardData, "lastUpdated" | "refreshInterval" | "error">]: { lastUpdated: number; value: EmailDashboardData[K] };
};

/**
 * SPEC §3's dashboard data from its sections, once every one has loaded: last updated when the
 * newest of them was read.
 */
export function assembleDashboard(sections: { [K in keyof DashboardSections]: DashboardSections[K] | undefined }): EmailDashboardData | undefined {
  const { campaignPerformance, templateAnalytics, abTestingOverview, systemHealth, errorReporting, timeline } = sections;
  if (!campaignPerformance || !templateAnalytics || !abTestingOverview || !systemHealth || !errorReporting || !timeline) return undefined;
  const all = [campaignPerformance, templateAnalytics, abTestingOverview, systemHealth, errorReporting, timeline];
  return {
    lastUpdated: Math.max(...all.map((section) => section.lastUpdated)),
    refreshInterval: EMAIL_REFRESH_INTERVAL_SECONDS,
    error: null,
    campaignPerformance: campaignPerformance.value,
    templateAnalytics: templateAnalytics.value,
    abTestingOverview: abTestingOverview.value,
    systemHealth: systemHealth.value,
    errorReporting: errorReporting.value,
    timeline: timeline.value,
  };
}
