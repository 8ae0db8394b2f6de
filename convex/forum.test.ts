import type { FunctionReference } from "convex/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS } from "../scripts/demo-accounts";
import { api, internal } from "./_generated/api";
import * as forum from "./forum";
import type { Id } from "./_generated/dataModel";
import { DEMO_FORUM_CATEGORIES, DEMO_FORUM_THREADS } from "./model/demoForum";
import { bodyError, canEditOwnPost, FORUM_EDIT_WINDOW_MS, FORUM_OWN_STATE_IDS_MAX, FORUM_SEARCH_LIMIT, isUnread, titleError } from "./model/forumRules";
import { FORUM_MESSAGES, PROFILE_MESSAGES } from "./model/messages";
import { codeOf, errorOf, firstPage, forumCategory, forumMember, forumTables } from "./test.forum";
import { activitiesOf, notificationsOf } from "./test.sessions";
import { seedDemo } from "./test.seed";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn, type Accessor, type T } from "./test.users";

const MINUTE = 60 * 1000;

beforeEach(() => {
  // Posting schedules the notification fan-out; fake timers hold it until a test runs it.
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 2, 10, 9));
});
afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const t = newConvexTest();
  const lounge = await forumCategory(t, { slug: "focus", name: "Focus & tools" });
  const staffRoom = await forumCategory(t, { slug: "staff-room", name: "Staff room", visibility: "hidden" });
  const maya = await forumMember(t, "client", "Maya O.");
  const theo = await forumMember(t, "client", "Theo B");
  const coach = await forumMember(t, "coach", "Coach Cora");
  return { t, lounge, staffRoom, maya, theo, coach };
}

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function threadBy(as: Accessor, categoryId: Id<"forumCategories">, title = "Body doubling on Mondays", body = "Who else works better with someone on a call?") {
  return as.mutation(api.forum.createThread, { categoryId, title, body });
}

const stored = <Table extends "forumThreads" | "forumPosts" | "forumCategories">(t: T, table: Table, id: Id<Table>) =>
  t.run(async (ctx) => (await ctx.db.get(table, id as never))!);

async function openingOf(t: T, threadId: Id<"forumThreads">) {
  return t.run(async (ctx) => (await ctx.db.query("forumPosts").withIndex("by_thread_and_created", (q) => q.eq("threadId", threadId)).first())!);
}

describe("forum:standing and forum:join", () => {
  it("tells guests they read only, members to join, and staff and admins what they may do", async () => {
    const t = newConvexTest();
    const guest = await signedIn(t, "guest_confirmed");
    const client = await signedIn(t, "client");
    const admin = await forumMember(t, "admin", "Ada");
    const coach = await forumMember(t, "coach", "Cora");
    expect(await guest.as.query(api.forum.standing, {})).toEqual({ forumMember: false, blocked: "guest", canModerate: false, canAudit: false });
    expect(await client.as.query(api.forum.standing, {})).toEqual({ forumMember: false, blocked: "not_joined", canModerate: false, canAudit: false });
    expect(await coach.as.query(api.forum.standing, {})).toEqual({ forumMember: true, forumName: "Cora", canModerate: true, canAudit: false });
    expect(await admin.as.query(api.forum.standing, {})).toMatchObject({ canModerate: true, canAudit: true });
  });

  it("asks for a forum name when the member has none, checks it like the profile form, then joins", async () => {
    const t = newConvexTest();
    await forumMember(t, "client", "Maya O.");
    const theo = await signedIn(t, "client");
    const before = await forumTables(t);
    expect(await errorOf(theo.as.mutation(api.forum.join, {}))).toEqual({
      code: "FORUM_NAME_REQUIRED",
      message: FORUM_MESSAGES.FORUM_NAME_REQUIRED,
      fields: { forumName: FORUM_MESSAGES.FORUM_NAME_REQUIRED },
    });
    expect(await errorOf(theo.as.mutation(api.forum.join, { forumName: "   " }))).toMatchObject({ code: "FORUM_NAME_REQUIRED" });
    expect(await errorOf(theo.as.mutation(api.forum.join, { forumName: "<b>" }))).toMatchObject({ fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_INVALID } });
    expect(await errorOf(theo.as.mutation(api.forum.join, { forumName: "maya o." }))).toMatchObject({ fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_TAKEN } });
    expect(await forumTables(t)).toEqual(before);

    await theo.as.mutation(api.forum.join, { forumName: "  Theo  B " });
    expect(await theo.as.query(api.forum.standing, {})).toEqual({ forumMember: true, forumName: "Theo B", canModerate: false, canAudit: false });
  });

  it("lets a member who already has a forum name join without giving one", async () => {
    const t = newConvexTest();
    const maya = await forumMember(t, "client", "Maya O.", { forumMember: false });
    await maya.as.mutation(api.forum.join, {});
    expect((await maya.as.query(api.forum.standing, {})).forumMember).toBe(true);
  });
});

