import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api, internal } from "./_generated/api";
import { loadSessionFor } from "./model/sessions";
import { activitiesOf, HOUR, insertSession, MINUTE, notificationsOf } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn } from "./test.users";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
};

async function setup() {
  const t = newConvexTest();
  const member = await signedIn(t, "client", { firstName: "Sam", lastName: "Lee" });
  const coach = await signedIn(t, "coach", { firstName: "Ana", lastName: "Silva" });
  return { t, member, coach };
}

describe("who may see a session", () => {
  it("shows the join page to the member, with names, link and the join window", async () => {
    const { t, member, coach } = await setup();
    const startsAt = Date.now() + HOUR;
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt, durationMinutes: 30 });
    const page = await member.as.query(api.sessions.join, { sessionId });
    expect(page).toMatchObject({
      session: { _id: sessionId, title: "Focus check-in", status: "scheduled", startsAt, endsAt: startsAt + 30 * MINUTE },
      coachName: "Ana Silva",
      memberName: "Sam Lee",
      meetingUrl: "https://meet.lwcc.example/focus",
      joinOpensAt: startsAt - 10 * MINUTE,
      joinClosesAt: startsAt + 30 * MINUTE,
      canRun: false,
    });
    expect((await coach.as.query(api.sessions.join, { sessionId })).canRun).toBe(true);
  });

  it("lets every coach and admin read a session, but only its coach or an admin run it", async () => {
    const { t, member, coach } = await setup();
    const otherCoach = await signedIn(t, "coach");
    const admin = await signedIn(t, "admin");
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id });
    expect((await otherCoach.as.query(api.sessions.join, { sessionId })).canRun).toBe(false);
    expect((await admin.as.query(api.sessions.join, { sessionId })).canRun).toBe(true);
    expect(await codeOf(otherCoach.as.mutation(api.sessions.start, { sessionId }))).toBe("FORBIDDEN");
    expect(await codeOf(otherCoach.as.mutation(api.sessions.complete, { sessionId }))).toBe("FORBIDDEN");
    expect(await codeOf(otherCoach.as.mutation(api.sessions.markNoShow, { sessionId }))).toBe("FORBIDDEN");
    await admin.as.mutation(api.sessions.complete, { sessionId });
  });

  it("reports other members' sessions, and missing ones, as not found", async () => {
    const { t, member, coach } = await setup();
    const stranger = await signedIn(t, "client");
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id });
    expect(await codeOf(stranger.as.query(api.sessions.join, { sessionId }))).toBe("SESSION_NOT_FOUND");
    await t.run((ctx) => ctx.db.delete("sessions", sessionId));
    expect(await codeOf(member.as.query(api.sessions.join, { sessionId }))).toBe("SESSION_NOT_FOUND");
  });

  it("lets guests read their own sessions only, and never write", async () => {
    const { t, coach } = await setup();
    const guest = await signedIn(t, "guest_confirmed");
    const other = await signedIn(t, "client");
    const own = await insertSession(t, { memberId: guest.id, coachId: coach.id });
    const theirs = await insertSession(t, { memberId: other.id, coachId: coach.id });
    expect((await guest.as.query(api.sessions.join, { sessionId: own })).session._id).toBe(own);
    expect(await codeOf(guest.as.query(api.sessions.join, { sessionId: theirs }))).toBe("SESSION_NOT_FOUND");
    const viewer = (await t.run((ctx) => ctx.db.get("users", guest.id)))!;
    expect(await codeOf(t.run((ctx) => loadSessionFor(ctx, viewer, own, "write")))).toBe("SESSION_NOT_FOUND");
    const client = (await t.run((ctx) => ctx.db.get("users", other.id)))!;
    expect(await t.run(async (ctx) => (await loadSessionFor(ctx, client, theirs, "write"))._id)).toBe(theirs);
  });
});

