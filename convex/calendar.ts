/**
 * Sessions in the member's own calendar: the private feed's link (shown under Settings →
 * Calendar, replaced with "Make a new link"), a session as an .ics file, and the feed itself,
 * which convex/http.ts serves. The iCalendar rules are in convex/model/calendar.ts.
 */
import { v } from "convex/values";
import { env } from "./_generated/server";
import { internalQuery, memberMutation, memberQuery } from "./functions";
import { bounded } from "./model/bounds";
import { calendarEvents, eventFile, feedCalendar, feedOf, feedOwner, feedSessions, feedUrl, replaceFeed } from "./model/calendar";
import { RATE_LIMIT_MESSAGES } from "./model/rateLimitMessages";
import { enforceRateLimits } from "./model/rateLimits";
import { loadSessionFor } from "./model/sessions";

/** The caller's feed URL, or null before they made one. */
export const myFeed = memberQuery({
  args: {},
  returns: v.union(v.object({ url: v.string(), createdAt: v.number() }), v.null()),
  handler: async (ctx) => {
    const feed = await feedOf(ctx, ctx.viewer._id);
    return feed ? { url: feedUrl(feed.token, env.CONVEX_SITE_URL), createdAt: feed.createdAt } : null;
  },
});

/** A new feed URL for the caller; the one before stops working at once. */
export const newFeedLink = memberMutation({
  args: {},
  returns: v.object({ url: v.string() }),
  handler: async (ctx) => {
    await enforceRateLimits(ctx, [{ name: "calendarFeedLinkPerUser", key: ctx.viewer._id }], RATE_LIMIT_MESSAGES.calendarFeedLink);
    return { url: feedUrl(await replaceFeed(ctx, ctx.viewer._id, Date.now()), env.CONVEX_SITE_URL) };
  },
});

/** One session the caller may see, as an .ics file in their time zone ("Add to calendar"). */
export const sessionFile = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.object({ filename: v.string(), content: v.string() }),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const [event] = await calendarEvents(ctx, ctx.viewer._id, [session]);
    return { filename: "lwcc-session.ics", content: eventFile(event!, ctx.viewer.timezone, Date.now(), env.SITE_URL) };
  },
});

/** The feed a token opens, as iCalendar text; null for a token that is not (or no longer) one. */
export const feed = internalQuery({
  args: { token: bounded.token() },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { token }) => {
    const owner = await feedOwner(ctx, token);
    if (!owner) return null;
    const now = Date.now();
    const events = await calendarEvents(ctx, owner._id, await feedSessions(ctx, owner._id, now));
    return feedCalendar(events, owner.timezone, now, env.SITE_URL);
  },
});