describe("forum:categories and forum:category", () => {
  it("shows hidden categories to staff only; for members they do not exist", async () => {
    const { maya, coach } = await setup();
    expect((await maya.as.query(api.forum.categories, {})).map((c) => c.slug)).toEqual(["focus"]);
    expect((await coach.as.query(api.forum.categories, {})).map((c) => c.slug)).toEqual(["focus", "staff-room"]);
    expect(await maya.as.query(api.forum.category, { slug: "staff-room" })).toBeNull();
    expect(await maya.as.query(api.forum.category, { slug: "nowhere" })).toBeNull();
    expect(await coach.as.query(api.forum.category, { slug: "staff-room" })).toMatchObject({ name: "Staff room", visibility: "hidden", threadCount: 0 });
  });
});

describe("forum:createThread", () => {
  it("starts a thread with its opening post, counts it, and the author follows it, read", async () => {
    const { t, lounge, maya } = await setup();
    const threadId = await threadBy(maya.as, lounge, "  Body doubling on Mondays  ", "  Who else works better with someone on a call?  ");
    const category = await stored(t, "forumCategories", lounge);
    expect(category).toMatchObject({ threadCount: 1, lastActivityAt: Date.now() });
    const heading = await maya.as.query(api.forum.thread, { threadId });
    expect(heading).toMatchObject({
      thread: { title: "Body doubling on Mondays", status: "visible", replyCount: 0, unread: false, followed: true, author: { _id: maya.id, name: "Maya O.", role: "client" } },
      category: { slug: "focus", name: "Focus & tools" },
      canReply: true,
    });
    const opening = await openingOf(t, threadId);
    expect(opening).toMatchObject({ opening: true, body: "Who else works better with someone on a call?", searchText: "Body doubling on Mondays\nWho else works better with someone on a call?" });
  });

  it("refuses members who have not joined, and bad titles and bodies, writing nothing", async () => {
    const { t, lounge, maya } = await setup();
    const outsider = await signedIn(t, "client");
    const before = await forumTables(t);
    expect(await codeOf(threadBy(outsider.as, lounge))).toBe("FORUM_NOT_JOINED");
    expect(await errorOf(maya.as.mutation(api.forum.createThread, { categoryId: lounge, title: "Hi", body: "  " }))).toEqual({
      code: "INVALID_FORUM_POST",
      message: FORUM_MESSAGES.INVALID_FORUM_POST,
      fields: { title: FORUM_MESSAGES.TITLE_INVALID, body: FORUM_MESSAGES.BODY_EMPTY },
    });
    expect(await errorOf(threadBy(maya.as, lounge, "A fine title", "[click](javascript:alert(1))"))).toMatchObject({ fields: { body: FORUM_MESSAGES.BODY_UNSAFE } });
    expect(await errorOf(threadBy(maya.as, lounge, "A fine title", "<script>x</script>"))).toMatchObject({ fields: { body: FORUM_MESSAGES.BODY_UNSAFE } });
    expect(await forumTables(t)).toEqual(before);
  });

  it("refuses posting in a hidden category to members (not found) and lets staff post there", async () => {
    const { t, staffRoom, maya, coach } = await setup();
    const before = await forumTables(t);
    expect(await codeOf(threadBy(maya.as, staffRoom))).toBe("CATEGORY_NOT_FOUND");
    expect(await forumTables(t)).toEqual(before);
    const threadId = await threadBy(coach.as, staffRoom, "Report triage this week");
    expect(await maya.as.query(api.forum.thread, { threadId })).toBeNull();
    expect((await coach.as.query(api.forum.thread, { threadId }))?.thread.title).toBe("Report triage this week");
  });

  it("refuses a fourth thread in quick succession with the forum's message, writing nothing", async () => {
    const { t, lounge, maya } = await setup();
    for (const n of [1, 2, 3]) await threadBy(maya.as, lounge, `Thread number ${n}`);
    const before = await forumTables(t);
    expect(await errorOf(threadBy(maya.as, lounge, "One more thread"))).toMatchObject({ code: "RATE_LIMITED", message: FORUM_MESSAGES.RATE_LIMITED });
    expect(await forumTables(t)).toEqual(before);
    later(10 * MINUTE);
    await threadBy(maya.as, lounge, "One more thread");
  });
});

