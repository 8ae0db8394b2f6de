/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../email-dashboard.ts (never
 * deployed): e-mail campaigns with their recipients, outbox rows and events, written through the
 * app's own helpers, so every event is an `emailEvents` row waiting for the fold that counts it
 * (the app's own scheduled fold does) and every e-mail an `emailOutbox` row counted by
 * `outboxByStatus`, as production keeps them.
 *
 * It imports the app's modules as `../../../convex/...`, which typechecks here; the copy step
 * rewrites that prefix to `./`, where the copy sits among them.
 */
import { v } from "convex/values";
import type { Doc, Id } from "../../../convex/_generated/dataModel";
import type { MutationCtx } from "../../../convex/_generated/server";
import { queueEmail } from "../../../convex/email";
import { internalMutation, internalQuery } from "../../../convex/functions";
import { insertEmailEvent, recordRecipientEvents } from "../../../convex/model/campaignEvents";
import { recipientToken } from "../../../convex/model/campaigns";
import type { EmailStatus } from "../../../convex/model/email";
import { outboxByStatus } from "../../../convex/model/emailAggregates";
import { TIMELINE_DAYS } from "../../../convex/model/emailDashboardData";
import { systemHealth } from "../../../convex/model/emailHealth";
import { abTestingOverview, campaignPerformance, emailTimeline, templateAnalytics } from "../../../convex/model/emailStats";
import { TEMPLATE_CATEGORIES, type RecipientEvent } from "../../../convex/model/emailSystem";
import { errorReporting } from "../../../convex/model/errorRecords";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Recipients a campaign sends to per batch, and the time between batches. */
const SEND_BATCH = 50;
const SEND_BATCH_MS = 2_000;

/** A deterministic number in [0, 1) for (campaign, recipient, salt): the same history every run. */
function chance(campaign: number, recipient: number, salt: number): number {
  let x = (campaign * 0x9e3779b1) ^ (recipient * 0x85ebca6b) ^ (salt * 0xc2b2ae35);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/** The admin signed in as `tokenIdentifier` (the identity webhook may have made the row already). */
async function ensureAdmin(ctx: MutationCtx, tokenIdentifier: string, now: number): Promise<Id<"users">> {
  const existing = await ctx.db
    .query("users")
    .withIndex("by_token", (q) => q.eq("tokenIdentifier", tokenIdentifier))
    .unique();
  if (existing) {
    await ctx.db.patch("users", existing._id, { role: "admin", userType: "admin", status: "active" });
    return existing._id;
  }
  return await ctx.db.insert("users", {
    tokenIdentifier,
    email: "bench-admin@example.com",
    firstName: "Bench",
    lastName: "Admin",
    role: "admin",
    userType: "admin",
    tier: "foundation",
    createdAt: now - 400 * DAY,
    forumMember: false,
    status: "active",
    timezone: "UTC",
    lastActiveAt: now,
  });
}

/** Makes the caller an admin; the overview answers only admins. */
export const admin = internalMutation({
  args: { tokenIdentifier: v.string(), now: v.number() },
  returns: v.id("users"),
  handler: (ctx, { tokenIdentifier, now }) => ensureAdmin(ctx, tokenIdentifier, now),
});

const campaignValidator = v.object({ id: v.id("emailCampaigns"), index: v.number(), variants: v.number(), startedAt: v.number() });

/**
 * `templates` templates over the categories and `campaigns` campaigns over the last `days` days,
 * each from one template. Every tenth is an A/B test of two variants; the last two are still
 * sending (their tests running), the rest are sent (their tests ended).
 */
export const campaigns = internalMutation({
  args: { adminId: v.id("users"), templates: v.number(), campaigns: v.number(), days: v.number(), now: v.number() },
  returns: v.array(campaignValidator),
  handler: async (ctx, { adminId, templates, campaigns, days, now }) => {
    const templateRows: Doc<"emailTemplates">[] = [];
    for (let t = 0; t < templates; t++) {
      const createdAt = now - (days + 30) * DAY + t * HOUR;
      const id = await ctx.db.insert("emailTemplates", {
        name: `Bench template ${t + 1}`,
        category: TEMPLATE_CATEGORIES[t % TEMPLATE_CATEGORIES.length]!,
        subject: `News ${t + 1} for {{firstName}}`,
        body: "Hello {{firstName}},\n\nWhat is new this week: https://lwcc.example/news\n\nThe LWCC team",
        createdBy: adminId,
        createdAt,
        updatedAt: createdAt,
      });
      templateRows.push((await ctx.db.get("emailTemplates", id))!);
    }
    const made = [];
    for (let c = 0; c < campaigns; c++) {
      const template = templateRows[c % templateRows.length]!;
      const startedAt = now - days * DAY + Math.floor(((c + 0.5) * days * DAY) / campaigns);
      const sending = c >= campaigns - 2;
      const test = c % 10 === 9;
      const variants = test ? [{ label: "A", subject: template.subject, body: template.body }, { label: "B", subject: `Inside: ${template.subject}`, body: template.body }] : [{ label: "A", subject: template.subject, body: template.body }];
      const id = await ctx.db.insert("emailCampaigns", {
        name: `Bench campaign ${c + 1}`,
        templateId: template._id,
        category: template.category,
        audience: { kind: "newsletter" },
        variants,
        ...(test ? { testType: c % 20 === 9 ? ("subject" as const) : ("content" as const) } : {}),
        status: sending ? "sending" : "sent",
        createdBy: adminId,
        createdAt: startedAt - HOUR,
        startedAt,
        ...(sending ? {} : { sentAt: startedAt + 30 * MINUTE }),
        recipientCount: 0,
        cursor: sending ? "bench" : null,
        links: ["https://lwcc.example/news"],
        ...(test && !sending ? { abResult: { winner: "B", improvement: 4.2, completedAt: startedAt + 3 * DAY } } : {}),
      });
      made.push({ id, index: c, variants: variants.length, startedAt });
    }
    return made;
  },
});

/** The status an outbox row ends in once its recipient went through `events` (model/email.ts outboxState). */
function finalStatus(events: readonly RecipientEvent[]): EmailStatus {
  if (events.includes("bounced")) return "bounced";
  if (events.includes("complained")) return "complained";
  if (events.includes("clicked")) return "clicked";
  if (events.includes("opened")) return "opened";
  return "delivered";
}

/**
 * Recipients `from` to `from + count` of one campaign, each with its outbox row (in
 * `outboxByStatus`) and the events it went through, every one by `insertEmailEvent` (as the
 * delivery webhook and the open and click routes record them): sent; 2 %
 * bounce; the rest are delivered, 40 % of those open within three days, a quarter of openers
 * click and 0.2 % complain. About 2.5 events a recipient. Returns the events written.
 */
export const recipients = internalMutation({
  args: { campaign: campaignValidator, from: v.number(), count: v.number(), now: v.number() },
  returns: v.number(),
  handler: async (ctx, { campaign, from, count, now }) => {
    const row = (await ctx.db.get("emailCampaigns", campaign.id))!;
    let written = 0;
    for (let i = from; i < from + count; i++) {
      const c = campaign.index;
      const variant = i % campaign.variants;
      const sentAt = campaign.startedAt + Math.floor(i / SEND_BATCH) * SEND_BATCH_MS;
      const times: Partial<Record<RecipientEvent, number>> = { sent: sentAt };
      if (chance(c, i, 1) < 0.02) times.bounced = sentAt + 3_000;
      else {
        times.delivered = sentAt + 1_500;
        // A test's variant B does a little better, as tests that end with a winner do.
        const opens = 0.4 + (variant === 1 ? 0.03 : 0);
        const openedAt = times.delivered + Math.floor(chance(c, i, 2) * 3 * DAY);
        if (chance(c, i, 3) < opens && openedAt < now - MINUTE) {
          times.opened = openedAt;
          if (chance(c, i, 4) < 0.25) times.clicked = openedAt + 20_000 + Math.floor(chance(c, i, 5) * 10 * MINUTE);
        }
        if (chance(c, i, 6) < 0.002) times.complained = times.delivered + HOUR;
      }
      const events = (Object.keys(times) as RecipientEvent[]).filter((type) => times[type]! < now);
      const email = `bench-${c}-${i}@example.com`;
      const recipientId = await ctx.db.insert("campaignRecipients", { campaignId: row._id, variant, email, token: recipientToken() });
      const status = finalStatus(events);
      const outboxId = await ctx.db.insert("emailOutbox", {
        to: email,
        subject: row.variants[variant]!.subject.replace("{{firstName}}", "Bench"),
        text: "Hello Bench,\n\nWhat is new this week: https://lwcc.example/news\n\nThe LWCC team",
        template: "campaign",
        createdAt: sentAt,
        status,
        idempotencyKey: `campaign:${row._id}:${email}`,
        providerId: `bench-${c}-${i}`,
        ...(status === "bounced" ? { error: "Mailbox does not exist" } : status === "complained" ? { error: "The recipient marked it as spam." } : {}),
        campaignRecipientId: recipientId,
      });
      await outboxByStatus.insert(ctx, (await ctx.db.get("emailOutbox", outboxId))!);
      const lastEvent = events.reduce<RecipientEvent | undefined>((last, type) => (type === "bounced" || type === "complained" ? type : last === "bounced" || last === "complained" ? last : type), undefined);
      await ctx.db.patch("campaignRecipients", recipientId, {
        outboxId,
        ...(lastEvent ? { lastEvent } : {}),
        ...Object.fromEntries(events.map((type) => [`${type}At`, times[type]])),
      });
      for (const type of events) {
        await insertEmailEvent(ctx, { campaignId: row._id, templateId: row.templateId, category: row.category, variant, recipientId, type, at: times[type]! }, now);
        written++;
      }
    }
    await ctx.db.patch("emailCampaigns", row._id, { recipientCount: row.recipientCount + count });
    return written;
  },
});

/**
 * A campaign going out now, for the live measurements: `pixel` recipients whose e-mail was sent
 * and delivered (their open pixel not yet loaded), returned by token; and `webhook` recipients
 * whose e-mails are queued through the app's outbox (`queueEmail`), so the embedded Resend
 * stand-in sends and delivers them and a Resend-shaped "email.opened" event can follow.
 */
export const liveCampaign = internalMutation({
  args: { adminId: v.id("users"), pixel: v.number(), webhook: v.number(), now: v.number() },
  returns: v.object({ campaignId: v.id("emailCampaigns"), tokens: v.array(v.string()) }),
  handler: async (ctx, { adminId, pixel, webhook, now }) => {
    const templateId = await ctx.db.insert("emailTemplates", {
      name: "Bench live template",
      category: "announcement",
      subject: "Live from LWCC",
      body: "Hello {{firstName}}, https://lwcc.example/live",
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
    });
    const campaignId = await ctx.db.insert("emailCampaigns", {
      name: "Bench live campaign",
      templateId,
      category: "announcement",
      audience: { kind: "newsletter" },
      variants: [{ label: "A", subject: "Live from LWCC", body: "Hello {{firstName}}, https://lwcc.example/live" }],
      status: "sending",
      createdBy: adminId,
      createdAt: now,
      startedAt: now,
      recipientCount: pixel + webhook,
      cursor: "bench",
      links: ["https://lwcc.example/live"],
    });
    const tokens = [];
    for (let i = 0; i < pixel + webhook; i++) {
      const email = `live-${i}@example.com`;
      const token = recipientToken();
      const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant: 0, email, token });
      if (i < pixel) {
        await recordRecipientEvents(ctx, recipientId, ["sent", "delivered"], now, now);
        tokens.push(token);
      } else {
        const outboxId = await queueEmail(
          ctx,
          { to: email, subject: "Live from LWCC", text: "Hello, https://lwcc.example/live", template: "campaign", campaignRecipientId: recipientId },
          { idempotencyKey: `campaign:${campaignId}:${email}` },
        );
        await ctx.db.patch("campaignRecipients", recipientId, { outboxId });
      }
    }
    return { campaignId, tokens };
  },
});

