/**
 * Reactivation links (SPEC §2, §3, §4, §5, §7, §8): issued when an account is deactivated for
 * inactivity or because its plan ended, checked and used on /account/reactivate (which works
 * without signing in), and asked for again by e-mail. A link is a signed JWT bound to one account,
 * valid 24 hours and single use: its jti is marked used in the mutation that reactivates, so of two
 * tabs using one link at once exactly one succeeds (Convex mutations are serializable).
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { env } from "./_generated/server";
import { queueEmail } from "./email";
import { internalMutation, publicMutation } from "./functions";
import { accountLinkSecret } from "./integrations/config";
import { LINK_REACTIVATABLE_REASONS, linkMayReactivate } from "./model/accountLinks";
import { bounded, LIMITS } from "./model/bounds";
import { userError } from "./model/errors";
import { RETENTION_DAYS } from "./model/inactivity";
import { formatPrice } from "./model/products";
import { enforceRateLimits, takeRateLimit } from "./model/rateLimits";
import {
  checkoutUrl,
  failureHeading,
  isSecurityViolation,
  LINK_PURPOSES,
  NEAR_EXPIRY_MS,
  REACTIVATE_PATH,
  REACTIVATION_ERROR_TYPES,
  REACTIVATION_LINK_TTL_MS,
  REACTIVATION_MESSAGES,
  safeNextUrl,
  securityLevelOf,
  signAccountLink,
  siteLink,
  stripePricing,
  tokenFingerprint,
  unverifiedClaims,
  UPGRADE_CYCLES,
  UPGRADE_TIERS,
  verifyAccountLink,
  type AccountLinkClaims,
  type ReactivationErrorType,
  type UpgradeCycle,
  type UpgradeTier,
} from "./model/reactivation";
import { findUserByEmail, normalizeEmail } from "./model/users";
import { deactivationReasonValidator } from "./schema";
import { applyStatus } from "./users";

const literals = <T extends string>(values: readonly T[]) => v.union(...values.map((value) => v.literal(value)));
const errorTypeValidator = literals(REACTIVATION_ERROR_TYPES);
const tierValidator = literals(UPGRADE_TIERS);
const cycleValidator = literals(UPGRADE_CYCLES);
const cyclePrices = v.object({ monthly: v.optional(v.number()), quarterly: v.optional(v.number()) });
const pricingValidator = v.object({ clarity: cyclePrices, control: cyclePrices, mastery: cyclePrices });

/** Tokens removed per run of the "token expiry" job before it schedules the next batch. */
const EXPIRY_BATCH = 200;

// ---------------------------------------------------------------- issuing

/**
 * A new single-use link for `user`, its jti recorded in this transaction. Null when no signing
 * secret is configured (ACCOUNT_LINK_SECRET): the caller still deactivates, the e-mail says how
 * to ask for a link, and the error is logged for whoever deploys.
 */
export async function issueReactivationLink(ctx: MutationCtx, user: Doc<"users">, now = Date.now()): Promise<{ token: string; expiresAt: number; url: string } | null> {
  const secret = accountLinkSecret();
  if (!secret) {
    console.error("ACCOUNT_LINK_SECRET is not set: no reactivation link was made.");
    return null;
  }
  const jti = crypto.randomUUID();
  const { token, expiresAt } = await signAccountLink(secret, { purpose: LINK_PURPOSES.reactivation, userId: user._id, email: user.email, jti }, now, REACTIVATION_LINK_TTL_MS);
  await ctx.db.insert("reactivationTokens", { jti, userId: user._id, issuedAt: now, expiresAt });
  return { token, expiresAt, url: siteLink(env.SITE_URL, `${REACTIVATE_PATH}?token=${encodeURIComponent(token)}`) };
}

type LinkReason = "inactivity_90_days" | "subscription_cancelled" | "requested" | "other";

/** Where a member paused for a reason no link may undo asks for their account back. */
const SUPPORT_PATH = "/contact?subject=support";