describe("sessions.start", () => {
  it("opens with the join window, calls the member in and notes it in the feed", async () => {
    const { t, member, coach } = await setup();
    const early = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + 11 * MINUTE });
    expect(await codeOf(coach.as.mutation(api.sessions.start, { sessionId: early }))).toBe("SESSION_NOT_STARTED");
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + 9 * MINUTE });
    await coach.as.mutation(api.sessions.start, { sessionId });
    await coach.as.mutation(api.sessions.start, { sessionId });
    expect((await t.run((ctx) => ctx.db.get("sessions", sessionId)))!.startedAt).toBeTypeOf("number");
    const notifications = await notificationsOf(t, member.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: "session_started",
      priority: "high",
      read: false,
      actions: [{ label: "Join", url: `/session/${sessionId}` }],
      data: { sessionId },
    });
    expect(notifications[0]!.autoHideMs).toBeUndefined();
    expect(await activitiesOf(t, member.id)).toMatchObject([
      { type: "session", status: "in_progress", actionUrl: `/session/${sessionId}`, metadata: { sessionId, duration: 60 } },
    ]);
  });

  it("refuses a session that has ended or was cancelled", async () => {
    const { t, member, coach } = await setup();
    const ended = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() - 2 * HOUR });
    const cancelled = await insertSession(t, { memberId: member.id, coachId: coach.id, status: "cancelled" });
    expect(await codeOf(coach.as.mutation(api.sessions.start, { sessionId: ended }))).toBe("SESSION_NOT_CHANGEABLE");
    expect(await codeOf(coach.as.mutation(api.sessions.start, { sessionId: cancelled }))).toBe("SESSION_NOT_CHANGEABLE");
  });
});

describe("sessions.complete and sessions.markNoShow", () => {
  it("waits for the start time", async () => {
    const { t, member, coach } = await setup();
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + 5 * MINUTE });
    expect(await codeOf(coach.as.mutation(api.sessions.complete, { sessionId }))).toBe("SESSION_NOT_ENDED");
    expect(await codeOf(coach.as.mutation(api.sessions.markNoShow, { sessionId }))).toBe("SESSION_NOT_ENDED");
  });

  it("completes once: totals, notification, feed, and pending reminders cancelled", async () => {
    const { t, member, coach } = await setup();
    const [pending, done] = await t.run(async (ctx) => {
      const args = { userId: member.id, before: 0 };
      const a = await ctx.scheduler.runAfter(HOUR, internal.notifications.markReadBatch, args);
      const b = await ctx.scheduler.runAfter(HOUR, internal.notifications.markReadBatch, args);
      await ctx.scheduler.cancel(b);
      return [a, b];
    });
    const first = await insertSession(t, { memberId: member.id, coachId: coach.id, reminderJobs: [pending, done] });
    const second = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() - 2 * HOUR, durationMinutes: 30 });
    await coach.as.mutation(api.sessions.complete, { sessionId: first });
    await coach.as.mutation(api.sessions.complete, { sessionId: second });
    expect(await codeOf(coach.as.mutation(api.sessions.complete, { sessionId: first }))).toBe("SESSION_NOT_CHANGEABLE");
    expect(await codeOf(coach.as.mutation(api.sessions.markNoShow, { sessionId: first }))).toBe("SESSION_NOT_CHANGEABLE");

    const session = (await t.run((ctx) => ctx.db.get("sessions", first)))!;
    expect(session).toMatchObject({ status: "completed", reminderJobs: [], debitedMinutes: 60 });
    expect(session.completedAt).toBeTypeOf("number");
    const job = await t.run((ctx) => ctx.db.system.get("_scheduled_functions", pending));
    expect(job!.state.kind).toBe("canceled");
    const stats = await t.run((ctx) =>
      ctx.db
        .query("memberStats")
        .withIndex("by_user", (q) => q.eq("userId", member.id))
        .unique(),
    );
    expect(stats).toMatchObject({ completedSessions: 2, completedMinutes: 90 });
    const notifications = await notificationsOf(t, member.id);
    expect(notifications.map((n) => [n.type, n.priority, n.title])).toEqual([
      ["session_completed", "medium", "Session completed"],
      ["session_completed", "medium", "Session completed"],
    ]);
    expect(notifications[0]!.autoHideMs).toBeGreaterThan(0);
    expect((await activitiesOf(t, member.id))[0]).toMatchObject({
      type: "session",
      status: "completed",
      actionUrl: `/session/${first}`,
      metadata: { sessionId: first, duration: 60, participants: ["Ana Silva", "Sam Lee"] },
    });
  });

  it("marks a no-show without counting it or refunding the minutes", async () => {
    const { t, member, coach } = await setup();
    const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id });
    await coach.as.mutation(api.sessions.markNoShow, { sessionId });
    expect(await t.run((ctx) => ctx.db.get("sessions", sessionId))).toMatchObject({ status: "no_show", debitedMinutes: 60 });
    expect(await t.run((ctx) => ctx.db.query("memberStats").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("timeLedger").collect())).toEqual([]);
    expect(await notificationsOf(t, member.id)).toMatchObject([{ type: "session_completed", title: "We missed you" }]);
    expect(await activitiesOf(t, member.id)).toMatchObject([{ type: "session", title: "Missed session: Focus check-in" }]);
  });
});
