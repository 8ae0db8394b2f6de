/** What visitors browse: marketplace products, blog posts, case studies and events. */
import { v } from "convex/values";
import { internalQuery, publicQuery } from "./functions";
import { bounded, LIMITS } from "./model/bounds";
import { articleFields, articleKindValidator, eventFields, productFields } from "./schema";

const productValidator = v.object({ _id: v.id("products"), ...productFields }).omit("sortOrder");

export const products = publicQuery({
  args: {},
  returns: v.array(productValidator),
  handler: async (ctx) => {
    const rows = await ctx.db.query("products").withIndex("by_sort_order").take(200);
    return rows.map(({ _id, slug, name, type, durationMinutes, shortDescription, price, isAvailable, maxQuantity }) => ({
      _id,
      slug,
      name,
      type,
      ...(durationMinutes === undefined ? {} : { durationMinutes }),
      shortDescription,
      price,
      isAvailable,
      maxQuantity,
    }));
  },
});

const summaryValidator = v.object(articleFields).omit("kind", "body");

export const articles = publicQuery({
  args: { kind: articleKindValidator },
  returns: v.array(summaryValidator),
  handler: async (ctx, { kind }) => {
    const rows = await ctx.db
      .query("articles")
      .withIndex("by_kind_and_published", (q) => q.eq("kind", kind))
      .order("desc")
      .take(100);
    return rows.map(({ slug, title, summary, author, publishedAt, readingMinutes, tags }) => ({ slug, title, summary, author, publishedAt, readingMinutes, tags }));
  },
});

export const article = publicQuery({
  args: { kind: articleKindValidator, slug: bounded.token(LIMITS.slug) },
  returns: v.union(v.null(), v.object(articleFields).omit("kind")),
  handler: async (ctx, { kind, slug }) => {
    const row = await ctx.db
      .query("articles")
      .withIndex("by_kind_and_slug", (q) => q.eq("kind", kind).eq("slug", slug))
      .unique();
    if (!row) return null;
    const { slug: s, title, summary, author, publishedAt, readingMinutes, tags, body } = row;
    return { slug: s, title, summary, author, publishedAt, readingMinutes, tags, body };
  },
});

const eventValidator = v.object({ _id: v.id("events"), ...eventFields, registered: v.boolean() });

/** Events that have not ended, soonest first; `registered` says whether the caller signed up. */
export const events = publicQuery({
  args: {},
  returns: v.array(eventValidator),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("events")
      .withIndex("by_starts_at", (q) => q.gte("startsAt", Date.now() - 24 * 60 * 60 * 1000))
      .take(20);
    const viewer = ctx.viewer;
    return Promise.all(
      rows.map(async ({ _creationTime, ...event }) => ({
        ...event,
        registered: viewer
          ? (await ctx.db
              .query("eventRegistrations")
              .withIndex("by_event_and_user", (q) => q.eq("eventId", event._id).eq("userId", viewer._id))
              .first()) !== null
          : false,
      })),
    );
  },
});

/** Every published article's kind, slug and date, for the sitemap. */
export const sitemapArticles = internalQuery({
  args: {},
  returns: v.array(v.object({ kind: articleKindValidator, slug: v.string(), publishedAt: v.number() })),
  handler: async (ctx) => {
    const rows = await ctx.db.query("articles").withIndex("by_kind_and_published").take(1000);
    return rows.map(({ kind, slug, publishedAt }) => ({ kind, slug, publishedAt }));
  },
});
