/** /account/upgrade's form (SPEC §7): choosing a plan card. Paid tiers change only through checkout. */
import { v } from "convex/values";
import { memberMutation } from "./functions";
import { userError } from "./model/errors";
import { choosePlan as decide, UPGRADE_PLAN_IDS } from "./model/upgradePlans";

/** Where the chosen plan goes next (checkout, billing or, for free Foundation, the dashboard) and what to say; a plan not on offer, or already held, is refused. */
export const choosePlan = memberMutation({
  args: { plan: v.union(...UPGRADE_PLAN_IDS.map((id) => v.literal(id))) },
  returns: v.object({ message: v.optional(v.string()), redirectTo: v.optional(v.string()) }),
  handler: async (ctx, { plan }) => {
    const choice = decide(ctx.viewer, plan);
    if ("error" in choice) throw userError(choice.error);
    const { grant, ...answer } = choice;
    if (grant) await ctx.db.patch("users", ctx.viewer._id, { tier: grant });
    return answer;
  },
});
