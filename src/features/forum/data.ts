/** The forum's reads and the types the pages use, taken from the functions' own return validators. */
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FORUM_PAGE_SIZE } from "@convex/model/forumRules";
import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";

type Returned<F extends Parameters<typeof useQuery>[0]> = NonNullable<FunctionReturnType<F>>;
type PageItem<F extends Parameters<typeof useQuery>[0]> = Returned<F> extends { page: (infer T)[] } ? T : never;

export type ForumStanding = Returned<typeof api.forum.standing>;
export type ForumCategory = Returned<typeof api.forum.categories>[number];
export type ThreadView = Returned<typeof api.forum.thread>;
export type ThreadSummary = PageItem<typeof api.forum.threads>;
export type PostView = PageItem<typeof api.forum.posts>;
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

export const useThreads = (categoryId: Id<"forumCategories">): Page<ThreadSummary> => usePaginatedQuery(api.forum.threads, { categoryId }, pageOptions);
export const usePosts = (threadId: Id<"forumThreads">): Page<PostView> => usePaginatedQuery(api.forum.posts, { threadId }, pageOptions);
export const useReports = (): Page<Report> => usePaginatedQuery(api.forumModeration.queue, {}, pageOptions);
export const useAuditLog = (): Page<AuditEntry> => usePaginatedQuery(api.forumModeration.auditLog, {}, pageOptions);
