/** Event registration, a public form that arrives as an http route (the newsletter's is in newsletter.ts). */
import { ConvexError, v } from "convex/values";
import { internalMutation } from "./functions";
import { FORM_MESSAGES } from "./model/contact";
import { enforceRateLimits } from "./model/rateLimits";
import { findUserByToken } from "./model/users";

/** Registers for an event by its title; a signed-in member is registered once. */
export const registerForEvent = internalMutation({
  args: { eventTitle: v.string(), tokenIdentifier: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { eventTitle, tokenIdentifier }) => {
    const event = await ctx.db
      .query("events")
      .withIndex("by_title", (q) => q.eq("title", eventTitle.trim()))
      .first();
    if (!event) throw new ConvexError({ code: "NOT_FOUND", message: FORM_MESSAGES.noSuchEvent });
    const user = tokenIdentifier ? await findUserByToken(ctx.db, tokenIdentifier) : null;
    if (user) {
      const existing = await ctx.db
        .query("eventRegistrations")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", event._id).eq("userId", user._id))
        .first();
      if (existing) return null;
    }
    await enforceRateLimits(ctx, [{ name: "eventRegistrationOverall" }], FORM_MESSAGES.busy);
    await ctx.db.insert("eventRegistrations", { eventId: event._id, createdAt: Date.now(), ...(user ? { userId: user._id } : {}) });
    return null;
  },
});