describe("forum:reply, forum:markRead and unread", () => {
  it("counts replies, moves activity, and shows the thread unread to others until they read it", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    await theo.as.mutation(api.forum.markRead, { threadId });
    later(MINUTE);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Yes! Focusmate changed my mornings." });
    expect(await stored(t, "forumThreads", threadId)).toMatchObject({ replyCount: 1, lastActivityAt: Date.now(), lastPostAuthorId: theo.id });
    expect((await stored(t, "forumCategories", lounge)).lastActivityAt).toBe(Date.now());
    expect((await stored(t, "forumPosts", replyId)).searchText).toBe("Yes! Focusmate changed my mornings.");

    // The author of the last post has read it; the thread's author has not.
    expect((await theo.as.query(api.forum.thread, { threadId }))!.thread).toMatchObject({ unread: false, followed: true });
    const listed = (await maya.as.query(api.forum.threads, { categoryId: lounge, paginationOpts: firstPage })).page[0]!;
    expect(listed).toMatchObject({ replyCount: 1, lastActivityAt: Date.now() });
    const [mayas] = await maya.as.query(api.forum.myThreadStates, { threadIds: [threadId] });
    expect(mayas!.followed).toBe(true);
    expect(isUnread(listed.lastActivityAt, mayas!.lastReadAt)).toBe(true);
    const lastReadAt = (await maya.as.query(api.forum.thread, { threadId }))!.lastReadAt;
    later(MINUTE);
    await maya.as.mutation(api.forum.markRead, { threadId });
    expect((await maya.as.query(api.forum.thread, { threadId }))!.thread.unread).toBe(false);
    expect((await maya.as.query(api.forum.thread, { threadId }))!.lastReadAt).toBeGreaterThan(lastReadAt!);

    // Nothing new: marking read again writes nothing, so a page calling it on every update settles.
    const states = (await forumTables(t)).states;
    later(MINUTE);
    await maya.as.mutation(api.forum.markRead, { threadId });
    expect((await forumTables(t)).states).toEqual(states);
  });

  it("gives a guest their own reading state, and never anyone else's", async () => {
    const { t, lounge, maya } = await setup();
    const guest = await signedIn(t, "guest_temporary");
    const threadId = await threadBy(maya.as, lounge);
    expect((await guest.as.query(api.forum.thread, { threadId }))!).toMatchObject({ lastReadAt: null, canReply: false, thread: { unread: true } });
    later(MINUTE);
    await guest.as.mutation(api.forum.markRead, { threadId });
    expect((await guest.as.query(api.forum.thread, { threadId }))!.thread.unread).toBe(false);
    const mine = (await forumTables(t)).states.find((s) => s.userId === maya.id)!;
    expect(mine.lastReadAt).toBeLessThan(Date.now());
  });

  it("refuses replies to a locked thread from members and takes them from staff", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    await coach.as.mutation(api.forumModeration.setLocked, { threadId, locked: true });
    const before = await forumTables(t);
    expect(await errorOf(theo.as.mutation(api.forum.reply, { threadId, body: "Me too" }))).toMatchObject({ code: "THREAD_LOCKED", message: FORUM_MESSAGES.THREAD_LOCKED });
    expect(await forumTables(t)).toEqual(before);
    expect((await theo.as.query(api.forum.thread, { threadId }))!.canReply).toBe(false);
    expect((await coach.as.query(api.forum.thread, { threadId }))!.canReply).toBe(true);
    await coach.as.mutation(api.forum.reply, { threadId, body: "Locking this one; let's continue in the weekly thread." });
    expect((await stored(t, "forumThreads", threadId)).replyCount).toBe(1);
  });

  it("refuses an empty reply and replies to threads that are gone, writing nothing", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const hiddenId = await threadBy(maya.as, lounge, "Another thread");
    await coach.as.mutation(api.forumModeration.hidePost, { postId: (await openingOf(t, hiddenId))._id, reason: "Off topic for now" });
    const before = await forumTables(t);
    expect(await errorOf(theo.as.mutation(api.forum.reply, { threadId, body: " " }))).toMatchObject({ code: "INVALID_FORUM_POST", fields: { body: FORUM_MESSAGES.BODY_EMPTY } });
    expect(await codeOf(theo.as.mutation(api.forum.reply, { threadId: hiddenId, body: "Hello" }))).toBe("THREAD_NOT_FOUND");
    expect(await forumTables(t)).toEqual(before);
  });

  it("refuses the eleventh quick reply, writing nothing", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    for (let n = 0; n < 10; n++) await theo.as.mutation(api.forum.reply, { threadId, body: `Thought ${n}` });
    const before = await forumTables(t);
    expect(await codeOf(theo.as.mutation(api.forum.reply, { threadId, body: "One more thought" }))).toBe("RATE_LIMITED");
    expect(await forumTables(t)).toEqual(before);
  });
});

