/**
 * Forum fixtures for convex-test: categories, members who joined with a forum name, and a snapshot
 * of every forum table for "nothing was written" checks. Two dots in the name, so Convex does not
 * deploy this file.
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { Role } from "./model/permissions";
import { forumNameKey } from "./model/forumNames";
import { signedIn, type T } from "./test.users";

let serial = 0;

/** The first page of a paginated query, as the pages ask for it. */
export const firstPage = { numItems: 20, cursor: null };

/** What a refused call said (code, message, field texts), or undefined when it went through. */
export async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as { code: string; message: string; fields?: Record<string, string> };
    throw error;
  }
}

export const codeOf = async (promise: Promise<unknown>) => (await errorOf(promise))?.code;

/** A category (public unless told), appended to the list. */
export function forumCategory(t: T, overrides: Partial<Doc<"forumCategories">> = {}): Promise<Id<"forumCategories">> {
  const n = ++serial;
  return t.run((ctx) =>
    ctx.db.insert("forumCategories", {
      slug: `category-${n}`,
      name: `Category ${n}`,
      description: "A place to talk.",
      visibility: "public",
      sortOrder: n,
      threadCount: 0,
      ...overrides,
    }),
  );
}

/** A signed-in user with `role` who joined the forum as `forumName`. */
export function forumMember(t: T, role: Role, forumName: string, overrides: Partial<Doc<"users">> = {}) {
  return signedIn(t, role, { forumMember: true, forumName, forumNameKey: forumNameKey(forumName), ...overrides });
}

/** Every forum table's rows (small in tests), to show a refused call wrote nothing. */
export function forumTables(t: T) {
  return t.run(async (ctx) => ({
    categories: await ctx.db.query("forumCategories").collect(),
    threads: await ctx.db.query("forumThreads").collect(),
    posts: await ctx.db.query("forumPosts").collect(),
    reactions: await ctx.db.query("forumReactions").collect(),
    states: await ctx.db.query("forumThreadStates").collect(),
    reports: await ctx.db.query("forumReports").collect(),
    audit: await ctx.db.query("forumAudit").collect(),
    users: await ctx.db.query("users").collect(),
  }));
}
