/**
 * Account inactivity (SPEC §4, §9): the daily sweep warns members at day 60 and 80 and deactivates
 * them at day 90 with a reactivation link; the warnings' "Keep my account active" link and the
 * dashboard notice. The sweep reads users.by_status_and_last_active in ranges, a batch at a time,
 * and each stage remembers how far it has looked (inactivitySweeps), so a run reads the accounts
 * that crossed a threshold since the last run, never the whole table.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { env } from "./_generated/server";
import { queueEmail } from "./email";
import { internalMutation, internalQuery, memberMutation, memberQuery, publicMutation } from "./functions";
import { bounded } from "./model/bounds";
import { accountLinkSecret } from "./integrations/config";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import {
  inactivityPolicy,
  INACTIVITY_DEACTIVATION_DAYS,
  INACTIVITY_MESSAGES,
  KEEP_ACTIVE_LINK_TTL_MS,
  nextStage,
  NOTICE_DAYS,
  DAY_MS,
  stageRange,
  warningLevelOf,
  type InactivityWarningLevel,
} from "./model/inactivity";
import { linkMayReactivate } from "./model/accountLinks";
import { KEEP_ACTIVE_PATH, LINK_PURPOSES, signAccountLink, siteLink, verifyAccountLink } from "./model/reactivation";
import { deactivateWithLink, dismissWarnings } from "./reactivation";
import { inactivityStageValidator, inactivityWarningLevelValidator } from "./schema";

/** Accounts per transaction; more are handled by the same job, scheduled again right away. */
export const SWEEP_BATCH = 100;

const statsValidator = v.object({ read: v.number(), deactivated: v.number(), warned: v.number(), skipped: v.number() });
type Stats = typeof statsValidator.type;
const NO_STATS: Stats = { read: 0, deactivated: 0, warned: 0, skipped: 0 };

/**
 * One batch of one stage of a run. The cron starts a run with no arguments; each batch schedules
 * the next (same stage with its cursor, or the next stage) and carries the run's time and totals,
 * which the last batch records (inactivitySweepRuns is for the bench and for admins' curiosity).
 */
export const sweep = internalMutation({
  args: {
    now: v.optional(v.number()),
    stage: v.optional(inactivityStageValidator),
    cursor: v.optional(v.union(v.string(), v.null())),
    totals: v.optional(statsValidator),
  },
  returns: v.object({ stage: inactivityStageValidator, stats: statsValidator, more: v.boolean() }),
  handler: async (ctx, args) => {
    const now = args.now ?? Date.now();
    const stage = args.stage ?? "deactivate";
    const stats: Stats = { ...NO_STATS };
    const watermark = await ctx.db
      .query("inactivitySweeps")
      .withIndex("by_stage", (q) => q.eq("stage", stage))
      .unique();
    stats.read += watermark ? 1 : 0;
    const range = stageRange(stage, now);
    const after = Math.max(range.after ?? -Infinity, watermark?.through ?? -Infinity);
    const page = await ctx.db
      .query("users")
      .withIndex("by_status_and_last_active", (q) => {
        const active = q.eq("status", "active");
        return (Number.isFinite(after) ? active.gt("lastActiveAt", after) : active).lte("lastActiveAt", range.through);
      })
      .paginate({ numItems: SWEEP_BATCH, cursor: args.cursor ?? null });
    stats.read += page.page.length;
    for (const user of page.page) {
      const done = stage === "deactivate" ? await deactivateIdle(ctx, user, now, stats) : await warn(ctx, user, warningLevelOf(stage)!, now, stats);
      if (!done) stats.skipped++;
      else if (stage === "deactivate") stats.deactivated++;
      else stats.warned++;
    }
    const totals = add(args.totals ?? NO_STATS, stats);
    if (!page.isDone) {
      await ctx.scheduler.runAfter(0, internal.inactivity.sweep, { now, stage, cursor: page.continueCursor, totals });
      return { stage, stats, more: true };
    }
    // The stage has looked at everything up to its cutoff: the next run starts after it.
    if (watermark) await ctx.db.patch("inactivitySweeps", watermark._id, { through: range.through });
    else await ctx.db.insert("inactivitySweeps", { stage, through: range.through });
    const following = nextStage(stage);
    if (following) await ctx.scheduler.runAfter(0, internal.inactivity.sweep, { now, stage: following, cursor: null, totals });
    else await ctx.db.insert("inactivitySweepRuns", { runAt: now, finishedAt: Date.now(), ...totals });
    return { stage, stats, more: following !== null };
  },
});

