/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../forum.ts (never deployed): forum
 * members, a category and its threads with their posts and readers' states, written straight into
 * the tables as the forum's handlers leave them (convex/forum.ts): counts kept on the category and
 * thread, the opening post with `opening: true`, searchText as model/forumRules.ts searchTextOf
 * makes it, every author following the thread they wrote in. Raw builders from convex/server
 * because it lives outside convex/ and needs no auth wrapper.
 */
import { componentsGeneric, internalMutationGeneric, mutationGeneric, queryGeneric, type FunctionReference } from "convex/server";
import { v, type GenericId } from "convex/values";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The rate limiter's own clean-up: the bench's one writer replies far faster than a member may. */
const rateLimiter = (
  componentsGeneric() as unknown as {
    rateLimiter: { lib: { clearAll: FunctionReference<"mutation", "internal", { before?: number }, null> } };
  }
).rateLimiter.lib;

/** A document of the untyped data model, read as plain fields. */
type Fields = Record<string, unknown>;
type Eq = { eq: (field: string, value: unknown) => Eq };

/** As model/forumRules.ts searchTextOf: the title with the opening post, the body alone for replies. */
const searchTextOf = (body: string, title?: string) => (title === undefined ? body : `${title}\n${body}`);

/** A small deterministic hash, so a seed is the same on every run. */
function hash(...parts: number[]) {
  let h = 2166136261;
  for (const part of parts) {
    h ^= part;
    h = Math.imul(h, 16777619) >>> 0;
    h ^= h >>> 13;
  }
  return h >>> 0;
}

const WORDS = ["breathing", "morning", "routine", "sleep", "journal", "walk", "focus", "anxiety", "goals", "habits", "coach", "gratitude"];
const sentence = (seed: number, words: number) => Array.from({ length: words }, (_, i) => WORDS[hash(seed, i) % WORDS.length]).join(" ");

