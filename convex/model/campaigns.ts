/**
 * Campaign rules: what a campaign may hold, who it goes to, how it moves from draft to sent, how
 * each e-mail is built (variables, tracked links, open pixel, unsubscribe link and headers), how
 * an A/B test ends, and the signed unsubscribe links.
 */
import { jwtVerify, SignJWT } from "jose";
import type { Infer } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { queueEmail } from "../email";
import type { campaignAudienceValidator } from "../schema";
import { relativeLift, abStanding } from "./abTest";
import { isSuppressed, suppress } from "./campaignEvents";
import { AB_MAX_VARIANTS, CAMPAIGN_BATCH_SIZE, type CampaignTestType } from "./emailSystem";
import { variantResults } from "./emailStats";
import {
  emailHtml,
  emailText,
  linksIn,
  recipientValues,
  renderTemplate,
  splitName,
  TEMPLATE_NAME_MAX,
  templateProblems,
  type RecipientDetails,
  type TemplateText,
} from "./emailTemplates";
import { userError } from "./errors";
import { EMAIL_FIELD_MESSAGES, ERROR_MESSAGES, type ErrorCode } from "./messages";
import { TIER_LABELS } from "./permissions";
import { MIN_SECRET_LENGTH, siteLink } from "./reactivation";
import { normalizeEmail } from "./users";

type Audience = Infer<typeof campaignAudienceValidator>;
type Campaign = Doc<"emailCampaigns">;
type Variant = Campaign["variants"][number];

export async function requireCampaign(ctx: Pick<QueryCtx, "db">, campaignId: Id<"emailCampaigns">): Promise<Campaign> {
  const campaign = await ctx.db.get("emailCampaigns", campaignId);
  if (!campaign) throw userError("CAMPAIGN_NOT_FOUND");
  return campaign;
}

// ---------------------------------------------------------------- templates

export async function requireTemplate(ctx: Pick<QueryCtx, "db">, templateId: Id<"emailTemplates">): Promise<Doc<"emailTemplates">> {
  const template = await ctx.db.get("emailTemplates", templateId);
  if (!template) throw userError("TEMPLATE_NOT_FOUND");
  return template;
}

/** A template's fields, trimmed where spaces mean nothing; refused with every field's reason. */
export function checkTemplate<T extends TemplateText>(input: T): T {
  const { fields, unknownVariable } = templateProblems(input);
  if (Object.keys(fields).length > 0) throw userError(unknownVariable ? "UNKNOWN_TEMPLATE_VARIABLE" : "INVALID_TEMPLATE", fields);
  return { ...input, name: input.name.trim(), subject: input.subject.trim() };
}

/**
 * A template's events are counted under the category its campaigns were made in; once a
 * campaign used it, a new category would split its counts, so it stays.
 */
export async function checkCategoryChange(ctx: Pick<QueryCtx, "db">, template: Doc<"emailTemplates">, category: Doc<"emailTemplates">["category"]) {
  if (category === template.category) return;
  const used = await ctx.db
    .query("emailCampaigns")
    .withIndex("by_template", (q) => q.eq("templateId", template._id))
    .first();
  if (used) throw userError("TEMPLATE_CATEGORY_LOCKED");
}

// ---------------------------------------------------------------- composing

/** "A", "B", ... */
const variantLabel = (index: number) => String.fromCharCode(65 + index);

/**
 * A new campaign's versions: the template's subject and body unless `variants` are given; two or
 * more make an A/B test, which says what they differ in. Any problem, an unknown {{variable}}
 * included, is refused with every field's reason before anything is saved.
 */
