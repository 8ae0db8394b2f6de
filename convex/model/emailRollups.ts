/**
 * The e-mail counts, as read models the dashboard reads in a bounded number of documents.
 *
 * An event writes only its own row, marked `folded: false` (model/campaignEvents.ts), and asks
 * for a fold unless one is already coming. The fold (convex/emailRollups.ts `fold`) takes up to
 * FOLD_BATCH waiting events, adds them to the count rows and marks them folded in one
 * transaction, so an event is counted exactly once whether a fold commits, fails or is retried.
 * Only the fold writes count rows, one run after another, so no count row is written by two
 * transactions at once on a Convex deployment (no sharded counter is needed), and a burst of
 * events costs one re-run of the dashboard's sections per fold, not one per event.
 */
import type { Infer } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { eventCountsValidator } from "../schema";
import type { RecipientEvent, TemplateCategory } from "./emailSystem";

export type EventCounts = Infer<typeof eventCountsValidator>;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How long after the first waiting event the fold runs: events arriving meanwhile share it. Short,
 * because it is part of how soon an open reaches the admin's screen.
 */
export const FOLD_DELAY_MS = 100;
/** Events folded per transaction, far inside a mutation's limits (each is read and patched once). */
export const FOLD_BATCH = 500;
/** A fold asked for this long ago and not finished is taken as lost (a failed run), and asked for again. */
export const FOLD_STALE_MS = 60_000;

export const NO_EVENTS: EventCounts = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 };

export function addCounts(a: EventCounts, b: EventCounts): EventCounts {
  return {
    sent: a.sent + b.sent,
    delivered: a.delivered + b.delivered,
    opened: a.opened + b.opened,
    clicked: a.clicked + b.clicked,
    bounced: a.bounced + b.bounced,
    complained: a.complained + b.complained,
  };
}

const one = (type: RecipientEvent): EventCounts => ({ ...NO_EVENTS, [type]: 1 });

export const hourStart = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
export const dayStart = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

// ---------------------------------------------------------------- scheduling

/** Called with every new event: asks for a fold in FOLD_DELAY_MS unless one is coming. */
export async function requestFold(ctx: MutationCtx, now: number): Promise<void> {
  const state = await ctx.db.query("emailFoldState").first();
  if (state?.scheduledAt !== undefined && now - state.scheduledAt < FOLD_STALE_MS) return;
  await ctx.scheduler.runAfter(FOLD_DELAY_MS, internal.emailRollups.fold, {});
  if (state) await ctx.db.patch("emailFoldState", state._id, { scheduledAt: now });
  else await ctx.db.insert("emailFoldState", { scheduledAt: now });
}

/**
 * One run of the fold job: a batch of waiting events, then the next run at once while more wait,
 * or, when none is left, the note that no fold is coming (so the next event asks for one).
 */
export async function runFold(ctx: MutationCtx, now: number): Promise<{ folded: number; more: boolean }> {
  const result = await foldWaiting(ctx, false, FOLD_BATCH);
  const state = await ctx.db.query("emailFoldState").first();
  if (result.more) {
    await ctx.scheduler.runAfter(0, internal.emailRollups.fold, {});
    // Renewed now and then only, so events that read the note are seldom in conflict with the fold.
    if (!state) await ctx.db.insert("emailFoldState", { scheduledAt: now });
    else if (state.scheduledAt === undefined || now - state.scheduledAt > FOLD_STALE_MS / 2) await ctx.db.patch("emailFoldState", state._id, { scheduledAt: now });
  } else if (state?.scheduledAt !== undefined) {
    await ctx.db.patch("emailFoldState", state._id, { scheduledAt: undefined });
  }
  return result;
}

// ---------------------------------------------------------------- folding

/**
 * Folds up to `limit` events whose `folded` is `state`: false for events waiting for the fold,
 * undefined for events written before counts were folded (the backfill). Each is marked folded
 * in the same transaction as its counts.
 */
export async function foldWaiting(ctx: MutationCtx, state: false | undefined, limit: number): Promise<{ folded: number; more: boolean }> {
  const batch = await ctx.db
    .query("emailEvents")
    .withIndex("by_folded", (q) => q.eq("folded", state))
    .take(limit + 1);
  const events = batch.slice(0, limit);
  await addToCounts(ctx, events);
  for (const event of events) await ctx.db.patch("emailEvents", event._id, { folded: true });
  return { folded: events.length, more: batch.length > limit };
}

type CampaignDelta = { counts: EventCounts; variants: EventCounts[] };
type BucketDelta = { campaignId: Id<"emailCampaigns">; granularity: "hour" | "day"; at: number; counts: EventCounts };

function addTo<K>(map: Map<K, EventCounts>, key: K, counts: EventCounts) {
  map.set(key, addCounts(map.get(key) ?? NO_EVENTS, counts));
}

