/**
 * The e-mail system's numbers, read from the aggregates (model/emailAggregates.ts) and small,
 * bounded index reads of campaigns and templates; never by scanning events. The dashboard's
 * sections return exactly the validators' types of model/emailDashboard.ts.
 *
 * Rates are percent with one decimal: opened or clicked over delivered (over sent while nothing
 * is delivered yet), 0 when nothing was sent, never above 100.
 */
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { abStanding, relativeLift } from "./abTest";
import { eventsByCampaign, eventsByTemplate, eventsByTime } from "./emailAggregates";
import type { AbTestingOverview, CampaignPerformance, EmailTimeline, TemplateAnalytics, variantResultValidator } from "./emailDashboard";
import { RECIPIENT_EVENTS, TEMPLATE_CATEGORIES, type RecipientEvent } from "./emailSystem";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Bounded reads: more campaigns than this in one state, or templates, is beyond what an admin team runs. */
const STATE_READ_LIMIT = 200;
const TEMPLATE_READ_LIMIT = 200;
const RECENT_CAMPAIGNS = 5;
const MOST_USED_TEMPLATES = 5;
const RECENT_AB_RESULTS = 5;

function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

type Engagement = { sent: number; delivered: number; opened: number; clicked: number };

function engagementRates({ sent, delivered, opened, clicked }: Engagement): { openRate: number; clickRate: number } {
  const base = delivered > 0 ? delivered : sent;
  return { openRate: percent(opened, base), clickRate: percent(clicked, base) };
}

// ---------------------------------------------------------------- one campaign

export const campaignStatsValidator = v.object({
  sent: v.number(),
  delivered: v.number(),
  opened: v.number(),
  clicked: v.number(),
  bounced: v.number(),
  complained: v.number(),
  openRate: v.number(),
  clickRate: v.number(),
});
export type CampaignStats = Infer<typeof campaignStatsValidator>;

export async function campaignStats(ctx: QueryCtx, campaignId: Id<"emailCampaigns">): Promise<CampaignStats> {
  const counts = await eventsByCampaign.countBatch(
    ctx,
    RECIPIENT_EVENTS.map((type) => ({ namespace: campaignId, bounds: { prefix: [type] as [RecipientEvent] } })),
  );
  const byType = Object.fromEntries(RECIPIENT_EVENTS.map((type, index) => [type, counts[index] ?? 0])) as Record<RecipientEvent, number>;
  return { ...byType, ...engagementRates(byType) };
}

export type VariantResult = Infer<typeof variantResultValidator>;

/** What an A/B test measures: opens for a subject test, clicks for a content test. */
function conversionOf(campaign: Pick<Doc<"emailCampaigns">, "testType">): RecipientEvent {
  return campaign.testType === "content" ? "clicked" : "opened";
}

/** Each variant's recipients sent and conversions, in variant order. */
export async function variantResults(ctx: QueryCtx, campaign: Doc<"emailCampaigns">): Promise<VariantResult[]> {
  const conversion = conversionOf(campaign);
  const counts = await eventsByCampaign.countBatch(
    ctx,
    campaign.variants.flatMap((_, variant) => [
      { namespace: campaign._id, bounds: { prefix: ["sent", variant] as [string, number] } },
      { namespace: campaign._id, bounds: { prefix: [conversion, variant] as [string, number] } },
    ]),
  );
  return campaign.variants.map(({ label }, variant) => {
    const sent = counts[2 * variant] ?? 0;
    const conversions = counts[2 * variant + 1] ?? 0;
    return { label, sent, conversions, rate: percent(conversions, sent) };
  });
}

export const abTestStandingValidator = v.union(
  v.null(),
  v.object({
    isSignificant: v.boolean(),
    pValue: v.union(v.number(), v.null()),
    /** The ended test's winner, or while running the leader once the difference is significant. */
    winner: v.optional(v.string()),
    /** The winner's relative lift over the runner-up, percent. */
    improvement: v.optional(v.number()),
  }),
);
export type AbTestStanding = Infer<typeof abTestStandingValidator>;

/** An A/B test's standing from its variants' results; null for a campaign that is not a test. */
export function abTestStanding(campaign: Doc<"emailCampaigns">, results: readonly VariantResult[]): AbTestStanding {
  if (campaign.variants.length < 2) return null;
  const standing = abStanding(results.map((r) => ({ label: r.label, n: r.sent, conversions: r.conversions })));
  const base = { isSignificant: standing.isSignificant, pValue: standing.pValue };
  if (campaign.abResult) return { ...base, winner: campaign.abResult.winner, improvement: campaign.abResult.improvement };
  const improvement = standing.leader && standing.runnerUp ? relativeLift(standing.leader, standing.runnerUp) : null;
  if (!standing.isSignificant || !standing.leader || improvement === null) return base;
  return { ...base, winner: standing.leader.label, improvement };
}

