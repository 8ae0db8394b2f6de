/**
 * Retention (SPEC §9, docs/architecture.md "Account lifecycle"): a deactivated Foundation account
 * keeps everything for 90 days, then this daily job removes the person's own personal data and
 * nothing that belongs to anyone else. Conservative by design:
 * - the users row stays (sessions, action items, a coach's notes and the ledger point at it), with
 *   name, e-mail and sign-in link replaced: "Former member", removed+<id>@deleted.invalid, no token,
 *   no forum name (which frees it for someone else);
 * - removed: the account's reactivation and keep-active link records, inactivity warnings, its own notifications
 *   and notification preferences, its calendar feed link, its nudge choice and its nudges;
 * - kept: sessions, bookings, action items, transcripts, recordings (shared with the coach), the
 *   time ledger, orders, payments and subscriptions (accounting), contact messages and the e-mail
 *   outbox (the admins' records).
 * Accounts on any other tier, or with no deactivation time, are never touched here.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { DAY_MS, RETENTION_DAYS, retentionDue } from "./model/inactivity";

const BATCH = 50;
/** Rows of one table removed per transaction in the follow-up job. */
const REMOVE_BATCH = 200;

export const ANONYMIZED_NAME = { firstName: "Former", lastName: "member" } as const;

export const cleanUp = internalMutation({
  args: { now: v.optional(v.number()), cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ anonymized: v.number(), more: v.boolean() }),
  handler: async (ctx, args) => {
    const now = args.now ?? Date.now();
    const page = await ctx.db
      .query("users")
      .withIndex("by_status_anonymized_and_deactivated", (q) =>
        q.eq("status", "deactivated").eq("anonymizedAt", undefined).lte("deactivatedAt", now - RETENTION_DAYS * DAY_MS),
      )
      .paginate({ numItems: BATCH, cursor: args.cursor ?? null });
    let anonymized = 0;
    for (const user of page.page) {
      if (!retentionDue(user, now)) continue;
      await ctx.db.patch("users", user._id, {
        ...ANONYMIZED_NAME,
        email: `removed+${user._id}@deleted.invalid`,
        forumName: undefined,
        forumNameKey: undefined,
        tokenIdentifier: undefined,
        anonymizedAt: now,
      });
      await ctx.scheduler.runAfter(0, internal.retention.removeOwnData, { userId: user._id });
      anonymized++;
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.retention.cleanUp, { now, cursor: page.continueCursor });
    return { anonymized, more: !page.isDone };
  },
});

/** The anonymised account's own rows, a batch per table at a time, until none are left. */
export const removeOwnData = internalMutation({
  args: { userId: v.id("users") },
  returns: v.object({ removed: v.number(), more: v.boolean() }),
  handler: async (ctx, { userId }) => {
    const tokens = await ctx.db.query("reactivationTokens").withIndex("by_user_and_expires", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of tokens) await ctx.db.delete("reactivationTokens", row._id);
    const keepLinks = await ctx.db.query("keepActiveLinks").withIndex("by_user_and_expires", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of keepLinks) await ctx.db.delete("keepActiveLinks", row._id);
    const warnings = await ctx.db.query("inactivityWarnings").withIndex("by_user_and_sent", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of warnings) await ctx.db.delete("inactivityWarnings", row._id);
    const notifications = await ctx.db.query("notifications").withIndex("by_user_and_time", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of notifications) await ctx.db.delete("notifications", row._id);
    const preferences = await ctx.db.query("notificationPreferences").withIndex("by_user", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of preferences) await ctx.db.delete("notificationPreferences", row._id);
    const feeds = await ctx.db.query("calendarFeeds").withIndex("by_user", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of feeds) await ctx.db.delete("calendarFeeds", row._id);
    const nudgeSettings = await ctx.db.query("nudgeSettings").withIndex("by_user", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of nudgeSettings) await ctx.db.delete("nudgeSettings", row._id);
    const nudges = await ctx.db.query("nudges").withIndex("by_user_and_sent", (q) => q.eq("userId", userId)).take(REMOVE_BATCH);
    for (const row of nudges) await ctx.db.delete("nudges", row._id);
    const batches = [tokens, keepLinks, warnings, notifications, preferences, feeds, nudgeSettings, nudges];
    const removed = batches.reduce((sum, rows) => sum + rows.length, 0);
    const more = batches.some((rows) => rows.length === REMOVE_BATCH);
    if (more) await ctx.scheduler.runAfter(0, internal.retention.removeOwnData, { userId });
    return { removed, more };
  },
});
