/** The forum's reads and the types the pages use, taken from the functions' own return validators. */
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { canEditOwnPost, FORUM_OWN_STATE_IDS_MAX, FORUM_PAGE_SIZE, isUnread, type ForumReaction } from "@convex/model/forumRules";
import { usePaginatedQuery, useQueries, useQuery } from "convex/react";
import { getFunctionName, makeFunctionReference, type FunctionReference, type FunctionReturnType } from "convex/server";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNow } from "@/lib/use-now";

type Returned<F extends Parameters<typeof useQuery>[0]> = NonNullable<FunctionReturnType<F>>;
type PageItem<F extends Parameters<typeof useQuery>[0]> = Returned<F> extends { page: (infer T)[] } ? T : never;

export type ForumStanding = Returned<typeof api.forum.standing>;
export type ForumCategory = Returned<typeof api.forum.categories>[number];
export type ThreadView = Returned<typeof api.forum.thread>;
export type ThreadItem = PageItem<typeof api.forum.threads>;
export type ThreadState = Returned<typeof api.forum.myThreadStates>[number];
/** A thread in the list with the reader's own state of it. */
export type ThreadSummary = ThreadItem & { unread: boolean; followed: boolean };
export type SharedPost = PageItem<typeof api.forum.posts>;
export type PostStates = Returned<typeof api.forum.myPostStates>;
/** A post with the reader's own part: their reactions, and whether it is theirs and still editable. */
export type PostView = Omit<SharedPost, "reactions"> & {
  reactions: { reaction: ForumReaction; count: number; mine: boolean }[];
  mine: boolean;
  canEdit: boolean;
};
export type ForumAuthor = PostView["author"];
export type SearchResult = Returned<typeof api.forum.search>[number];
export type RecentThread = Returned<typeof api.forum.recentPublic>[number];
export type Report = PageItem<typeof api.forumModeration.queue>;
export type AuditEntry = PageItem<typeof api.forumModeration.auditLog>;

export interface Page<T> {
  results: T[];
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  loadMore: (numItems: number) => void;
}

const pageOptions = { initialNumItems: FORUM_PAGE_SIZE };

export const useStanding = (): ForumStanding | undefined => useQuery(api.forum.standing, {});
export const useCategories = (): ForumCategory[] | undefined => useQuery(api.forum.categories, {});
export const useCategory = (slug: string): ForumCategory | null | undefined => useQuery(api.forum.category, { slug });
export const useThread = (threadId: Id<"forumThreads">): ThreadView | null | undefined => useQuery(api.forum.thread, { threadId });
export const useSearch = (query: string): SearchResult[] | undefined => useQuery(api.forum.search, { query });
export const useRecentPublic = (): RecentThread[] | undefined => useQuery(api.forum.recentPublic, {});

/**
 * The reader's own state of the items a list shows, from `query` over their ids in chunks of at
 * most FORUM_OWN_STATE_IDS_MAX: a new item changes only the last chunk's subscription. While a
 * chunk's new answer loads, its last answer stands, so nothing the reader sees flickers.
 */
function useOwnStates<Arg extends string, T>(query: FunctionReference<"query">, arg: Arg, ids: string[]): (T | undefined)[] {
  // useQueries subscribes anew whenever its argument is a new object: it changes only with the ids.
  const idList = ids.join(",");
  // `api.x.y` is a new reference on every access: the function's name is what stays the same.
  const name = getFunctionName(query);
  const chunks = useMemo(() => {
    const reference = makeFunctionReference<"query">(name);
    const all = idList === "" ? [] : idList.split(",");
    const requests: Record<string, { query: FunctionReference<"query">; args: Record<string, string[]> }> = {};
    for (let from = 0; from < all.length; from += FORUM_OWN_STATE_IDS_MAX) {
      requests[String(from)] = { query: reference, args: { [arg]: all.slice(from, from + FORUM_OWN_STATE_IDS_MAX) } };
    }
    return requests;
  }, [name, arg, idList]);
  const answers = useQueries(chunks) as Record<string, T | Error | undefined>;
  // The last answer of each chunk, kept from earlier renders (React's pattern for values derived from past renders).
  const [kept, setKept] = useState<Record<string, T>>({});
  const keys = Object.keys(chunks);
  const fresh: Record<string, T> = {};
  for (const key of keys) {
    const answer = answers[key];
    if (answer instanceof Error) throw answer;
    // Compared by value: an answer equal to the kept one changes nothing, so this settles.
    if (answer !== undefined && JSON.stringify(answer) !== JSON.stringify(kept[key])) fresh[key] = answer;
  }
  if (Object.keys(fresh).length > 0) setKept({ ...kept, ...fresh });
  return keys.map((key) => (answers[key] as T | undefined) ?? kept[key]);
}

