import { fc, test as fcTest } from "@fast-check/vitest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { insertEmailEvent } from "./model/campaignEvents";
import { FOLD_BATCH, FOLD_DELAY_MS, FOLD_STALE_MS, foldWaiting, type EventCounts } from "./model/emailRollups";
import { campaignPerformance, campaignStats, campaignTimeline, emailTimeline, templateAnalytics, templateStats, variantResults } from "./model/emailStats";
import { RECIPIENT_EVENTS, type RecipientEvent } from "./model/emailSystem";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn } from "./test.users";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.parse("2026-03-10T12:00:00Z");

type T = ReturnType<typeof newConvexTest>;
type Event = { campaign: number; variant: number; type: RecipientEvent; at: number };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Two templates in two categories and three campaigns: C0 (newsletter) started an hour ago, so its
 * timeline is hourly; C1 (newsletter) ten days ago, daily; C2 (promotion) an A/B test of two variants.
 */
async function world() {
  const t = newConvexTest();
  const admin = await signedIn(t, "admin");
  const ids = await t.run(async (ctx) => {
    const template = (name: string, category: Doc<"emailTemplates">["category"]) =>
      ctx.db.insert("emailTemplates", { name, category, subject: "S", body: "B", createdBy: admin.id, createdAt: 0, updatedAt: 0 });
    const weekly = await template("Weekly", "newsletter");
    const offer = await template("Offer", "promotion");
    const one = [{ label: "A", subject: "S", body: "B" }];
    const campaign = (name: string, templateId: Id<"emailTemplates">, category: Doc<"emailCampaigns">["category"], startedAt: number, test: boolean) =>
      ctx.db.insert("emailCampaigns", {
        name,
        templateId,
        category,
        audience: { kind: "newsletter" },
        variants: test ? [...one, { label: "B", subject: "S2", body: "B" }] : one,
        ...(test ? { testType: "subject" as const } : {}),
        status: "sending",
        createdBy: admin.id,
        createdAt: startedAt,
        startedAt,
        recipientCount: 0,
        links: [],
      });
    const campaigns = [
      await campaign("C0", weekly, "newsletter", NOW - HOUR, false),
      await campaign("C1", weekly, "newsletter", NOW - 10 * DAY, false),
      await campaign("C2", offer, "promotion", NOW - 3 * DAY, true),
    ];
    return { templates: [weekly, offer], campaigns };
  });
  return { t, admin, ...ids };
}

/** Writes `events` through the app's own helper, a few per transaction as the routes do. */
async function record(t: T, campaigns: readonly Id<"emailCampaigns">[], events: readonly Event[]) {
  for (let start = 0; start < events.length; start += 7) {
    await t.run(async (ctx) => {
      for (const event of events.slice(start, start + 7)) {
        const campaign = (await ctx.db.get("emailCampaigns", campaigns[event.campaign]!))!;
        const variant = Math.min(event.variant, campaign.variants.length - 1);
        const recipientId = await ctx.db.insert("campaignRecipients", { campaignId: campaign._id, variant, email: "r@example.com", token: `${Math.random()}` });
        await insertEmailEvent(ctx, { campaignId: campaign._id, templateId: campaign.templateId, category: campaign.category, variant, recipientId, type: event.type, at: event.at }, Date.now());
      }
    });
  }
}

/** Every event row, counted directly: what the folded counts must say. */
async function directCounts(t: T) {
  const events = await t.run((ctx) => ctx.db.query("emailEvents").collect());
  const count = (keep: (event: Doc<"emailEvents">) => boolean): EventCounts => {
    const counts = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 };
    for (const event of events) if (keep(event)) counts[event.type]++;
    return counts;
  };
  return { events, count };
}

const rates = ({ sent, delivered, opened, clicked }: EventCounts) => {
  const base = delivered > 0 ? delivered : sent;
  const percent = (part: number) => (base <= 0 ? 0 : Math.min(100, Math.round((part / base) * 1000) / 10));
  return { openRate: percent(opened), clickRate: percent(clicked) };
};

