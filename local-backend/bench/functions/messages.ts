import { v } from "convex/values";
import { components } from "./_generated/api";
import { mutation, query } from "./_generated/server";

export const byAuthor = query({
  args: { author: v.string() },
  handler: (ctx, { author }) =>
    ctx.db
      .query("messages")
      .withIndex("by_author", (q) => q.eq("author", author))
      .collect(),
});

/** What a chat screen subscribes to: the newest messages of one author, newest first. */
export const latest = query({
  args: { author: v.string(), count: v.number() },
  handler: (ctx, { author, count }) =>
    ctx.db
      .query("messages")
      .withIndex("by_author", (q) => q.eq("author", author))
      .order("desc")
      .take(count),
});

export const send = mutation({
  args: { author: v.string(), body: v.string() },
  handler: (ctx, args) => ctx.db.insert("messages", args),
});

/** messages:send's write made by a component: what calling into a component costs. */
export const sendThroughComponent = mutation({
  args: { author: v.string(), body: v.string() },
  handler: (ctx, args) => ctx.runMutation(components.store.lib.send, args),
});
