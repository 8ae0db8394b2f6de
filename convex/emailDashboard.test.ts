import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { CampaignAnalytics } from "./model/emailDashboard";
import type * as ErrorRecords from "./model/errorRecords";
import { EMAIL_REFRESH_INTERVAL_SECONDS, EMAIL_SYSTEM_TEXTS } from "./model/emailSystem";
import { foldEmailCounts, newConvexTest, runScheduled } from "./test.setup";
import { signedIn } from "./test.users";

/** Lets one test make the error figures fail, standing in for any unexpected failure in the analytics. */
const failure = vi.hoisted(() => ({ on: false }));
vi.mock("./model/errorRecords", async (importOriginal) => {
  const actual = await importOriginal<typeof ErrorRecords>();
  return {
    ...actual,
    errorReporting: (...args: Parameters<typeof actual.errorReporting>) =>
      failure.on ? Promise.reject(new Error("The error groups could not be read")) : actual.errorReporting(...args),
  };
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-02T09:00:00Z"));
  vi.stubEnv("ACCOUNT_LINK_SECRET", "dashboard-test-account-link-secret-0123456789");
  vi.stubEnv("SITE_URL", "https://lwcc.example");
  vi.stubEnv("CONVEX_SITE_URL", "https://api.lwcc.example");
});

/** The analytics API's answer, as the SPEC §7 handler shapes it. */
type AnalyticsAnswer = { success: boolean; data?: CampaignAnalytics; error?: string; metadata: { queryTime: number; lastUpdated: number } };
const answerOf = async (response: Response) => (await response.json()) as AnalyticsAnswer;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** Four subscribers get a campaign; one of them clicks its link (which counts as an open too). */
async function sentCampaign() {
  const t = newConvexTest();
  const admin = await signedIn(t, "admin");
  await t.run(async (ctx) => {
    for (let i = 0; i < 4; i++) await ctx.db.insert("newsletterSubscribers", { email: `r${i}@example.com`, name: `R${i}`, createdAt: Date.now(), source: "form", confirmedAt: Date.now() });
  });
  const templateId = await admin.as.mutation(api.emailTemplates.create, {
    name: "Weekly",
    category: "newsletter",
    subject: "Hello {{firstName}}",
    body: "New on the blog: https://lwcc.example/blog",
  });
  const campaignId = await admin.as.mutation(api.campaigns.create, { name: "March letter", templateId, audience: { kind: "newsletter" } });
  await admin.as.mutation(api.campaigns.send, { campaignId });
  await runScheduled(t);
  const token = await t.run(async (ctx) => (await ctx.db.query("campaignRecipients").first())!.token);
  const click = await t.fetch(`/email/click/${token}?u=${encodeURIComponent("https://lwcc.example/blog")}`, { redirect: "manual" });
  expect(click.status).toBe(302);
  await foldEmailCounts(t);
  return { t, admin, campaignId };
}

describe("emailDashboard.overview", () => {
  it("gives admins every SPEC §3 section with the campaign's real numbers", async () => {
    const { admin, campaignId } = await sentCampaign();
    const data = await admin.as.query(api.emailDashboard.overview, {});
    expect(data.refreshInterval).toBe(EMAIL_REFRESH_INTERVAL_SECONDS);
    expect(data.error).toBeNull();
    expect(data.lastUpdated).toBe(Date.now());
    expect(data.campaignPerformance).toMatchObject({ totalSent: 4, totalDelivered: 4, averageOpenRate: 25, averageClickRate: 25 });
    expect(data.campaignPerformance.recentCampaigns[0]).toMatchObject({ id: campaignId, name: "March letter", sent: 4, openRate: 25, clickRate: 25, status: "sent" });
    expect(data.templateAnalytics.mostUsedTemplates[0]).toMatchObject({ name: "Weekly", usage: 1 });
    expect(data.templateAnalytics.performanceByCategory).toContainEqual(expect.objectContaining({ category: "newsletter", usage: 4 }));
    expect(data.timeline.at(-1)).toEqual({ day: "2026-03-02", sent: 4, opened: 1, clicked: 1 });
    expect(data.systemHealth.queues[0]).toMatchObject({ depth: 0 });
    expect(data.errorReporting).toEqual({ criticalErrors: 0, recentErrors: [] });
  });

  it("gives everyone else nothing", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    await expect(member.as.query(api.emailDashboard.overview, {})).rejects.toThrow();
    await expect(t.query(api.emailDashboard.overview, {})).rejects.toThrow();
    for (const section of SECTIONS) {
      await expect(member.as.query(api.emailDashboard[section], {})).rejects.toThrow();
      await expect(t.query(api.emailDashboard[section], {})).rejects.toThrow();
    }
  });

  it("serves each section on its own, as the overview has it", async () => {
    const { admin } = await sentCampaign();
    const data = await admin.as.query(api.emailDashboard.overview, {});
    for (const section of SECTIONS) {
      expect(await admin.as.query(api.emailDashboard[section], {})).toEqual({ lastUpdated: Date.now(), value: data[section] });
    }
  });
});

const SECTIONS = ["campaignPerformance", "templateAnalytics", "abTestingOverview", "systemHealth", "errorReporting", "timeline"] as const;

describe("GET /api/campaigns/analytics", () => {
  it("answers admins with the summary, and the lists and errors only when asked", async () => {
    const { admin } = await sentCampaign();
    const plain = await admin.as.fetch("/api/campaigns/analytics");
    expect(plain.status).toBe(200);
    const body = await answerOf(plain);
    expect(body).toMatchObject({ success: true, data: { summary: { totalSent: 4, averageClickRate: 25 } }, metadata: { lastUpdated: Date.now() } });
    expect(typeof body.metadata.queryTime).toBe("number");
    expect(body.data?.details).toBeUndefined();
    expect(body.data?.errors).toBeUndefined();

    const full = await answerOf(await admin.as.fetch("/api/campaigns/analytics?includeDetails=true&includeErrors=true"));
    expect(full.data?.details?.recentCampaigns).toHaveLength(1);
    expect(full.data?.errors).toEqual({ criticalErrors: 0, recentErrors: [] });
  });

  it("refuses a bad flag, a visitor and a member without any data", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    const bad = await admin.as.fetch("/api/campaigns/analytics?includeDetails=yes");
    expect(bad.status).toBe(400);
    expect(await answerOf(bad)).toMatchObject({ success: false });
    const visitor = await t.fetch("/api/campaigns/analytics");
    expect(visitor.status).toBe(401);
    const forbidden = await member.as.fetch("/api/campaigns/analytics?includeErrors=true");
    expect(forbidden.status).toBe(403);
    const answer = await answerOf(forbidden);
    expect(answer.success).toBe(false);
    expect(answer.data).toBeUndefined();
  });

  it("answers an unexpected failure with 500 and the SPEC text", async () => {
    const { admin } = await sentCampaign();
    failure.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await admin.as.fetch("/api/campaigns/analytics?includeErrors=true");
      expect(response.status).toBe(500);
      const answer = await answerOf(response);
      expect(answer).toMatchObject({ success: false, error: EMAIL_SYSTEM_TEXTS.analyticsError });
      expect(answer.metadata.lastUpdated).toBe(Date.now());
    } finally {
      failure.on = false;
      spy.mockRestore();
    }
  });
});
