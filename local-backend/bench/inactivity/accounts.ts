/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../inactivity.ts (never deployed):
 * many active accounts written straight into users. Raw builders from convex/server because it
 * lives outside convex/ and needs no auth wrapper.
 */
import { internalMutationGeneric } from "convex/server";
import { v } from "convex/values";

const DAY = 24 * 60 * 60 * 1000;

const person = (email: string, lastActiveAt: number, now: number) => ({
  email,
  firstName: "Bench",
  lastName: "Member",
  role: "client",
  userType: "client",
  tier: "foundation",
  forumMember: false,
  status: "active",
  timezone: "UTC",
  createdAt: now - 400 * DAY,
  lastActiveAt,
});

/** `count` accounts active within the last 30 days: none is near a threshold for the bench's 25 simulated days. */
export const seed = internalMutationGeneric({
  args: { from: v.number(), count: v.number(), now: v.number() },
  returns: v.null(),
  handler: async (ctx, { from, count, now }) => {
    for (let i = from; i < from + count; i++) await ctx.db.insert("users", person(`bench${i}@example.com`, now - ((i * 7919) % (30 * DAY)), now));
    return null;
  },
});

/** `count` accounts whose 90 days without activity ran out in the simulated day before `now`. */
export const due = internalMutationGeneric({
  args: { run: v.number(), count: v.number(), now: v.number() },
  returns: v.null(),
  handler: async (ctx, { run, count, now }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("users", person(`due${run}-${i}@example.com`, now - 90 * DAY - 1 - i * 1000, now));
    return null;
  },
});
