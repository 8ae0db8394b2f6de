import type { Id } from "@convex/_generated/dataModel";
import type { EmailDashboardData } from "@convex/model/emailDashboard";
import type { CampaignResult, CampaignSummary } from "@/features/email-system/server-shapes";
import type { CampaignDetail, CampaignRow, ErrorRecordRow, TemplateRow } from "@/features/email-system/types";

const HOUR = 3_600_000;

export const campaignId = (key: string) => `emailCampaigns:${key}` as Id<"emailCampaigns">;
export const templateId = (key: string) => `emailTemplates:${key}` as Id<"emailTemplates">;

/** The dashboard's data as the overview query returns it: a little of everything, all healthy. */
export function dashboardData(overrides: Partial<EmailDashboardData> = {}): EmailDashboardData {
  const now = Date.now();
  return {
    lastUpdated: now - 2 * 60_000,
    refreshInterval: 30,
    error: null,
    campaignPerformance: {
      activeCampaigns: 2,
      campaignsToday: 1,
      averageOpenRate: 41.5,
      averageClickRate: 7.2,
      totalSent: 1250,
      totalDelivered: 1238,
      recentCampaigns: [
        { id: campaignId("july"), name: "July newsletter", sent: 800, sentAt: now - 3 * HOUR, openRate: 44.1, clickRate: 8.3, status: "sent" },
        { id: campaignId("launch"), name: "Course launch", sent: 0, sentAt: null, openRate: 0, clickRate: 0, status: "scheduled" },
      ],
    },
    templateAnalytics: {
      activeTemplates: 3,
      mostUsedTemplates: [{ id: templateId("monthly"), name: "Monthly newsletter", usage: 6, openRate: 43, clickRate: 7 }],
      performanceByCategory: [
        { category: "newsletter", usage: 6, averageOpenRate: 43, averageClickRate: 7 },
        { category: "re-engagement", usage: 2, averageOpenRate: 21.5, averageClickRate: 3.1 },
      ],
    },
    abTestingOverview: {
      activeTests: 1,
      runningTests: [
        {
          id: campaignId("subject-test"),
          name: "Subject line test",
          isSignificant: true,
          pValue: 0.012,
          variants: [
            { label: "A", sent: 300, conversions: 120, rate: 40 },
            { label: "B", sent: 300, conversions: 96, rate: 32 },
          ],
          startedAt: now - 5 * HOUR,
          testType: "subject",
        },
      ],
      recentResults: [{ id: campaignId("june"), name: "June subject test", improvement: 12.5, winner: "B", completedAt: now - 72 * HOUR }],
    },
    systemHealth: {
      services: [
        { name: "E-mail provider", status: "operational", responseTime: 120, uptime: 99.9, errors: 0, checkedAt: now - 60_000 },
        { name: "Database", status: "degraded", responseTime: 900, uptime: 97.5, errors: 3, checkedAt: now - 60_000 },
      ],
      queues: [{ name: "Campaign sends", status: "healthy", depth: 4, processing: 2, throughput: 340 }],
      resources: {
        mailjetQuota: { used: 1600, total: 2000, percentage: 80, status: "healthy" },
        airtableApiCalls: { used: 8510, total: 10000, percentage: 85.1, status: "critical" },
        systemMemory: null,
        diskSpace: { used: 20, total: 100, percentage: 20, status: "healthy" },
      },
    },
    errorReporting: {
      criticalErrors: 1,
      recentErrors: [
        { id: "errorGroups:a" as Id<"errorGroups">, severity: "critical", service: "email", occurredAt: now - HOUR, message: "Provider refused the batch", count: 4 },
      ],
    },
    timeline: [
      { day: "2025-07-07", sent: 400, opened: 160, clicked: 30 },
      { day: "2025-07-08", sent: 850, opened: 380, clicked: 60 },
    ],
    ...overrides,
  };
}

export function campaignRow(overrides: Partial<CampaignRow> = {}): CampaignRow {
  return {
    _id: campaignId("july"),
    name: "July newsletter",
    status: "sent",
    audience: { kind: "newsletter" },
    sent: 800,
    openRate: 44.1,
    clickRate: 8.3,
    sentAt: Date.now() - 3 * HOUR,
    ...overrides,
  };
}

export function campaignDetail(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    ...campaignRow(),
    createdAt: Date.now() - 24 * HOUR,
    recipientCount: 800,
    events: { sent: 800, delivered: 790, opened: 352, clicked: 66, bounced: 10, complained: 1 },
    variants: [{ label: "A", subject: "Your July focus plan", sent: 800, conversions: 66, rate: 8.3 }],
    ...overrides,
  };
}

export function templateRow(overrides: Partial<TemplateRow> = {}): TemplateRow {
  return {
    _id: templateId("monthly"),
    name: "Monthly newsletter",
    category: "newsletter",
    subject: "Hello {{firstName}}",
    body: "Hi {{firstName}}, here is this month's plan.",
    usage: 6,
    openRate: 43,
    clickRate: 7,
    ...overrides,
  };
}

export function errorRecord(overrides: Partial<ErrorRecordRow> = {}): ErrorRecordRow {
  return {
    _id: "errorRecords:a" as Id<"errorRecords">,
    code: "PROVIDER_REFUSED",
    title: "Batch refused",
    message: "The e-mail provider refused the batch.",
    category: "network",
    severity: "high",
    timestamp: Date.now() - HOUR,
    details: "HTTP 429 from the provider",
    recovery: "The batch is retried automatically.",
    service: "email",
    ...overrides,
  };
}

/** Stand-ins for convex/model/emailTemplates.ts: fills the sample values, flags anything else in braces. */
export const testTemplateTools = {
  preview: (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => (name === "firstName" ? "Maya" : `{{${name}}}`)),
  unknownVariables: (text: string) =>
    [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).filter((name) => !["firstName", "lastName", "email"].includes(name)),
};

/** A row of `campaigns.list` as the server sends it: the campaign without its texts, and its counts apart. */
export function campaignSummary(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  const row = campaignRow();
  return {
    _id: row._id,
    _creationTime: Date.now() - 24 * HOUR,
    name: row.name,
    templateId: templateId("monthly"),
    category: "newsletter",
    audience: row.audience,
    status: row.status,
    createdBy: "users:admin" as Id<"users">,
    createdAt: Date.now() - 24 * HOUR,
    startedAt: Date.now() - 3 * HOUR,
    sentAt: row.sentAt!,
    recipientCount: 800,
    variantCount: 1,
    stats: { sent: 800, delivered: 790, opened: 352, clicked: 66, bounced: 10, complained: 1, openRate: row.openRate, clickRate: row.clickRate },
    ...overrides,
  };
}

/** `campaigns.get` as the server sends it, for the same campaign. */
export function campaignResult(): CampaignResult {
  const { variantCount: _variantCount, stats, ...campaign } = campaignSummary();
  return {
    campaign: { ...campaign, variants: [{ label: "A", subject: "Your July focus plan", body: "Hi {{firstName}}" }], links: [] },
    templateName: "Monthly newsletter",
    stats,
    variants: [{ label: "A", sent: 800, conversions: 66, rate: 8.3 }],
    abTest: null,
    timeline: null,
  };
}