/** Adds `events` to every count row they belong to, each row read and written once. */
export async function addToCounts(ctx: MutationCtx, events: readonly Doc<"emailEvents">[]): Promise<void> {
  const days = new Map<number, EventCounts>();
  const categories = new Map<TemplateCategory, EventCounts>();
  const templates = new Map<Id<"emailTemplates">, EventCounts>();
  const campaigns = new Map<Id<"emailCampaigns">, CampaignDelta>();
  const buckets = new Map<string, BucketDelta>();
  for (const event of events) {
    const counts = one(event.type);
    addTo(days, dayStart(event.at), counts);
    addTo(categories, event.category, counts);
    addTo(templates, event.templateId, counts);
    const campaign = campaigns.get(event.campaignId) ?? { counts: NO_EVENTS, variants: [] };
    campaign.counts = addCounts(campaign.counts, counts);
    campaign.variants = addVariant(campaign.variants, event.variant, counts);
    campaigns.set(event.campaignId, campaign);
    for (const [granularity, at] of [
      ["hour", hourStart(event.at)],
      ["day", dayStart(event.at)],
    ] as const) {
      const key = `${event.campaignId}:${granularity}:${at}`;
      const bucket = buckets.get(key) ?? { campaignId: event.campaignId, granularity, at, counts: NO_EVENTS };
      bucket.counts = addCounts(bucket.counts, counts);
      buckets.set(key, bucket);
    }
  }
  for (const [day, counts] of days) {
    const row = await ctx.db
      .query("emailDayCounts")
      .withIndex("by_day", (q) => q.eq("day", day))
      .unique();
    if (row) await ctx.db.patch("emailDayCounts", row._id, { counts: addCounts(row.counts, counts) });
    else await ctx.db.insert("emailDayCounts", { day, counts });
  }
  for (const [category, counts] of categories) {
    const row = await ctx.db
      .query("emailCategoryCounts")
      .withIndex("by_category", (q) => q.eq("category", category))
      .unique();
    if (row) await ctx.db.patch("emailCategoryCounts", row._id, { counts: addCounts(row.counts, counts) });
    else await ctx.db.insert("emailCategoryCounts", { category, counts });
  }
  for (const [templateId, counts] of templates) {
    const row = await ctx.db
      .query("emailTemplateCounts")
      .withIndex("by_template", (q) => q.eq("templateId", templateId))
      .unique();
    if (row) await ctx.db.patch("emailTemplateCounts", row._id, { counts: addCounts(row.counts, counts) });
    else await ctx.db.insert("emailTemplateCounts", { templateId, counts });
  }
  for (const [campaignId, delta] of campaigns) {
    const row = await ctx.db
      .query("emailCampaignCounts")
      .withIndex("by_campaign", (q) => q.eq("campaignId", campaignId))
      .unique();
    if (row) {
      const variants = delta.variants.reduce((sum, counts, variant) => addVariant(sum, variant, counts), row.variants);
      await ctx.db.patch("emailCampaignCounts", row._id, { counts: addCounts(row.counts, delta.counts), variants });
    } else await ctx.db.insert("emailCampaignCounts", { campaignId, ...delta });
  }
  for (const { campaignId, granularity, at, counts } of buckets.values()) {
    const row = await ctx.db
      .query("emailCampaignBuckets")
      .withIndex("by_campaign_granularity_and_at", (q) => q.eq("campaignId", campaignId).eq("granularity", granularity).eq("at", at))
      .unique();
    if (row) await ctx.db.patch("emailCampaignBuckets", row._id, { counts: addCounts(row.counts, counts) });
    else await ctx.db.insert("emailCampaignBuckets", { campaignId, granularity, at, counts });
  }
}

/** Adds `counts` to variant `variant`, growing the list with empty variants as needed. */
function addVariant(variants: readonly EventCounts[], variant: number, counts: EventCounts): EventCounts[] {
  const length = Math.max(variants.length, variant + 1);
  return Array.from({ length }, (_, index) => (index === variant ? addCounts(variants[index] ?? NO_EVENTS, counts) : (variants[index] ?? NO_EVENTS)));
}

// ---------------------------------------------------------------- reading

export async function campaignCounts(ctx: QueryCtx, campaignId: Id<"emailCampaigns">): Promise<CampaignDelta> {
  const row = await ctx.db
    .query("emailCampaignCounts")
    .withIndex("by_campaign", (q) => q.eq("campaignId", campaignId))
    .unique();
  return row ? { counts: row.counts, variants: row.variants } : { counts: NO_EVENTS, variants: [] };
}

export async function templateCounts(ctx: QueryCtx, templateId: Id<"emailTemplates">): Promise<EventCounts> {
  const row = await ctx.db
    .query("emailTemplateCounts")
    .withIndex("by_template", (q) => q.eq("templateId", templateId))
    .unique();
  return row?.counts ?? NO_EVENTS;
}

export async function categoryCounts(ctx: QueryCtx, category: TemplateCategory): Promise<EventCounts> {
  const row = await ctx.db
    .query("emailCategoryCounts")
    .withIndex("by_category", (q) => q.eq("category", category))
    .unique();
  return row?.counts ?? NO_EVENTS;
}

/** The UTC days from `first` to `last` (day starts) that had events, by day start. */
export async function dayCounts(ctx: QueryCtx, first: number, last: number): Promise<Map<number, EventCounts>> {
  const rows = await ctx.db
    .query("emailDayCounts")
    .withIndex("by_day", (q) => q.gte("day", first).lte("day", last))
    .take(Math.max(0, Math.floor((last - first) / DAY_MS) + 1));
  return new Map(rows.map((row) => [row.day, row.counts]));
}

/** One campaign's hours or days from `first` to `last` (bucket starts) that had events, by start. */
export async function campaignBuckets(
  ctx: QueryCtx,
  campaignId: Id<"emailCampaigns">,
  granularity: "hour" | "day",
  first: number,
  last: number,
): Promise<Map<number, EventCounts>> {
  const rows = await ctx.db
    .query("emailCampaignBuckets")
    .withIndex("by_campaign_granularity_and_at", (q) => q.eq("campaignId", campaignId).eq("granularity", granularity).gte("at", first).lte("at", last))
    .take(Math.max(0, Math.floor((last - first) / (granularity === "hour" ? HOUR_MS : DAY_MS)) + 1));
  return new Map(rows.map((row) => [row.at, row.counts]));
}
