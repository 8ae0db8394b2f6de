import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { AUTH_MESSAGES, FORUM_MESSAGES } from "./model/messages";
import { codeOf, errorOf, firstPage, forumCategory, forumMember, forumTables } from "./test.forum";
import { newConvexTest } from "./test.setup";
import type { T } from "./test.users";

const MINUTE = 60 * 1000;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 2, 10, 9));
});
afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const t = newConvexTest();
  const focus = await forumCategory(t, { slug: "focus", name: "Focus & tools" });
  const wins = await forumCategory(t, { slug: "wins", name: "Wins & celebrations" });
  const maya = await forumMember(t, "client", "Maya O.");
  const theo = await forumMember(t, "client", "Theo B");
  const coach = await forumMember(t, "coach", "Coach Cora");
  const admin = await forumMember(t, "admin", "Ada");
  const threadId = await maya.as.mutation(api.forum.createThread, { categoryId: focus, title: "Inbox zero, gently", body: "Two passes a day works for me." });
  later(MINUTE);
  const replyId = await theo.as.mutation(api.forum.reply, { threadId, body: "I check at 11 and at 4." });
  const openingId = await t.run(
    async (ctx) => (await ctx.db.query("forumPosts").withIndex("by_thread_and_created", (q) => q.eq("threadId", threadId)).first())!._id,
  );
  return { t, focus, wins, maya, theo, coach, admin, threadId, replyId, openingId };
}

const get = <Table extends "forumThreads" | "forumPosts" | "forumCategories" | "forumReports">(t: T, table: Table, id: Id<Table>) =>
  t.run(async (ctx) => (await ctx.db.get(table, id as never))!);

const auditRows = (t: T) => t.run((ctx) => ctx.db.query("forumAudit").collect());

describe("forumModeration:hidePost and restorePost", () => {
  it("hides a reply from members, keeps the counts right, resolves its reports and logs it; restore undoes it", async () => {
    const { t, threadId, replyId, maya, theo, coach } = await setup();
    await maya.as.mutation(api.forum.report, { postId: replyId, reason: "Feels like an ad" });
    await coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: "  Advertising  " });

    expect(await get(t, "forumPosts", replyId)).toMatchObject({ status: "hidden", moderationReason: "Advertising", body: "I check at 11 and at 4." });
    const thread = await get(t, "forumThreads", threadId);
    expect(thread).toMatchObject({ replyCount: 0, lastActivityAt: thread.createdAt, lastPostAuthorId: maya.id });
    expect((await t.run((ctx) => ctx.db.query("forumReports").collect()))[0]).toMatchObject({ status: "resolved", resolvedBy: coach.id, resolvedAt: Date.now(), resolution: "Advertising" });
    expect((await auditRows(t)).map((a) => [a.action, a.actorId, a.postId, a.reason])).toEqual([["hide", coach.id, replyId, "Advertising"]]);
    expect(await theo.as.query(api.forum.search, { query: "check" })).toEqual([]);

    later(MINUTE);
    await coach.as.mutation(api.forumModeration.restorePost, { postId: replyId });
    expect(await get(t, "forumPosts", replyId)).toMatchObject({ status: "visible" });
    expect((await get(t, "forumPosts", replyId)).moderationReason).toBeUndefined();
    expect(await get(t, "forumThreads", threadId)).toMatchObject({ replyCount: 1, lastPostAuthorId: theo.id });
    expect((await auditRows(t)).map((a) => a.action)).toEqual(["hide", "restore"]);
    // Restoring what is already visible changes and logs nothing.
    await coach.as.mutation(api.forumModeration.restorePost, { postId: replyId });
    expect(await auditRows(t)).toHaveLength(2);
  });

  it("hides a whole thread with its opening post, out of the category count and the lists", async () => {
    const { t, focus, threadId, openingId, maya, coach } = await setup();
    await coach.as.mutation(api.forumModeration.hidePost, { postId: openingId, reason: "Needs a look" });
    expect((await get(t, "forumThreads", threadId)).status).toBe("hidden");
    expect((await get(t, "forumCategories", focus)).threadCount).toBe(0);
    expect(await maya.as.query(api.forum.thread, { threadId })).toBeNull();
    expect((await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page).toEqual([]);
    expect((await coach.as.query(api.forum.thread, { threadId }))!.thread.status).toBe("hidden");
    await coach.as.mutation(api.forumModeration.restorePost, { postId: openingId, reason: "Checked, all fine" });
    expect((await get(t, "forumCategories", focus)).threadCount).toBe(1);
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: "restore", reason: "Checked, all fine" });
  });

  it("requires a reason of 3 to 500 characters, and checks an optional one when given, writing nothing", async () => {
    const { t, replyId, coach } = await setup();
    const before = await forumTables(t);
    expect(await errorOf(coach.as.mutation(api.forumModeration.hidePost, { postId: replyId, reason: " x " }))).toEqual({
      code: "INVALID_FORUM_POST",
      message: FORUM_MESSAGES.INVALID_FORUM_POST,
      fields: { reason: FORUM_MESSAGES.REASON_INVALID },
    });
    expect(await codeOf(coach.as.mutation(api.forumModeration.deletePost, { postId: replyId, reason: "no" }))).toBe("INVALID_FORUM_POST");
    expect(await errorOf(coach.as.mutation(api.forumModeration.restorePost, { postId: replyId, reason: "x".repeat(501) }))).toEqual({
      code: "INVALID_INPUT",
      message: AUTH_MESSAGES.INVALID_INPUT,
      fields: { reason: FORUM_MESSAGES.REASON_INVALID },
    });
    expect(await forumTables(t)).toEqual(before);
  });
});