/** `count` more recipients of the live campaign whose e-mail was sent and delivered, for open pixels: their tokens. */
export const livePixels = internalMutation({
  args: { campaignId: v.id("emailCampaigns"), from: v.number(), count: v.number(), now: v.number() },
  returns: v.array(v.string()),
  handler: async (ctx, { campaignId, from, count, now }) => {
    const tokens = [];
    for (let i = from; i < from + count; i++) {
      const token = recipientToken();
      const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant: 0, email: `live-pixel-${i}@example.com`, token });
      await recordRecipientEvents(ctx, recipientId, ["sent", "delivered"], now, now);
      tokens.push(token);
    }
    return tokens;
  },
});

/** The live campaign's e-mails the stand-in has delivered (Resend ids), once all `count` are; else null. */
export const delivered = internalQuery({
  args: { campaignId: v.id("emailCampaigns"), count: v.number() },
  returns: v.union(v.null(), v.array(v.object({ providerId: v.string(), to: v.string() }))),
  handler: async (ctx, { campaignId, count }) => {
    const rows = await ctx.db
      .query("campaignRecipients")
      .withIndex("by_campaign_and_email", (q) => q.eq("campaignId", campaignId))
      .collect();
    const found = [];
    for (const recipient of rows) {
      if (recipient.outboxId === undefined) continue;
      const outbox = await ctx.db.get("emailOutbox", recipient.outboxId);
      if (outbox?.status !== "delivered" || outbox.providerId === undefined) return null;
      found.push({ providerId: outbox.providerId, to: outbox.to });
    }
    return found.length === count ? found : null;
  },
});

