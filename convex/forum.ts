/**
 * The community forum for members: categories, threads, replies, reactions, following,
 * unread markers, search and reports. Everyone signed in reads (guests too); posting needs a
 * writer who has joined the forum with a forum name. Hidden categories, hidden posts and
 * moderation fields are for staff only. Rules: model/forumRules.ts (pure) and model/forum.ts.
 * Moderation is in forumModeration.ts.
 */
import { paginationResultValidator } from "convex/server";
import { bounded, LIMITS } from "./model/bounds";
import { v } from "convex/values";
import {
  internalMutation,
  internalQuery,
  memberMutation,
  memberQuery,
  publicQuery,
  sharedMemberQuery,
  standingValidator,
  writerMutation,
} from "./functions";
import {
  categoriesFor,
  categoryBySlug,
  createThread as createForumThread,
  deleteOwnPost,
  editPost as editForumPost,
  joinForum,
  markRead as markThreadRead,
  myPostStates as ownPostStates,
  myThreadStates as ownThreadStates,
  notifyPost as notifyForumPost,
  postsPage,
  recentPublicThreads,
  replyTo,
  reportPost,
  searchPosts,
  seenBy,
  setFollowed,
  standingOf,
  threadHeading,
  threadsPage,
  toggleReaction,
} from "./model/forum";
import { FORUM_OWN_STATE_IDS_MAX, FORUM_SEARCH_MAX } from "./model/forumRules";
import {
  forumBodyArg,
  forumPostStatusValidator,
  forumReactionValidator,
  forumReasonArg,
  forumThreadFields,
  forumTitleArg,
  forumVisibilityValidator,
  roleValidator,
} from "./schema";

/** How a post's author is shown: their forum name, and a badge for coaches and admins. */
export const forumAuthorValidator = v.object({
  _id: v.id("users"),
  name: v.string(),
  role: roleValidator,
});

export const forumCategoryViewValidator = v.object({
  _id: v.id("forumCategories"),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  visibility: forumVisibilityValidator,
  threadCount: v.number(),
  lastActivityAt: v.optional(v.number()),
});

/** A thread in a category's list: the same for every reader, so one result serves them all. */
export const forumThreadItemValidator = v
  .object(forumThreadFields)
  .pick("title", "status", "pinned", "locked", "createdAt", "lastActivityAt", "replyCount")
  .extend({
    _id: v.id("forumThreads"),
    author: forumAuthorValidator,
  });

export const forumThreadSummaryValidator = forumThreadItemValidator.extend({
  /** Something was posted since the caller last read it (or they never opened it). */
  unread: v.boolean(),
  followed: v.boolean(),
});

/** A reader's own state of one thread; a thread they never followed nor opened has none. */
export const forumThreadStateValidator = v.object({
  threadId: v.id("forumThreads"),
  followed: v.boolean(),
  /** Read up to this time; 0 when followed but never opened. */
  lastReadAt: v.number(),
});

export const forumPostViewValidator = v.object({
  _id: v.id("forumPosts"),
  threadId: v.id("forumThreads"),
  opening: v.boolean(),
  /** Empty for a deleted post; the page says it was deleted. */
  body: v.string(),
  status: forumPostStatusValidator,
  createdAt: v.number(),
  editedAt: v.optional(v.number()),
  author: forumAuthorValidator,
  /** Reactions given, with their counts; the reader's own are in myPostStates. */
  reactions: v.array(v.object({ reaction: forumReactionValidator, count: v.number() })),
  /** Staff only: why a moderator hid or deleted it. */
  moderationReason: v.optional(v.string()),
});

/** What the caller may do in the forum, for the pages to offer only what will work. */
export const forumStandingValidator = v.object({
  forumMember: v.boolean(),
  forumName: v.optional(v.string()),
  /** Why the caller cannot post yet: guests read only; members join first. */
  blocked: v.optional(v.union(v.literal("guest"), v.literal("not_joined"))),
  canModerate: v.boolean(),
  /** Admins read the audit log. */
  canAudit: v.boolean(),
});

/** The caller's standing in the forum. */
export const standing = memberQuery({
  args: {},
  returns: forumStandingValidator,
  handler: (ctx) => standingOf(ctx.viewer),
});

