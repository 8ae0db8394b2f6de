/** Security incidents (SPEC §8: "This incident has been logged"), for admins at /admin/security. */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { adminQuery } from "./functions";
import { securityIncidentFields } from "./schema";

const incidentValidator = v.object(withSystemFields("securityIncidents", securityIncidentFields));

/** Every logged incident, newest first, live. */
export const incidents = adminQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(incidentValidator),
  handler: (ctx, { paginationOpts }) => ctx.db.query("securityIncidents").withIndex("by_at").order("desc").paginate(paginationOpts),
});