/** The sections and the campaign page read from the folded counts, against a direct count of the rows. */
async function expectCountsMatchEvents(t: T, templates: readonly Id<"emailTemplates">[], campaigns: readonly Id<"emailCampaigns">[]) {
  const { count } = await directCounts(t);
  const all = count(() => true);
  const performance = await t.run((ctx) => campaignPerformance(ctx, NOW));
  expect({ sent: performance.totalSent, delivered: performance.totalDelivered, ...rates(all) }).toEqual({
    sent: all.sent,
    delivered: all.delivered,
    openRate: performance.averageOpenRate,
    clickRate: performance.averageClickRate,
  });
  const byCategory = (await t.run((ctx) => templateAnalytics(ctx))).performanceByCategory;
  for (const { category, usage } of byCategory) expect(usage).toBe(count((event) => event.category === category).sent);
  const usage = new Map(
    await t.run(async (ctx) => [...(await templateStats(ctx, (await Promise.all(templates.map((id) => ctx.db.get("emailTemplates", id)))).map((x) => x!))).entries()]),
  );
  const campaignRows = await t.run((ctx) => ctx.db.query("emailCampaigns").collect());
  for (const id of templates) {
    const using = campaignRows.filter((campaign) => campaign.templateId === id).length;
    expect(usage.get(id)).toEqual({ usage: using, ...rates(count((event) => event.templateId === id)) });
  }
  expect(await t.run((ctx) => emailTimeline(ctx, NOW, 14))).toEqual(
    Array.from({ length: 14 }, (_, index) => {
      const from = Date.parse("2026-03-10T00:00:00Z") - (13 - index) * DAY;
      const { sent, opened, clicked } = count((event) => event.at >= from && event.at < from + DAY);
      return { day: new Date(from).toISOString().slice(0, 10), sent, opened, clicked };
    }),
  );
  for (const id of campaigns) {
    const campaign = (await t.run((ctx) => ctx.db.get("emailCampaigns", id)))!;
    const counts = count((event) => event.campaignId === id);
    expect(await t.run((ctx) => campaignStats(ctx, id))).toEqual({ ...counts, ...rates(counts) });
    const variants = await t.run((ctx) => variantResults(ctx, campaign));
    expect(variants.map(({ sent, conversions }) => [sent, conversions])).toEqual(
      campaign.variants.map((_, variant) => {
        const of = count((event) => event.campaignId === id && event.variant === variant);
        return [of.sent, of.opened];
      }),
    );
    const timeline = (await t.run((ctx) => campaignTimeline(ctx, campaign, NOW)))!;
    const step = timeline.granularity === "hour" ? HOUR : DAY;
    for (const point of timeline.points) {
      const { sent, opened, clicked } = count((event) => event.campaignId === id && event.at >= point.at && event.at < point.at + step);
      expect(point).toEqual({ at: point.at, sent, opened, clicked });
    }
  }
}

const waiting = (t: T) => t.run(async (ctx) => (await ctx.db.query("emailEvents").withIndex("by_folded", (q) => q.eq("folded", false)).collect()).length);
const pendingFolds = (t: T) =>
  t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).filter((job) => job.name.includes("emailRollups") && job.state.kind === "pending"));

const eventArbitrary = fc.record({
  campaign: fc.integer({ min: 0, max: 2 }),
  variant: fc.integer({ min: 0, max: 1 }),
  type: fc.constantFrom(...RECIPIENT_EVENTS),
  at: fc.integer({ min: NOW - 20 * DAY, max: NOW }),
});

