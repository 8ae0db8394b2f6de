/**
 * Demo data for the embedded default, run once by `npm start` on a new data directory (never in
 * production: it is internal, and only scripts/start.ts calls it, after creating the accounts'
 * credentials at the local identity provider).
 */
import { v } from "convex/values";
import type { MutationCtx } from "./_generated/server";
import { internalMutation } from "./functions";
import { DEMO_ARTICLES, DEMO_EVENTS, DEMO_PRODUCTS } from "./model/demoContent";
import { DEFAULT_TIMEZONE, findUserByToken, normalizeEmail } from "./model/users";
import { userFields } from "./schema";

export const demo = internalMutation({
  args: {
    accounts: v.array(
      v
        .object(userFields)
        .pick("email", "firstName", "lastName", "role", "userType", "tier", "forumMember")
        .extend({
          tokenIdentifier: v.string(),
          /** How long ago the member joined, so "Member for" reads naturally. */
          memberForDays: v.number(),
        }),
    ),
  },
  returns: v.number(),
  handler: async (ctx, { accounts }) => {
    const now = Date.now();
    let created = 0;
    for (const { memberForDays, ...account } of accounts) {
      if (await findUserByToken(ctx.db, account.tokenIdentifier)) continue;
      await ctx.db.insert("users", {
        ...account,
        email: normalizeEmail(account.email),
        createdAt: now - memberForDays * 24 * 60 * 60 * 1000,
        status: "active",
        timezone: DEFAULT_TIMEZONE,
        lastActiveAt: now,
      });
      created++;
    }
    await seedContent(ctx, now);
    return created;
  },
});

const DAY = 24 * 60 * 60 * 1000;

/** Marketplace, blog, case studies and events, once: a table that has rows is left alone. */
async function seedContent(ctx: MutationCtx, now: number) {
  if (!(await ctx.db.query("products").first())) {
    for (const [sortOrder, product] of DEMO_PRODUCTS.entries()) await ctx.db.insert("products", { ...product, sortOrder });
  }
  if (!(await ctx.db.query("articles").first())) {
    for (const { publishedDaysAgo, ...article } of DEMO_ARTICLES) {
      await ctx.db.insert("articles", { ...article, publishedAt: now - publishedDaysAgo * DAY });
    }
  }
  if (!(await ctx.db.query("events").first())) {
    const today = Math.floor(now / DAY) * DAY;
    for (const { startsInDays, startHourUtc, ...event } of DEMO_EVENTS) {
      await ctx.db.insert("events", { ...event, startsAt: today + startsInDays * DAY + startHourUtc * 60 * 60 * 1000 });
    }
  }
}
