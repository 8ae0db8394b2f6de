/**
 * The community forum in the database: who sees what, posting, the counters kept in
 * the same transaction as the change, reactions, following and unread state, search, reports,
 * moderation with its audit rows, and the scheduled fan-out of reply and mention notifications.
 * The pure rules (limits, text checks) are in ./forumRules; the public API is convex/forum.ts and
 * convex/forumModeration.ts.
 */
import type { PaginationOptions } from "convex/server";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { Standing } from "../functions";
import { recordActivity } from "./activity";
import { userError } from "./errors";
import {
  bodyError,
  COMMUNITY_RECENT_THREADS,
  excerptOf,
  FORUM_REACTIONS,
  FORUM_SEARCH_LIMIT,
  FORUM_SEARCH_MIN,
  isUnread,
  mentionedKeys,
  reasonError,
  searchTextOf,
  titleError,
  withinEditWindow,
  type ForumModerationAction,
  type ForumPostStatus,
  type ForumReaction,
} from "./forumRules";
import { FORUM_MESSAGES } from "./messages";
import { notify } from "./notifications";
import { allows, hasPermission, isGuest } from "./permissions";
import { enforceRateLimits } from "./rateLimits";
import { forumNameFields, forumNameKey } from "./forumNames";
import { checkProfile } from "./users";

type Reader = Pick<QueryCtx, "db">;
type Writer = Pick<MutationCtx, "db">;

/** What members see in place of a forum name that retention removed. */
export const FORMER_MEMBER = "Former member";
/** Followers notified per run of the fan-out; more continue in a scheduled follow-up. */
export const FORUM_FANOUT_BATCH = 200;
/** Search hits read before dropping those the caller may not see. */
const SEARCH_CANDIDATES = 100;
/** Newest threads read for /community before keeping the public ones. */
const RECENT_CANDIDATES = 100;
/** Open reports on one post that are counted or resolved at once. */
const REPORTS_PER_POST = 200;

/** Coaches and admins (SPEC §6 "moderate"): they see hidden categories and posts, and moderate. */
export function isStaff(user: Pick<Doc<"users">, "role">): boolean {
  return hasPermission(user.role, "moderate");
}

/** What decides what a reader sees of the forum: only whether they are staff. */
export function seenBy(viewer: Doc<"users">): Standing {
  return { staff: isStaff(viewer) };
}

function canSeeCategory(reader: Standing, category: Doc<"forumCategories">): boolean {
  return category.visibility !== "hidden" || reader.staff;
}

function canSeeThread(reader: Standing, thread: Doc<"forumThreads">): boolean {
  return thread.status === "visible" || (thread.status === "hidden" && reader.staff);
}

function canSeePost(reader: Standing, post: Doc<"forumPosts">): boolean {
  return post.status !== "hidden" || reader.staff;
}

/** How an author is shown: their forum name, or FORMER_MEMBER once it is gone. */
function authorOf(user: Doc<"users"> | null, id: Id<"users">) {
  return { _id: id, name: user?.forumName ?? FORMER_MEMBER, role: user?.role ?? "others" };
}

/** Reads each user once per call: a page shows the same few authors many times. */
function userCache(ctx: Reader) {
  const cache = new Map<Id<"users">, Promise<Doc<"users"> | null>>();
  return (id: Id<"users">) => {
    let user = cache.get(id);
    if (!user) cache.set(id, (user = ctx.db.get("users", id)));
    return user;
  };
}

function categoryCache(ctx: Reader) {
  const cache = new Map<Id<"forumCategories">, Promise<Doc<"forumCategories"> | null>>();
  return (id: Id<"forumCategories">) => {
    let category = cache.get(id);
    if (!category) cache.set(id, (category = ctx.db.get("forumCategories", id)));
    return category;
  };
}

// ---------------------------------------------------------------------------------------------
// Standing and joining

export function standingOf(viewer: Doc<"users">) {
  const blocked = isGuest(viewer) ? ("guest" as const) : !viewer.forumMember || !viewer.forumName ? ("not_joined" as const) : undefined;
  return {
    forumMember: viewer.forumMember,
    ...(viewer.forumName ? { forumName: viewer.forumName } : {}),
    ...(blocked ? { blocked } : {}),
    canModerate: isStaff(viewer),
    canAudit: allows("admin", viewer),
  };
}

/** Joins the forum; a caller without a forum name must choose one (checked as the profile form checks it). */
export async function joinForum(ctx: Writer, viewer: Doc<"users">, forumName: string | undefined) {
  const chosen = forumName === undefined ? undefined : checkProfile({ forumName }).forumName;
  if (chosen === "" || (chosen === undefined && !viewer.forumName)) {
    throw userError("FORUM_NAME_REQUIRED", { forumName: FORUM_MESSAGES.FORUM_NAME_REQUIRED });
  }
  const names = chosen === undefined ? {} : await forumNameFields(ctx.db, viewer._id, chosen);
  await ctx.db.patch("users", viewer._id, { forumMember: true, ...names });
}