describe("forum:threads and forum:posts", () => {
  it("lists pinned threads first, then by latest activity, and hidden ones to staff only", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const rules = await threadBy(coach.as, lounge, "House rules");
    later(MINUTE);
    const older = await threadBy(maya.as, lounge, "Older thread");
    later(MINUTE);
    const newer = await threadBy(theo.as, lounge, "Newer thread");
    later(MINUTE);
    await coach.as.mutation(api.forumModeration.setPinned, { threadId: rules, pinned: true });
    await theo.as.mutation(api.forum.reply, { threadId: older, body: "Bumping this" });
    const hidden = await threadBy(maya.as, lounge, "Hidden thread");
    await coach.as.mutation(api.forumModeration.hidePost, { postId: (await openingOf(t, hidden))._id, reason: "Personal details" });
    const titles = async (as: Accessor) => (await as.query(api.forum.threads, { categoryId: lounge, paginationOpts: firstPage })).page.map((th) => th._id);
    expect(await titles(maya.as)).toEqual([rules, older, newer]);
    expect(await titles(coach.as)).toEqual([rules, older, newer, hidden]);
    expect((await stored(t, "forumCategories", lounge)).threadCount).toBe(3);
  });

  it("pages through a long thread, opening post first", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    for (let n = 0; n < 25; n++) {
      later(MINUTE);
      await t.run(async (ctx) => {
        await ctx.db.insert("forumPosts", { threadId, authorId: theo.id, opening: false, body: `Reply ${n}`, status: "visible", createdAt: Date.now(), searchText: `Reply ${n}`, reactionCounts: {} });
      });
    }
    const first = await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage });
    expect(first.page).toHaveLength(20);
    expect(first.page[0]).toMatchObject({ opening: true, author: { _id: maya.id, name: "Maya O." } });
    expect(first.isDone).toBe(false);
    const second = await maya.as.query(api.forum.posts, { threadId, paginationOpts: { numItems: 20, cursor: first.continueCursor } });
    expect(second.page.map((p) => p.body)).toEqual(["Reply 19", "Reply 20", "Reply 21", "Reply 22", "Reply 23", "Reply 24"]);
  });

  it("toggles reactions, listed in the forum's order with the caller's own marked", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const postId = (await openingOf(t, threadId))._id;
    await theo.as.mutation(api.forum.react, { postId, reaction: "same" });
    await theo.as.mutation(api.forum.react, { postId, reaction: "helpful" });
    await maya.as.mutation(api.forum.react, { postId, reaction: "same" });
    const reactions = async (as: Accessor) => (await as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page[0]!.reactions;
    const mine = async (as: Accessor) => (await as.query(api.forum.myPostStates, { postIds: [postId] })).reactions;
    expect(await reactions(theo.as)).toEqual([
      { reaction: "helpful", count: 1 },
      { reaction: "same", count: 2 },
    ]);
    expect(await reactions(maya.as)).toEqual(await reactions(theo.as));
    expect(await mine(theo.as)).toEqual([{ postId, reactions: ["helpful", "same"] }]);
    expect(await mine(maya.as)).toEqual([{ postId, reactions: ["same"] }]);
    await theo.as.mutation(api.forum.react, { postId, reaction: "helpful" });
    expect(await reactions(theo.as)).toEqual([{ reaction: "same", count: 2 }]);
    expect(await mine(theo.as)).toEqual([{ postId, reactions: ["same"] }]);
    expect((await stored(t, "forumPosts", postId)).reactionCounts).toEqual({ same: 2 });
    expect((await forumTables(t)).reactions).toHaveLength(2);
  });

  it("shows staff a hidden reply with its reason and leaves it out for members", async () => {
    const { lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "My phone number is ..." });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: "Personal details" });
    expect((await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page.map((p) => p._id)).not.toContain(replyId);
    const forCoach = (await coach.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page;
    expect(forCoach[1]).toMatchObject({ _id: replyId, status: "hidden", moderationReason: "Personal details" });
    expect(forCoach[0]!.moderationReason).toBeUndefined();
  });

  it("names an author whose forum name was removed 'Former member'", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    await t.run((ctx) => ctx.db.patch("users", maya.id, { forumName: undefined, forumNameKey: undefined }));
    expect((await theo.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page[0]!.author.name).toBe("Former member");
  });
});