describe("forumModeration:deletePost", () => {
  it("deletes a reply for everyone with its text, keeps the reason for staff and resolves its reports", async () => {
    const { t, threadId, replyId, maya, coach } = await setup();
    await maya.as.mutation(api.forum.report, { postId: replyId, reason: "Rude" });
    await coach.as.mutation(api.forumModeration.deletePost, { postId: replyId, reason: "Personal attack" });
    expect(await get(t, "forumPosts", replyId)).toMatchObject({ status: "deleted", body: "", searchText: "", moderationReason: "Personal attack" });
    expect((await get(t, "forumThreads", threadId)).replyCount).toBe(0);
    const forCoach = (await coach.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page[1]!;
    expect(forCoach).toMatchObject({ status: "deleted", body: "", moderationReason: "Personal attack" });
    const forMaya = (await maya.as.query(api.forum.posts, { threadId, paginationOpts: firstPage })).page[1]!;
    expect(forMaya.moderationReason).toBeUndefined();
    expect((await coach.as.query(api.forumModeration.queue, { paginationOpts: firstPage })).page).toEqual([]);
    expect(await codeOf(coach.as.mutation(api.forumModeration.deletePost, { postId: replyId, reason: "Again" }))).toBe("POST_NOT_FOUND");
  });

  it("deletes the whole thread with its opening post, even with replies", async () => {
    const { t, focus, threadId, openingId, coach } = await setup();
    await coach.as.mutation(api.forumModeration.deletePost, { postId: openingId, reason: "Duplicate thread" });
    expect((await get(t, "forumThreads", threadId)).status).toBe("deleted");
    expect(await get(t, "forumCategories", focus)).toMatchObject({ threadCount: 0 });
    expect((await get(t, "forumCategories", focus)).lastActivityAt).toBeUndefined();
    expect(await coach.as.query(api.forum.thread, { threadId })).toBeNull();
  });

  it("still deletes a thread whose author deleted its opening post after someone replied", async () => {
    const { t, focus, threadId, openingId, maya, coach } = await setup();
    await maya.as.mutation(api.forum.deletePost, { postId: openingId });
    expect((await get(t, "forumThreads", threadId)).status).toBe("visible");
    expect(await codeOf(coach.as.mutation(api.forumModeration.hidePost, { postId: openingId, reason: "Off topic" }))).toBe("POST_NOT_FOUND");
    await coach.as.mutation(api.forumModeration.deletePost, { postId: openingId, reason: "Thread without a question" });
    expect((await get(t, "forumThreads", threadId)).status).toBe("deleted");
    expect((await get(t, "forumCategories", focus)).threadCount).toBe(0);
    expect(await codeOf(coach.as.mutation(api.forumModeration.deletePost, { postId: openingId, reason: "Again" }))).toBe("POST_NOT_FOUND");
  });
});

describe("forumModeration:setLocked, setPinned and moveThread", () => {
  it("locks, pins and moves a thread, logging each action once", async () => {
    const { t, focus, wins, threadId, coach, admin } = await setup();
    const lastActivityAt = (await get(t, "forumThreads", threadId)).lastActivityAt;
    await coach.as.mutation(api.forumModeration.setLocked, { threadId, locked: true, reason: "Resolved" });
    await coach.as.mutation(api.forumModeration.setLocked, { threadId, locked: true });
    await coach.as.mutation(api.forumModeration.setPinned, { threadId, pinned: true });
    await coach.as.mutation(api.forumModeration.moveThread, { threadId, categoryId: wins, reason: "It's a win!" });
    await coach.as.mutation(api.forumModeration.setPinned, { threadId, pinned: false });
    await coach.as.mutation(api.forumModeration.setLocked, { threadId, locked: false });

    expect(await get(t, "forumThreads", threadId)).toMatchObject({ categoryId: wins, locked: false, pinned: false });
    expect(await get(t, "forumCategories", focus)).toMatchObject({ threadCount: 0 });
    expect((await get(t, "forumCategories", focus)).lastActivityAt).toBeUndefined();
    expect(await get(t, "forumCategories", wins)).toMatchObject({ threadCount: 1, lastActivityAt });

    const log = await admin.as.query(api.forumModeration.auditLog, { paginationOpts: firstPage });
    expect(log.page.map((a) => a.action)).toEqual(["unlock", "unpin", "move", "pin", "lock"]);
    expect(log.page[2]).toMatchObject({
      actor: { _id: coach.id, name: "Coach Cora" },
      threadId,
      threadTitle: "Inbox zero, gently",
      reason: "It's a win!",
      fromCategory: "Focus & tools",
      toCategory: "Wins & celebrations",
    });
    expect(log.page[4]).toMatchObject({ action: "lock", reason: "Resolved" });
  });

  it("refuses moving to the same category or one that does not exist, writing nothing", async () => {
    const { t, focus, threadId, coach } = await setup();
    const gone = await forumCategory(t);
    await t.run((ctx) => ctx.db.delete("forumCategories", gone));
    const before = await forumTables(t);
    expect(await errorOf(coach.as.mutation(api.forumModeration.moveThread, { threadId, categoryId: focus }))).toMatchObject({ code: "SAME_CATEGORY", message: FORUM_MESSAGES.SAME_CATEGORY });
    expect(await codeOf(coach.as.mutation(api.forumModeration.moveThread, { threadId, categoryId: gone }))).toBe("CATEGORY_NOT_FOUND");
    expect(await forumTables(t)).toEqual(before);
  });
});

describe("forum:report, forumModeration:queue and dismissReport", () => {
  it("queues open reports oldest first with the post's excerpt and how many report it", async () => {
    const { t, threadId, replyId, openingId, maya, theo, coach } = await setup();
    const sam = await forumMember(t, "client", "Sam Lee");
    await maya.as.mutation(api.forum.report, { postId: replyId, reason: "Feels like an ad" });
    later(MINUTE);
    await theo.as.mutation(api.forum.report, { postId: openingId, reason: "Wrong category" });
    later(MINUTE);
    await sam.as.mutation(api.forum.report, { postId: replyId, reason: "Spam again" });

    const queue = (await coach.as.query(api.forumModeration.queue, { paginationOpts: firstPage })).page;
    expect(queue.map((q) => [q.reason, q.openReports])).toEqual([
      ["Feels like an ad", 2],
      ["Wrong category", 1],
      ["Spam again", 2],
    ]);
    expect(queue[0]).toMatchObject({
      postId: replyId,
      threadId,
      threadTitle: "Inbox zero, gently",
      opening: false,
      excerpt: "I check at 11 and at 4.",
      postStatus: "visible",
      author: { _id: theo.id, name: "Theo B" },
      reporter: { _id: maya.id, name: "Maya O." },
    });

    await coach.as.mutation(api.forumModeration.dismissReport, { reportId: queue[1]!.reportId, reason: "It fits here" });
    expect(await get(t, "forumReports", queue[1]!.reportId)).toMatchObject({ status: "dismissed", resolvedBy: coach.id, resolution: "It fits here" });
    expect((await t.run((ctx) => ctx.db.query("forumAudit").collect())).map((a) => [a.action, a.reportId])).toEqual([["dismiss_report", queue[1]!.reportId]]);
    expect(await codeOf(coach.as.mutation(api.forumModeration.dismissReport, { reportId: queue[1]!.reportId }))).toBe("REPORT_NOT_FOUND");
    // Dismissed, the member may report the post again.
    await theo.as.mutation(api.forum.report, { postId: openingId, reason: "Still the wrong category" });
  });

  it("takes one open report per member and post, needs a reason, and refuses deleted posts, writing nothing", async () => {
    const { t, replyId, openingId, maya, theo } = await setup();
    await maya.as.mutation(api.forum.report, { postId: replyId, reason: "Feels like an ad" });
    await theo.as.mutation(api.forum.deletePost, { postId: replyId });
    const before = await forumTables(t);
    expect(await errorOf(maya.as.mutation(api.forum.report, { postId: openingId, reason: "" }))).toMatchObject({ fields: { reason: FORUM_MESSAGES.REASON_INVALID } });
    expect(await codeOf(maya.as.mutation(api.forum.report, { postId: replyId, reason: "Feels like an ad" }))).toBe("POST_NOT_FOUND");
    expect(await forumTables(t)).toEqual(before);
    await maya.as.mutation(api.forum.report, { postId: openingId, reason: "Wrong place" });
    expect(await errorOf(maya.as.mutation(api.forum.report, { postId: openingId, reason: "Wrong place" }))).toMatchObject({ code: "ALREADY_REPORTED", message: FORUM_MESSAGES.ALREADY_REPORTED });
  });

  it("lets a member report their own post, to ask a moderator to take it down", async () => {
    const { t, replyId, theo } = await setup();
    await theo.as.mutation(api.forum.report, { postId: replyId, reason: "I shared too much here" });
    expect(await t.run((ctx) => ctx.db.query("forumReports").collect())).toMatchObject([{ reporterId: theo.id, status: "open" }]);
  });

  it("refuses the sixth quick report, writing nothing", async () => {
    const { t, focus, maya, theo } = await setup();
    const posts = [];
    for (let n = 0; n < 6; n++) {
      const threadId = await t.run((ctx) =>
        ctx.db.insert("forumThreads", { categoryId: focus, authorId: theo.id, title: `T${n}`, status: "visible", pinned: false, locked: false, createdAt: 0, lastActivityAt: 0, replyCount: 0 }),
      );
      posts.push(await t.run((ctx) => ctx.db.insert("forumPosts", { threadId, authorId: theo.id, opening: true, body: "x", status: "visible", createdAt: 0, searchText: "x", reactionCounts: {} })));
    }
    for (const postId of posts.slice(0, 5)) await maya.as.mutation(api.forum.report, { postId, reason: "Spam" });
    const before = await forumTables(t);
    expect(await errorOf(maya.as.mutation(api.forum.report, { postId: posts[5]!, reason: "Spam" }))).toMatchObject({ code: "RATE_LIMITED", message: FORUM_MESSAGES.RATE_LIMITED });
    expect(await forumTables(t)).toEqual(before);
  });
});