/** Posting needs a member who joined with a forum name (guests are already refused by writerMutation). */
function requirePoster(viewer: Doc<"users">) {
  if (!viewer.forumMember || !viewer.forumName) throw userError("FORUM_NOT_JOINED");
}

// ---------------------------------------------------------------------------------------------
// Reading

function categoryView(category: Doc<"forumCategories">) {
  const { _id, slug, name, description, visibility, threadCount, lastActivityAt } = category;
  return { _id, slug, name, description, visibility, threadCount, ...(lastActivityAt === undefined ? {} : { lastActivityAt }) };
}

export async function categoriesFor(ctx: Reader, reader: Standing) {
  // Categories are a short list kept by staff; 100 is far more than the forum will ever show.
  const all = await ctx.db.query("forumCategories").withIndex("by_sort_order").take(100);
  return all.filter((category) => canSeeCategory(reader, category)).map(categoryView);
}

export async function categoryBySlug(ctx: Reader, reader: Standing, slug: string) {
  const category = await ctx.db
    .query("forumCategories")
    .withIndex("by_slug", (q) => q.eq("slug", slug))
    .unique();
  return category && canSeeCategory(reader, category) ? categoryView(category) : null;
}

/** A thread with its category, when the caller may see both; otherwise null ("not found"). */
async function threadFor(ctx: Reader, reader: Standing, threadId: Id<"forumThreads">) {
  const thread = await ctx.db.get("forumThreads", threadId);
  if (!thread || !canSeeThread(reader, thread)) return null;
  const category = await ctx.db.get("forumCategories", thread.categoryId);
  if (!category || !canSeeCategory(reader, category)) return null;
  return { thread, category };
}

async function stateOf(ctx: Reader, userId: Id<"users">, threadId: Id<"forumThreads">) {
  return ctx.db
    .query("forumThreadStates")
    .withIndex("by_user_and_thread", (q) => q.eq("userId", userId).eq("threadId", threadId))
    .unique();
}

/** A thread as every reader of its category sees it: nothing in it depends on who asks. */
async function threadItem(thread: Doc<"forumThreads">, userOf: (id: Id<"users">) => Promise<Doc<"users"> | null>) {
  return {
    _id: thread._id,
    title: thread.title,
    status: thread.status,
    pinned: thread.pinned,
    locked: thread.locked,
    createdAt: thread.createdAt,
    lastActivityAt: thread.lastActivityAt,
    replyCount: thread.replyCount,
    author: authorOf(await userOf(thread.authorId), thread.authorId),
  };
}

