/** The admins' monitoring page (/admin/monitoring): model/monitoring.ts. */
import { adminQuery } from "./functions";
import { monitoringOverview } from "./model/monitoring";
import { monitoringOverviewValidator } from "./model/monitoringShapes";

export const overview = adminQuery({
  args: {},
  returns: monitoringOverviewValidator,
  handler: (ctx) => monitoringOverview(ctx, Date.now()),
});
