import { describe, expect, it } from "vitest";
import type { Doc, Id } from "../_generated/dataModel";
import { newConvexTest } from "../test.setup";
import { signedIn } from "../test.users";
import { insertEmailEvent } from "./campaignEvents";
import { FOLD_BATCH, foldWaiting } from "./emailRollups";
import { abTestingOverview, campaignPerformance, campaignTimeline, emailTimeline, templateAnalytics } from "./emailStats";
import type { RecipientEvent } from "./emailSystem";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const TODAY = Date.parse("2026-03-10T00:00:00Z");
const NOW = TODAY + 12 * HOUR;
const YESTERDAY = TODAY - DAY;

type CampaignFields = Partial<Doc<"emailCampaigns">> & Pick<Doc<"emailCampaigns">, "name" | "templateId" | "category" | "status" | "createdAt">;

/**
 * Five campaigns over three templates, and their events written through insertEmailEvent and folded:
 * - C1 Weekly (newsletter), sent yesterday: 4 sent and delivered, 2 opened and 1 clicked this morning;
 * - C2 Offer (promotion), sending since 11:00: 2 sent, nothing delivered yet, 1 opened;
 * - C3 Weekly, scheduled;
 * - C4 Weekly, a subject A/B test sent this morning: A 3 sent 1 opened, B 3 sent 2 opened, all delivered;
 * - C5 Offer, a content test that ended yesterday (A by 12.5 %).
 * Template T3 is archived.
 */
async function world() {
  const t = newConvexTest();
  const admin = await signedIn(t, "admin");
  const ids = await t.run(async (ctx) => {
    const template = (name: string, category: Doc<"emailTemplates">["category"], archivedAt?: number) =>
      ctx.db.insert("emailTemplates", { name, category, subject: "S", body: "B", createdBy: admin.id, createdAt: 0, updatedAt: 0, ...(archivedAt ? { archivedAt } : {}) });
    const t1 = await template("Weekly", "newsletter");
    const t2 = await template("Offer", "promotion");
    await template("Old event", "event", YESTERDAY);
    const one = [{ label: "A", subject: "S", body: "B" }];
    const two = [...one, { label: "B", subject: "S2", body: "B" }];
    const campaign = (fields: CampaignFields) =>
      ctx.db.insert("emailCampaigns", { audience: { kind: "newsletter" }, variants: one, createdBy: admin.id, recipientCount: 0, links: [], ...fields });
    const c5 = await campaign({
      name: "C5",
      templateId: t2,
      category: "promotion",
      status: "sent",
      createdAt: TODAY - 3 * DAY,
      startedAt: TODAY - 3 * DAY,
      sentAt: TODAY - 3 * DAY,
      variants: two,
      testType: "content",
      abResult: { winner: "A", improvement: 12.5, completedAt: YESTERDAY },
    });
    const c1 = await campaign({ name: "C1", templateId: t1, category: "newsletter", status: "sent", createdAt: YESTERDAY + 9 * HOUR, startedAt: YESTERDAY + 10 * HOUR, sentAt: YESTERDAY + 10 * HOUR + 5 * 60_000 });
    const c3 = await campaign({ name: "C3", templateId: t1, category: "newsletter", status: "scheduled", createdAt: YESTERDAY + 12 * HOUR, scheduledFor: NOW + DAY });
    const c4 = await campaign({
      name: "C4",
      templateId: t1,
      category: "newsletter",
      status: "sent",
      createdAt: TODAY + 8 * HOUR,
      startedAt: TODAY + 9 * HOUR,
      sentAt: TODAY + 9 * HOUR + 10 * 60_000,
      variants: two,
      testType: "subject",
    });
    const c2 = await campaign({ name: "C2", templateId: t2, category: "promotion", status: "sending", createdAt: TODAY + 10 * HOUR, startedAt: TODAY + 11 * HOUR });

    const events = async (campaignId: Id<"emailCampaigns">, variant: number, types: [RecipientEvent, number][]) => {
      const c = (await ctx.db.get("emailCampaigns", campaignId))!;
      for (const [type, at] of types) {
        const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant, email: `${type}${at}@example.com`, token: `${campaignId}${type}${at}${Math.random()}` });
        await insertEmailEvent(ctx, { campaignId, templateId: c.templateId, category: c.category, variant, recipientId, type, at }, Date.now());
      }
    };
    const times = (type: RecipientEvent, count: number, at: number): [RecipientEvent, number][] => Array.from({ length: count }, () => [type, at]);
    await events(c1, 0, [
      ...times("sent", 4, YESTERDAY + 10 * HOUR + 5 * 60_000),
      ...times("delivered", 4, YESTERDAY + 10 * HOUR + 6 * 60_000),
      ...times("opened", 2, TODAY + 8 * HOUR),
      ...times("clicked", 1, TODAY + 8 * HOUR + 30 * 60_000),
    ]);
    await events(c2, 0, [...times("sent", 2, TODAY + 11 * HOUR), ...times("opened", 1, TODAY + 11 * HOUR + 30 * 60_000)]);
    for (const [variant, opened] of [
      [0, 1],
      [1, 2],
    ] as const) {
      await events(c4, variant, [
        ...times("sent", 3, TODAY + 9 * HOUR + 5 * 60_000),
        ...times("delivered", 3, TODAY + 9 * HOUR + 6 * 60_000),
        ...times("opened", opened, TODAY + 9 * HOUR + 30 * 60_000),
      ]);
    }
    await foldWaiting(ctx, false, FOLD_BATCH);
    return { t1, t2, c1, c2, c3, c4, c5 };
  });
  return { t, ...ids };
}

