import { v } from "convex/values";
import { publicQuery } from "./functions";
import { currentAdapters } from "./integrations/config";
import { healthChecks } from "./model/monitoring";
import { healthChecksValidator } from "./model/monitoringShapes";

/** Backend status for the public health page: reachable, which service adapters are live, and the checks' statuses and counts (no details). */
export const health = publicQuery({
  args: {},
  returns: v.object({
    status: v.literal("ok"),
    adapters: v.object({
      identity: v.union(v.literal("clerk"), v.literal("local")),
      payments: v.union(v.literal("stripe"), v.literal("local-gateway")),
      email: v.union(v.literal("resend"), v.literal("outbox")),
      extraction: v.union(v.literal("openai"), v.literal("rules")),
    }),
    checks: healthChecksValidator,
  }),
  handler: async (ctx) => ({ status: "ok" as const, adapters: currentAdapters(), checks: await healthChecks(ctx, Date.now()) }),
});