describe("shared pages and the reader's own part", () => {
  it("gives every member one and the same thread list and posts page, and each their own state apart", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const postId = (await openingOf(t, threadId))._id;
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Same here." });
    await theo.as.mutation(api.forum.react, { postId, reaction: "helpful" });
    const list = { categoryId: lounge, paginationOpts: firstPage };
    const page = { threadId, paginationOpts: firstPage };
    expect(await maya.as.query(api.forum.threads, list)).toEqual(await theo.as.query(api.forum.threads, list));
    expect(await maya.as.query(api.forum.posts, page)).toEqual(await theo.as.query(api.forum.posts, page));

    // Theo's own part: who he is (the reply is his) and his reaction; Maya has neither of his.
    expect(await theo.as.query(api.forum.myPostStates, { postIds: [postId, replyId] })).toEqual({ viewerId: theo.id, reactions: [{ postId, reactions: ["helpful"] }] });
    expect(await maya.as.query(api.forum.myPostStates, { postIds: [postId, replyId, postId] })).toEqual({ viewerId: maya.id, reactions: [] });
    // Both follow the thread (Maya wrote it, Theo replied); Theo read it last, when he replied.
    const theos = await theo.as.query(api.forum.myThreadStates, { threadIds: [threadId, threadId] });
    expect(theos).toEqual([{ threadId, followed: true, lastReadAt: Date.now() }]);
  });

  it("refuses more ids than a few pages hold, and reads nothing for ids of another table", async () => {
    const { t, lounge, maya } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const postId = (await openingOf(t, threadId))._id;
    const tooMany = Array.from({ length: FORUM_OWN_STATE_IDS_MAX + 1 }, () => postId);
    expect(await codeOf(maya.as.query(api.forum.myPostStates, { postIds: tooMany }))).toBe("INVALID_INPUT");
    expect(await codeOf(maya.as.query(api.forum.myThreadStates, { threadIds: Array.from({ length: FORUM_OWN_STATE_IDS_MAX + 1 }, () => threadId) }))).toBe("INVALID_INPUT");
    await expect(maya.as.query(api.forum.myPostStates, { postIds: [threadId as unknown as Id<"forumPosts">] })).rejects.toThrow();
  });

  it("keeps staff's page (hidden posts, reasons) apart from members'", async () => {
    const { lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Off topic" });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: "Off topic" });
    const page = { threadId, paginationOpts: firstPage };
    expect((await maya.as.query(api.forum.posts, page)).page).toHaveLength(1);
    expect((await theo.as.query(api.forum.posts, page)).page).toHaveLength(1);
    expect((await coach.as.query(api.forum.posts, page)).page).toHaveLength(2);
  });

  it("answers the lists from an internal query that knows only the caller's standing, passed through unchanged", async () => {
    const { t, lounge, staffRoom, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Off topic" });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: "Off topic" });
    await threadBy(coach.as, staffRoom, "Staff only", "Rota for next week.");
    const member = { staff: false };
    const staff = { staff: true };
    type Query = FunctionReference<"query", "public" | "internal", Record<string, unknown>, unknown>;
    const cases: [outer: Query, inner: Query, args: Record<string, unknown>][] = [
      [api.forum.categories, internal.forum.categoriesForStanding, {}],
      [api.forum.category, internal.forum.categoryForStanding, { slug: "staff-room" }],
      [api.forum.posts, internal.forum.postsForStanding, { threadId, paginationOpts: firstPage }],
    ];
    for (const [outer, inner, args] of cases) {
      const asMember: unknown = await maya.as.query(outer as FunctionReference<"query">, args);
      expect(asMember).toEqual(await t.query(inner, { ...args, standing: member }));
      const asStaff: unknown = await coach.as.query(outer as FunctionReference<"query">, args);
      expect(asStaff).toEqual(await t.query(inner, { ...args, standing: staff }));
      expect(asStaff).not.toEqual(asMember);
    }
    // What lets the embedded backend share one run among every reader of one standing.
    for (const name of ["categories", "category", "posts"] as const) expect(forum[name]).toHaveProperty("passThrough", true);
  });
});

describe("forum:editPost and forum:deletePost", () => {
  it("lets the author edit within the window, marks it edited, and changes the title with the opening post", async () => {
    const { t, lounge, maya } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const postId = (await openingOf(t, threadId))._id;
    later(30 * MINUTE);
    await maya.as.mutation(api.forum.editPost, { postId, body: "Who else likes a body double?", title: "Body doubling" });
    expect(await stored(t, "forumPosts", postId)).toMatchObject({ body: "Who else likes a body double?", editedAt: Date.now(), searchText: "Body doubling\nWho else likes a body double?" });
    expect((await stored(t, "forumThreads", threadId)).title).toBe("Body doubling");
    expect(await maya.as.query(api.forum.search, { query: "doubling" })).toHaveLength(1);

    later(FORUM_EDIT_WINDOW_MS);
    const before = await forumTables(t);
    expect(await errorOf(maya.as.mutation(api.forum.editPost, { postId, body: "Too late" }))).toMatchObject({ code: "EDIT_WINDOW_PASSED", message: FORUM_MESSAGES.EDIT_WINDOW_PASSED });
    expect(canEditOwnPost((await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page[0]!, Date.now())).toBe(false);
    expect(await forumTables(t)).toEqual(before);
  });

  it("refuses changes to someone else's post, a title on a reply and a bad body, writing nothing", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const postId = (await openingOf(t, threadId))._id;
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Same here" });
    const before = await forumTables(t);
    expect(await errorOf(theo.as.mutation(api.forum.editPost, { postId, body: "Mine now" }))).toMatchObject({ code: "NOT_YOUR_POST", message: FORUM_MESSAGES.NOT_YOUR_POST });
    expect(await codeOf(coach.as.mutation(api.forum.deletePost, { postId }))).toBe("NOT_YOUR_POST");
    expect(await codeOf(theo.as.mutation(api.forum.deletePost, { postId }))).toBe("NOT_YOUR_POST");
    expect(await codeOf(theo.as.mutation(api.forum.editPost, { postId: replyId, body: "Same", title: "A title" }))).toBe("INVALID_FORUM_POST");
    expect(await errorOf(maya.as.mutation(api.forum.editPost, { postId, body: "ok", title: "x" }))).toMatchObject({ fields: { title: FORUM_MESSAGES.TITLE_INVALID } });
    expect(await forumTables(t)).toEqual(before);
  });

  it("keeps a deleted reply as an empty placeholder and takes it out of the counts and search", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    later(MINUTE);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Pomodoro with a friend works for me" });
    await theo.as.mutation(api.forum.deletePost, { postId: replyId });
    expect(await stored(t, "forumPosts", replyId)).toMatchObject({ status: "deleted", body: "", searchText: "" });
    const thread = await stored(t, "forumThreads", threadId);
    expect(thread).toMatchObject({ replyCount: 0, lastActivityAt: thread.createdAt, lastPostAuthorId: maya.id });
    const posts = (await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page;
    expect(posts[1]).toMatchObject({ _id: replyId, status: "deleted", body: "", reactions: [] });
    expect(canEditOwnPost(posts[1]!, Date.now())).toBe(false);
    expect(await maya.as.query(api.forum.search, { query: "Pomodoro" })).toEqual([]);
    expect(await codeOf(theo.as.mutation(api.forum.deletePost, { postId: replyId }))).toBe("POST_NOT_FOUND");
  });

  it("deletes the thread with its opening post when nobody replied, and keeps it when someone did", async () => {
    const { t, lounge, maya, theo } = await setup();
    const lonely = await threadBy(maya.as, lounge, "Nobody answered this");
    await maya.as.mutation(api.forum.deletePost, { postId: (await openingOf(t, lonely))._id });
    expect((await stored(t, "forumThreads", lonely)).status).toBe("deleted");
    expect((await stored(t, "forumCategories", lounge)).threadCount).toBe(0);
    expect(await maya.as.query(api.forum.thread, { threadId: lonely })).toBeNull();

    const answered = await threadBy(maya.as, lounge, "Somebody answered this");
    await theo.as.mutation(api.forum.reply, { threadId: answered, body: "Hi!" });
    await maya.as.mutation(api.forum.deletePost, { postId: (await openingOf(t, answered))._id });
    expect(await stored(t, "forumThreads", answered)).toMatchObject({ status: "visible", replyCount: 1 });
    expect((await stored(t, "forumCategories", lounge)).threadCount).toBe(1);
    const posts = (await theo.as.query(api.forum.posts, { threadId: answered, paginationOpts: firstPage })).page;
    expect(posts.map((p) => [p.opening, p.status, p.body])).toEqual([
      [true, "deleted", ""],
      [false, "visible", "Hi!"],
    ]);
  });
});

describe("forum:follow", () => {
  it("follows and unfollows; a thread the member cannot see is not found", async () => {
    const { t, lounge, staffRoom, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    await theo.as.mutation(api.forum.follow, { threadId, followed: true });
    expect((await theo.as.query(api.forum.thread, { threadId }))!.thread).toMatchObject({ followed: true, unread: true });
    await theo.as.mutation(api.forum.follow, { threadId, followed: false });
    expect((await theo.as.query(api.forum.thread, { threadId }))!.thread.followed).toBe(false);
    const staffThread = await threadBy(coach.as, staffRoom);
    const before = await forumTables(t);
    expect(await codeOf(theo.as.mutation(api.forum.follow, { threadId: staffThread, followed: true }))).toBe("THREAD_NOT_FOUND");
    expect(await forumTables(t)).toEqual(before);
  });
});

describe("forum:search", () => {
  it("finds titles through opening posts and replies in text, only where the caller may read", async () => {
    const { t, lounge, staffRoom, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge, "Calendar blocking that sticks", "Colour coding helped me a lot.");
    later(MINUTE);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "I block my calendar every Sunday evening." });
    await threadBy(coach.as, staffRoom, "Calendar for the staff rota", "Only staff see this.");
    const hiddenReply = await theo.as.mutation(api.forum.reply, { threadId, body: "Calendar spam link" });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: hiddenReply, reason: "Spam" });

    const forMaya = await maya.as.query(api.forum.search, { query: "  calendar " });
    expect(new Set(forMaya.map((r) => r.postId))).toEqual(new Set([(await openingOf(t, threadId))._id, replyId]));
    expect(forMaya.find((r) => r.opening)).toMatchObject({ threadId, title: "Calendar blocking that sticks", category: { slug: "focus", name: "Focus & tools" } });
    expect(forMaya.find((r) => !r.opening)?.excerpt).toBe("I block my calendar every Sunday evening.");
    expect((await coach.as.query(api.forum.search, { query: "calendar" })).map((r) => r.title)).toContain("Calendar for the staff rota");
    expect(await maya.as.query(api.forum.search, { query: "spam" })).toEqual([]);
    expect(await maya.as.query(api.forum.search, { query: " c " })).toEqual([]);
  });

  it("returns at most the search limit", async () => {
    const { t, lounge, maya } = await setup();
    const threadId = await threadBy(maya.as, lounge, "Morning routines");
    await t.run(async (ctx) => {
      for (let n = 0; n < FORUM_SEARCH_LIMIT + 5; n++) {
        await ctx.db.insert("forumPosts", { threadId, authorId: maya.id, opening: false, body: `routine ${n}`, status: "visible", createdAt: n, searchText: `routine ${n}`, reactionCounts: {} });
      }
    });
    expect(await maya.as.query(api.forum.search, { query: "routine" })).toHaveLength(FORUM_SEARCH_LIMIT);
  });
});

