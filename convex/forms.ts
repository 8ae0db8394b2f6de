/** The public forms that arrive as http routes: newsletter sign-up and event registration. */
import { ConvexError, v } from "convex/values";
import { internalMutation } from "./functions";
import { bounded, LIMITS } from "./model/bounds";
import { FORM_MESSAGES, newsletterErrors } from "./model/contact";
import { AUTH_MESSAGES } from "./model/messages";
import { enforceRateLimits } from "./model/rateLimits";
import { findUserByToken, normalizeEmail } from "./model/users";

/** Subscribes once: signing up again with the same email changes nothing. */
export const subscribe = internalMutation({
  args: { name: bounded.line(LIMITS.name), email: bounded.line(LIMITS.email), source: bounded.token(LIMITS.code) },
  returns: v.union(v.literal("subscribed"), v.literal("already_subscribed")),
  handler: async (ctx, input) => {
    const fields = newsletterErrors(input);
    if (Object.keys(fields).length > 0) throw new ConvexError({ code: "INVALID_INPUT", message: AUTH_MESSAGES.INVALID_INPUT, fields });
    const email = normalizeEmail(input.email);
    const existing = await ctx.db
      .query("newsletterSubscribers")
      .withIndex("by_email", (q) => q.eq("email", email))
      .first();
    if (existing) return "already_subscribed";
    await enforceRateLimits(ctx, [{ name: "newsletterOverall" }], FORM_MESSAGES.busy);
    await ctx.db.insert("newsletterSubscribers", { email, name: input.name.trim(), createdAt: Date.now(), source: input.source });
    return "subscribed";
  },
});

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