function reactivationEmail(user: Doc<"users">, reason: LinkReason, link: string | null) {
  const requestPage = siteLink(env.SITE_URL, REACTIVATE_PATH);
  const kept = user.tier === "foundation" ? `kept for ${RETENTION_DAYS} days` : "kept";
  const opening = {
    inactivity_90_days: `We haven't seen you for 90 days, so we paused your account. Nothing is lost: your sessions, notes and action items are ${kept}.`,
    subscription_cancelled: `Your plan has ended, so we paused your account. Your sessions, notes and action items are ${kept}.`,
    requested: "Here is the new reactivation link you asked for.",
    other: `We have paused your LWCC account. Nothing is lost: your sessions, notes and action items are ${kept}.`,
  }[reason];
  const pricing = stripePricing();
  const plans = UPGRADE_TIERS.map((tier) => {
    const prices = pricing[tier];
    const name = tier.charAt(0).toUpperCase() + tier.slice(1);
    return `- ${name}: ${[prices.monthly !== undefined ? `${formatPrice(prices.monthly)} a month` : null, prices.quarterly !== undefined ? `${formatPrice(prices.quarterly)} a quarter` : null].filter(Boolean).join(" or ")}`;
  });
  const upgrades = user.deactivationReason === "subscription_cancelled" ? ["", "On the same page you can go straight to a plan:", ...plans] : [];
  const body = reason === "other"
    ? [`To restore it, write to us at ${siteLink(env.SITE_URL, SUPPORT_PATH)} and we will reply within 24 hours.`]
    : link
    ? ["Reactivate your account for free with this link:", link, "", `The link works once and is valid for 24 hours. If it has expired, ask for a new one at ${requestPage}.`]
    : [`To reactivate your account for free, ask for a link at ${requestPage}.`];
  return {
    subject: reason === "requested" ? "Your new LWCC reactivation link" : reason === "subscription_cancelled" ? "Your LWCC plan has ended" : "Your LWCC account is paused",
    template: `reactivation_${reason}`,
    text: [`Hi ${user.firstName || "there"},`, "", opening, "", ...body, ...upgrades, "", "LWCC"].join("\n"),
  };
}

/**
 * The e-mail after an admin's deactivation (users.setStatus, which schedules this in its own
 * transaction): the same words and link as the sweep's and the webhook's for a reason a link may
 * undo, the way to support for the others. Nothing when the account is active again by now.
 */
export const announceDeactivation = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (!user || user.status !== "deactivated" || user.deactivatedAt === undefined || user.anonymizedAt !== undefined) return null;
    const reason = user.deactivationReason ?? "other";
    const key = `deactivated:${reason}:${user._id}:${user.deactivatedAt}`;
    if (reason === "other") {
      await queueEmail(ctx, { to: user.email, ...reactivationEmail(user, "other", null) }, { idempotencyKey: key });
      return null;
    }
    const link = await issueReactivationLink(ctx, user);
    await queueEmail(ctx, { to: user.email, ...reactivationEmail(user, reason, link?.url ?? null) }, { idempotencyKey: key });
    return null;
  },
});

/**
 * Deactivates through users.applyStatus (so the identity provider ends the account's sessions)
 * and e-mails a reactivation link, in one transaction.
 */
export async function deactivateWithLink(ctx: MutationCtx, user: Doc<"users">, reason: "inactivity_90_days" | "subscription_cancelled", now = Date.now()) {
  await applyStatus(ctx, user, "deactivated", reason);
  const deactivated = { ...user, status: "deactivated" as const, deactivationReason: reason, deactivatedAt: now };
  const link = await issueReactivationLink(ctx, deactivated, now);
  await queueEmail(ctx, { to: user.email, ...reactivationEmail(deactivated, reason, link?.url ?? null) }, { idempotencyKey: `deactivated:${reason}:${user._id}:${now}` });
}

// ---------------------------------------------------------------- checking

type Evaluation =
  | { ok: true; claims: AccountLinkClaims; user: Doc<"users">; record: Doc<"reactivationTokens"> }
  | { ok: false; error: ReactivationErrorType; claims?: AccountLinkClaims };

