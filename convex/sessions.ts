/**
 * Running a booked session: the /session/{id} page, and the coach starting and closing it.
 * Booking, cancelling and rescheduling live in bookings.ts.
 */
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { memberQuery, staffMutation } from "./functions";
import { activityUrls, recordActivity } from "./model/activity";
import { keepAsNotes } from "./model/agenda";
import { userError } from "./model/errors";
import { notify } from "./model/notifications";
import { addCompletedSession, cancelReminders, joinWindow, loadSessionFor, loadSessionToRun, namesOf } from "./model/sessions";
import { sessionFields } from "./schema";

/** Where a member goes next after a session is over. */
const BOOK_SESSION_URL = "/dashboard/book-session";

const sessionView = v
  .object({ _id: v.id("sessions"), ...sessionFields })
  .pick(
    "_id",
    "title",
    "description",
    "coachId",
    "memberId",
    "startsAt",
    "endsAt",
    "durationMinutes",
    "status",
    "startedAt",
    "completedAt",
  );

/**
 * The /session/{id} page: the session, who is in it, the meeting link and the join window
 * (opens JOIN_WINDOW_OPENS_MINUTES before the start, closes at the end). The client counts down
 * against these bounds; `canRun` says whether the caller may start and close it.
 */
export const join = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.object({
    session: sessionView,
    coachName: v.string(),
    memberName: v.string(),
    meetingUrl: v.string(),
    joinOpensAt: v.number(),
    joinClosesAt: v.number(),
    canRun: v.boolean(),
  }),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const names = await namesOf(ctx, [session.coachId, session.memberId]);
    return {
      session: {
        _id: session._id,
        title: session.title,
        description: session.description,
        coachId: session.coachId,
        memberId: session.memberId,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        durationMinutes: session.durationMinutes,
        status: session.status,
        ...(session.startedAt === undefined ? {} : { startedAt: session.startedAt }),
        ...(session.completedAt === undefined ? {} : { completedAt: session.completedAt }),
      },
      coachName: names.get(session.coachId)!,
      memberName: names.get(session.memberId)!,
      meetingUrl: session.meetingUrl,
      ...joinWindow(session),
      canRun: session.coachId === ctx.viewer._id || ctx.viewer.role === "admin",
    };
  },
});

/** The coach opens the session (from the join window until its end) and the member is called in. */
export const start = staffMutation({
  args: { sessionId: v.id("sessions") },
  returns: v.null(),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionToRun(ctx, ctx.viewer, sessionId);
    if (session.status !== "scheduled") throw userError("SESSION_NOT_CHANGEABLE");
    if (session.startedAt !== undefined) return null;
    const now = Date.now();
    const { joinOpensAt, joinClosesAt } = joinWindow(session);
    if (now < joinOpensAt) throw userError("SESSION_NOT_STARTED");
    if (now >= joinClosesAt) throw userError("SESSION_NOT_CHANGEABLE");
    await ctx.db.patch("sessions", sessionId, { startedAt: now });
    const { coachName, participants } = await people(ctx, session);
    const url = activityUrls.session(sessionId);
    await notify(
      ctx,
      session.memberId,
      {
        type: "session_started",
        priority: "high",
        title: "Your session has started",
        message: `${coachName} is ready for "${session.title}".`,
        actions: [{ label: "Join", url }],
        data: { sessionId },
      },
      { now },
    );
    await recordActivity(
      ctx,
      session.memberId,
      {
        type: "session",
        title: `Session started: ${session.title}`,
        description: `With ${coachName}.`,
        status: "in_progress",
        metadata: { sessionId, duration: session.durationMinutes, participants },
        actionUrl: url,
        actionLabel: "Join",
      },
      now,
    );
    return null;
  },
});

/** The session took place: it counts towards the member's totals (its minutes were debited at booking). */
export const complete = staffMutation({
  args: { sessionId: v.id("sessions") },
  returns: v.null(),
  handler: (ctx, { sessionId }) => close(ctx, ctx.viewer, sessionId, "completed"),
});

/** The member did not come: the booked minutes stay used, nothing is refunded. */
export const markNoShow = staffMutation({
  args: { sessionId: v.id("sessions") },
  returns: v.null(),
  handler: (ctx, { sessionId }) => close(ctx, ctx.viewer, sessionId, "no_show"),
});

async function close(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, outcome: "completed" | "no_show") {
  const session = await loadSessionToRun(ctx, viewer, sessionId);
  if (session.status !== "scheduled") throw userError("SESSION_NOT_CHANGEABLE");
  const now = Date.now();
  if (now < session.startsAt) throw userError("SESSION_NOT_ENDED");
  await cancelReminders(ctx, session);
  await ctx.db.patch("sessions", sessionId, {
    status: outcome,
    completedAt: now,
    reminderJobs: [],
  });
  if (outcome === "completed") {
    await addCompletedSession(ctx, session.memberId, session.durationMinutes);
    await keepAsNotes(ctx, session, now);
  }
  const { coachName, participants } = await people(ctx, session);
  const completed = outcome === "completed";
  await notify(
    ctx,
    session.memberId,
    {
      type: "session_completed",
      priority: "medium",
      title: completed ? "Session completed" : "We missed you",
      message: completed
        ? `Thanks for "${session.title}" with ${coachName}. Your recording and transcript will appear here when they're ready.`
        : `"${session.title}" with ${coachName} was marked as missed, and its booked minutes were used. Book another time when you're ready.`,
      actions: [{ label: "Book a session", url: BOOK_SESSION_URL }],
      data: { sessionId },
    },
    { now },
  );
  await recordActivity(
    ctx,
    session.memberId,
    {
      type: "session",
      title: `${completed ? "Session completed" : "Missed session"}: ${session.title}`,
      description: completed ? `${session.durationMinutes} minutes with ${coachName}.` : "Marked as missed; the booked minutes were used.",
      status: "completed",
      metadata: { sessionId, duration: session.durationMinutes, participants },
      actionUrl: activityUrls.session(sessionId),
      actionLabel: "View session",
    },
    now,
  );
  return null;
}

async function people(ctx: MutationCtx, session: Doc<"sessions">) {
  const names = await namesOf(ctx, [session.coachId, session.memberId]);
  const coachName = names.get(session.coachId)!;
  return { coachName, participants: [coachName, names.get(session.memberId)!] };
}
