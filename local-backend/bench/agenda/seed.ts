/**
 * Bench-only Convex module, copied next to a copy of convex/ by ../agenda.ts (never deployed): a
 * member and their coach with 200 action items, a completed session with an hour's transcript,
 * and the next session with a check-in. Raw builders from convex/server because it lives outside
 * convex/ and needs no auth wrapper.
 */
import { internalMutationGeneric } from "convex/server";
import { v } from "convex/values";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STATUSES = ["pending", "in_progress", "completed", "blocked", "cancelled"] as const;
const PRIORITIES = ["urgent", "high", "medium", "low"] as const;
const LINES = [
  "I realised the mornings only work when I plan them the evening before.",
  "Let's look at how the week went before we plan the next one.",
  "I decided to keep Friday afternoons free for invoices and email.",
  "The hard part is starting when the task feels too big to see.",
  "Next time we should check whether the timer helped at all.",
  "That sounds like a small win, and small wins add up.",
];

export const seed = internalMutationGeneric({
  args: { tokenIdentifier: v.string(), items: v.number(), segments: v.number() },
  returns: v.object({ sessionId: v.id("sessions") }),
  handler: async (ctx, { tokenIdentifier, items, segments }) => {
    const now = Date.now();
    const person = { userType: "member", tier: "clarity", forumMember: false, status: "active", timezone: "America/Chicago", createdAt: now, lastActiveAt: now } as const;
    const memberId = await ctx.db.insert("users", { ...person, role: "client", tokenIdentifier, email: "bench-member@example.com", firstName: "Bench", lastName: "Member" });
    const coachId = await ctx.db.insert("users", {
      ...person,
      role: "coach",
      userType: "coach",
      tokenIdentifier: "bench|coach",
      email: "bench-coach@example.com",
      firstName: "Bench",
      lastName: "Coach",
    });
    const session = (startsAt: number, status: "completed" | "scheduled") =>
      ctx.db.insert("sessions", {
        title: "Weekly planning",
        description: "",
        coachId,
        memberId,
        startsAt,
        endsAt: startsAt + 60 * MINUTE,
        durationMinutes: 60,
        status,
        meetingUrl: "https://meet.example.com/bench",
        bookedAt: startsAt - 7 * DAY,
        debitedMinutes: 60,
        reminderJobs: [],
      });
    const earlier = await session(now - 7 * DAY, "completed");
    const sessionId = await session(now + DAY, "scheduled");
    const spoken = Array.from({ length: segments }, (_, i) => ({ speaker: i % 2 ? "Coach" : "Member", startSeconds: i * 30, text: LINES[i % LINES.length]! }));
    await ctx.db.insert("transcripts", {
      sessionId: earlier,
      memberId,
      format: "text",
      segments: spoken,
      text: spoken.map((segment) => segment.text).join("\n"),
      uploadedBy: coachId,
      createdAt: now - 7 * DAY,
    });
    for (let i = 0; i < items; i++) {
      const due = new Date(now + (i - items / 2) * DAY).toISOString().slice(0, 10);
      await ctx.db.insert("actionItems", {
        sessionId: earlier,
        memberId,
        coachId,
        title: `Commitment ${i + 1}`,
        description: "",
        responsibleUserId: memberId,
        commitmentType: "user_commitment",
        status: STATUSES[i % STATUSES.length]!,
        priority: PRIORITIES[i % PRIORITIES.length]!,
        dueDate: due,
        tags: [],
        coachVisible: true,
        clientVisible: i % 7 !== 0,
        createdBy: coachId,
        createdAt: now - i * MINUTE,
        updatedAt: now - i * MINUTE,
      });
    }
    await ctx.db.insert("sessionCheckIns", { sessionId, memberId, moved: "Planned two evenings ahead.", stuck: "Invoices.", focus: "Fridays back.", updatedAt: now });
    return { sessionId };
  },
});