async function threadSummary(
  ctx: Reader,
  viewer: Doc<"users">,
  thread: Doc<"forumThreads">,
  userOf: (id: Id<"users">) => Promise<Doc<"users"> | null>,
) {
  const [item, state] = await Promise.all([threadItem(thread, userOf), stateOf(ctx, viewer._id, thread._id)]);
  return { ...item, unread: isUnread(thread.lastActivityAt, state?.lastReadAt), followed: state?.followed ?? false };
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/**
 * A category's threads, pinned first then newest activity: one index range, so pages are stable.
 * Staff also get the hidden ones, after the visible ones ("visible" sorts after "hidden", read
 * newest first). The same for every reader of one standing (member or staff): each reader's own
 * state of the threads comes from myThreadStates, so the list is one result for everyone.
 */
export async function threadsPage(ctx: Reader, reader: Standing, categoryId: Id<"forumCategories">, paginationOpts: PaginationOptions) {
  const category = await ctx.db.get("forumCategories", categoryId);
  if (!category || !canSeeCategory(reader, category)) return EMPTY_PAGE;
  const result = await ctx.db
    .query("forumThreads")
    .withIndex("by_category_status_pinned_and_activity", (q) =>
      reader.staff ? q.eq("categoryId", categoryId).gt("status", "deleted") : q.eq("categoryId", categoryId).eq("status", "visible"),
    )
    .order("desc")
    .paginate(paginationOpts);
  const userOf = userCache(ctx);
  return { ...result, page: await Promise.all(result.page.map((thread) => threadItem(thread, userOf))) };
}

/**
 * The caller's own state of the threads a page shows (followed, read up to), for those they have
 * one; only their own rows are read, so nobody else's activity re-runs it.
 */
export async function myThreadStates(ctx: Reader, viewer: Doc<"users">, threadIds: Id<"forumThreads">[]) {
  const states = await Promise.all([...new Set(threadIds)].map((threadId) => stateOf(ctx, viewer._id, threadId)));
  return states
    .filter((state) => state !== null)
    .map((state) => ({ threadId: state.threadId, followed: state.followed, lastReadAt: state.lastReadAt }));
}

export async function threadHeading(ctx: Reader, viewer: Doc<"users">, threadId: Id<"forumThreads">) {
  const found = await threadFor(ctx, seenBy(viewer), threadId);
  if (!found) return null;
  const { thread, category } = found;
  const [summary, state] = await Promise.all([threadSummary(ctx, viewer, thread, userCache(ctx)), stateOf(ctx, viewer._id, threadId)]);
  const poster = !isGuest(viewer) && viewer.forumMember && !!viewer.forumName;
  return {
    thread: summary,
    category: { _id: category._id, slug: category.slug, name: category.name },
    lastReadAt: state && state.lastReadAt > 0 ? state.lastReadAt : null,
    canReply: poster && thread.status === "visible" && (!thread.locked || isStaff(viewer)),
  };
}

/**
 * A post as every reader sees it: its text, author and reaction counts. What is the caller's own
 * (their reactions, whether they wrote it and may still edit it) comes from myPostStates.
 */
async function postView(
  reader: Standing,
  post: Doc<"forumPosts">,
  userOf: (id: Id<"users">) => Promise<Doc<"users"> | null>,
) {
  const deleted = post.status === "deleted";
  const reactions = deleted
    ? []
    : FORUM_REACTIONS.map((reaction) => ({ reaction, count: post.reactionCounts[reaction] ?? 0 })).filter((r) => r.count > 0);
  return {
    _id: post._id,
    threadId: post.threadId,
    opening: post.opening,
    body: deleted ? "" : post.body,
    status: post.status,
    createdAt: post.createdAt,
    ...(post.editedAt === undefined ? {} : { editedAt: post.editedAt }),
    author: authorOf(await userOf(post.authorId), post.authorId),
    reactions,
    ...(reader.staff && post.moderationReason !== undefined ? { moderationReason: post.moderationReason } : {}),
  };
}

/**
 * A thread's posts, oldest first (the opening post is written first). Hidden posts are left out for
 * members; deleted ones stay as empty placeholders so the conversation keeps its shape. The same
 * for every reader of one standing (member or staff).
 */
export async function postsPage(ctx: Reader, reader: Standing, threadId: Id<"forumThreads">, paginationOpts: PaginationOptions) {
  if (!(await threadFor(ctx, reader, threadId))) return EMPTY_PAGE;
  const result = await ctx.db
    .query("forumPosts")
    .withIndex("by_thread_and_created", (q) => q.eq("threadId", threadId))
    .paginate(paginationOpts);
  const userOf = userCache(ctx);
  const shown = result.page.filter((post) => canSeePost(reader, post));
  return { ...result, page: await Promise.all(shown.map((post) => postView(reader, post, userOf))) };
}

/**
 * The caller's own part of the posts a page shows: who they are (their posts are theirs to edit
 * and delete) and their reactions, for the posts they reacted to. Only their own reaction rows
 * are read, so other readers' reactions and replies never re-run it.
 */
export async function myPostStates(ctx: Reader, viewer: Doc<"users">, postIds: Id<"forumPosts">[]) {
  const rows = await Promise.all(
    [...new Set(postIds)].map((postId) =>
      ctx.db
        .query("forumReactions")
        .withIndex("by_post_user_and_reaction", (q) => q.eq("postId", postId).eq("userId", viewer._id))
        .take(FORUM_REACTIONS.length),
    ),
  );
  const reactions = rows.filter((own) => own.length > 0).map((own) => ({ postId: own[0]!.postId, reactions: own.map((row) => row.reaction) }));
  return { viewerId: viewer._id, reactions };
}

export async function searchPosts(ctx: Reader, viewer: Doc<"users">, query: string) {
  const text = query.trim();
  if ([...text].length < FORUM_SEARCH_MIN) return [];
  const hits = await ctx.db
    .query("forumPosts")
    .withSearchIndex("search_text", (q) => q.search("searchText", text).eq("status", "visible"))
    .take(SEARCH_CANDIDATES);
  const threads = new Map<Id<"forumThreads">, Promise<Awaited<ReturnType<typeof threadFor>>>>();
  const results = [];
  for (const post of hits) {
    let found = threads.get(post.threadId);
    if (!found) threads.set(post.threadId, (found = threadFor(ctx, seenBy(viewer), post.threadId)));
    const seen = await found;
    // Search is for what members can read: a thread a moderator hid is left out for staff too.
    if (!seen || seen.thread.status !== "visible") continue;
    results.push({
      postId: post._id,
      threadId: post.threadId,
      title: seen.thread.title,
      excerpt: excerptOf(post.body),
      opening: post.opening,
      category: { slug: seen.category.slug, name: seen.category.name },
      createdAt: post.createdAt,
    });
    if (results.length === FORUM_SEARCH_LIMIT) break;
  }
  return results;
}

/** The newest visible threads of public categories, titles only, for visitors on /community. */
export async function recentPublicThreads(ctx: Reader) {
  const newest = await ctx.db
    .query("forumThreads")
    .withIndex("by_status_and_activity", (q) => q.eq("status", "visible"))
    .order("desc")
    .take(RECENT_CANDIDATES);
  const categoryOf = categoryCache(ctx);
  const recent = [];
  for (const thread of newest) {
    const category = await categoryOf(thread.categoryId);
    if (category?.visibility !== "public") continue;
    recent.push({ _id: thread._id, title: thread.title, category: category.name, lastActivityAt: thread.lastActivityAt, replyCount: thread.replyCount });
    if (recent.length === COMMUNITY_RECENT_THREADS) break;
  }
  return recent;
}

// ---------------------------------------------------------------------------------------------
// Counters: kept in the transaction that changes what they count, so lists never scan.

/** The newest visible post of a thread sets its activity time and last author. */
async function refreshThreadActivity(ctx: Writer, thread: Doc<"forumThreads">) {
  const newest = await ctx.db
    .query("forumPosts")
    .withIndex("by_thread_status_and_created", (q) => q.eq("threadId", thread._id).eq("status", "visible"))
    .order("desc")
    .first();
  const lastActivityAt = newest?.createdAt ?? thread.createdAt;
  await ctx.db.patch("forumThreads", thread._id, { lastActivityAt, lastPostAuthorId: newest?.authorId ?? thread.authorId });
}

/** A category's activity is its newest visible thread's (pinned and unpinned are two index ranges). */
async function refreshCategoryActivity(ctx: Writer, categoryId: Id<"forumCategories">) {
  const newestOf = (pinned: boolean) =>
    ctx.db
      .query("forumThreads")
      .withIndex("by_category_status_pinned_and_activity", (q) => q.eq("categoryId", categoryId).eq("status", "visible").eq("pinned", pinned))
      .order("desc")
      .first();
  const [pinned, unpinned] = await Promise.all([newestOf(true), newestOf(false)]);
  const times = [pinned?.lastActivityAt, unpinned?.lastActivityAt].filter((at): at is number => at !== undefined);
  await ctx.db.patch("forumCategories", categoryId, { lastActivityAt: times.length > 0 ? Math.max(...times) : undefined });
}

async function addToThreadCount(ctx: Writer, categoryId: Id<"forumCategories">, delta: number) {
  const category = await ctx.db.get("forumCategories", categoryId);
  if (category) await ctx.db.patch("forumCategories", categoryId, { threadCount: Math.max(0, category.threadCount + delta) });
}

/**
 * Moves a post to `status` and keeps every count right: a reply changes its thread's reply count
 * and activity; an opening post carries its thread along (its status is the thread's), unless
 * `keepThread` (an author deleting an opening post that has replies).
 */
async function setPostStatus(
  ctx: Writer,
  post: Doc<"forumPosts">,
  status: ForumPostStatus,
  options: { moderationReason?: string; keepThread?: boolean } = {},
) {
  const thread = (await ctx.db.get("forumThreads", post.threadId))!;
  const gone = status === "deleted" ? { body: "", searchText: "" } : {};
  await ctx.db.patch("forumPosts", post._id, { status, ...gone, moderationReason: options.moderationReason });
  if (post.opening && !options.keepThread) {
    if (thread.status !== status) {
      await ctx.db.patch("forumThreads", thread._id, { status });
      const delta = (status === "visible" ? 1 : 0) - (thread.status === "visible" ? 1 : 0);
      if (delta !== 0) await addToThreadCount(ctx, thread.categoryId, delta);
    }
  } else if (!post.opening) {
    const delta = (status === "visible" ? 1 : 0) - (post.status === "visible" ? 1 : 0);
    if (delta !== 0) await ctx.db.patch("forumThreads", thread._id, { replyCount: Math.max(0, thread.replyCount + delta) });
  }
  await refreshThreadActivity(ctx, thread);
  await refreshCategoryActivity(ctx, thread.categoryId);
}

// ---------------------------------------------------------------------------------------------
// Posting

function postFieldErrors(fields: { title?: string; body?: string }) {
  const errors: Record<string, string> = {};
  const title = fields.title === undefined ? undefined : titleError(fields.title);
  const body = fields.body === undefined ? undefined : bodyError(fields.body);
  if (title) errors.title = title;
  if (body) errors.body = body;
  if (Object.keys(errors).length > 0) throw userError("INVALID_FORUM_POST", errors);
}

function checkReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  const error = reasonError(reason);
  if (error) throw userError("INVALID_FORUM_POST", { reason: error });
  return reason.trim();
}

