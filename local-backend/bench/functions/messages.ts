import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const byAuthor = query({
  args: { author: v.string() },
  handler: (ctx, { author }) =>
    ctx.db
      .query("messages")
      .withIndex("by_author", (q) => q.eq("author", author))
      .collect(),
});

export const send = mutation({
  args: { author: v.string(), body: v.string() },
  handler: (ctx, args) => ctx.db.insert("messages", args),
});