/** Every check a link goes through, in order, each failure with its SPEC §8 reason. */
async function evaluate(ctx: MutationCtx, viewer: Doc<"users"> | null, token: string, now: number): Promise<Evaluation> {
  const secret = accountLinkSecret();
  if (!secret) return { ok: false, error: "system_error" };
  const verified = await verifyAccountLink(secret, token, LINK_PURPOSES.reactivation, now);
  if (!verified.ok) return verified;
  const { claims } = verified;
  const userId = ctx.db.normalizeId("users", claims.sub);
  const record = await ctx.db
    .query("reactivationTokens")
    .withIndex("by_jti", (q) => q.eq("jti", claims.jti))
    .unique();
  const user = userId ? await ctx.db.get("users", userId) : null;
  // Signed by us but unknown: a link whose account or record is gone.
  if (!userId || !record || record.userId !== userId || !user || user.anonymizedAt !== undefined) return { ok: false, error: "default", claims };
  if (viewer && viewer._id !== user._id) return { ok: false, error: "wrong_account", claims };
  if (record.usedAt !== undefined) return { ok: false, error: "already_used", claims };
  // Revoked by a later status change, or the account is paused for a reason only a person may
  // undo: the link is simply no longer valid. "default" says that and nothing untrue (it was not
  // used, nor did its 24 hours run out).
  if (record.revokedAt !== undefined || !linkMayReactivate(user)) return { ok: false, error: "default", claims };
  return { ok: true, claims, user, record };
}

/**
 * Logs a tampered link or another account's link, once per link and kind. A flood of forged links
 * is capped (securityIncidentsOverall) so it cannot fill the log; the page says the same either way.
 */
async function logIncident(ctx: MutationCtx, kind: "invalid_signature" | "wrong_account", token: string, viewer: Doc<"users"> | null, claims: AccountLinkClaims | undefined, now: number) {
  const fingerprint = await tokenFingerprint(token);
  const seen = await ctx.db
    .query("securityIncidents")
    .withIndex("by_fingerprint_and_kind", (q) => q.eq("tokenFingerprint", fingerprint).eq("kind", kind))
    .first();
  if (seen || !(await takeRateLimit(ctx, "securityIncidentsOverall"))) return;
  const claimed = claims ? { sub: claims.sub, email: claims.email } : unverifiedClaims(token);
  await ctx.db.insert("securityIncidents", {
    kind,
    at: now,
    tokenFingerprint: fingerprint,
    ...(claimed.sub ? { claimedUserId: claimed.sub } : {}),
    ...(claimed.email ? { claimedEmail: claimed.email } : {}),
    ...(viewer ? { viewerId: viewer._id } : {}),
    detail: kind === "invalid_signature" ? "A reactivation link with a signature that does not match was opened." : "A reactivation link for another account was opened while signed in.",
  });
}

const failureFields = {
  errorType: errorTypeValidator,
  errorMessage: v.string(),
  heading: v.string(),
  securityViolation: v.boolean(),
};

function failure(error: ReactivationErrorType) {
  return { errorType: error, errorMessage: REACTIVATION_MESSAGES.errors[error], heading: failureHeading(error), securityViolation: isSecurityViolation(error) };
}

/** The reactivation data of SPEC §3 for one link. */
const reactivationDataValidator = v.object({
  status: v.union(v.literal("valid"), v.literal("invalid")),
  signedIn: v.boolean(),
  token: v.string(),
  tokenPayload: v.union(v.null(), v.object({ email: v.string() })),
  expiresAt: v.union(v.null(), v.number()),
  timeRemaining: v.union(v.null(), v.number()),
  isNearExpiry: v.boolean(),
  deactivationInfo: v.union(v.null(), v.object({ reason: v.union(v.null(), deactivationReasonValidator), deactivatedAt: v.union(v.null(), v.number()) })),
  user: v.union(v.null(), v.object({ firstName: v.string(), email: v.string(), active: v.boolean() })),
  nextUrl: v.string(),
  stripePricing: v.union(v.null(), pricingValidator),
  securityLevel: v.union(v.literal("standard"), v.literal("elevated"), v.literal("violation")),
  errorType: v.union(v.null(), errorTypeValidator),
  errorMessage: v.union(v.null(), v.string()),
  heading: v.union(v.null(), v.string()),
  securityViolation: v.boolean(),
  tokenValidation: v.object({ error: v.union(v.null(), errorTypeValidator) }),
});