/** Follows a thread and marks it read up to `now` (what posting in it does for the author). */
async function followAndRead(ctx: Writer, userId: Id<"users">, threadId: Id<"forumThreads">, now: number) {
  const state = await stateOf(ctx, userId, threadId);
  if (state) await ctx.db.patch("forumThreadStates", state._id, { followed: true, lastReadAt: Math.max(state.lastReadAt, now) });
  else await ctx.db.insert("forumThreadStates", { userId, threadId, followed: true, lastReadAt: now });
}

/** A category the caller may post in: hidden ones are "not found" for members. */
async function categoryToPost(ctx: Reader, viewer: Doc<"users">, categoryId: Id<"forumCategories">) {
  const category = await ctx.db.get("forumCategories", categoryId);
  if (!category || !canSeeCategory(seenBy(viewer), category)) throw userError("CATEGORY_NOT_FOUND");
  return category;
}

export async function createThread(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  args: { categoryId: Id<"forumCategories">; title: string; body: string },
  now: number,
): Promise<Id<"forumThreads">> {
  requirePoster(viewer);
  const category = await categoryToPost(ctx, viewer, args.categoryId);
  postFieldErrors(args);
  await enforceRateLimits(ctx, [{ name: "forumThreadPerUser", key: viewer._id }], FORUM_MESSAGES.RATE_LIMITED);
  const title = args.title.trim();
  const body = args.body.trim();
  const threadId = await ctx.db.insert("forumThreads", {
    categoryId: category._id,
    authorId: viewer._id,
    title,
    status: "visible",
    pinned: false,
    locked: false,
    createdAt: now,
    lastActivityAt: now,
    replyCount: 0,
    lastPostAuthorId: viewer._id,
  });
  const postId = await ctx.db.insert("forumPosts", {
    threadId,
    authorId: viewer._id,
    opening: true,
    body,
    status: "visible",
    createdAt: now,
    searchText: searchTextOf(body, title),
    reactionCounts: {},
  });
  await ctx.db.patch("forumCategories", category._id, { threadCount: category.threadCount + 1, lastActivityAt: now });
  await followAndRead(ctx, viewer._id, threadId, now);
  await ctx.scheduler.runAfter(0, internal.forum.notifyPost, { postId });
  return threadId;
}

