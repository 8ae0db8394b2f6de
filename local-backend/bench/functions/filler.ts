import { v } from "convex/values";
import { mutation } from "./_generated/server";

/** Bulk seeding: one transaction per batch keeps 100k documents to ~100 commits. */
export const seed = mutation({
  args: { from: v.number(), count: v.number() },
  handler: async (ctx, { from, count }) => {
    for (let n = from; n < from + count; n++) await ctx.db.insert("filler", { n });
  },
});