/**
 * What /account/reactivate shows for a link, without using it. A mutation, not a query, because
 * opening a tampered link or another account's link is logged right away.
 */
export const check = publicMutation({
  args: { token: bounded.token(), nextUrl: v.optional(bounded.token(LIMITS.url)) },
  returns: reactivationDataValidator,
  handler: async (ctx, { token, nextUrl }) => {
    const now = Date.now();
    const evaluation = await guarded(() => evaluate(ctx, ctx.viewer, token, now));
    const base = { signedIn: ctx.viewer !== null, token, nextUrl: safeNextUrl(nextUrl) };
    if (!evaluation.ok) {
      if (isSecurityViolation(evaluation.error)) await logIncident(ctx, evaluation.error, token, ctx.viewer, evaluation.claims, now);
      const failed = failure(evaluation.error);
      return {
        ...base,
        status: "invalid" as const,
        tokenPayload: null,
        expiresAt: null,
        timeRemaining: null,
        isNearExpiry: false,
        deactivationInfo: null,
        user: null,
        stripePricing: null,
        securityLevel: securityLevelOf(evaluation.error),
        ...failed,
        tokenValidation: { error: evaluation.error },
      };
    }
    const { user, claims } = evaluation;
    const expiresAt = claims.exp * 1000;
    const timeRemaining = Math.max(0, expiresAt - now);
    return {
      ...base,
      status: "valid" as const,
      tokenPayload: { email: claims.email },
      expiresAt,
      timeRemaining,
      isNearExpiry: timeRemaining <= NEAR_EXPIRY_MS,
      deactivationInfo: { reason: user.deactivationReason ?? null, deactivatedAt: user.deactivatedAt ?? null },
      user: { firstName: user.firstName, email: user.email, active: user.status === "active" },
      stripePricing: user.deactivationReason === "subscription_cancelled" ? stripePricing() : null,
      securityLevel: securityLevelOf(undefined),
      errorType: null,
      errorMessage: null,
      heading: null,
      securityViolation: false,
      tokenValidation: { error: null },
    };
  },
});

/** An unexpected failure while checking (a broken key, a crypto error) is system_error, not a crash. */
async function guarded(run: () => Promise<Evaluation>): Promise<Evaluation> {
  try {
    return await run();
  } catch (error) {
    console.error("Checking a reactivation link failed", error);
    return { ok: false, error: "system_error" };
  }
}

/**
 * The reactivation form (SPEC §7): token, nextUrl, optional action (reactivate or upgrade), tier
 * and billingCycle. A valid link reactivates for free; "upgrade" then continues to the checkout of
 * that plan. The link's use is recorded in this same transaction.
 */
export const reactivate = publicMutation({
  args: {
    token: bounded.token(),
    nextUrl: v.optional(bounded.token(LIMITS.url)),
    action: v.optional(v.union(v.literal("reactivate"), v.literal("upgrade"))),
    tier: v.optional(tierValidator),
    billingCycle: v.optional(cycleValidator),
  },
  returns: v.union(
    v.object({ ok: v.literal(true), redirectTo: v.string(), signedIn: v.boolean(), email: v.string() }),
    v.object({ ok: v.literal(false), ...failureFields }),
  ),
  handler: async (ctx, { token, nextUrl, action, tier, billingCycle }) => {
    const upgrade = action === "upgrade" ? requireUpgradeChoice(tier, billingCycle) : null;
    const now = Date.now();
    const evaluation = await guarded(() => evaluate(ctx, ctx.viewer, token, now));
    if (!evaluation.ok) {
      if (isSecurityViolation(evaluation.error)) await logIncident(ctx, evaluation.error, token, ctx.viewer, evaluation.claims, now);
      return { ok: false as const, ...failure(evaluation.error) };
    }
    const { user, record } = evaluation;
    if (upgrade) {
      if (user.deactivationReason !== "subscription_cancelled") throw userError("INVALID_INPUT", { action: "Choosing a plan here is for accounts whose plan has ended." });
      if (stripePricing()[upgrade.tier][upgrade.cycle] === undefined) throw userError("INVALID_INPUT", { billingCycle: "That plan has no price for this billing cycle." });
    }
    await ctx.db.patch("reactivationTokens", record._id, { usedAt: now });
    if (user.status !== "active") await applyStatus(ctx, user, "active", "other");
    // Any pending "inactive" notice is moot now.
    await dismissWarnings(ctx, user._id, now);
    return { ok: true as const, redirectTo: upgrade ? checkoutUrl(upgrade.tier, upgrade.cycle) : safeNextUrl(nextUrl), signedIn: ctx.viewer !== null, email: user.email };
  },
});