/** Joins the forum, choosing a forum name when the caller has none yet (field errors as in the profile form). */
export const join = writerMutation({
  args: { forumName: v.optional(bounded.line(LIMITS.name)) },
  returns: v.null(),
  handler: async (ctx, { forumName }) => {
    await joinForum(ctx, ctx.viewer, forumName);
    return null;
  },
});

/*
 * The lists every reader watches (categories, a thread's posts) are the same for every caller of
 * one standing (member or staff): each is a shared query whose work is an internal query given
 * only the standing, so one run serves every reader of it.
 */

const categoriesArgs = {};
const categoriesResult = v.array(forumCategoryViewValidator);

/** The categories the caller may see, in their order; hidden ones for staff only. */
export const categories = sharedMemberQuery({ args: categoriesArgs, returns: categoriesResult, inner: "forum:categoriesForStanding" });

export const categoriesForStanding = internalQuery({
  args: { ...categoriesArgs, standing: standingValidator },
  returns: categoriesResult,
  handler: (ctx, { standing }) => categoriesFor(ctx, standing),
});

const categoryArgs = { slug: bounded.token(LIMITS.slug) };
const categoryResult = v.union(forumCategoryViewValidator, v.null());

/** One category by slug, or null when it does not exist or is not the caller's to see. */
export const category = sharedMemberQuery({ args: categoryArgs, returns: categoryResult, inner: "forum:categoryForStanding" });

export const categoryForStanding = internalQuery({
  args: { ...categoryArgs, standing: standingValidator },
  returns: categoryResult,
  handler: (ctx, { slug, standing }) => categoryBySlug(ctx, standing, slug),
});

/**
 * A category's visible threads, pinned first, then by latest activity. Nothing in it is the
 * caller's own (that is myThreadStates), so every member's page is one result. Not a shared query:
 * the list reorders as threads get replies, and on Convex a page keeps its end between runs only
 * when the query paginates itself (a nested query's page has no journal), so moved threads never
 * fall between two loaded pages.
 */