function add(a: Stats, b: Stats): Stats {
  return { read: a.read + b.read, deactivated: a.deactivated + b.deactivated, warned: a.warned + b.warned, skipped: a.skipped + b.skipped };
}

async function deactivateIdle(ctx: MutationCtx, user: Doc<"users">, now: number, stats: Stats): Promise<boolean> {
  const policy = inactivityPolicy(user);
  if (policy === "exempt_coach" || policy === "exempt_paying") return false;
  if (policy === "admin") {
    const admins = await ctx.db
      .query("users")
      .withIndex("by_role_and_status", (q) => q.eq("role", "admin").eq("status", "active"))
      .take(2);
    stats.read += admins.length;
    if (!admins.some((admin) => admin._id !== user._id)) return false;
  }
  await deactivateWithLink(ctx, user, "inactivity_90_days", now);
  return true;
}

/** The day-60 or day-80 warning, once per inactivity period (periodStart = the lastActiveAt it is about). */
async function warn(ctx: MutationCtx, user: Doc<"users">, level: InactivityWarningLevel, now: number, stats: Stats): Promise<boolean> {
  const policy = inactivityPolicy(user);
  if (policy === "exempt_coach" || policy === "exempt_paying") return false;
  const sent = await ctx.db
    .query("inactivityWarnings")
    .withIndex("by_user_period_and_level", (q) => q.eq("userId", user._id).eq("periodStart", user.lastActiveAt).eq("level", level))
    .first();
  stats.read += sent ? 1 : 0;
  if (sent) return false;
  await ctx.db.insert("inactivityWarnings", { userId: user._id, level, periodStart: user.lastActiveAt, sentAt: now });
  const keep = await keepActiveLink(ctx, user, now);
  const deadline = format(new TZDate(user.lastActiveAt + INACTIVITY_DEACTIVATION_DAYS * DAY_MS, user.timezone), "MMMM d, yyyy");
  await queueEmail(
    ctx,
    {
      to: user.email,
      subject: level === 80 ? "A reminder about your LWCC account" : "We miss you at LWCC",
      template: `inactivity_warning_${level}`,
      text: [
        `Hi ${user.firstName || "there"},`,
        "",
        `It's been ${level} days since you last signed in to LWCC. Nothing is wrong, and nothing has changed in your account.`,
        `To keep things tidy, we pause accounts after 90 days without a sign-in; yours would pause around ${deadline}. A paused account keeps its data and can be reactivated for free.`,
        "",
        keep ? `To keep your account active, open this link (one click, no sign-in needed):\n${keep}` : "To keep your account active, simply sign in.",
        "",
        "Or simply sign in whenever you're ready.",
        "",
        "LWCC",
      ].join("\n"),
    },
    { idempotencyKey: `inactivity-warning:${level}:${user._id}:${user.lastActiveAt}` },
  );
  return true;
}

/**
 * The warning's one-click link: a signed token of its own purpose, so it cannot reactivate
 * anything, recorded so that a status change can revoke it.
 */
async function keepActiveLink(ctx: MutationCtx, user: Doc<"users">, now: number): Promise<string | null> {
  const secret = accountLinkSecret();
  if (!secret) return null;
  const jti = crypto.randomUUID();
  const { token, expiresAt } = await signAccountLink(secret, { purpose: LINK_PURPOSES.keepActive, userId: user._id, email: user.email, jti }, now, KEEP_ACTIVE_LINK_TTL_MS);
  await ctx.db.insert("keepActiveLinks", { jti, userId: user._id, issuedAt: now, expiresAt });
  return siteLink(env.SITE_URL, `${KEEP_ACTIVE_PATH}?token=${encodeURIComponent(token)}`);
}

