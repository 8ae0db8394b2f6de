/** Coaches' weekly hours and exceptions, the list of coaches, and the open slots members book. */
import { v } from "convex/values";
import { withSystemFields } from "convex-helpers/validators";
import { memberQuery, staffMutation, staffQuery } from "./functions";
import { checkAvailability, coachAvailability, MAX_SLOT_RANGE_DAYS } from "./model/availability";
import { bounded, LIMITS } from "./model/bounds";
import { findSlots } from "./model/bookings";
import { namesOf } from "./model/sessions";
import { availabilityFields } from "./schema";
import { scheduleScan } from "./model/waitlist";

/** Coaches one list shows; the practice has a handful. */
const COACHES_MAX = 100;

/** The calling coach's availability, or null before they first save it. */
export const mine = staffQuery({
  args: {},
  returns: v.union(v.null(), v.object(withSystemFields("availability", availabilityFields))),
  handler: (ctx) => coachAvailability(ctx, ctx.viewer._id),
});

/** Replaces the calling coach's weekly windows, exceptions and time zone. */
export const save = staffMutation({
  args: v.object(availabilityFields).pick("timezone", "weekly", "exceptions").fields,
  returns: v.null(),
  handler: async (ctx, args) => {
    const availability = { ...checkAvailability(args), coachId: ctx.viewer._id, updatedAt: Date.now() };
    const existing = await coachAvailability(ctx, ctx.viewer._id);
    if (existing) await ctx.db.replace("availability", existing._id, availability);
    else await ctx.db.insert("availability", availability);
    // New hours may hold an earlier time someone is waiting for.
    await scheduleScan(ctx, ctx.viewer._id);
    return null;
  },
});

/** Active coaches a member can book with. */
export const coaches = memberQuery({
  args: {},
  returns: v.array(v.object({ _id: v.id("users"), name: v.string(), timezone: v.string() })),
  handler: async (ctx) => {
    const coaches = await ctx.db
      .query("users")
      .withIndex("by_role_and_status", (q) => q.eq("role", "coach").eq("status", "active"))
      .take(COACHES_MAX);
    const names = await namesOf(
      ctx,
      coaches.map((coach) => coach._id),
    );
    return coaches.map((coach) => ({ _id: coach._id, name: names.get(coach._id) ?? "", timezone: coach.timezone }));
  },
});

/**
 * Open start times (UTC epoch ms) with a coach in [from, to), for a session of `durationMinutes`,
 * outside the coach's and the caller's scheduled sessions; at most MAX_SLOT_RANGE_DAYS at once.
 */
export const slots = memberQuery({
  args: {
    coachId: v.id("users"),
    from: bounded.time(),
    to: bounded.timeAfter("from", MAX_SLOT_RANGE_DAYS),
    durationMinutes: bounded.int(1, LIMITS.minutes),
  },
  returns: v.array(v.number()),
  handler: (ctx, args) => findSlots(ctx, ctx.viewer, args, Date.now()),
});