describe("forum:recentPublic", () => {
  it("shows visitors the newest thread titles of public categories only", async () => {
    const { t, lounge, maya, coach } = await setup();
    const members = await forumCategory(t, { slug: "lounge", name: "Members' lounge", visibility: "members" });
    for (const n of [1, 2, 3, 4, 5, 6]) {
      later(MINUTE);
      await coach.as.mutation(api.forum.createThread, { categoryId: lounge, title: `Public thread ${n}`, body: "Hello" });
      later(10 * MINUTE);
    }
    await threadBy(maya.as, members, "Members only");
    const recent = await t.query(api.forum.recentPublic, {});
    expect(recent.map((r) => r.title)).toEqual(["Public thread 6", "Public thread 5", "Public thread 4", "Public thread 3", "Public thread 2"]);
    expect(recent[0]).toEqual({ _id: expect.any(String) as string, title: "Public thread 6", category: "Focus & tools", lastActivityAt: expect.any(Number) as number, replyCount: 0 });
  });
});

describe("notifications", () => {
  const titles = async (t: T, userId: Id<"users">) => (await notificationsOf(t, userId)).map((n) => [n.title, n.priority]);

  it("tells followers of a reply (not its author), and a mentioned follower once, with a higher priority", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const sam = await forumMember(t, "client", "Sam Lee");
    const threadId = await threadBy(maya.as, lounge, "Body doubling on Mondays");
    await coach.as.mutation(api.forum.follow, { threadId, followed: true });
    await sam.as.mutation(api.forum.follow, { threadId, followed: true });
    await runScheduled(t);
    await theo.as.mutation(api.forum.reply, { threadId, body: "Great idea, @Coach_Cora! And @nobody_here too." });
    await runScheduled(t);

    expect(await titles(t, maya.id)).toEqual([['New reply in "Body doubling on Mondays"', "low"]]);
    expect(await titles(t, sam.id)).toEqual([['New reply in "Body doubling on Mondays"', "low"]]);
    expect(await titles(t, coach.id)).toEqual([["Theo B mentioned you", "medium"]]);
    expect(await titles(t, theo.id)).toEqual([]);
    const [note] = await notificationsOf(t, sam.id);
    expect(note).toMatchObject({ type: "system_alert", message: "Great idea, @Coach_Cora! And @nobody_here too.", actions: [{ label: "Open thread", url: `/forum/t/${threadId}` }] });
    expect((await activitiesOf(t, sam.id)).map((a) => [a.type, a.title, a.actionUrl, a.actionLabel])).toEqual([
      ["system", 'New reply in "Body doubling on Mondays"', `/forum/t/${threadId}`, "Open thread"],
    ]);
  });

  it("tells those a new thread mentions, but never its author or someone who cannot see the category", async () => {
    const { t, lounge, staffRoom, maya, theo, coach } = await setup();
    await threadBy(maya.as, lounge, "Thanks to my accountability crew", "Shout-out to @theo_b and to myself, @Maya_O.");
    await threadBy(coach.as, staffRoom, "Check on a member", "@Theo_B seemed stuck this week.");
    await runScheduled(t);
    expect(await titles(t, theo.id)).toEqual([["Maya O. mentioned you", "medium"]]);
    expect(await titles(t, maya.id)).toEqual([]);
  });

  it("notifies no one of a post hidden before the fan-out ran", async () => {
    const { t, lounge, maya, theo, coach } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    await runScheduled(t);
    const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "Buy my course!" });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: "Advertising" });
    await runScheduled(t);
    expect(await titles(t, maya.id)).toEqual([]);
  });

  it("reaches every follower of a busy thread, in batches", async () => {
    const { t, lounge, maya, theo } = await setup();
    const threadId = await threadBy(maya.as, lounge);
    const followers = await t.run(async (ctx) => {
      const { _id, _creationTime, ...row } = (await ctx.db.get("users", theo.id))!;
      const ids = [];
      for (let n = 0; n < 230; n++) {
        const userId = await ctx.db.insert("users", { ...row, tokenIdentifier: `follower-${n}`, email: `f${n}@example.com`, forumName: undefined, forumNameKey: undefined });
        await ctx.db.insert("forumThreadStates", { userId, threadId, followed: true, lastReadAt: 0 });
        ids.push(userId);
      }
      return ids;
    });
    await runScheduled(t);
    await theo.as.mutation(api.forum.reply, { threadId, body: "Welcome, everyone" });
    await runScheduled(t);
    const told = await t.run(async (ctx) => (await ctx.db.query("notifications").collect()).length);
    expect(told).toBe(followers.length + 1);
    expect(await titles(t, followers.at(-1)!)).toHaveLength(1);
  });
});