/** The last finished runs, newest first (the bench waits on this). */
export const lastRun = internalQuery({
  args: {},
  returns: v.union(
    v.null(),
    v.object({ runAt: v.number(), finishedAt: v.number(), read: v.number(), deactivated: v.number(), warned: v.number(), skipped: v.number() }),
  ),
  handler: async (ctx) => {
    const run = await ctx.db.query("inactivitySweepRuns").withIndex("by_run_at").order("desc").first();
    return run ? { runAt: run.runAt, finishedAt: run.finishedAt, read: run.read, deactivated: run.deactivated, warned: run.warned, skipped: run.skipped } : null;
  },
});

// ---------------------------------------------------------------- "Keep my account active"

/**
 * The warning e-mail's one-click link: marks the account active now, without signing in. Valid
 * links can be used more than once (it only ever records activity) until a status change revokes
 * them; a paused account is sent to the reactivation page instead, or to a person when an admin
 * paused it.
 */
export const keepActive = publicMutation({
  args: { token: bounded.token() },
  returns: v.union(
    v.object({ ok: v.literal(true), firstName: v.string() }),
    v.object({ ok: v.literal(false), reason: v.union(v.literal("expired"), v.literal("invalid"), v.literal("deactivated"), v.literal("held")), message: v.string() }),
  ),
  handler: async (ctx, { token }) => {
    const secret = accountLinkSecret();
    const now = Date.now();
    const verified = secret ? await verifyAccountLink(secret, token, LINK_PURPOSES.keepActive, now).catch(() => null) : null;
    if (!verified?.ok) {
      const expired = verified?.error === "expired";
      return { ok: false as const, reason: expired ? ("expired" as const) : ("invalid" as const), message: expired ? INACTIVITY_MESSAGES.keepExpired : INACTIVITY_MESSAGES.keepInvalid };
    }
    const userId = ctx.db.normalizeId("users", verified.claims.sub);
    const user = userId ? await ctx.db.get("users", userId) : null;
    const record = await ctx.db
      .query("keepActiveLinks")
      .withIndex("by_jti", (q) => q.eq("jti", verified.claims.jti))
      .unique();
    if (!user || user.anonymizedAt !== undefined || record?.userId !== user._id) return { ok: false as const, reason: "invalid" as const, message: INACTIVITY_MESSAGES.keepInvalid };
    // A paused account hears what it can do now; only an admin's pause needs a person.
    if (user.status !== "active")
      return linkMayReactivate(user)
        ? { ok: false as const, reason: "deactivated" as const, message: INACTIVITY_MESSAGES.keepDeactivated }
        : { ok: false as const, reason: "held" as const, message: INACTIVITY_MESSAGES.keepHeld };
    // Revoked by a status change since it was sent: it no longer speaks for the account.
    if (record.revokedAt !== undefined) return { ok: false as const, reason: "invalid" as const, message: INACTIVITY_MESSAGES.keepInvalid };
    await ctx.db.patch("users", user._id, { lastActiveAt: now });
    await dismissWarnings(ctx, user._id, now);
    return { ok: true as const, firstName: user.firstName };
  },
});

// ---------------------------------------------------------------- the dashboard notice

/** The member's latest inactivity warning still worth a word on the dashboard, or null. */
export const notice = memberQuery({
  args: {},
  returns: v.union(v.null(), v.object({ id: v.id("inactivityWarnings"), level: inactivityWarningLevelValidator, sentAt: v.number() })),
  handler: async (ctx) => {
    const latest = await ctx.db
      .query("inactivityWarnings")
      .withIndex("by_user_and_sent", (q) => q.eq("userId", ctx.viewer._id))
      .order("desc")
      .first();
    // Date.now() in a query is the time it ran; a notice a day too long costs nothing.
    if (!latest || latest.dismissedAt !== undefined || latest.sentAt < Date.now() - NOTICE_DAYS * DAY_MS) return null;
    return { id: latest._id, level: latest.level, sentAt: latest.sentAt };
  },
});

export const dismissNotice = memberMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await dismissWarnings(ctx, ctx.viewer._id, Date.now());
    return null;
  },
});
