import { v } from "convex/values";
import { publicQuery } from "./functions";
import { currentAdapters } from "./integrations/config";

/** Backend status for the public health page: reachable, and which service adapters are live. */
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
  }),
  handler: () => ({ status: "ok" as const, adapters: currentAdapters() }),
});
