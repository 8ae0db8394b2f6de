/** The Mastery coaching page (SPEC §2 /coaching). */
import { v } from "convex/values";
import { memberQuery } from "./functions";
import { coachingOverview, hasCoachingPage } from "./model/coaching";

/** Mastery members get their coaches, next session and minutes; everyone else only `allowed: false`. */
export const overview = memberQuery({
  args: {},
  returns: v.union(
    v.object({ allowed: v.literal(false) }),
    v.object({
      allowed: v.literal(true),
      coaches: v.array(v.object({ _id: v.id("users"), name: v.string() })),
      nextSession: v.union(
        v.null(),
        v.object({ _id: v.id("sessions"), title: v.string(), startsAt: v.number(), durationMinutes: v.number(), coachName: v.string() }),
      ),
      remainingMinutes: v.number(),
    }),
  ),
  handler: async (ctx) => {
    if (!hasCoachingPage(ctx.viewer.tier)) return { allowed: false as const };
    return { allowed: true as const, ...(await coachingOverview(ctx, ctx.viewer, Date.now())) };
  },
});
