import { v } from "convex/values";
import { mutation } from "./_generated/server";

/** The same write as the app's messages:send, in the component's own table. */
export const send = mutation({
  args: { author: v.string(), body: v.string() },
  returns: v.string(),
  handler: (ctx, args) => ctx.db.insert("messages", args),
});