export async function replyTo(ctx: MutationCtx, viewer: Doc<"users">, args: { threadId: Id<"forumThreads">; body: string }, now: number) {
  requirePoster(viewer);
  const thread = await ctx.db.get("forumThreads", args.threadId);
  if (!thread || thread.status !== "visible") throw userError("THREAD_NOT_FOUND");
  await categoryToPost(ctx, viewer, thread.categoryId);
  if (thread.locked && !isStaff(viewer)) throw userError("THREAD_LOCKED");
  postFieldErrors({ body: args.body });
  await enforceRateLimits(ctx, [{ name: "forumReplyPerUser", key: viewer._id }], FORUM_MESSAGES.RATE_LIMITED);
  const body = args.body.trim();
  const postId = await ctx.db.insert("forumPosts", {
    threadId: thread._id,
    authorId: viewer._id,
    opening: false,
    body,
    status: "visible",
    createdAt: now,
    searchText: searchTextOf(body),
    reactionCounts: {},
  });
  await ctx.db.patch("forumThreads", thread._id, { replyCount: thread.replyCount + 1, lastActivityAt: now, lastPostAuthorId: viewer._id });
  await ctx.db.patch("forumCategories", thread.categoryId, { lastActivityAt: now });
  await followAndRead(ctx, viewer._id, thread._id, now);
  await ctx.scheduler.runAfter(0, internal.forum.notifyPost, { postId });
  return postId;
}

/** A post and its thread, when the caller may see both and the post is not deleted. */
async function livePostFor(ctx: Reader, viewer: Doc<"users">, postId: Id<"forumPosts">) {
  const post = await ctx.db.get("forumPosts", postId);
  if (!post || post.status === "deleted" || !canSeePost(seenBy(viewer), post)) throw userError("POST_NOT_FOUND");
  const found = await threadFor(ctx, seenBy(viewer), post.threadId);
  if (!found) throw userError("POST_NOT_FOUND");
  return { post, ...found };
}

export async function editPost(
  ctx: Writer,
  viewer: Doc<"users">,
  args: { postId: Id<"forumPosts">; body: string; title?: string },
  now: number,
) {
  requirePoster(viewer);
  const { post, thread } = await livePostFor(ctx, viewer, args.postId);
  if (post.authorId !== viewer._id) throw userError("NOT_YOUR_POST");
  if (post.status !== "visible") throw userError("POST_NOT_FOUND");
  if (!withinEditWindow(post.createdAt, now)) throw userError("EDIT_WINDOW_PASSED");
  // A reply has no title; the form never offers one, so a title here is a bad request.
  if (args.title !== undefined && !post.opening) throw userError("INVALID_FORUM_POST");
  postFieldErrors(args);
  const body = args.body.trim();
  const title = args.title?.trim() ?? thread.title;
  await ctx.db.patch("forumPosts", post._id, { body, searchText: post.opening ? searchTextOf(body, title) : searchTextOf(body), editedAt: now });
  if (post.opening && title !== thread.title) await ctx.db.patch("forumThreads", thread._id, { title });
}

/**
 * The author deletes their own post: its text goes. An opening post with no visible replies takes
 * its thread along; with replies the thread stays and shows the opening post as deleted.
 */
export async function deleteOwnPost(ctx: Writer, viewer: Doc<"users">, postId: Id<"forumPosts">) {
  requirePoster(viewer);
  const { post, thread } = await livePostFor(ctx, viewer, postId);
  if (post.authorId !== viewer._id) throw userError("NOT_YOUR_POST");
  await setPostStatus(ctx, post, "deleted", { keepThread: post.opening && thread.replyCount > 0 });
}

