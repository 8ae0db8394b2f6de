/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../dashboard.ts (never deployed):
 * two years of a member's history, written straight into the tables the dashboard reads. Raw
 * builders from convex/server because it lives outside convex/ and needs no auth wrapper.
 */
import { internalMutationGeneric } from "convex/server";
import { v } from "convex/values";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ACTIVITY_TYPES = ["session", "recording", "booking", "transcript", "system"] as const;

export const seed = internalMutationGeneric({
  args: { tokenIdentifier: v.string(), sessions: v.number(), upcoming: v.number(), activities: v.number() },
  returns: v.null(),
  handler: async (ctx, { tokenIdentifier, sessions, upcoming, activities }) => {
    const now = Date.now();
    const person = {
      role: "client",
      userType: "member",
      tier: "clarity",
      forumMember: true,
      status: "active",
      timezone: "America/Chicago",
    };
    const memberId = await ctx.db.insert("users", {
      ...person,
      tokenIdentifier,
      email: "bench-member@example.com",
      firstName: "Bench",
      lastName: "Member",
      createdAt: now - 730 * DAY,
      lastActiveAt: now,
    });
    const coachId = await ctx.db.insert("users", {
      ...person,
      role: "coach",
      userType: "coach",
      email: "bench-coach@example.com",
      firstName: "Bench",
      lastName: "Coach",
      createdAt: now - 900 * DAY,
      lastActiveAt: now,
    });
    const past = sessions - upcoming;
    for (let i = 0; i < sessions; i++) {
      const future = i >= past;
      // Past sessions spread over two years; upcoming ones a day apart from tomorrow.
      const startsAt = future ? now + (i - past + 1) * DAY : now - Math.round(((i + 1) * 730 * DAY) / past);
      await ctx.db.insert("sessions", {
        title: `Session ${i + 1}`,
        description: "",
        coachId,
        memberId,
        startsAt,
        endsAt: startsAt + HOUR,
        durationMinutes: 60,
        status: future ? "scheduled" : "completed",
        meetingUrl: "https://meet.jit.si/lwcc-bench",
        bookedAt: startsAt - 7 * DAY,
        debitedMinutes: 60,
        reminderJobs: [],
        ...(future ? {} : { completedAt: startsAt + HOUR }),
      });
    }
    for (let i = 0; i < activities; i++) {
      await ctx.db.insert("activities", {
        userId: memberId,
        type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length],
        title: `Activity ${i + 1}`,
        description: "",
        timestamp: now - Math.round((i * 730 * DAY) / activities),
        status: "completed",
        metadata: {},
      });
    }
    await ctx.db.insert("memberStats", { userId: memberId, completedSessions: past, completedMinutes: past * 60 });
    const minutes = sessions * 60 + 600;
    await ctx.db.insert("timeLedger", { userId: memberId, kind: "purchase", minutes, at: now - 730 * DAY, note: "Bench purchase" });
    await ctx.db.insert("timeBalances", {
      userId: memberId,
      totalMinutes: minutes,
      consumedMinutes: sessions * 60,
      remainingMinutes: 600,
      lastPurchaseAt: now - 730 * DAY,
    });
    return null;
  },
});
