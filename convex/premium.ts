/** The premium content page (SPEC §2): items for premium tiers only, an upgrade gate for everyone else. */
import { v } from "convex/values";
import { memberQuery } from "./functions";
import { hasPremiumAccess } from "./model/permissions";
import { PREMIUM_CONTENT_MAX, PREMIUM_FEATURES, PREMIUM_REQUIRED_TIER } from "./model/premiumContent";
import { premiumContentFields, tierValidator } from "./schema";

const itemValidator = v.object({ _id: v.id("premiumContent"), ...premiumContentFields }).omit("sortOrder");

/** The gate's facts, or the items: a member without premium access never receives them. */
export const content = memberQuery({
  args: {},
  returns: v.union(
    v.object({ requiresUpgrade: v.literal(true), requiredTier: tierValidator, features: v.array(v.string()) }),
    v.object({ requiresUpgrade: v.literal(false), items: v.array(itemValidator) }),
  ),
  handler: async (ctx) => {
    if (!hasPremiumAccess(ctx.viewer.tier)) {
      return { requiresUpgrade: true as const, requiredTier: PREMIUM_REQUIRED_TIER, features: [...PREMIUM_FEATURES] };
    }
    const rows = await ctx.db.query("premiumContent").withIndex("by_sort_order").take(PREMIUM_CONTENT_MAX);
    return {
      requiresUpgrade: false as const,
      items: rows.map(({ _id, type, title, description, duration, modules, downloads }) => ({
        _id,
        type,
        title,
        description,
        duration,
        ...(modules === undefined ? {} : { modules }),
        ...(downloads === undefined ? {} : { downloads }),
      })),
    };
  },
});