export async function toggleReaction(ctx: Writer, viewer: Doc<"users">, postId: Id<"forumPosts">, reaction: ForumReaction, now: number) {
  requirePoster(viewer);
  const { post } = await livePostFor(ctx, viewer, postId);
  if (post.status !== "visible") throw userError("POST_NOT_FOUND");
  const existing = await ctx.db
    .query("forumReactions")
    .withIndex("by_post_user_and_reaction", (q) => q.eq("postId", postId).eq("userId", viewer._id).eq("reaction", reaction))
    .unique();
  const counts = { ...post.reactionCounts };
  const count = (counts[reaction] ?? 0) + (existing ? -1 : 1);
  if (count > 0) counts[reaction] = count;
  else delete counts[reaction];
  if (existing) await ctx.db.delete("forumReactions", existing._id);
  else await ctx.db.insert("forumReactions", { postId, userId: viewer._id, reaction, createdAt: now });
  await ctx.db.patch("forumPosts", postId, { reactionCounts: counts });
}

export async function setFollowed(ctx: Writer, viewer: Doc<"users">, threadId: Id<"forumThreads">, followed: boolean) {
  requirePoster(viewer);
  if (!(await threadFor(ctx, seenBy(viewer), threadId))) throw userError("THREAD_NOT_FOUND");
  const state = await stateOf(ctx, viewer._id, threadId);
  if (state) {
    if (state.followed !== followed) await ctx.db.patch("forumThreadStates", state._id, { followed });
  } else {
    // Never read: lastReadAt 0 keeps the thread unread until it is opened.
    await ctx.db.insert("forumThreadStates", { userId: viewer._id, threadId, followed, lastReadAt: 0 });
  }
}

/**
 * Marks the thread read up to `now`. Writes only when there is something new, so a page that calls
 * it on every update does not invalidate its own queries in a loop. A thread the caller can no
 * longer see is left alone quietly (the page may still be open when a moderator hides it).
 */
export async function markRead(ctx: Writer, viewer: Doc<"users">, threadId: Id<"forumThreads">, now: number) {
  const found = await threadFor(ctx, seenBy(viewer), threadId);
  if (!found) return;
  const state = await stateOf(ctx, viewer._id, threadId);
  if (!state) await ctx.db.insert("forumThreadStates", { userId: viewer._id, threadId, followed: false, lastReadAt: now });
  else if (found.thread.lastActivityAt > state.lastReadAt) await ctx.db.patch("forumThreadStates", state._id, { lastReadAt: now });
}

/** A member may report a post once while their report is open; reporting one's own post is allowed (asking a moderator to take it down). */
export async function reportPost(ctx: MutationCtx, viewer: Doc<"users">, args: { postId: Id<"forumPosts">; reason: string }, now: number) {
  requirePoster(viewer);
  const { post } = await livePostFor(ctx, viewer, args.postId);
  const reason = checkReason(args.reason)!;
  const mine = await ctx.db
    .query("forumReports")
    .withIndex("by_post_and_reporter", (q) => q.eq("postId", post._id).eq("reporterId", viewer._id))
    .order("desc")
    .take(REPORTS_PER_POST);
  if (mine.some((report) => report.status === "open")) throw userError("ALREADY_REPORTED");
  await enforceRateLimits(ctx, [{ name: "forumReportPerUser", key: viewer._id }], FORUM_MESSAGES.RATE_LIMITED);
  await ctx.db.insert("forumReports", { postId: post._id, threadId: post.threadId, reporterId: viewer._id, reason, status: "open", createdAt: now });
}

// ---------------------------------------------------------------------------------------------
// Notifications: fanned out after the post is committed, in batches.

async function usersByMention(ctx: Reader, body: string): Promise<Doc<"users">[]> {
  const found = new Map<Id<"users">, Doc<"users">>();
  for (const readings of mentionedKeys(body)) {
    for (const key of readings) {
      const user = await ctx.db
        .query("users")
        .withIndex("by_forum_name_key", (q) => q.eq("forumNameKey", forumNameKey(key)))
        .first();
      if (user) {
        found.set(user._id, user);
        break;
      }
    }
  }
  return [...found.values()];
}

/** Who may hear of a post: an active account, not its author, who can see the category. */
function mayHear(user: Doc<"users"> | null, post: Doc<"forumPosts">, category: Doc<"forumCategories">): user is Doc<"users"> {
  return !!user && user.status === "active" && user._id !== post.authorId && canSeeCategory(seenBy(user), category);
}

/**
 * Tells the people a new post concerns: on the first run those it @mentions (priority medium), and
 * for a reply the thread's followers (low), FORUM_FANOUT_BATCH per run, continuing in a follow-up.
 * A member mentioned and following hears once. A post hidden or deleted meanwhile notifies no one.
 */