describe("folding e-mail events into counts", () => {
  fcTest.prop([fc.array(eventArbitrary, { maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 8 })], { numRuns: 12 })(
    "counts every event exactly once, however the folds split them",
    async (events, splits) => {
      const { t, templates, campaigns } = await world();
      await record(t, campaigns, events);
      for (let run = 0; ; run++) {
        const { more } = await t.run((ctx) => foldWaiting(ctx, false, splits[run % splits.length]!));
        if (!more) break;
      }
      expect(await waiting(t)).toBe(0);
      await expectCountsMatchEvents(t, templates, campaigns);
    },
  );

  it("counts nothing twice: a fold that fails leaves its events waiting, and a fold with nothing waiting changes nothing", async () => {
    const { t, templates, campaigns } = await world();
    await record(t, campaigns, [
      { campaign: 0, variant: 0, type: "sent", at: NOW - 30 * 60_000 },
      { campaign: 2, variant: 1, type: "opened", at: NOW - DAY },
      { campaign: 1, variant: 0, type: "clicked", at: NOW - 5 * DAY },
    ]);
    await expect(
      t.run(async (ctx) => {
        await foldWaiting(ctx, false, FOLD_BATCH);
        throw new Error("The fold's transaction failed after counting");
      }),
    ).rejects.toThrow();
    expect(await waiting(t)).toBe(3);
    expect(await t.run((ctx) => ctx.db.query("emailCategoryCounts").collect())).toEqual([]);
    expect(await t.mutation(internal.emailRollups.fold, {})).toEqual({ folded: 3, more: false });
    const counts = await t.run((ctx) => ctx.db.query("emailCampaignCounts").collect());
    expect(await t.mutation(internal.emailRollups.fold, {})).toEqual({ folded: 0, more: false });
    expect(await t.run((ctx) => ctx.db.query("emailCampaignCounts").collect())).toEqual(counts);
    await expectCountsMatchEvents(t, templates, campaigns);
  });

  it("asks for one fold for a burst of events, folds it a moment later, and asks again after", async () => {
    const { t, campaigns } = await world();
    await record(t, campaigns, [
      { campaign: 0, variant: 0, type: "sent", at: NOW },
      { campaign: 0, variant: 0, type: "delivered", at: NOW },
    ]);
    await record(t, campaigns, [{ campaign: 0, variant: 0, type: "opened", at: NOW }]);
    const folds = await pendingFolds(t);
    expect(folds).toHaveLength(1);
    expect(folds[0]!.scheduledTime).toBe(NOW + FOLD_DELAY_MS);
    await runScheduled(t);
    expect(await waiting(t)).toBe(0);
    expect(await t.run((ctx) => campaignStats(ctx, campaigns[0]!))).toMatchObject({ sent: 1, delivered: 1, opened: 1 });
    const [state, ...more] = await t.run((ctx) => ctx.db.query("emailFoldState").collect());
    expect([state!.scheduledAt, more]).toEqual([undefined, []]);
    await record(t, campaigns, [{ campaign: 0, variant: 0, type: "clicked", at: Date.now() }]);
    expect(await pendingFolds(t)).toHaveLength(1);
  });

  it("goes on at once while a batch leaves events waiting", async () => {
    const { t, campaigns } = await world();
    const events = Array.from({ length: FOLD_BATCH + 3 }, (_, index): Event => ({ campaign: index % 3, variant: index % 2, type: "sent", at: NOW - index * 60_000 }));
    await t.run(async (ctx) => {
      const campaign = (await ctx.db.get("emailCampaigns", campaigns[0]!))!;
      for (const event of events) {
        const recipientId = await ctx.db.insert("campaignRecipients", { campaignId: campaign._id, variant: 0, email: "r@example.com", token: `${Math.random()}` });
        await insertEmailEvent(ctx, { campaignId: campaign._id, templateId: campaign.templateId, category: campaign.category, variant: 0, recipientId, type: "sent", at: event.at }, Date.now());
      }
    });
    expect(await t.mutation(internal.emailRollups.fold, {})).toEqual({ folded: FOLD_BATCH, more: true });
    expect((await pendingFolds(t)).filter((job) => job.scheduledTime === Date.now())).toHaveLength(1);
    await runScheduled(t);
    expect(await waiting(t)).toBe(0);
    expect((await t.run((ctx) => campaignStats(ctx, campaigns[0]!))).sent).toBe(FOLD_BATCH + 3);
  });

  it("asks again for a fold that was asked for long ago and never finished", async () => {
    const { t, campaigns } = await world();
    await t.run((ctx) => ctx.db.insert("emailFoldState", { scheduledAt: NOW - FOLD_STALE_MS - 1 }));
    await record(t, campaigns, [{ campaign: 0, variant: 0, type: "sent", at: NOW }]);
    expect(await pendingFolds(t)).toHaveLength(1);
  });

  it("backfills events written before counts were folded, once, leaving waiting events to the fold", async () => {
    const { t, templates, campaigns } = await world();
    const history = Array.from({ length: FOLD_BATCH + 20 }, (_, index): Event => ({
      campaign: index % 3,
      variant: index % 2,
      type: RECIPIENT_EVENTS[index % RECIPIENT_EVENTS.length]!,
      at: NOW - (index % 17) * DAY - index * 1000,
    }));
    await t.run(async (ctx) => {
      for (const event of history) {
        const campaign = (await ctx.db.get("emailCampaigns", campaigns[event.campaign]!))!;
        const variant = Math.min(event.variant, campaign.variants.length - 1);
        const recipientId = await ctx.db.insert("campaignRecipients", { campaignId: campaign._id, variant, email: "r@example.com", token: `${Math.random()}` });
        // As the rows were before: no `folded` field.
        await ctx.db.insert("emailEvents", { campaignId: campaign._id, templateId: campaign.templateId, category: campaign.category, variant, recipientId, type: event.type, at: event.at });
      }
    });
    await record(t, campaigns, [{ campaign: 1, variant: 0, type: "opened", at: NOW - HOUR }]);
    expect(await t.mutation(internal.emailRollups.backfill, {})).toEqual({ folded: FOLD_BATCH, more: true });
    await runScheduled(t);
    await expectCountsMatchEvents(t, templates, campaigns);
    const before = await t.run((ctx) => ctx.db.query("emailDayCounts").collect());
    expect(await t.mutation(internal.emailRollups.backfill, {})).toEqual({ folded: 0, more: false });
    expect(await t.run((ctx) => ctx.db.query("emailDayCounts").collect())).toEqual(before);
  });

  it("keeps the overview to a bounded number of reads, whatever the history", async () => {
    // Counting 1,080 events one by one would read far more than this limit allows.
    const t = newConvexTest({ transactionLimits: { documentsRead: 120 } });
    const admin = await signedIn(t, "admin");
    const campaignId = await t.run(async (ctx) => {
      const templateId = await ctx.db.insert("emailTemplates", { name: "Weekly", category: "newsletter", subject: "S", body: "B", createdBy: admin.id, createdAt: 0, updatedAt: 0 });
      return await ctx.db.insert("emailCampaigns", {
        name: "Big",
        templateId,
        category: "newsletter",
        audience: { kind: "newsletter" },
        variants: [{ label: "A", subject: "S", body: "B" }],
        status: "sent",
        createdBy: admin.id,
        createdAt: NOW - 30 * DAY,
        startedAt: NOW - 30 * DAY,
        sentAt: NOW - 30 * DAY,
        recipientCount: 1000,
        links: [],
      });
    });
    // A transaction's reads are limited too: a few recipients at a time.
    for (let batch = 0; batch < 12; batch++) {
      await t.run(async (ctx) => {
        const campaign = (await ctx.db.get("emailCampaigns", campaignId))!;
        for (let index = 0; index < 30; index++) {
          const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant: 0, email: `r${batch}-${index}@example.com`, token: `${batch}-${index}` });
          for (const type of ["sent", "delivered", "opened"] as const) {
            await insertEmailEvent(ctx, { campaignId, templateId: campaign.templateId, category: "newsletter", variant: 0, recipientId, type, at: NOW - (batch + (index % 3)) * DAY }, Date.now());
          }
        }
      });
    }
    for (let more = true; more; ) ({ more } = await t.run((ctx) => foldWaiting(ctx, false, 30)));
    const overview = await admin.as.query(api.emailDashboard.overview, {});
    expect(overview.campaignPerformance).toMatchObject({ totalSent: 360, totalDelivered: 360, averageOpenRate: 100 });
    expect(overview.timeline.reduce((sum, day) => sum + day.opened, 0)).toBeGreaterThan(0);
  }, 30_000);
});
