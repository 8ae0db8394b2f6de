/**
 * E-mail campaigns for admins: compose from a template, pick an audience, send now or
 * at a time, in batches; follow the counts and an A/B test's standing; and the public
 * unsubscribe. The rules are in model/campaigns.ts, the numbers in model/emailStats.ts.
 */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { adminMutation, adminQuery, internalMutation, publicMutation } from "./functions";
import { accountLinkSecret } from "./integrations/config";
import { recordClick as recordClickEvent, recordOpen as recordOpenEvent } from "./model/campaignEvents";
import {
  audienceSize as countAudience,
  campaignLinks,
  cancelCampaign,
  composeCampaign,
  endAbTest,
  requireCampaign,
  requireTemplate,
  scheduleCampaign,
  sendNextBatch,
  sendNow,
  startScheduled,
  unsubscribeWithToken,
} from "./model/campaigns";
import { variantResultValidator } from "./model/emailDashboard";
import { AB_MAX_VARIANTS } from "./model/emailSystem";
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from "./model/emailTemplates";
import {
  abTestStanding,
  abTestStandingValidator,
  campaignStats,
  campaignStatsValidator,
  campaignTimeline,
  campaignTimelineValidator,
  variantResults,
} from "./model/emailStats";
import { userError } from "./model/errors";
import { EMAIL_FIELD_MESSAGES } from "./model/messages";
import { campaignAudienceValidator, campaignTestTypeValidator, emailCampaignFields } from "./schema";

const campaignValidator = v.object(withSystemFields("emailCampaigns", emailCampaignFields));

/** A row of the campaigns list: the campaign without its texts, and its counts. */
const campaignSummaryValidator = campaignValidator.omit("variants", "links", "cursor").extend({ variantCount: v.number(), stats: campaignStatsValidator });

/** Newest first, with each campaign's counts. */
export const list = adminQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(campaignSummaryValidator),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("emailCampaigns").withIndex("by_created").order("desc").paginate(paginationOpts);
    const page = await Promise.all(
      result.page.map(async ({ variants, links: _links, cursor: _cursor, ...campaign }) => ({
        ...campaign,
        variantCount: variants.length,
        stats: await campaignStats(ctx, campaign._id),
      })),
    );
    return { ...result, page };
  },
});

/** One campaign with its template's name, counts, each variant's results, its A/B standing and timeline; null if there is none. */
export const get = adminQuery({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.union(
    v.null(),
    v.object({
      campaign: campaignValidator,
      templateName: v.union(v.string(), v.null()),
      stats: campaignStatsValidator,
      variants: v.array(variantResultValidator),
      abTest: abTestStandingValidator,
      timeline: campaignTimelineValidator,
    }),
  ),
  handler: async (ctx, { campaignId }) => {
    const campaign = await ctx.db.get("emailCampaigns", campaignId);
    if (!campaign) return null;
    const template = await ctx.db.get("emailTemplates", campaign.templateId);
    const variants = await variantResults(ctx, campaign);
    return {
      campaign,
      templateName: template?.name ?? null,
      stats: await campaignStats(ctx, campaignId),
      variants,
      abTest: abTestStanding(campaign, variants),
      timeline: await campaignTimeline(ctx, campaign, Date.now()),
    };
  },
});

/** How many the audience holds, counted up to a cap (`capped` when there are more). */
export const audienceSize = adminQuery({
  args: { audience: campaignAudienceValidator },
  returns: v.object({ count: v.number(), capped: v.boolean() }),
  handler: (ctx, { audience }) => countAudience(ctx.db, audience),
});

