/**
 * The notification panel and centre (/dashboard/notifications): a member's own notifications,
 * reading them, and their preferences. Notifications are created by the events themselves
 * (model/notifications.ts `notify`); admins can also send a system alert.
 */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { adminMutation, internalMutation, memberMutation, memberQuery } from "./functions";
import { COUNT_CAP } from "./model/dashboard";
import { userError } from "./model/errors";
import { NOTIFICATIONS_VISIBLE, notificationPreferences, notify } from "./model/notifications";
import { notificationFields, notificationPreferenceFields, notificationPriorityValidator } from "./schema";

/** Notifications marked read per transaction; more continue in a scheduled follow-up. */
const MARK_READ_BATCH = 200;
const ALERT_TITLE_MAX = 120;
const ALERT_MESSAGE_MAX = 1000;

const notificationValidator = v.object(withSystemFields("notifications", notificationFields));
const preferencesValidator = v.object(notificationPreferenceFields).omit("userId");

/** The caller's notifications, newest first. */
export const list = memberQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(notificationValidator),
  handler: (ctx, { paginationOpts }) =>
    ctx.db
      .query("notifications")
      .withIndex("by_user_and_time", (q) => q.eq("userId", ctx.viewer._id))
      .order("desc")
      .paginate(paginationOpts),
});

/**
 * The panel: the newest NOTIFICATIONS_VISIBLE unread notifications and how many are unread,
 * counted up to COUNT_CAP + 1 (the client shows "99+" past COUNT_CAP).
 */
export const recent = memberQuery({
  args: {},
  returns: v.object({
    items: v.array(notificationValidator),
    unreadCount: v.number(),
  }),
  handler: async (ctx) => {
    const unread = await ctx.db
      .query("notifications")
      .withIndex("by_user_read_and_time", (q) => q.eq("userId", ctx.viewer._id).eq("read", false))
      .order("desc")
      .take(COUNT_CAP + 1);
    return {
      items: unread.slice(0, NOTIFICATIONS_VISIBLE),
      unreadCount: unread.length,
    };
  },
});

/** Marks one of the caller's notifications read; anyone else's is reported as missing. */
export const markRead = memberMutation({
  args: { notificationId: v.id("notifications") },
  returns: v.null(),
  handler: async (ctx, { notificationId }) => {
    const notification = await ctx.db.get("notifications", notificationId);
    if (!notification || notification.userId !== ctx.viewer._id) throw userError("NOTIFICATION_NOT_FOUND");
    if (!notification.read) await ctx.db.patch("notifications", notificationId, { read: true });
    return null;
  },
});

/** Marks every unread notification the caller had at this moment read. */
export const markAllRead = memberMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await markReadUpTo(ctx, ctx.viewer._id, Date.now());
    return null;
  },
});

/** The follow-up of markAllRead for members with more than one batch unread. */
export const markReadBatch = internalMutation({
  args: { userId: v.id("users"), before: v.number() },
  returns: v.null(),
  handler: async (ctx, { userId, before }) => {
    await markReadUpTo(ctx, userId, before);
    return null;
  },
});

async function markReadUpTo(ctx: MutationCtx, userId: Id<"users">, before: number) {
  const batch = await ctx.db
    .query("notifications")
    .withIndex("by_user_read_and_time", (q) => q.eq("userId", userId).eq("read", false).lte("timestamp", before))
    .take(MARK_READ_BATCH);
  for (const notification of batch) await ctx.db.patch("notifications", notification._id, { read: true });
  if (batch.length === MARK_READ_BATCH)
    await ctx.scheduler.runAfter(0, internal.notifications.markReadBatch, {
      userId,
      before,
    });
}

/** The caller's choices, or the defaults when they have not chosen. */
export const preferences = memberQuery({
  args: {},
  returns: preferencesValidator,
  handler: (ctx) => notificationPreferences(ctx, ctx.viewer._id),
});

export const savePreferences = memberMutation({
  args: preferencesValidator.fields,
  returns: v.null(),
  handler: async (ctx, preferences) => {
    const existing = await ctx.db
      .query("notificationPreferences")
      .withIndex("by_user", (q) => q.eq("userId", ctx.viewer._id))
      .unique();
    if (existing) await ctx.db.patch("notificationPreferences", existing._id, preferences);
    else
      await ctx.db.insert("notificationPreferences", {
        userId: ctx.viewer._id,
        ...preferences,
      });
    return null;
  },
});

/** An admin's message to one member. System alerts arrive whatever the member's preferences. */
export const systemAlert = adminMutation({
  args: {
    userId: v.id("users"),
    title: bounded.line(ALERT_TITLE_MAX),
    message: bounded.text(ALERT_MESSAGE_MAX),
    priority: notificationPriorityValidator,
  },
  returns: v.id("notifications"),
  handler: async (ctx, { userId, title, message, priority }) => {
    const fields: Record<string, string> = {};
    const cleanTitle = title.trim();
    const cleanMessage = message.trim();
    if (!cleanTitle || cleanTitle.length > ALERT_TITLE_MAX) fields.title = `Please enter a title of up to ${ALERT_TITLE_MAX} characters.`;
    if (!cleanMessage || cleanMessage.length > ALERT_MESSAGE_MAX)
      fields.message = `Please enter a message of up to ${ALERT_MESSAGE_MAX} characters.`;
    if (Object.keys(fields).length > 0) throw userError("INVALID_INPUT", fields);
    if (!(await ctx.db.get("users", userId))) throw userError("NOT_FOUND");
    const id = await notify(
      ctx,
      userId,
      {
        type: "system_alert",
        priority,
        title: cleanTitle,
        message: cleanMessage,
      },
      { now: Date.now() },
    );
    // notify() never silences a system alert.
    return id!;
  },
});
