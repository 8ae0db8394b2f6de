/** First-party analytics ingest (model/routeStats.ts); POST /api/analytics in http.ts calls it. */
import { v } from "convex/values";
import { internalMutation } from "./functions";
import { OBSERVABILITY_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { enforceRateLimits } from "./model/rateLimits";
import { addPageviews } from "./model/routeStats";

/**
 * One beacon's pageviews, validated by the route (analyticsBeaconSchema), in one transaction;
 * RATE_LIMITED past the sending client's limit (`client`, model/rateLimits.ts httpClientKey) or
 * everyone's, nothing kept.
 */
export const recordPageviews = internalMutation({
  args: { events: v.array(v.object({ route: v.string(), loadMs: v.optional(v.number()) })), client: v.string() },
  returns: v.null(),
  handler: async (ctx, { events, client }) => {
    await enforceRateLimits(
      ctx,
      [{ name: "analyticsPerClient", key: client, message: RATE_LIMIT_MESSAGES.analyticsClient }, { name: "analyticsOverall" }],
      OBSERVABILITY_MESSAGES.BUSY,
    );
    await addPageviews(ctx, events, Date.now());
    return null;
  },
});
