/**
 * The forum's reads, typed by the contract's validators (convex/forum.ts, convex/forumModeration.ts).
 * Typing them here, rather than through FunctionReturnType, keeps the pages' types the contract's
 * whatever the handlers infer (a handler that only throws infers `never`).
 */
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type {
  forumAuthorValidator,
  forumCategoryViewValidator,
  forumPostViewValidator,
  forumStandingValidator,
  forumThreadSummaryValidator,
} from "@convex/forum";
import { FORUM_PAGE_SIZE, type ForumModerationAction, type ForumPostStatus } from "@convex/model/forumRules";
import type { Infer } from "convex/values";
import { usePaginatedQuery, useQuery } from "convex/react";

export type ForumStanding = Infer<typeof forumStandingValidator>;
export type ForumCategory = Infer<typeof forumCategoryViewValidator>;
export type ThreadSummary = Infer<typeof forumThreadSummaryValidator>;
export type PostView = Infer<typeof forumPostViewValidator>;
export type ForumAuthor = Infer<typeof forumAuthorValidator>;

export interface ThreadView {
  thread: ThreadSummary;
  category: { _id: Id<"forumCategories">; slug: string; name: string };
  lastReadAt: number | null;
  canReply: boolean;
}

export interface SearchResult {
  postId: Id<"forumPosts">;
  threadId: Id<"forumThreads">;
  title: string;
  excerpt: string;
  opening: boolean;
  category: { slug: string; name: string };
  createdAt: number;
}

export interface RecentThread {
  _id: Id<"forumThreads">;
  title: string;
  category: string;
  lastActivityAt: number;
  replyCount: number;
}

interface Named {
  _id: Id<"users">;
  name: string;
}

export interface Report {
  reportId: Id<"forumReports">;
  postId: Id<"forumPosts">;
  threadId: Id<"forumThreads">;
  threadTitle: string;
  opening: boolean;
  excerpt: string;
  postStatus: ForumPostStatus;
  author: Named;
  reporter: Named;
  reason: string;
  createdAt: number;
  openReports: number;
}

export interface AuditEntry {
  _id: Id<"forumAudit">;
  action: ForumModerationAction;
  actor: Named;
  threadId: Id<"forumThreads">;
  threadTitle: string;
  postId?: Id<"forumPosts">;
  reason?: string;
  fromCategory?: string;
  toCategory?: string;
  at: number;
}

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
