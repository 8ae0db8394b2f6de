/** The Recent Activity feed and /dashboard/activity: the caller's own activity, newest first. */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { memberQuery } from "./functions";
import { activityFields, activityTypeValidator } from "./schema";

const activityValidator = v.object(withSystemFields("activities", activityFields));

/** All activity, or one type for a filter chip; the feed shows ACTIVITY_VISIBLE at first. */
export const list = memberQuery({
  args: {
    type: v.optional(activityTypeValidator),
    paginationOpts: bounded.paginationOpts,
  },
  returns: paginationResultValidator(activityValidator),
  handler: (ctx, { type, paginationOpts }) => {
    const userId = ctx.viewer._id;
    const query =
      type === undefined
        ? ctx.db.query("activities").withIndex("by_user_and_time", (q) => q.eq("userId", userId))
        : ctx.db.query("activities").withIndex("by_user_type_and_time", (q) => q.eq("userId", userId).eq("type", type));
    return query.order("desc").paginate(paginationOpts);
  },
});
