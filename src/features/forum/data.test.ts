import type { Id } from "@convex/_generated/dataModel";
import { FORUM_EDIT_WINDOW_MS } from "@convex/model/forumRules";
import { describe, expect, it } from "vitest";
import { withPostStates, withThreadStates, type SharedPost, type ThreadItem } from "./data";

const NOW = Date.UTC(2026, 10, 27, 12);
const maya = "users:maya" as Id<"users">;
const theo = "users:theo" as Id<"users">;

const shared = (id: string, author: Id<"users">, overrides: Partial<SharedPost> = {}): SharedPost => ({
  _id: id as Id<"forumPosts">,
  threadId: "forumThreads:t1" as Id<"forumThreads">,
  opening: false,
  body: "text",
  status: "visible",
  createdAt: NOW - 10 * 60_000,
  author: { _id: author, name: author, role: "client" },
  reactions: [{ reaction: "helpful", count: 2 }],
  ...overrides,
});

describe("withPostStates", () => {
  it("marks the reader's own posts and reactions, and lets them edit their visible posts within the window", () => {
    const posts = [shared("p1", maya), shared("p2", theo), shared("p3", maya, { createdAt: NOW - FORUM_EDIT_WINDOW_MS - 1 }), shared("p4", maya, { status: "hidden" })];
    const merged = withPostStates(posts, [{ viewerId: maya, reactions: [{ postId: "p2" as Id<"forumPosts">, reactions: ["helpful"] }] }], NOW);
    expect(merged.map((post) => [post.mine, post.canEdit])).toEqual([
      [true, true],
      [false, false],
      [true, false],
      [true, false],
    ]);
    expect(merged[1]!.reactions).toEqual([{ reaction: "helpful", count: 2, mine: true }]);
    expect(merged[0]!.reactions).toEqual([{ reaction: "helpful", count: 2, mine: false }]);
  });

  it("makes nothing the reader's own before their part has arrived", () => {
    const [post] = withPostStates([shared("p1", maya)], [], NOW);
    expect(post).toMatchObject({ mine: false, canEdit: false, reactions: [{ reaction: "helpful", count: 2, mine: false }] });
  });
});

describe("withThreadStates", () => {
  const thread = (id: string, lastActivityAt: number): ThreadItem => ({
    _id: id as Id<"forumThreads">,
    title: id,
    status: "visible",
    pinned: false,
    locked: false,
    createdAt: NOW - 60_000,
    lastActivityAt,
    replyCount: 0,
    author: { _id: maya, name: "Maya", role: "client" },
  });

  it("is unread when never opened or active since last read, and followed only from the reader's state", () => {
    const merged = withThreadStates(
      [thread("t1", NOW), thread("t2", NOW), thread("t3", NOW)],
      [
        { threadId: "t2" as Id<"forumThreads">, followed: true, lastReadAt: NOW },
        { threadId: "t3" as Id<"forumThreads">, followed: false, lastReadAt: NOW - 1 },
      ],
    );
    expect(merged.map((item) => [item.unread, item.followed])).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
  });
});