describe("the dashboard's sections, from the folded counts", () => {
  it("campaignPerformance: active, today's, overall rates and the recent campaigns", async () => {
    const { t, c1, c2, c3, c4, c5 } = await world();
    expect(await t.run((ctx) => campaignPerformance(ctx, NOW))).toEqual({
      // C2 sending, C3 scheduled.
      activeCampaigns: 2,
      // C2 started today, C4 started and sent today.
      campaignsToday: 2,
      // 6 opened and 1 clicked of 10 delivered.
      averageOpenRate: 60,
      averageClickRate: 10,
      totalSent: 12,
      totalDelivered: 10,
      recentCampaigns: [
        // Nothing delivered yet: 1 opened of 2 sent. Still sending: when it started.
        { id: c2, name: "C2", sent: 2, sentAt: TODAY + 11 * HOUR, openRate: 50, clickRate: 0, status: "sending" },
        { id: c4, name: "C4", sent: 6, sentAt: TODAY + 9 * HOUR + 10 * 60_000, openRate: 50, clickRate: 0, status: "sent" },
        { id: c3, name: "C3", sent: 0, sentAt: null, openRate: 0, clickRate: 0, status: "scheduled" },
        { id: c1, name: "C1", sent: 4, sentAt: YESTERDAY + 10 * HOUR + 5 * 60_000, openRate: 50, clickRate: 25, status: "sent" },
        { id: c5, name: "C5", sent: 0, sentAt: TODAY - 3 * DAY, openRate: 0, clickRate: 0, status: "sent" },
      ],
    });
  });

  it("templateAnalytics: active templates, the most used, and each category", async () => {
    const { t, t1, t2 } = await world();
    expect(await t.run((ctx) => templateAnalytics(ctx))).toEqual({
      activeTemplates: 2,
      mostUsedTemplates: [
        // Used by C1, C3 (scheduled) and C4; C1 and C4: 10 sent and delivered, 5 opened, 1 clicked.
        { id: t1, name: "Weekly", usage: 3, openRate: 50, clickRate: 10 },
        // Used by C2 and C5.
        { id: t2, name: "Offer", usage: 2, openRate: 50, clickRate: 0 },
      ],
      performanceByCategory: [
        { category: "newsletter", usage: 10, averageOpenRate: 50, averageClickRate: 10 },
        { category: "announcement", usage: 0, averageOpenRate: 0, averageClickRate: 0 },
        { category: "promotion", usage: 2, averageOpenRate: 50, averageClickRate: 0 },
        { category: "onboarding", usage: 0, averageOpenRate: 0, averageClickRate: 0 },
        { category: "re-engagement", usage: 0, averageOpenRate: 0, averageClickRate: 0 },
        { category: "event", usage: 0, averageOpenRate: 0, averageClickRate: 0 },
      ],
    });
  });

  it("abTestingOverview: running tests with their variants, and ended ones", async () => {
    const { t, c4, c5 } = await world();
    expect(await t.run((ctx) => abTestingOverview(ctx))).toEqual({
      activeTests: 1,
      runningTests: [
        {
          id: c4,
          name: "C4",
          // 3 per variant is far under the minimum sample.
          isSignificant: false,
          pValue: null,
          variants: [
            { label: "A", sent: 3, conversions: 1, rate: 33.3 },
            { label: "B", sent: 3, conversions: 2, rate: 66.7 },
          ],
          startedAt: TODAY + 9 * HOUR,
          testType: "subject",
        },
      ],
      recentResults: [{ id: c5, name: "C5", winner: "A", improvement: 12.5, completedAt: YESTERDAY }],
    });
  });

  it("emailTimeline: sends, opens and clicks per UTC day, oldest first", async () => {
    const { t } = await world();
    expect(await t.run((ctx) => emailTimeline(ctx, NOW, 3))).toEqual([
      { day: "2026-03-08", sent: 0, opened: 0, clicked: 0 },
      { day: "2026-03-09", sent: 4, opened: 0, clicked: 0 },
      { day: "2026-03-10", sent: 8, opened: 6, clicked: 1 },
    ]);
  });

  it("a campaign's timeline is hourly for two days, then daily", async () => {
    const { t, c1, c5 } = await world();
    const hourly = (await t.run(async (ctx) => campaignTimeline(ctx, (await ctx.db.get("emailCampaigns", c1))!, NOW)))!;
    expect(hourly.granularity).toBe("hour");
    // 10:00 yesterday to 12:00 today.
    expect(hourly.points).toHaveLength(27);
    expect(hourly.points.filter((p) => p.sent + p.opened + p.clicked > 0)).toEqual([
      { at: YESTERDAY + 10 * HOUR, sent: 4, opened: 0, clicked: 0 },
      { at: TODAY + 8 * HOUR, sent: 0, opened: 2, clicked: 1 },
    ]);
    const daily = (await t.run(async (ctx) => campaignTimeline(ctx, (await ctx.db.get("emailCampaigns", c5))!, NOW)))!;
    expect(daily.granularity).toBe("day");
    expect(daily.points.map((p) => p.at)).toEqual([TODAY - 3 * DAY, TODAY - 2 * DAY, YESTERDAY, TODAY]);
  });
});
