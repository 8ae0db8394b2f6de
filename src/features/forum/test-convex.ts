/**
 * Test stand-in for convex/react in the forum's tests: queries and pages answer from `convex`
 * by function name ("forum:standing"), and mutations are recorded (or rejected with `errors`).
 * Pages of threads and posts are given as the pages show them (with the reader's own state); the
 * reader's own-state queries (forum:myThreadStates, forum:myPostStates) answer from them unless
 * set.
 * Use: vi.mock("convex/react", async () => (await import("./test-convex")).convexReact).
 */
import type { Id } from "@convex/_generated/dataModel";
import { getFunctionName } from "convex/server";
import { useState } from "react";
import type { ForumStanding, PostView, ThreadSummary, ThreadView } from "./data";

type Page = { results: unknown[]; status: string; loadMore: (n: number) => void };

export const convex = {
  queries: new Map<string, unknown>(),
  pages: new Map<string, Page>(),
  calls: [] as { name: string; args: unknown }[],
  errors: new Map<string, Error>(),
  mutations: new Map<string, (args: unknown) => Promise<unknown>>(),
  results: new Map<string, unknown>(),
  reset() {
    this.queries.clear();
    this.pages.clear();
    this.calls = [];
    this.errors.clear();
    this.mutations.clear();
    this.results.clear();
  },
  callsTo(name: string) {
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  },
};

const nameOf = (reference: unknown) => getFunctionName(reference as never);

/** The reader's own state, as the server would answer it, taken from the merged fixtures of a page. */
function ownState(name: string): unknown {
  if (name === "forum:myThreadStates") {
    const threads = (convex.pages.get("forum:threads")?.results ?? []) as ThreadSummary[];
    return threads
      .filter((thread) => thread.followed || !thread.unread)
      .map((thread) => ({ threadId: thread._id, followed: thread.followed, lastReadAt: thread.unread ? 0 : thread.lastActivityAt }));
  }
  if (name === "forum:myPostStates") {
    const posts = (convex.pages.get("forum:posts")?.results ?? []) as PostView[];
    return {
      viewerId: posts.find((post) => post.mine)?.author._id ?? ("users:reader" as Id<"users">),
      reactions: posts
        .map((post) => ({ postId: post._id, reactions: post.reactions.filter((entry) => entry.mine).map((entry) => entry.reaction) }))
        .filter((entry) => entry.reactions.length > 0),
    };
  }
  return undefined;
}

const answer = (name: string) => (convex.queries.has(name) ? convex.queries.get(name) : ownState(name));

export const convexReact = {
  useQuery: (query: unknown, args: unknown) => (args === "skip" ? undefined : answer(nameOf(query))),
  // As Convex's own, it subscribes anew (a state update during render) when given a new object, so a
  // caller that builds its requests afresh on every render loops here as it would in the app.
  useQueries: (requests: Record<string, { query: unknown }>) => {
    const [subscribed, setSubscribed] = useState(requests);
    if (subscribed !== requests) setSubscribed(requests);
    return Object.fromEntries(Object.entries(requests).map(([key, { query }]) => [key, answer(nameOf(query))]));
  },
  usePaginatedQuery: (query: unknown) => convex.pages.get(nameOf(query)) ?? { results: [], status: "LoadingFirstPage", loadMore: () => {} },
  // Stable per function, as Convex's own are, so effects that depend on them run once.
  useMutation: (mutation: unknown) => {
    const name = nameOf(mutation);
    let run = convex.mutations.get(name);
    if (!run) {
      run = (args: unknown) => {
        convex.calls.push({ name, args });
        const error = convex.errors.get(name);
        return error ? Promise.reject(error) : Promise.resolve(convex.results.get(name) ?? null);
      };
      convex.mutations.set(name, run);
    }
    return run;
  },
};

export const page = (results: unknown[], status = "Exhausted") => ({ results, status, loadMore: vi.fn() });

const NOW = Date.now();
const MINUTE = 60_000;

export const standing = (overrides: Partial<ForumStanding> = {}): ForumStanding => ({
  forumMember: true,
  forumName: "Maya R",
  canModerate: false,
  canAudit: false,
  ...overrides,
});

export const author = (name = "Theo", role: PostView["author"]["role"] = "client") => ({ _id: `users:${name}` as Id<"users">, name, role });

export const threadSummary = (overrides: Partial<ThreadSummary> = {}): ThreadSummary => ({
  _id: "forumThreads:t1" as Id<"forumThreads">,
  title: "How do you plan your week?",
  status: "visible",
  pinned: false,
  locked: false,
  createdAt: NOW - 120 * MINUTE,
  lastActivityAt: NOW - 5 * MINUTE,
  replyCount: 2,
  author: author(),
  unread: false,
  followed: false,
  ...overrides,
});

export const threadView = (overrides: Partial<ThreadView> = {}, thread: Partial<ThreadSummary> = {}): ThreadView => ({
  thread: threadSummary(thread),
  category: { _id: "forumCategories:c1" as Id<"forumCategories">, slug: "planning", name: "Planning" },
  lastReadAt: null,
  canReply: true,
  ...overrides,
});

export const post = (id: string, overrides: Partial<PostView> = {}): PostView => ({
  _id: `forumPosts:${id}` as Id<"forumPosts">,
  threadId: "forumThreads:t1" as Id<"forumThreads">,
  opening: false,
  body: "I use a paper list.",
  status: "visible",
  // Within the hour an author may edit it.
  createdAt: NOW - 30 * MINUTE,
  author: author(),
  reactions: [],
  mine: false,
  canEdit: false,
  ...overrides,
});