/** Whether any event still waits for the fold. */
export const waiting = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) =>
    (await ctx.db
      .query("emailEvents")
      .withIndex("by_folded", (q) => q.eq("folded", false))
      .first()) !== null,
});

/** Opens recorded for the live campaign (from its recipients), to check a burst was stored whole. */
export const liveOpens = internalQuery({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.number(),
  handler: async (ctx, { campaignId }) => {
    const rows = await ctx.db
      .query("campaignRecipients")
      .withIndex("by_campaign_and_email", (q) => q.eq("campaignId", campaignId))
      .collect();
    return rows.filter((row) => row.openedAt !== undefined).length;
  },
});

/** One of the overview's sections (model/emailDashboardData.ts) alone, to see what each costs. */
export const section = internalQuery({
  args: { name: v.string() },
  returns: v.null(),
  handler: async (ctx, { name }) => {
    const now = Date.now();
    const sections: Record<string, () => Promise<unknown>> = {
      campaignPerformance: () => campaignPerformance(ctx, now),
      templateAnalytics: () => templateAnalytics(ctx),
      abTestingOverview: () => abTestingOverview(ctx),
      systemHealth: () => systemHealth(ctx, now),
      errorReporting: () => errorReporting(ctx, now),
      timeline: () => emailTimeline(ctx, now, TIMELINE_DAYS),
    };
    const run = sections[name];
    if (!run) throw new Error(`No section ${name}`);
    await run();
    return null;
  },
});
