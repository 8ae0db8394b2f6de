/**
 * Test stand-in for convex/react in the forum's tests: queries and pages answer from `convex`
 * by function name ("forum:standing"), and mutations are recorded (or rejected with `errors`).
 * Use: vi.mock("convex/react", async () => (await import("./test-convex")).convexReact).
 */
import type { Id } from "@convex/_generated/dataModel";
import { getFunctionName } from "convex/server";
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

export const convexReact = {
  useQuery: (query: unknown, args: unknown) => (args === "skip" ? undefined : convex.queries.get(nameOf(query))),
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
  createdAt: NOW - 60 * MINUTE,
  author: author(),
  reactions: [],
  mine: false,
  canEdit: false,
  ...overrides,
});