export function composeCampaign(
  template: Doc<"emailTemplates">,
  input: { name: string; variants?: { subject: string; body: string }[]; testType?: CampaignTestType },
): { variants: Variant[]; testType?: CampaignTestType } {
  const fields: Record<string, string> = {};
  let unknownVariable = false;
  const name = input.name.trim();
  if (name.length === 0) fields.name = EMAIL_FIELD_MESSAGES.required;
  else if (name.length > TEMPLATE_NAME_MAX) fields.name = EMAIL_FIELD_MESSAGES.tooLong(TEMPLATE_NAME_MAX);
  const versions = input.variants ?? [{ subject: template.subject, body: template.body }];
  const isTest = versions.length >= 2;
  if (versions.length === 0 || versions.length > AB_MAX_VARIANTS) fields.variants = EMAIL_FIELD_MESSAGES.variantCount(AB_MAX_VARIANTS);
  if (isTest && input.testType === undefined) fields.testType = EMAIL_FIELD_MESSAGES.testTypeRequired;
  if (!isTest && input.testType !== undefined) fields.testType = EMAIL_FIELD_MESSAGES.testTypeWithoutTest;
  for (const [index, version] of versions.entries()) {
    const problems = templateProblems({ subject: version.subject, body: version.body });
    unknownVariable ||= problems.unknownVariable;
    for (const [field, message] of Object.entries(problems.fields)) fields[`variants.${index}.${field}`] = message;
  }
  if (Object.keys(fields).length > 0) throw userError(unknownVariable ? "UNKNOWN_TEMPLATE_VARIABLE" : "INVALID_CAMPAIGN", fields);
  return {
    variants: versions.map((version, index) => ({ label: variantLabel(index), subject: version.subject.trim(), body: version.body })),
    ...(isTest ? { testType: input.testType } : {}),
  };
}

/** The web app's origin for {{siteUrl}}: SITE_URL, or empty when unset (links are then paths). */
const siteOrigin = () => siteLink(env.SITE_URL, "");

/** Every link the campaign's e-mails hold, the same for each recipient: what the click route may redirect to. */
export function campaignLinks(variants: readonly Variant[]): string[] {
  return [...new Set(variants.flatMap((variant) => linksIn(renderTemplate(variant.body, { siteUrl: siteOrigin() }))))];
}

// ---------------------------------------------------------------- audiences

type Member = RecipientDetails & { userId?: Id<"users">; subscriberId?: Id<"newsletterSubscribers"> };

function usersOf(db: QueryCtx["db"], audience: Exclude<Audience, { kind: "newsletter" }>) {
  return audience.kind === "tier"
    ? db.query("users").withIndex("by_tier_and_status", (q) => q.eq("tier", audience.tier).eq("status", "active"))
    : db.query("users").withIndex("by_role_and_status", (q) => q.eq("role", audience.role).eq("status", "active"));
}

/** The newsletter list: addresses that confirmed their sign-up (model/newsletter.ts), in the order they confirmed. Pending ones sort first and are left out. */
function confirmedSubscribers(db: QueryCtx["db"]) {
  return db.query("newsletterSubscribers").withIndex("by_confirmed", (q) => q.gt("confirmedAt", 0));
}

const memberOfUser = (user: Doc<"users">): Member => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  tier: TIER_LABELS[user.tier],
  userId: user._id,
});

const memberOfSubscriber = (subscriber: Doc<"newsletterSubscribers">): Member => ({
  email: subscriber.email,
  ...splitName(subscriber.name),
  tier: "",
  subscriberId: subscriber._id,
});

/** One page of an audience, in a stable order, so sending can go on from a cursor. */
export async function audiencePage(db: QueryCtx["db"], audience: Audience, cursor: string | null, numItems: number) {
  if (audience.kind === "newsletter") {
    const { page, isDone, continueCursor } = await confirmedSubscribers(db).paginate({ cursor, numItems });
    return { members: page.map(memberOfSubscriber), isDone, continueCursor };
  }
  const { page, isDone, continueCursor } = await usersOf(db, audience).paginate({ cursor, numItems });
  return { members: page.map(memberOfUser), isDone, continueCursor };
}

/** Counting reads the audience, so it stops here and says so. */
const AUDIENCE_COUNT_CAP = 10_000;

/** How many the audience holds, up to the cap (before suppressions and duplicates are left out). */
export async function audienceSize(db: QueryCtx["db"], audience: Audience): Promise<{ count: number; capped: boolean }> {
  const found = audience.kind === "newsletter" ? await confirmedSubscribers(db).take(AUDIENCE_COUNT_CAP + 1) : await usersOf(db, audience).take(AUDIENCE_COUNT_CAP + 1);
  return { count: Math.min(found.length, AUDIENCE_COUNT_CAP), capped: found.length > AUDIENCE_COUNT_CAP };
}