export const threads = memberQuery({
  args: { categoryId: v.id("forumCategories"), paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(forumThreadItemValidator),
  handler: (ctx, { categoryId, paginationOpts }) => threadsPage(ctx, seenBy(ctx.viewer), categoryId, paginationOpts),
});

/** The caller's own state (followed, read up to) of the threads a page shows, for those they have one. */
export const myThreadStates = memberQuery({
  args: { threadIds: bounded.array(v.id("forumThreads"), FORUM_OWN_STATE_IDS_MAX) },
  returns: v.array(forumThreadStateValidator),
  handler: (ctx, { threadIds }) => ownThreadStates(ctx, ctx.viewer, threadIds),
});

/** A thread's heading and the caller's state of it; null when it is not the caller's to see. */
export const thread = memberQuery({
  args: { threadId: v.id("forumThreads") },
  returns: v.union(
    v.object({
      thread: forumThreadSummaryValidator,
      category: v.object({ _id: v.id("forumCategories"), slug: v.string(), name: v.string() }),
      /** When the caller last read it, before this visit's markRead; null if never. */
      lastReadAt: v.union(v.number(), v.null()),
      /** The caller may reply: joined, not a guest, and the thread open (staff may reply to locked ones). */
      canReply: v.boolean(),
    }),
    v.null(),
  ),
  handler: (ctx, { threadId }) => threadHeading(ctx, ctx.viewer, threadId),
});

const postsArgs = { threadId: v.id("forumThreads"), paginationOpts: bounded.paginationOpts };
const postsResult = paginationResultValidator(forumPostViewValidator);

/**
 * A thread's posts, oldest first, the opening post first of all; staff also see hidden ones.
 * Nothing in it is the caller's own (that is myPostStates), so every member's page is one result.
 */
export const posts = sharedMemberQuery({ args: postsArgs, returns: postsResult, inner: "forum:postsForStanding" });

export const postsForStanding = internalQuery({
  args: { ...postsArgs, standing: standingValidator },
  returns: postsResult,
  handler: (ctx, { threadId, paginationOpts, standing }) => postsPage(ctx, standing, threadId, paginationOpts),
});

/**
 * The caller's own part of the posts a page shows: their user id (their posts are theirs to edit,
 * within the edit window, and delete) and their reactions to each post they reacted to.
 */
export const myPostStates = memberQuery({
  args: { postIds: bounded.array(v.id("forumPosts"), FORUM_OWN_STATE_IDS_MAX) },
  returns: v.object({
    viewerId: v.id("users"),
    reactions: v.array(v.object({ postId: v.id("forumPosts"), reactions: v.array(forumReactionValidator) })),
  }),
  handler: (ctx, { postIds }) => ownPostStates(ctx, ctx.viewer, postIds),
});

/** Threads and replies whose title or text match, best first, from categories the caller may see. */
export const search = memberQuery({
  args: { query: bounded.line(FORUM_SEARCH_MAX) },
  returns: v.array(
    v.object({
      postId: v.id("forumPosts"),
      threadId: v.id("forumThreads"),
      title: v.string(),
      excerpt: v.string(),
      opening: v.boolean(),
      category: v.object({ slug: v.string(), name: v.string() }),
      createdAt: v.number(),
    }),
  ),
  handler: (ctx, { query }) => searchPosts(ctx, ctx.viewer, query),
});

/** The newest thread titles of public categories, for /community; no names, no text. */
export const recentPublic = publicQuery({
  args: {},
  returns: v.array(v.object({ _id: v.id("forumThreads"), title: v.string(), category: v.string(), lastActivityAt: v.number(), replyCount: v.number() })),
  handler: (ctx) => recentPublicThreads(ctx),
});

/** Starts a thread; the author follows it. */
export const createThread = writerMutation({
  args: { categoryId: v.id("forumCategories"), title: forumTitleArg, body: forumBodyArg },
  returns: v.id("forumThreads"),
  handler: (ctx, args) => createForumThread(ctx, ctx.viewer, args, Date.now()),
});

/** Replies to a thread; the author follows it, and followers and @mentions are notified. */
export const reply = writerMutation({
  args: { threadId: v.id("forumThreads"), body: forumBodyArg },
  returns: v.id("forumPosts"),
  handler: (ctx, args) => replyTo(ctx, ctx.viewer, args, Date.now()),
});

/** Edits the caller's own post within the edit window; `title` only for an opening post. */
export const editPost = writerMutation({
  args: { postId: v.id("forumPosts"), body: forumBodyArg, title: v.optional(forumTitleArg) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await editForumPost(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** Deletes the caller's own post (its text is removed); an opening post with no replies takes its thread along. */
export const deletePost = writerMutation({
  args: { postId: v.id("forumPosts") },
  returns: v.null(),
  handler: async (ctx, { postId }) => {
    await deleteOwnPost(ctx, ctx.viewer, postId);
    return null;
  },
});

/** Gives or takes back one of the caller's reactions to a post. */
export const react = writerMutation({
  args: { postId: v.id("forumPosts"), reaction: forumReactionValidator },
  returns: v.null(),
  handler: async (ctx, { postId, reaction }) => {
    await toggleReaction(ctx, ctx.viewer, postId, reaction, Date.now());
    return null;
  },
});

/** Follows or unfollows a thread (followers hear of replies). */
export const follow = writerMutation({
  args: { threadId: v.id("forumThreads"), followed: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { threadId, followed }) => {
    await setFollowed(ctx, ctx.viewer, threadId, followed);
    return null;
  },
});

/** Records that the caller has read the thread up to now; guests too (it is their own reading state). */
export const markRead = memberMutation({
  args: { threadId: v.id("forumThreads") },
  returns: v.null(),
  handler: async (ctx, { threadId }) => {
    await markThreadRead(ctx, ctx.viewer, threadId, Date.now());
    return null;
  },
});

/** Reports a post to the moderators, once per member and post. */
export const report = writerMutation({
  args: { postId: v.id("forumPosts"), reason: forumReasonArg },
  returns: v.null(),
  handler: async (ctx, args) => {
    await reportPost(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

/** The fan-out of a new post's notifications (model/forum.ts notifyPost), scheduled by createThread and reply. */
export const notifyPost = internalMutation({
  args: { postId: v.id("forumPosts"), cursor: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { postId, cursor }) => {
    await notifyForumPost(ctx, postId, cursor, Date.now());
    return null;
  },
});