/** A draft: the template's subject and body, or the versions given (two or more make an A/B test). */
export const create = adminMutation({
  args: {
    name: bounded.line(TEMPLATE_NAME_MAX),
    templateId: v.id("emailTemplates"),
    audience: campaignAudienceValidator,
    variants: v.optional(bounded.array(
        v.object({ subject: bounded.line(TEMPLATE_SUBJECT_MAX), body: bounded.text(TEMPLATE_BODY_MAX) }),
        AB_MAX_VARIANTS,
        EMAIL_FIELD_MESSAGES.variantCount(AB_MAX_VARIANTS),
      )),
    testType: v.optional(campaignTestTypeValidator),
  },
  returns: v.id("emailCampaigns"),
  handler: async (ctx, { name, templateId, audience, ...versions }) => {
    const template = await requireTemplate(ctx, templateId);
    if (template.archivedAt !== undefined) throw userError("TEMPLATE_ARCHIVED");
    const { variants, testType } = composeCampaign(template, { name, ...versions });
    return await ctx.db.insert("emailCampaigns", {
      name: name.trim(),
      templateId,
      category: template.category,
      audience,
      variants,
      ...(testType ? { testType } : {}),
      status: "draft",
      createdBy: ctx.viewer._id,
      createdAt: Date.now(),
      recipientCount: 0,
      links: campaignLinks(variants),
    });
  },
});

/** Starts sending now (a scheduled campaign too). */
export const send = adminMutation({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.null(),
  handler: async (ctx, { campaignId }) => {
    await sendNow(ctx, await requireCampaign(ctx, campaignId), accountLinkSecret(), Date.now());
    return null;
  },
});

/** Sends at `sendAt` (epoch ms, in the future); scheduling again moves it. */
export const schedule = adminMutation({
  args: { campaignId: v.id("emailCampaigns"), sendAt: bounded.time() },
  returns: v.null(),
  handler: async (ctx, { campaignId, sendAt }) => {
    await scheduleCampaign(ctx, await requireCampaign(ctx, campaignId), sendAt, accountLinkSecret(), Date.now());
    return null;
  },
});

/** A scheduled campaign goes back to draft; one still sending stops (status cancelled). */
export const cancel = adminMutation({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.null(),
  handler: async (ctx, { campaignId }) => {
    await cancelCampaign(ctx, await requireCampaign(ctx, campaignId));
    return null;
  },
});

/** Ends a sent A/B test: the winning label and its lift over the runner-up, kept on the campaign. */
export const endTest = adminMutation({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.object({ winner: v.string(), improvement: v.number(), completedAt: v.number() }),
  handler: async (ctx, { campaignId }) => await endAbTest(ctx, await requireCampaign(ctx, campaignId), Date.now()),
});

/** The /unsubscribe page: the signed link's address gets no more campaigns. A forged link changes nothing. */
export const unsubscribe = publicMutation({
  args: { token: bounded.token() },
  returns: v.object({ email: v.string(), alreadyUnsubscribed: v.boolean() }),
  handler: (ctx, { token }) => unsubscribeWithToken(ctx, accountLinkSecret(), token, Date.now()),
});

/** RFC 8058 one-click unsubscribe (POST /email/unsubscribe), from mail clients. */
export const unsubscribeOneClick = internalMutation({
  args: { token: v.string() },
  returns: v.null(),
  handler: async (ctx, { token }) => {
    await unsubscribeWithToken(ctx, accountLinkSecret(), token, Date.now());
    return null;
  },
});

/** The scheduler's job for a scheduled campaign. */
export const start = internalMutation({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.null(),
  handler: async (ctx, { campaignId }) => {
    await startScheduled(ctx, campaignId, accountLinkSecret(), Date.now());
    return null;
  },
});

/** One batch of recipients; schedules the next until the audience is done. */
export const sendBatch = internalMutation({
  args: { campaignId: v.id("emailCampaigns") },
  returns: v.null(),
  handler: async (ctx, { campaignId }) => {
    await sendNextBatch(ctx, campaignId, accountLinkSecret(), Date.now());
    return null;
  },
});

/** GET /email/open/<token>: false for an unknown token. */
export const recordOpen = internalMutation({
  args: { token: v.string() },
  returns: v.boolean(),
  handler: (ctx, { token }) => recordOpenEvent(ctx, token, Date.now()),
});

/** GET /email/click/<token>?u=<url>: whether to redirect, refuse (a link the campaign does not hold) or answer 404. */
export const recordClick = internalMutation({
  args: { token: v.string(), url: v.string() },
  returns: v.union(v.literal("redirect"), v.literal("refused"), v.literal("unknown")),
  handler: (ctx, { token, url }) => recordClickEvent(ctx, token, url, Date.now()),
});