async function audienceIsEmpty(db: QueryCtx["db"], audience: Audience): Promise<boolean> {
  const first = audience.kind === "newsletter" ? await confirmedSubscribers(db).first() : await usersOf(db, audience).first();
  return first === null;
}

// ---------------------------------------------------------------- sending

/**
 * Why a send or schedule cannot work, checked before anything changes: a campaign already
 * started, no key to sign unsubscribe links with, or nobody to send to. Null when it can.
 */
export async function whyNotSendable(ctx: Pick<QueryCtx, "db">, campaign: Campaign, secret: string | undefined): Promise<ErrorCode | null> {
  if (campaign.status !== "draft" && campaign.status !== "scheduled") return "CAMPAIGN_ALREADY_STARTED";
  if (secret === undefined) return "UNSUBSCRIBE_LINKS_UNAVAILABLE";
  if (await audienceIsEmpty(ctx.db, campaign.audience)) return "EMPTY_AUDIENCE";
  return null;
}

/** From draft or scheduled to sending: the links are fixed now, and the first batch goes at once. */
async function startSending(ctx: MutationCtx, campaign: Campaign, now: number, changes: Partial<Pick<Campaign, "scheduledFor">> = {}): Promise<void> {
  await ctx.db.patch("emailCampaigns", campaign._id, {
    ...changes,
    status: "sending",
    startedAt: now,
    scheduledJobId: undefined,
    cursor: undefined,
    links: campaignLinks(campaign.variants),
  });
  await ctx.scheduler.runAfter(0, internal.campaigns.sendBatch, { campaignId: campaign._id });
}

/** An admin's "send now", also for a scheduled campaign, whose job is then cancelled. */
export async function sendNow(ctx: MutationCtx, campaign: Campaign, secret: string | undefined, now: number): Promise<void> {
  const problem = await whyNotSendable(ctx, campaign, secret);
  if (problem) throw userError(problem);
  if (campaign.scheduledJobId) await ctx.scheduler.cancel(campaign.scheduledJobId);
  await startSending(ctx, campaign, now, { scheduledFor: undefined });
}

/**
 * The scheduled time came. What changed since scheduling (an audience now empty, the secret
 * removed) fails the campaign with the reason, for the admins to see.
 */
export async function startScheduled(ctx: MutationCtx, campaignId: Id<"emailCampaigns">, secret: string | undefined, now: number): Promise<void> {
  const campaign = await ctx.db.get("emailCampaigns", campaignId);
  if (campaign?.status !== "scheduled") return;
  const problem = await whyNotSendable(ctx, campaign, secret);
  if (problem) await ctx.db.patch("emailCampaigns", campaignId, { status: "failed", error: ERROR_MESSAGES[problem], scheduledJobId: undefined });
  else await startSending(ctx, campaign, now);
}

/** Draft or scheduled: (re)scheduled for `sendAt`, the earlier job cancelled. */
export async function scheduleCampaign(ctx: MutationCtx, campaign: Campaign, sendAt: number, secret: string | undefined, now: number): Promise<void> {
  const problem = await whyNotSendable(ctx, campaign, secret);
  if (problem) throw userError(problem);
  if (!Number.isFinite(sendAt) || sendAt <= now) throw userError("SEND_TIME_IN_PAST");
  if (campaign.scheduledJobId) await ctx.scheduler.cancel(campaign.scheduledJobId);
  const scheduledJobId = await ctx.scheduler.runAt(sendAt, internal.campaigns.start, { campaignId: campaign._id });
  await ctx.db.patch("emailCampaigns", campaign._id, { status: "scheduled", scheduledFor: sendAt, scheduledJobId });
}

/** Scheduled goes back to draft; sending stops before its next batch. */
export async function cancelCampaign(ctx: MutationCtx, campaign: Campaign): Promise<void> {
  if (campaign.status === "scheduled") {
    if (campaign.scheduledJobId) await ctx.scheduler.cancel(campaign.scheduledJobId);
    await ctx.db.patch("emailCampaigns", campaign._id, { status: "draft", scheduledFor: undefined, scheduledJobId: undefined });
  } else if (campaign.status === "sending") {
    await ctx.db.patch("emailCampaigns", campaign._id, { status: "cancelled", cursor: null });
  } else {
    throw userError("CAMPAIGN_NOT_CANCELLABLE");
  }
}