export const campaignTimelineValidator = v.union(
  v.null(),
  v.object({
    granularity: v.union(v.literal("hour"), v.literal("day")),
    /** Oldest first; `at` is the start of each hour or UTC day. */
    points: v.array(v.object({ at: v.number(), sent: v.number(), opened: v.number(), clicked: v.number() })),
  }),
);
export type CampaignTimeline = Infer<typeof campaignTimelineValidator>;

/** Hourly for the first two days of a campaign, daily after that, at most this many days back. */
const HOURLY_SPAN_MS = 2 * DAY_MS;
const TIMELINE_MAX_DAYS = 60;
const TIMELINE_TYPES = ["sent", "opened", "clicked"] as const;

/** Sent, opened and clicked per hour or per day since the campaign started; null before it starts. */
export async function campaignTimeline(ctx: QueryCtx, campaign: Doc<"emailCampaigns">, now: number): Promise<CampaignTimeline> {
  if (campaign.startedAt === undefined) return null;
  const hourly = now - campaign.startedAt <= HOURLY_SPAN_MS;
  const step = hourly ? HOUR_MS : DAY_MS;
  const last = Math.floor(now / step) * step;
  const first = Math.max(Math.floor(campaign.startedAt / step) * step, hourly ? 0 : last - (TIMELINE_MAX_DAYS - 1) * DAY_MS);
  const starts: number[] = [];
  for (let at = first; at <= last; at += step) starts.push(at);
  const queries = starts.flatMap((at) =>
    TIMELINE_TYPES.flatMap((type) =>
      campaign.variants.map((_, variant) => ({
        namespace: campaign._id,
        bounds: {
          lower: { key: [type, variant, at] as [string, number, number], inclusive: true },
          upper: { key: [type, variant, at + step] as [string, number, number], inclusive: false },
        },
      })),
    ),
  );
  const counts = await eventsByCampaign.countBatch(ctx, queries);
  const perPoint = TIMELINE_TYPES.length * campaign.variants.length;
  const sum = (point: number, typeIndex: number) => {
    const offset = point * perPoint + typeIndex * campaign.variants.length;
    return counts.slice(offset, offset + campaign.variants.length).reduce((total, count) => total + count, 0);
  };
  return {
    granularity: hourly ? "hour" : "day",
    points: starts.map((at, point) => ({ at, sent: sum(point, 0), opened: sum(point, 1), clicked: sum(point, 2) })),
  };
}

// ---------------------------------------------------------------- templates

export type TemplateStats = { usage: number; openRate: number; clickRate: number };

const ENGAGEMENT_TYPES = ["sent", "delivered", "opened", "clicked"] as const;

/**
 * Each template's e-mails sent and rates. A template's events carry its category, and a used
 * template's category cannot change (model/campaigns.ts), so one exact key per type counts them.
 */
export async function templateStats(ctx: QueryCtx, templates: readonly Doc<"emailTemplates">[]): Promise<Map<Id<"emailTemplates">, TemplateStats>> {
  const counts = await eventsByTemplate.countBatch(
    ctx,
    templates.flatMap((template) => ENGAGEMENT_TYPES.map((type) => ({ bounds: { eq: [template.category, type, template._id] as [string, string, string] } }))),
  );
  return new Map(
    templates.map((template, index) => {
      const [sent = 0, delivered = 0, opened = 0, clicked = 0] = counts.slice(index * ENGAGEMENT_TYPES.length, (index + 1) * ENGAGEMENT_TYPES.length);
      return [template._id, { usage: sent, ...engagementRates({ sent, delivered, opened, clicked }) }];
    }),
  );
}

// ---------------------------------------------------------------- the dashboard's sections

const startOfUtcDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

async function campaignsIn(ctx: QueryCtx, status: Doc<"emailCampaigns">["status"]) {
  return await ctx.db
    .query("emailCampaigns")
    .withIndex("by_status_and_created", (q) => q.eq("status", status))
    .order("desc")
    .take(STATE_READ_LIMIT);
}

