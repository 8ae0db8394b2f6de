/**
 * The e-mail system's numbers, read from the count rows the fold keeps (model/emailRollups.ts)
 * and small, bounded index reads of campaigns and templates; never by scanning events. The
 * dashboard's sections return exactly the validators' types of model/emailDashboard.ts.
 *
 * Rates are percent with one decimal: opened or clicked over delivered (over sent while nothing
 * is delivered yet), 0 when nothing was sent, never above 100.
 */
import { v, type Infer } from "convex/values";
import { eventCountsValidator } from "../schema";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { abStanding, relativeLift } from "./abTest";
import type { AbTestingOverview, CampaignPerformance, EmailTimeline, TemplateAnalytics, variantResultValidator } from "./emailDashboard";
import {
  addCounts,
  campaignBuckets,
  campaignCounts,
  categoryCounts,
  dayCounts,
  DAY_MS,
  dayStart,
  HOUR_MS,
  NO_EVENTS,
  templateCounts,
  type EventCounts,
} from "./emailRollups";
import { TEMPLATE_CATEGORIES } from "./emailSystem";

/** Bounded reads: more campaigns than this in one state, or templates, is beyond what an admin team runs. */
const STATE_READ_LIMIT = 200;
const TEMPLATE_READ_LIMIT = 200;
/** Campaigns counted per template; a template is rarely used by more, and the read stays bounded. */
export const TEMPLATE_CAMPAIGNS_READ_LIMIT = 50;
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
  ...eventCountsValidator.fields,
  openRate: v.number(),
  clickRate: v.number(),
});
export type CampaignStats = Infer<typeof campaignStatsValidator>;

function statsOf(counts: EventCounts): CampaignStats {
  return { ...counts, ...engagementRates(counts) };
}

export async function campaignStats(ctx: QueryCtx, campaignId: Id<"emailCampaigns">): Promise<CampaignStats> {
  return statsOf((await campaignCounts(ctx, campaignId)).counts);
}

export type VariantResult = Infer<typeof variantResultValidator>;

/** What an A/B test measures: opens for a subject test, clicks for a content test. */
function conversionOf(campaign: Pick<Doc<"emailCampaigns">, "testType">): "opened" | "clicked" {
  return campaign.testType === "content" ? "clicked" : "opened";
}

/** Each variant's recipients sent and conversions, in variant order. */
export async function variantResults(ctx: QueryCtx, campaign: Doc<"emailCampaigns">): Promise<VariantResult[]> {
  return variantResultsOf(campaign, (await campaignCounts(ctx, campaign._id)).variants);
}

function variantResultsOf(campaign: Doc<"emailCampaigns">, counts: readonly EventCounts[]): VariantResult[] {
  const conversion = conversionOf(campaign);
  return campaign.variants.map(({ label }, variant) => {
    const { sent, [conversion]: conversions } = counts[variant] ?? NO_EVENTS;
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

/** Sent, opened and clicked per hour or per day since the campaign started; null before it starts. */
export async function campaignTimeline(ctx: QueryCtx, campaign: Doc<"emailCampaigns">, now: number): Promise<CampaignTimeline> {
  if (campaign.startedAt === undefined) return null;
  const hourly = now - campaign.startedAt <= HOURLY_SPAN_MS;
  const step = hourly ? HOUR_MS : DAY_MS;
  const last = Math.floor(now / step) * step;
  const first = Math.max(Math.floor(campaign.startedAt / step) * step, hourly ? 0 : last - (TIMELINE_MAX_DAYS - 1) * DAY_MS);
  const starts: number[] = [];
  for (let at = first; at <= last; at += step) starts.push(at);
  const buckets = await campaignBuckets(ctx, campaign._id, hourly ? "hour" : "day", first, last);
  return {
    granularity: hourly ? "hour" : "day",
    points: starts.map((at) => {
      const { sent, opened, clicked } = buckets.get(at) ?? NO_EVENTS;
      return { at, sent, opened, clicked };
    }),
  };
}

// ---------------------------------------------------------------- templates

export type TemplateStats = { usage: number; openRate: number; clickRate: number };

/** How many campaigns use a template (drafts included), up to TEMPLATE_CAMPAIGNS_READ_LIMIT. */
async function campaignsUsing(ctx: QueryCtx, templateId: Id<"emailTemplates">): Promise<number> {
  const campaigns = await ctx.db
    .query("emailCampaigns")
    .withIndex("by_template", (q) => q.eq("templateId", templateId))
    .take(TEMPLATE_CAMPAIGNS_READ_LIMIT);
  return campaigns.length;
}

/** Each template's usage (the campaigns that use it, not the e-mails they sent) and its rates. */
export async function templateStats(ctx: QueryCtx, templates: readonly Doc<"emailTemplates">[]): Promise<Map<Id<"emailTemplates">, TemplateStats>> {
  const [counts, usage] = await Promise.all([
    Promise.all(templates.map((template) => templateCounts(ctx, template._id))),
    Promise.all(templates.map((template) => campaignsUsing(ctx, template._id))),
  ]);
  return new Map(templates.map((template, index) => [template._id, { usage: usage[index]!, ...engagementRates(counts[index]!) }]));
}

/** Every event is in exactly one category, so the categories' counts add up to all counts. */
async function countsByCategory(ctx: QueryCtx): Promise<EventCounts[]> {
  return await Promise.all(TEMPLATE_CATEGORIES.map((category) => categoryCounts(ctx, category)));
}

// ---------------------------------------------------------------- the dashboard's sections

async function campaignsIn(ctx: QueryCtx, status: Doc<"emailCampaigns">["status"]) {
  return await ctx.db
    .query("emailCampaigns")
    .withIndex("by_status_and_created", (q) => q.eq("status", status))
    .order("desc")
    .take(STATE_READ_LIMIT);
}

export async function campaignPerformance(ctx: QueryCtx, now: number): Promise<CampaignPerformance> {
  const midnight = dayStart(now);
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
  const { sent, delivered, ...rest } = (await countsByCategory(ctx)).reduce(addCounts, NO_EVENTS);
  const averages = engagementRates({ sent, delivered, ...rest });
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
  const counts = await countsByCategory(ctx);
  const performanceByCategory = TEMPLATE_CATEGORIES.map((category, index) => {
    const rates = engagementRates(counts[index]!);
    return { category, usage: counts[index]!.sent, averageOpenRate: rates.openRate, averageClickRate: rates.clickRate };
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
  const today = dayStart(now);
  const count = Math.max(0, Math.floor(days));
  const starts = Array.from({ length: count }, (_, index) => today - (count - 1 - index) * DAY_MS);
  const counts = starts.length === 0 ? new Map<number, EventCounts>() : await dayCounts(ctx, starts[0]!, starts.at(-1)!);
  return starts.map((at) => {
    const { sent, opened, clicked } = counts.get(at) ?? NO_EVENTS;
    return { day: new Date(at).toISOString().slice(0, 10), sent, opened, clicked };
  });
}