/**
 * Variants for `count` new recipients when `already` were assigned before: round-robin from
 * where the last batch stopped, so the split stays even (counts differ by at most one), shuffled
 * so which person gets which is random.
 */
export function assignVariants(count: number, already: number, variants: number, random: () => number = Math.random): number[] {
  const assigned = Array.from({ length: count }, (_, index) => (already + index) % variants);
  for (let index = assigned.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [assigned[index], assigned[other]] = [assigned[other]!, assigned[index]!];
  }
  return assigned;
}

/** 32 random bytes, base64url: names a recipient in the open and click links, never guessable. */
export function recipientToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Links to the http routes (convex/http.ts): absolute on the deployment's site origin. */
const httpLink = (path: string) => siteLink(env.CONVEX_SITE_URL, path);

const UNSUBSCRIBE_PAGE = "/unsubscribe";

/**
 * Queues the next CAMPAIGN_BATCH_SIZE of the audience and schedules the batch after it; the last
 * batch marks the campaign sent. Suppressed addresses and anyone already queued are skipped. A
 * campaign no longer sending (cancelled) is left alone, so no further batch goes out.
 */
export async function sendNextBatch(ctx: MutationCtx, campaignId: Id<"emailCampaigns">, secret: string | undefined, now: number): Promise<void> {
  const campaign = await ctx.db.get("emailCampaigns", campaignId);
  if (campaign?.status !== "sending") return;
  if (secret === undefined) {
    await ctx.db.patch("emailCampaigns", campaignId, { status: "failed", error: ERROR_MESSAGES.UNSUBSCRIBE_LINKS_UNAVAILABLE });
    return;
  }
  const { members, isDone, continueCursor } = await audiencePage(ctx.db, campaign.audience, campaign.cursor ?? null, CAMPAIGN_BATCH_SIZE);
  const fresh: Member[] = [];
  const seen = new Set<string>();
  for (const member of members) {
    const email = normalizeEmail(member.email);
    if (seen.has(email)) continue;
    seen.add(email);
    if (await isSuppressed(ctx, email)) continue;
    const queued = await ctx.db
      .query("campaignRecipients")
      .withIndex("by_campaign_and_email", (q) => q.eq("campaignId", campaignId).eq("email", email))
      .first();
    if (!queued) fresh.push({ ...member, email });
  }
  const variants = assignVariants(fresh.length, campaign.recipientCount, campaign.variants.length);
  for (const [index, member] of fresh.entries()) await queueRecipient(ctx, campaign, member, variants[index]!, secret, now);
  await ctx.db.patch("emailCampaigns", campaignId, {
    recipientCount: campaign.recipientCount + fresh.length,
    cursor: isDone ? null : continueCursor,
    ...(isDone ? { status: "sent" as const, sentAt: now } : {}),
  });
  if (!isDone) await ctx.scheduler.runAfter(0, internal.campaigns.sendBatch, { campaignId });
}

/** One recipient: its row and token, its version rendered for it, and the e-mail queued once per address. */
async function queueRecipient(ctx: MutationCtx, campaign: Campaign, member: Member, variant: number, secret: string, now: number) {
  const { userId, subscriberId, ...details } = member;
  const token = recipientToken();
  const recipientId = await ctx.db.insert("campaignRecipients", {
    campaignId: campaign._id,
    variant,
    email: details.email,
    token,
    ...(userId ? { userId } : {}),
    ...(subscriberId ? { subscriberId } : {}),
  });
  const unsubscribeToken = encodeURIComponent(await signUnsubscribeToken(secret, { email: details.email, campaignId: campaign._id }, now));
  const unsubscribeUrl = siteLink(env.SITE_URL, `${UNSUBSCRIBE_PAGE}?token=${unsubscribeToken}`);
  const values = recipientValues(details, { siteUrl: siteOrigin(), unsubscribeUrl });
  const version = campaign.variants[variant]!;
  const body = renderTemplate(version.body, values);
  const clickUrl = (link: string) => httpLink(`/email/click/${token}?u=${encodeURIComponent(link)}`);
  const outboxId = await queueEmail(
    ctx,
    {
      to: details.email,
      // A line break in a header would end it: a subject is one line.
      subject: renderTemplate(version.subject, values).replace(/\s+/g, " ").trim(),
      text: emailText(body, unsubscribeUrl, { trackedLinks: campaign.links, clickUrl }),
      html: emailHtml(body, {
        trackedLinks: campaign.links,
        clickUrl,
        openPixelUrl: httpLink(`/email/open/${token}`),
        unsubscribeUrl,
      }),
      // RFC 8058 one-click unsubscribe, for mail clients that offer it.
      headers: [
        { name: "List-Unsubscribe", value: `<${httpLink(`/email/unsubscribe?token=${unsubscribeToken}`)}>` },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ],
      template: "campaign",
      campaignRecipientId: recipientId,
    },
    { idempotencyKey: `campaign:${campaign._id}:${details.email}` },
  );
  await ctx.db.patch("campaignRecipients", recipientId, { outboxId });
}

