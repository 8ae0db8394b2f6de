/**
 * The e-mail dashboard's data (SPEC §3 "Email dashboard data", every field), as Convex
 * validators: the overview query returns it, the analytics http route serves it, and the page
 * reads its types. Rates and percentages are percent, 0 to 100, one decimal.
 */
import { v, type Infer } from "convex/values";
import { campaignStatusValidator, campaignTestTypeValidator, templateCategoryValidator } from "../schema";

export const recentCampaignValidator = v.object({
  id: v.id("emailCampaigns"),
  name: v.string(),
  sent: v.number(),
  sentAt: v.union(v.number(), v.null()),
  openRate: v.number(),
  clickRate: v.number(),
  status: campaignStatusValidator,
});

export const campaignPerformanceValidator = v.object({
  activeCampaigns: v.number(),
  campaignsToday: v.number(),
  averageOpenRate: v.number(),
  averageClickRate: v.number(),
  totalSent: v.number(),
  totalDelivered: v.number(),
  recentCampaigns: v.array(recentCampaignValidator),
});

export const templateAnalyticsValidator = v.object({
  activeTemplates: v.number(),
  mostUsedTemplates: v.array(
    v.object({ id: v.id("emailTemplates"), name: v.string(), usage: v.number(), openRate: v.number(), clickRate: v.number() }),
  ),
  performanceByCategory: v.array(
    v.object({ category: templateCategoryValidator, usage: v.number(), averageOpenRate: v.number(), averageClickRate: v.number() }),
  ),
});

/** One variant's standing: recipients sent, how many converted (opened for subject tests, clicked for content tests). */
export const variantResultValidator = v.object({ label: v.string(), sent: v.number(), conversions: v.number(), rate: v.number() });

export const abTestingOverviewValidator = v.object({
  activeTests: v.number(),
  runningTests: v.array(
    v.object({
      id: v.id("emailCampaigns"),
      name: v.string(),
      isSignificant: v.boolean(),
      /** Two-sided p-value of the two-proportion z-test between the two leading variants; null below the minimum sample. */
      pValue: v.union(v.number(), v.null()),
      variants: v.array(variantResultValidator),
      startedAt: v.number(),
      testType: campaignTestTypeValidator,
    }),
  ),
  recentResults: v.array(
    v.object({ id: v.id("emailCampaigns"), name: v.string(), improvement: v.number(), winner: v.string(), completedAt: v.number() }),
  ),
});

/** used of total, and the share in percent; null where the backend cannot know it. */
export const resourceValidator = v.object({ used: v.number(), total: v.number(), percentage: v.number(), status: v.string() });

export const systemHealthValidator = v.object({
  services: v.array(
    v.object({
      name: v.string(),
      /** operational, degraded or down. */
      status: v.string(),
      /** Latest measured response time, ms. */
      responseTime: v.union(v.number(), v.null()),
      /** Share of successful checks over the last day, percent. */
      uptime: v.union(v.number(), v.null()),
      /** Failed checks over the last day. */
      errors: v.number(),
      checkedAt: v.union(v.number(), v.null()),
    }),
  ),
  queues: v.array(
    v.object({
      name: v.string(),
      /** healthy or backed_up. */
      status: v.string(),
      depth: v.number(),
      processing: v.number(),
      /** Items that left the queue in the last hour. */
      throughput: v.number(),
    }),
  ),
  resources: v.object({
    /** The e-mail provider's sending quota (the SPEC's name; our provider is Resend): warning above 80 %. */
    mailjetQuota: resourceValidator,
    /** The vendor API-call budget (the SPEC's name): critical above 85 %. */
    airtableApiCalls: resourceValidator,
    systemMemory: v.union(resourceValidator, v.null()),
    diskSpace: v.union(resourceValidator, v.null()),
  }),
});

export const errorReportingValidator = v.object({
  criticalErrors: v.number(),
  recentErrors: v.array(
    v.object({
      id: v.id("errorGroups"),
      severity: v.string(),
      service: v.string(),
      occurredAt: v.number(),
      message: v.string(),
      count: v.number(),
    }),
  ),
});

/** Sends, opens and clicks per day, oldest first: the overview chart. */
export const emailTimelineValidator = v.array(v.object({ day: v.string(), sent: v.number(), opened: v.number(), clicked: v.number() }));

export const emailDashboardValidator = v.object({
  lastUpdated: v.number(),
  refreshInterval: v.number(),
  error: v.union(v.string(), v.null()),
  campaignPerformance: campaignPerformanceValidator,
  templateAnalytics: templateAnalyticsValidator,
  abTestingOverview: abTestingOverviewValidator,
  systemHealth: systemHealthValidator,
  errorReporting: errorReportingValidator,
  timeline: emailTimelineValidator,
});

export type EmailDashboardData = Infer<typeof emailDashboardValidator>;
export type CampaignPerformance = Infer<typeof campaignPerformanceValidator>;
export type TemplateAnalytics = Infer<typeof templateAnalyticsValidator>;
export type AbTestingOverview = Infer<typeof abTestingOverviewValidator>;
export type SystemHealth = Infer<typeof systemHealthValidator>;
export type ErrorReporting = Infer<typeof errorReportingValidator>;
export type EmailTimeline = Infer<typeof emailTimelineValidator>;

/** What GET /api/campaigns/analytics serves: the campaign figures, with the lists (details) and the errors on request. */
export const campaignAnalyticsValidator = v.object({
  summary: v.object({
    activeCampaigns: v.number(),
    campaignsToday: v.number(),
    averageOpenRate: v.number(),
    averageClickRate: v.number(),
    totalSent: v.number(),
    totalDelivered: v.number(),
  }),
  details: v.optional(
    v.object({
      recentCampaigns: v.array(recentCampaignValidator),
      templateAnalytics: templateAnalyticsValidator,
      abTestingOverview: abTestingOverviewValidator,
      timeline: emailTimelineValidator,
    }),
  ),
  errors: v.optional(errorReportingValidator),
  lastUpdated: v.number(),
});
export type CampaignAnalytics = Infer<typeof campaignAnalyticsValidator>;