describe("seed.demo", () => {
  const accounts = DEMO_ACCOUNTS.map(({ password: _password, ...account }) => ({ ...account, tokenIdentifier: `local|${account.email}` }));
  const as = (t: T, email: string) => t.withIdentity({ tokenIdentifier: `local|${email}` });

  it("writes only text the forum's own rules accept", () => {
    for (const thread of DEMO_FORUM_THREADS) {
      expect([thread.title, titleError(thread.title)]).toEqual([thread.title, undefined]);
      for (const post of [thread.opening, ...thread.replies]) expect([post.body, bodyError(post.body)]).toEqual([post.body, undefined]);
    }
  });

  it("seeds the categories and conversations once, with counts the pages can trust", async () => {
    const t = newConvexTest();
    await seedDemo(t, accounts);
    await seedDemo(t, accounts);
    const coach = as(t, "coach@example.com");
    const maya = as(t, "maya@example.com");
    const categories = await coach.query(api.forum.categories, {});
    expect(categories.map((c) => [c.name, c.visibility])).toEqual(DEMO_FORUM_CATEGORIES.map((c) => [c.name, c.visibility]));
    expect((await maya.query(api.forum.categories, {})).map((c) => c.slug)).not.toContain("staff-room");

    for (const category of categories) {
      const threads = (await coach.query(api.forum.threads, { categoryId: category._id, paginationOpts: firstPage })).page;
      expect([category.slug, category.threadCount]).toEqual([category.slug, threads.length]);
      if (threads.length > 0) expect(category.lastActivityAt).toBe(Math.max(...threads.map((th) => th.lastActivityAt)));
      for (const thread of threads) {
        const posts = (await coach.query(api.forum.posts, { threadId: thread._id, paginationOpts: firstPage })).page;
        expect([thread.title, thread.replyCount, thread.lastActivityAt]).toEqual([thread.title, posts.length - 1, posts.at(-1)!.createdAt]);
      }
    }
    const introductions = categories.find((c) => c.slug === "introductions")!;
    const [rules] = (await maya.query(api.forum.threads, { categoryId: introductions._id, paginationOpts: firstPage })).page;
    expect(rules).toMatchObject({ title: "House rules", pinned: true, author: { name: "Coach Cora", role: "coach" } });
    expect((await t.query(api.forum.recentPublic, {})).length).toBeGreaterThan(0);
    expect(await maya.query(api.forum.search, { query: "invoices" })).toHaveLength(1);
    // Guests and Theo have not joined: they read, and the page asks them to join (or tells guests they read only).
    expect((await as(t, "theo@example.com").query(api.forum.standing, {})).blocked).toBe("not_joined");
    expect((await as(t, "guest.confirmed@example.com").query(api.forum.standing, {})).blocked).toBe("guest");
  });
});