function requireUpgradeChoice(tier: UpgradeTier | undefined, cycle: UpgradeCycle | undefined) {
  const fields: Record<string, string> = {};
  if (!tier) fields.tier = "Choose a plan: Clarity, Control or Mastery.";
  if (!cycle) fields.billingCycle = "Choose monthly or quarterly billing.";
  if (!tier || !cycle) throw userError("INVALID_INPUT", fields);
  return { tier, cycle };
}

/** Marks the member's open inactivity warnings as handled (also used by "Keep my account active"). */
export async function dismissWarnings(ctx: MutationCtx, userId: Id<"users">, now: number) {
  const open = await ctx.db
    .query("inactivityWarnings")
    .withIndex("by_user_and_sent", (q) => q.eq("userId", userId))
    .order("desc")
    .take(4);
  for (const warning of open) if (warning.dismissedAt === undefined) await ctx.db.patch("inactivityWarnings", warning._id, { dismissedAt: now });
}

const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export const REQUEST_LINK_MESSAGES = {
  sent: "If that address belongs to a paused account, a new reactivation link is on its way. It works once and is valid for 24 hours.",
  invalidEmail: "Please enter a valid email address.",
  rateLimited: "You've asked for a few links already. Please wait a little before asking again.",
} as const;

/**
 * "Alternative reactivation": a new link by e-mail. The answer is the same whether or not the
 * address has an account (and the limit is per address typed), so it reveals nothing; only a
 * paused account with a reason that comes with links gets one.
 */
export const requestLink = publicMutation({
  args: { email: bounded.line(LIMITS.email) },
  returns: v.object({ message: v.string() }),
  handler: async (ctx, args) => {
    const email = normalizeEmail(args.email);
    if (!EMAIL_PATTERN.test(email) || email.length > 254) throw userError("INVALID_INPUT", { email: REQUEST_LINK_MESSAGES.invalidEmail });
    await enforceRateLimits(
      ctx,
      [{ name: "reactivationLinkPerEmail", key: email }, { name: "reactivationLinkOverall" }],
      REQUEST_LINK_MESSAGES.rateLimited,
    );
    const user = await findUserByEmail(ctx.db, email);
    if (user && user.status === "deactivated" && LINK_REACTIVATABLE_REASONS.has(user.deactivationReason) && user.anonymizedAt === undefined) {
      const link = await issueReactivationLink(ctx, user);
      if (link) await queueEmail(ctx, { to: user.email, ...reactivationEmail(user, "requested", link.url) });
    }
    return { message: REQUEST_LINK_MESSAGES.sent };
  },
});

/**
 * "token expiry": removes expired link records (reactivation, then keep-active), a batch at a
 * time, by their expiry index.
 */
export const removeExpiredTokens = internalMutation({
  args: {},
  returns: v.object({ removed: v.number(), more: v.boolean() }),
  handler: async (ctx) => {
    const now = Date.now();
    const expired = await ctx.db
      .query("reactivationTokens")
      .withIndex("by_expires", (q) => q.lt("expiresAt", now))
      .take(EXPIRY_BATCH);
    for (const token of expired) await ctx.db.delete("reactivationTokens", token._id);
    const keepLinks = await ctx.db
      .query("keepActiveLinks")
      .withIndex("by_expires", (q) => q.lt("expiresAt", now))
      .take(EXPIRY_BATCH - expired.length);
    for (const link of keepLinks) await ctx.db.delete("keepActiveLinks", link._id);
    const more = expired.length + keepLinks.length === EXPIRY_BATCH;
    if (more) await ctx.scheduler.runAfter(0, internal.reactivation.removeExpiredTokens, {});
    return { removed: expired.length + keepLinks.length, more };
  },
});