/** Members who have joined the forum, with their names; `tokenIdentifier` for those who sign in. */
export const members = internalMutationGeneric({
  args: {
    now: v.number(),
    members: v.array(
      v.object({
        tokenIdentifier: v.optional(v.string()),
        email: v.string(),
        firstName: v.string(),
        lastName: v.string(),
        forumName: v.string(),
      }),
    ),
  },
  returns: v.array(v.id("users")),
  handler: async (ctx, { now, members }) => {
    const ids: GenericId<"users">[] = [];
    for (const [i, member] of members.entries()) {
      ids.push(
        await ctx.db.insert("users", {
          ...member,
          role: "client",
          userType: "member",
          tier: "clarity",
          forumMember: true,
          forumNameKey: member.forumName.normalize("NFC").toLowerCase(),
          status: "active",
          timezone: "America/Chicago",
          createdAt: now - 400 * DAY + i * MINUTE,
          lastActiveAt: now - (i % 30) * HOUR,
          searchText: (`${member.firstName} ${member.lastName} ${member.email}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" "),
        }),
      );
    }
    return ids;
  },
});

/** The categories: the measured one (members) and two small neighbours, empty. */
export const categories = internalMutationGeneric({
  args: {},
  returns: v.id("forumCategories"),
  handler: async (ctx) => {
    const measured = await ctx.db.insert("forumCategories", {
      slug: "general",
      name: "General",
      description: "Everything about everyday coaching.",
      visibility: "members",
      sortOrder: 1,
      threadCount: 0,
    });
    await ctx.db.insert("forumCategories", {
      slug: "introductions",
      name: "Introductions",
      description: "Say hello.",
      visibility: "public",
      sortOrder: 0,
      threadCount: 0,
    });
    await ctx.db.insert("forumCategories", {
      slug: "moderators",
      name: "Moderators",
      description: "Staff only.",
      visibility: "hidden",
      sortOrder: 2,
      threadCount: 0,
    });
    return measured;
  },
});

/**
 * Threads `from` .. `from + replies.length - 1` of `total`, created evenly over the year before
 * `now` (the newest last), `replies[i]` replies each at uneven gaps, so latest activity orders them
 * differently from creation. The first `pinned` threads of the category are pinned. Returns the ids.
 */
export const threads = internalMutationGeneric({
  args: {
    categoryId: v.id("forumCategories"),
    memberIds: v.array(v.id("users")),
    now: v.number(),
    from: v.number(),
    total: v.number(),
    pinned: v.number(),
    replies: v.array(v.number()),
  },
  returns: v.array(v.id("forumThreads")),
  handler: async (ctx, { categoryId, memberIds, now, from, total, pinned, replies }) => {
    const ids: GenericId<"forumThreads">[] = [];
    let lastActivity = 0;
    for (const [offset, replyCount] of replies.entries()) {
      const n = from + offset;
      const createdAt = now - 365 * DAY + Math.floor((n * 365 * DAY) / total) - HOUR;
      // Replies from 10 minutes to 3 days apart, squeezed so the last is before now.
      const gaps = Array.from({ length: replyCount }, (_, k) => 10 * MINUTE + (hash(n, k, 1) % (3 * DAY)));
      const span = gaps.reduce((sum, gap) => sum + gap, 0);
      const scale = Math.min(1, (now - createdAt - MINUTE) / Math.max(1, span));
      const times = [createdAt];
      for (const gap of gaps) times.push(times.at(-1)! + Math.max(1, Math.floor(gap * scale)));
      const authors = times.map((_, k) => memberIds[hash(n, k, 2) % memberIds.length]!);
      const title = `${sentence(hash(n, 3), 4)} (${n + 1})`;
      const threadId = await ctx.db.insert("forumThreads", {
        categoryId,
        authorId: authors[0]!,
        title,
        status: "visible",
        pinned: n < pinned,
        locked: false,
        createdAt,
        lastActivityAt: times.at(-1)!,
        replyCount,
        lastPostAuthorId: authors.at(-1)!,
      });
      ids.push(threadId);
      lastActivity = Math.max(lastActivity, times.at(-1)!);
      const lastPostBy = new Map<GenericId<"users">, number>();
      for (const [k, at] of times.entries()) {
        const body = `${sentence(hash(n, k, 4), 8 + (hash(n, k, 5) % 24))}. Post ${k} of thread ${n + 1}.`;
        await ctx.db.insert("forumPosts", {
          threadId,
          authorId: authors[k]!,
          opening: k === 0,
          body,
          status: "visible",
          createdAt: at,
          searchText: k === 0 ? searchTextOf(body, title) : searchTextOf(body),
          reactionCounts: {},
        });
        lastPostBy.set(authors[k]!, at);
      }
      // Writing in a thread follows it, and a writer has read it up to their own post.
      for (const [userId, at] of lastPostBy) await ctx.db.insert("forumThreadStates", { userId, threadId, followed: true, lastReadAt: at });
    }
    const category = (await ctx.db.get(categoryId)) as Fields;
    await ctx.db.patch(categoryId, {
      threadCount: (category.threadCount as number) + replies.length,
      lastActivityAt: Math.max((category.lastActivityAt as number | undefined) ?? 0, lastActivity),
    });
    return ids;
  },
});

/** A thread and its category as they are now, to put back after a measured reply. */
export const snapshot = internalMutationGeneric({
  args: { threadId: v.id("forumThreads") },
  returns: v.any(),
  handler: async (ctx, { threadId }) => {
    const thread = (await ctx.db.get(threadId)) as Fields;
    return { thread, category: (await ctx.db.get(thread.categoryId as GenericId<"forumCategories">)) as Fields };
  },
});

/**
 * Takes a measured reply back: deletes the post and puts the thread and category back as they were,
 * so every sample replies to a thread page of the same size; and empties the rate limiter.
 */
export const undoReply = internalMutationGeneric({
  args: { postId: v.id("forumPosts"), snapshot: v.any() },
  returns: v.null(),
  handler: async (ctx, { postId, snapshot }) => {
    await ctx.db.delete(postId);
    const { thread, category } = snapshot as { thread: Fields; category: Fields };
    for (const doc of [thread, category]) {
      const { _id, _creationTime, ...fields } = doc;
      void _creationTime;
      await ctx.db.replace(_id as GenericId<"forumThreads">, fields);
    }
    await ctx.runMutation(rateLimiter.clearAll, {});
    return null;
  },
});

/**
 * The floor: a trivial subscription (one document by id, a spare table's, shaped as a list of `{ body }` like the
 * subscribers expect) and a trivial write to it, public so clients call them as they call the forum.
 */
export const pingInit = internalMutationGeneric({
  args: {},
  returns: v.id("newsletterSubscribers"),
  handler: (ctx) =>
    ctx.db.insert("newsletterSubscribers", { email: "bench-ping@example.com", name: "", createdAt: Date.now(), source: "bench" }),
});

export const ping = queryGeneric({
  args: { id: v.id("newsletterSubscribers") },
  returns: v.array(v.object({ body: v.string() })),
  handler: async (ctx, { id }) => [{ body: (((await ctx.db.get(id)) as Fields | null)?.name as string | undefined) ?? "" }],
});

export const pingWrite = mutationGeneric({
  args: { id: v.id("newsletterSubscribers"), body: v.string() },
  returns: v.null(),
  handler: async (ctx, { id, body }) => {
    await ctx.db.patch(id, { name: body });
    return null;
  },
});

/** What reads cost in the engine: `ids.length` documents by id, or as many one-row index lookups (a page's unread markers). */
export const reads = queryGeneric({
  args: { users: v.array(v.id("users")), states: v.array(v.object({ userId: v.id("users"), threadId: v.id("forumThreads") })) },
  returns: v.number(),
  handler: async (ctx, { users, states }) => {
    let found = 0;
    for (const id of users) if (await ctx.db.get(id)) found++;
    for (const { userId, threadId } of states) {
      const state: unknown = await ctx.db
        .query("forumThreadStates")
        // The untyped data model knows no index fields: the range is built as the handlers build it.
        .withIndex("by_user_and_thread", (q) => (q as unknown as Eq).eq("userId", userId).eq("threadId", threadId) as never)
        .unique();
      if (state) found++;
    }
    return found;
  },
});