// ---------------------------------------------------------------- A/B tests

/** Ends a finished A/B test: the leading variant wins, with its relative lift over the runner-up. */
export async function endAbTest(ctx: MutationCtx, campaign: Campaign, now: number): Promise<NonNullable<Campaign["abResult"]>> {
  if (campaign.variants.length < 2) throw userError("NOT_AN_AB_TEST");
  if (campaign.abResult) throw userError("AB_TEST_ENDED");
  if (campaign.status !== "sent") throw userError("AB_TEST_NOT_FINISHED");
  const results = await variantResults(ctx, campaign);
  const { leader, runnerUp } = abStanding(results.map((r) => ({ label: r.label, n: r.sent, conversions: r.conversions })));
  const improvement = leader && runnerUp ? relativeLift(leader, runnerUp) : null;
  if (!leader || improvement === null) throw userError("AB_TEST_NO_RESULT");
  const abResult = { winner: leader.label, improvement, completedAt: now };
  await ctx.db.patch("emailCampaigns", campaign._id, { abResult });
  return abResult;
}

// ---------------------------------------------------------------- unsubscribing

const UNSUBSCRIBE_PURPOSE = "unsubscribe";

function unsubscribeKey(secret: string) {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The account link secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return new TextEncoder().encode(secret);
}

/**
 * An unsubscribe link's token: HS256 with the account link secret, subject the address, and the
 * campaign it came from. It does not expire: an unsubscribe link must keep working long after
 * the e-mail was sent.
 */
export async function signUnsubscribeToken(secret: string, claims: { email: string; campaignId: string }, issuedAt: number): Promise<string> {
  return await new SignJWT({ purpose: UNSUBSCRIBE_PURPOSE, campaignId: claims.campaignId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.email)
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .sign(unsubscribeKey(secret));
}

/** Links are short; anything far longer is not one and is not worth decoding. */
const MAX_TOKEN_LENGTH = 2048;

/** The address and campaign of a genuine unsubscribe token; null for anything forged, altered or malformed. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<{ email: string; campaignId: string } | null> {
  const compact = token.trim();
  if (compact.length === 0 || compact.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(compact, unsubscribeKey(secret), { algorithms: ["HS256"], requiredClaims: ["sub"] });
    if (payload.purpose !== UNSUBSCRIBE_PURPOSE || typeof payload.sub !== "string" || typeof payload.campaignId !== "string") return null;
    return { email: payload.sub, campaignId: payload.campaignId };
  } catch {
    return null;
  }
}

/** Puts the token's address on the suppression list (nothing is deleted); refuses a token that is not genuine. */
export async function unsubscribeWithToken(ctx: MutationCtx, secret: string | undefined, token: string, now: number) {
  if (secret === undefined) throw userError("UNSUBSCRIBE_UNAVAILABLE");
  const claims = await verifyUnsubscribeToken(secret, token);
  if (!claims) throw userError("UNSUBSCRIBE_LINK_INVALID");
  const campaignId = ctx.db.normalizeId("emailCampaigns", claims.campaignId);
  const added = await suppress(ctx, { email: claims.email, reason: "unsubscribed", at: now, ...(campaignId ? { campaignId } : {}) });
  return { email: claims.email, alreadyUnsubscribed: !added };
}
