/**
 * The newsletter's double opt-in (model/newsletter.ts): sign-ups arrive through the http routes
 * (POST /api/newsletter, POST /newsletter/subscribe), the e-mailed link is confirmed from the
 * /newsletter/confirm page, and pending sign-ups whose link expired are removed by a cron job.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, publicMutation } from "./functions";
import { bounded, LIMITS } from "./model/bounds";
import { newsletterErrors } from "./model/contact";
import { AUTH_MESSAGES } from "./model/messages";
import { confirmSignUp, removeExpiredSignUps, signUp } from "./model/newsletter";

/**
 * One sign-up from the form; `client` is the sender's rate-limit key (model/rateLimits.ts
 * httpClientKey). Returns nothing: the answer must not depend on whether the address is known.
 */
export const subscribe = internalMutation({
  args: { name: bounded.line(LIMITS.name), email: bounded.line(LIMITS.email), source: bounded.token(LIMITS.code), client: bounded.token() },
  returns: v.null(),
  handler: async (ctx, input) => {
    const fields = newsletterErrors(input);
    if (Object.keys(fields).length > 0) throw new ConvexError({ code: "INVALID_INPUT", message: AUTH_MESSAGES.INVALID_INPUT, fields });
    await signUp(ctx, input, Date.now());
    return null;
  },
});

/** The /newsletter/confirm page's button: the link's address joins the list. The token is all the authority needed. */
export const confirm = publicMutation({
  args: { token: bounded.token() },
  returns: v.object({ email: v.string() }),
  handler: (ctx, { token }) => confirmSignUp(ctx, token, Date.now()),
});

/** "newsletter expiry": removes pending sign-ups whose link expired, a batch at a time. */
export const removeExpired = internalMutation({
  args: {},
  returns: v.object({ removed: v.number(), more: v.boolean() }),
  handler: async (ctx) => {
    const result = await removeExpiredSignUps(ctx, Date.now());
    if (result.more) await ctx.scheduler.runAfter(0, internal.newsletter.removeExpired, {});
    return result;
  },
});