/** Merges the shared list of threads with the reader's own state of each. */
export function withThreadStates(threads: ThreadItem[], states: ThreadState[]): ThreadSummary[] {
  const byThread = new Map(states.map((state) => [state.threadId, state]));
  return threads.map((thread) => {
    const state = byThread.get(thread._id);
    return { ...thread, unread: isUnread(thread.lastActivityAt, state?.lastReadAt), followed: state?.followed ?? false };
  });
}

/** Merges the shared posts with the reader's own part; until it has arrived, nothing is theirs. */
export function withPostStates(posts: SharedPost[], states: PostStates[], now: number): PostView[] {
  const viewerId = states.find((state) => state !== undefined)?.viewerId;
  const mine = new Map(states.flatMap((state) => state.reactions.map((entry) => [entry.postId, new Set(entry.reactions)] as const)));
  return posts.map((post) => {
    const own = viewerId !== undefined && post.author._id === viewerId;
    const given = mine.get(post._id);
    return {
      ...post,
      reactions: post.reactions.map((entry) => ({ ...entry, mine: given?.has(entry.reaction) ?? false })),
      mine: own,
      canEdit: own && canEditOwnPost(post, now),
    };
  });
}

/**
 * A reader who has every post loaded sees new replies arrive: the last page of a thread holds a
 * page's worth (the post list is one shared query, whose pages keep no end between runs, as on
 * Convex), so replies past it are loaded as they come rather than left behind "Load more".
 */
export function useNewRepliesLive({ status, loadMore }: Pick<Page<unknown>, "status" | "loadMore">) {
  const hadAll = useRef(false);
  useEffect(() => {
    if (status === "Exhausted") hadAll.current = true;
    else if (status === "CanLoadMore" && hadAll.current) {
      hadAll.current = false;
      loadMore(FORUM_PAGE_SIZE);
    }
  }, [status, loadMore]);
}

export function useThreads(categoryId: Id<"forumCategories">): Page<ThreadSummary> {
  const page = usePaginatedQuery(api.forum.threads, { categoryId }, pageOptions);
  const states = useOwnStates<"threadIds", ThreadState[]>(api.forum.myThreadStates, "threadIds", page.results.map((thread) => thread._id));
  return { ...page, results: withThreadStates(page.results, states.flatMap((chunk) => chunk ?? [])) };
}

export function usePosts(threadId: Id<"forumThreads">): Page<PostView> {
  const page = usePaginatedQuery(api.forum.posts, { threadId }, pageOptions);
  useNewRepliesLive(page);
  const states = useOwnStates<"postIds", PostStates>(api.forum.myPostStates, "postIds", page.results.map((post) => post._id));
  // Edit closes an hour after posting: the minute tick takes the button away in time.
  const now = useNow(60_000);
  return { ...page, results: withPostStates(page.results, states.filter((chunk) => chunk !== undefined), now) };
}
export const useReports = (): Page<Report> => usePaginatedQuery(api.forumModeration.queue, {}, pageOptions);
export const useAuditLog = (): Page<AuditEntry> => usePaginatedQuery(api.forumModeration.auditLog, {}, pageOptions);
