/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../waitlist.ts (never deployed):
 * the users rows of a coach and two members, linked to identities the bench made. Raw builders
 * from convex/server because it lives outside convex/ and needs no auth wrapper.
 */
import { internalMutationGeneric } from "convex/server";
import { v } from "convex/values";

export const seed = internalMutationGeneric({
  args: { coach: v.string(), canceller: v.string(), waiter: v.string() },
  returns: v.object({ coachId: v.id("users"), cancellerId: v.id("users"), waiterId: v.id("users") }),
  handler: async (ctx, { coach, canceller, waiter }) => {
    const now = Date.now();
    const person = (tokenIdentifier: string, role: "coach" | "client", firstName: string) =>
      ctx.db.insert("users", {
        role,
        userType: role === "coach" ? "coach" : "client",
        tier: "mastery",
        forumMember: false,
        status: "active",
        timezone: "UTC",
        tokenIdentifier,
        email: `bench-${firstName.toLowerCase()}@example.com`,
        firstName,
        lastName: "Bench",
        createdAt: now,
        lastActiveAt: now,
      });
    return {
      coachId: await person(coach, "coach", "Coach"),
      cancellerId: await person(canceller, "client", "Canceller"),
      waiterId: await person(waiter, "client", "Waiter"),
    };
  },
});