export async function notifyPost(ctx: MutationCtx, postId: Id<"forumPosts">, cursor: string | undefined, now: number) {
  const post = await ctx.db.get("forumPosts", postId);
  const thread = post && (await ctx.db.get("forumThreads", post.threadId));
  const category = thread && (await ctx.db.get("forumCategories", thread.categoryId));
  if (!post || post.status !== "visible" || !thread || thread.status !== "visible" || !category) return;
  const author = await ctx.db.get("users", post.authorId);
  const authorName = author?.forumName ?? FORMER_MEMBER;
  const url = `/forum/t/${thread._id}`;
  const message = excerptOf(post.body);
  const tell = async (userId: Id<"users">, priority: "medium" | "low", title: string) => {
    await notify(ctx, userId, { type: "system_alert", priority, title, message, actions: [{ label: "Open thread", url }] }, { now });
    await recordActivity(ctx, userId, { type: "system", title, description: message, status: "completed", actionUrl: url, actionLabel: "Open thread" }, now);
  };
  const mentioned = (await usersByMention(ctx, post.body)).filter((user) => mayHear(user, post, category));
  if (cursor === undefined) {
    for (const user of mentioned) await tell(user._id, "medium", `${authorName} mentioned you`);
  }
  if (post.opening) return;
  const followers = await ctx.db
    .query("forumThreadStates")
    .withIndex("by_thread_and_followed", (q) => q.eq("threadId", thread._id).eq("followed", true))
    .paginate({ cursor: cursor ?? null, numItems: FORUM_FANOUT_BATCH });
  const skip = new Set(mentioned.map((user) => user._id));
  for (const { userId } of followers.page) {
    if (skip.has(userId)) continue;
    const user = await ctx.db.get("users", userId);
    if (mayHear(user, post, category)) await tell(userId, "low", `New reply in "${thread.title}"`);
  }
  if (!followers.isDone) await ctx.scheduler.runAfter(0, internal.forum.notifyPost, { postId, cursor: followers.continueCursor });
}

// ---------------------------------------------------------------------------------------------
// Moderation: every action writes one audit row in its own transaction.

async function audit(
  ctx: Writer,
  actor: Doc<"users">,
  action: ForumModerationAction,
  entry: Omit<Doc<"forumAudit">, "_id" | "_creationTime" | "actorId" | "action" | "at">,
  now: number,
) {
  await ctx.db.insert("forumAudit", { actorId: actor._id, action, ...entry, at: now });
}

/** Closes a post's open reports as handled by the moderator's action. */
async function resolveReports(ctx: Writer, actor: Doc<"users">, postId: Id<"forumPosts">, resolution: string, now: number) {
  const open = await ctx.db
    .query("forumReports")
    .withIndex("by_post_and_status", (q) => q.eq("postId", postId).eq("status", "open"))
    .take(REPORTS_PER_POST);
  for (const report of open) {
    await ctx.db.patch("forumReports", report._id, { status: "resolved", resolvedBy: actor._id, resolvedAt: now, resolution });
  }
}

/**
 * A post a moderator may act on: not deleted, in a thread that is not deleted. With
 * `deletedOpening`, also an opening post its author deleted while the thread lives on (its
 * replies kept it), so a moderator can still delete that thread.
 */
async function postToModerate(ctx: Reader, postId: Id<"forumPosts">, options: { deletedOpening?: boolean } = {}) {
  const post = await ctx.db.get("forumPosts", postId);
  const thread = post && (await ctx.db.get("forumThreads", post.threadId));
  if (!post || !thread || thread.status === "deleted") throw userError("POST_NOT_FOUND");
  if (post.status === "deleted" && !(options.deletedOpening && post.opening)) throw userError("POST_NOT_FOUND");
  return { post, thread };
}

async function threadToModerate(ctx: Reader, threadId: Id<"forumThreads">) {
  const thread = await ctx.db.get("forumThreads", threadId);
  if (!thread || thread.status === "deleted") throw userError("THREAD_NOT_FOUND");
  return thread;
}

export async function hidePost(ctx: Writer, actor: Doc<"users">, args: { postId: Id<"forumPosts">; reason: string }, now: number) {
  const reason = checkReason(args.reason)!;
  const { post } = await postToModerate(ctx, args.postId);
  if (post.status === "visible") await setPostStatus(ctx, post, "hidden", { moderationReason: reason });
  else await ctx.db.patch("forumPosts", post._id, { moderationReason: reason });
  await resolveReports(ctx, actor, post._id, reason, now);
  await audit(ctx, actor, "hide", { threadId: post.threadId, postId: post._id, reason }, now);
}

/** Shows a hidden post again; a post that is already visible is left as it is (nothing to log). */
export async function restorePost(ctx: Writer, actor: Doc<"users">, args: { postId: Id<"forumPosts">; reason?: string }, now: number) {
  const reason = checkReason(args.reason);
  const { post } = await postToModerate(ctx, args.postId);
  if (post.status !== "hidden") return;
  await setPostStatus(ctx, post, "visible");
  await audit(ctx, actor, "restore", { threadId: post.threadId, postId: post._id, ...(reason ? { reason } : {}) }, now);
}

export async function moderatorDeletePost(ctx: Writer, actor: Doc<"users">, args: { postId: Id<"forumPosts">; reason: string }, now: number) {
  const reason = checkReason(args.reason)!;
  const { post } = await postToModerate(ctx, args.postId, { deletedOpening: true });
  await setPostStatus(ctx, post, "deleted", { moderationReason: reason });
  await resolveReports(ctx, actor, post._id, reason, now);
  await audit(ctx, actor, "delete", { threadId: post.threadId, postId: post._id, reason }, now);
}

