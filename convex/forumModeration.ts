/**
 * Forum moderation: coaches and admins hide or restore posts, lock,
 * pin and move threads, delete with a reason, and work through members' reports. Every action is
 * written to the audit log in the same transaction; admins read the log.
 */
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { adminQuery, staffMutation, staffQuery } from "./functions";
import { auditPage, dismissReport as dismissForumReport, hidePost as hideForumPost, moderatorDeletePost, moveThread as moveForumThread, reportQueue, restorePost as restoreForumPost, setThreadFlag } from "./model/forum";
import { forumModerationActionValidator, forumPostStatusValidator, forumReasonArg } from "./schema";

const nameValidator = v.object({ _id: v.id("users"), name: v.string() });

/** Open reports, oldest first, grouped per post: the queue moderators work through. */
export const queue = staffQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(
    v.object({
      reportId: v.id("forumReports"),
      postId: v.id("forumPosts"),
      threadId: v.id("forumThreads"),
      threadTitle: v.string(),
      opening: v.boolean(),
      excerpt: v.string(),
      postStatus: forumPostStatusValidator,
      author: nameValidator,
      reporter: nameValidator,
      reason: forumReasonArg,
      createdAt: v.number(),
      /** Open reports on the same post, this one included. */
      openReports: v.number(),
    }),
  ),
  handler: (ctx, { paginationOpts }) => reportQueue(ctx, paginationOpts),
});

/** Hides a post from members (an opening post hides its thread) and resolves its open reports. */
export const hidePost = staffMutation({
  args: { postId: v.id("forumPosts"), reason: forumReasonArg },
  returns: v.null(),
  handler: async (ctx, args) => {
    await hideForumPost(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Shows a hidden post again. */
export const restorePost = staffMutation({
  args: { postId: v.id("forumPosts"), reason: v.optional(forumReasonArg) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await restoreForumPost(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Deletes a post for everyone (an opening post deletes its thread), with a reason; resolves its reports. */
export const deletePost = staffMutation({
  args: { postId: v.id("forumPosts"), reason: forumReasonArg },
  returns: v.null(),
  handler: async (ctx, args) => {
    await moderatorDeletePost(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Locks or unlocks a thread: a locked thread takes replies from staff only. */
export const setLocked = staffMutation({
  args: { threadId: v.id("forumThreads"), locked: v.boolean(), reason: v.optional(forumReasonArg) },
  returns: v.null(),
  handler: async (ctx, { threadId, locked, reason }) => {
    await setThreadFlag(ctx, ctx.viewer, "locked", { threadId, value: locked, reason }, Date.now());
    return null;
  },
});

/** Pins or unpins a thread: pinned threads head their category. */
export const setPinned = staffMutation({
  args: { threadId: v.id("forumThreads"), pinned: v.boolean(), reason: v.optional(forumReasonArg) },
  returns: v.null(),
  handler: async (ctx, { threadId, pinned, reason }) => {
    await setThreadFlag(ctx, ctx.viewer, "pinned", { threadId, value: pinned, reason }, Date.now());
    return null;
  },
});

/** Moves a thread to another category, keeping both categories' counts right. */
export const moveThread = staffMutation({
  args: { threadId: v.id("forumThreads"), categoryId: v.id("forumCategories"), reason: v.optional(forumReasonArg) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await moveForumThread(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Closes a report without acting on the post. */
export const dismissReport = staffMutation({
  args: { reportId: v.id("forumReports"), reason: v.optional(forumReasonArg) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await dismissForumReport(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Every moderation action, newest first, for admins. */
export const auditLog = adminQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(
    v.object({
      _id: v.id("forumAudit"),
      action: forumModerationActionValidator,
      actor: nameValidator,
      threadId: v.id("forumThreads"),
      threadTitle: v.string(),
      postId: v.optional(v.id("forumPosts")),
      reason: v.optional(forumReasonArg),
      fromCategory: v.optional(v.string()),
      toCategory: v.optional(v.string()),
      at: v.number(),
    }),
  ),
  handler: (ctx, { paginationOpts }) => auditPage(ctx, paginationOpts),
});