export async function campaignPerformance(ctx: QueryCtx, now: number): Promise<CampaignPerformance> {
  const midnight = startOfUtcDay(now);
  const [sending, scheduled, startedToday, sentToday, recent] = await Promise.all([
    campaignsIn(ctx, "sending"),
    campaignsIn(ctx, "scheduled"),
    ctx.db
      .query("emailCampaigns")
      .withIndex("by_started", (q) => q.gte("startedAt", midnight))
      .take(STATE_READ_LIMIT),
    ctx.db
      .query("emailCampaigns")
      .withIndex("by_sent", (q) => q.gte("sentAt", midnight))
      .take(STATE_READ_LIMIT),
    ctx.db.query("emailCampaigns").withIndex("by_created").order("desc").take(RECENT_CAMPAIGNS),
  ]);
  const [sent = 0, delivered = 0, opened = 0, clicked = 0] = await eventsByTime.countBatch(
    ctx,
    ENGAGEMENT_TYPES.map((type) => ({ bounds: { prefix: [type] as [string] } })),
  );
  const averages = engagementRates({ sent, delivered, opened, clicked });
  const recentCampaigns = await Promise.all(
    recent.map(async (campaign) => {
      const stats = await campaignStats(ctx, campaign._id);
      return {
        id: campaign._id,
        name: campaign.name,
        sent: stats.sent,
        // While it is still going out, when it started.
        sentAt: campaign.sentAt ?? campaign.startedAt ?? null,
        openRate: stats.openRate,
        clickRate: stats.clickRate,
        status: campaign.status,
      };
    }),
  );
  return {
    activeCampaigns: sending.length + scheduled.length,
    campaignsToday: new Set([...startedToday, ...sentToday].map((campaign) => campaign._id)).size,
    averageOpenRate: averages.openRate,
    averageClickRate: averages.clickRate,
    totalSent: sent,
    totalDelivered: delivered,
    recentCampaigns,
  };
}

export async function templateAnalytics(ctx: QueryCtx): Promise<TemplateAnalytics> {
  const templates = (await ctx.db.query("emailTemplates").withIndex("by_updated").order("desc").take(TEMPLATE_READ_LIMIT)).filter(
    (template) => template.archivedAt === undefined,
  );
  const stats = await templateStats(ctx, templates);
  const mostUsedTemplates = templates
    .map((template) => ({ id: template._id, name: template.name, ...stats.get(template._id)! }))
    .filter((template) => template.usage > 0)
    .sort((a, b) => b.usage - a.usage || a.name.localeCompare(b.name))
    .slice(0, MOST_USED_TEMPLATES);
  const counts = await eventsByTemplate.countBatch(
    ctx,
    TEMPLATE_CATEGORIES.flatMap((category) => ENGAGEMENT_TYPES.map((type) => ({ bounds: { prefix: [category, type] as [string, string] } }))),
  );
  const performanceByCategory = TEMPLATE_CATEGORIES.map((category, index) => {
    const [sent = 0, delivered = 0, opened = 0, clicked = 0] = counts.slice(index * ENGAGEMENT_TYPES.length, (index + 1) * ENGAGEMENT_TYPES.length);
    const rates = engagementRates({ sent, delivered, opened, clicked });
    return { category, usage: sent, averageOpenRate: rates.openRate, averageClickRate: rates.clickRate };
  });
  return { activeTemplates: templates.length, mostUsedTemplates, performanceByCategory };
}

export async function abTestingOverview(ctx: QueryCtx): Promise<AbTestingOverview> {
  const started = [...(await campaignsIn(ctx, "sending")), ...(await campaignsIn(ctx, "sent"))];
  const tests = started.filter((campaign) => campaign.variants.length >= 2);
  const running = tests.filter((campaign): campaign is Doc<"emailCampaigns"> & Required<Pick<Doc<"emailCampaigns">, "testType">> =>
    campaign.abResult === undefined && campaign.testType !== undefined,
  );
  const runningTests = await Promise.all(
    running.map(async (campaign) => {
      const variants = await variantResults(ctx, campaign);
      const standing = abTestStanding(campaign, variants);
      return {
        id: campaign._id,
        name: campaign.name,
        isSignificant: standing?.isSignificant ?? false,
        pValue: standing?.pValue ?? null,
        variants,
        startedAt: campaign.startedAt ?? campaign.createdAt,
        testType: campaign.testType,
      };
    }),
  );
  const recentResults = tests
    .flatMap(({ _id, name, abResult }) => (abResult ? [{ id: _id, name, ...abResult }] : []))
    .sort((a, b) => b.completedAt - a.completedAt)
    .slice(0, RECENT_AB_RESULTS);
  return { activeTests: runningTests.length, runningTests, recentResults };
}

/** Sends, opens and clicks per UTC day ("YYYY-MM-DD"), the last `days` days up to today, oldest first. */
export async function emailTimeline(ctx: QueryCtx, now: number, days: number): Promise<EmailTimeline> {
  const today = startOfUtcDay(now);
  const count = Math.max(0, Math.floor(days));
  const starts = Array.from({ length: count }, (_, index) => today - (count - 1 - index) * DAY_MS);
  const counts = await eventsByTime.countBatch(
    ctx,
    starts.flatMap((at) =>
      TIMELINE_TYPES.map((type) => ({
        bounds: {
          lower: { key: [type, at] as [string, number], inclusive: true },
          upper: { key: [type, at + DAY_MS] as [string, number], inclusive: false },
        },
      })),
    ),
  );
  return starts.map((at, index) => {
    const [sent = 0, opened = 0, clicked = 0] = counts.slice(index * TIMELINE_TYPES.length, (index + 1) * TIMELINE_TYPES.length);
    return { day: new Date(at).toISOString().slice(0, 10), sent, opened, clicked };
  });
}