/** Locks or pins a thread; asking for what is already so changes and logs nothing. */
export async function setThreadFlag(
  ctx: Writer,
  actor: Doc<"users">,
  flag: "locked" | "pinned",
  args: { threadId: Id<"forumThreads">; value: boolean; reason?: string },
  now: number,
) {
  const reason = checkReason(args.reason);
  const thread = await threadToModerate(ctx, args.threadId);
  if (thread[flag] === args.value) return;
  await ctx.db.patch("forumThreads", thread._id, { [flag]: args.value });
  const action: ForumModerationAction = flag === "locked" ? (args.value ? "lock" : "unlock") : args.value ? "pin" : "unpin";
  await audit(ctx, actor, action, { threadId: thread._id, ...(reason ? { reason } : {}) }, now);
}

export async function moveThread(
  ctx: Writer,
  actor: Doc<"users">,
  args: { threadId: Id<"forumThreads">; categoryId: Id<"forumCategories">; reason?: string },
  now: number,
) {
  const reason = checkReason(args.reason);
  const thread = await threadToModerate(ctx, args.threadId);
  if (!(await ctx.db.get("forumCategories", args.categoryId))) throw userError("CATEGORY_NOT_FOUND");
  if (thread.categoryId === args.categoryId) throw userError("SAME_CATEGORY");
  await ctx.db.patch("forumThreads", thread._id, { categoryId: args.categoryId });
  if (thread.status === "visible") {
    await addToThreadCount(ctx, thread.categoryId, -1);
    await addToThreadCount(ctx, args.categoryId, 1);
  }
  await refreshCategoryActivity(ctx, thread.categoryId);
  await refreshCategoryActivity(ctx, args.categoryId);
  await audit(
    ctx,
    actor,
    "move",
    { threadId: thread._id, fromCategoryId: thread.categoryId, toCategoryId: args.categoryId, ...(reason ? { reason } : {}) },
    now,
  );
}

export async function dismissReport(ctx: Writer, actor: Doc<"users">, args: { reportId: Id<"forumReports">; reason?: string }, now: number) {
  const reason = checkReason(args.reason);
  const report = await ctx.db.get("forumReports", args.reportId);
  if (!report || report.status !== "open") throw userError("REPORT_NOT_FOUND");
  await ctx.db.patch("forumReports", report._id, { status: "dismissed", resolvedBy: actor._id, resolvedAt: now, ...(reason ? { resolution: reason } : {}) });
  await audit(ctx, actor, "dismiss_report", { threadId: report.threadId, postId: report.postId, reportId: report._id, ...(reason ? { reason } : {}) }, now);
}

const nameOf = (user: Doc<"users"> | null, id: Id<"users">) => ({ _id: id, name: user?.forumName ?? FORMER_MEMBER });

/** Open reports, oldest first, each with its post and how many open reports that post has. */
export async function reportQueue(ctx: Reader, paginationOpts: PaginationOptions) {
  const result = await ctx.db
    .query("forumReports")
    .withIndex("by_status_and_created", (q) => q.eq("status", "open"))
    .paginate(paginationOpts);
  const userOf = userCache(ctx);
  const page = [];
  for (const report of result.page) {
    const [post, thread, reporter] = await Promise.all([
      ctx.db.get("forumPosts", report.postId),
      ctx.db.get("forumThreads", report.threadId),
      userOf(report.reporterId),
    ]);
    if (!post || !thread) continue;
    const open = await ctx.db
      .query("forumReports")
      .withIndex("by_post_and_status", (q) => q.eq("postId", post._id).eq("status", "open"))
      .take(REPORTS_PER_POST);
    page.push({
      reportId: report._id,
      postId: post._id,
      threadId: thread._id,
      threadTitle: thread.title,
      opening: post.opening,
      excerpt: excerptOf(post.body),
      postStatus: post.status,
      author: nameOf(await userOf(post.authorId), post.authorId),
      reporter: nameOf(reporter, report.reporterId),
      reason: report.reason,
      createdAt: report.createdAt,
      openReports: open.length,
    });
  }
  return { ...result, page };
}

export async function auditPage(ctx: Reader, paginationOpts: PaginationOptions) {
  const result = await ctx.db.query("forumAudit").withIndex("by_at").order("desc").paginate(paginationOpts);
  const userOf = userCache(ctx);
  const categoryOf = categoryCache(ctx);
  const categoryName = async (id: Id<"forumCategories"> | undefined) => (id === undefined ? undefined : (await categoryOf(id))?.name);
  const page = await Promise.all(
    result.page.map(async (entry) => {
      const [actor, thread, fromCategory, toCategory] = await Promise.all([
        userOf(entry.actorId),
        ctx.db.get("forumThreads", entry.threadId),
        categoryName(entry.fromCategoryId),
        categoryName(entry.toCategoryId),
      ]);
      return {
        _id: entry._id,
        action: entry.action,
        actor: nameOf(actor, entry.actorId),
        threadId: entry.threadId,
        threadTitle: thread?.title ?? "",
        ...(entry.postId ? { postId: entry.postId } : {}),
        ...(entry.reason ? { reason: entry.reason } : {}),
        ...(fromCategory ? { fromCategory } : {}),
        ...(toCategory ? { toCategory } : {}),
        at: entry.at,
      };
    }),
  );
  return { ...result, page };
}
