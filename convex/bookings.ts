/**
 * Booking coaching sessions: book, cancel, reschedule, the member's and the coach's lists, and
 * the reminders. The rules are in convex/model/bookings.ts; running a session is sessions.ts.
 */
import { paginationResultValidator } from "convex/server";
import { bounded, LIMITS } from "./model/bounds";
import { v } from "convex/values";
import { withSystemFields } from "convex-helpers/validators";
import { env } from "./_generated/server";
import { queueEmail } from "./email";
import { internalMutation, memberMutation, memberQuery, staffQuery } from "./functions";
import {
  bookSession,
  CANCEL_REASON_MAX,
  cancelSession,
  coachClients as clientsOf,
  DESCRIPTION_MAX,
  memberSessionsPage,
  rescheduleSession,
  sendReminder,
  sessionViews,
  TITLE_MAX,
} from "./model/bookings";
import { loadSessionFor, openSessions } from "./model/sessions";
import { sessionFields } from "./schema";

/** Sessions one page or list holds. */
const PAGE_MAX = 100;
const COACH_UPCOMING_MAX = 50;

const sessionViewValidator = v
  .object(withSystemFields("sessions", sessionFields))
  .omit("reminderJobs")
  .extend({ coachName: v.string(), memberName: v.string() });

/**
 * Books a session for the caller (guests too, up to their role's length) in one transaction:
 * the slot must still be open, the minutes are debited, reminders scheduled, both people told.
 */
export const book = memberMutation({
  args: {
    coachId: v.id("users"),
    startsAt: bounded.time(),
    durationMinutes: bounded.int(1, LIMITS.minutes),
    title: v.optional(bounded.line(TITLE_MAX)),
    description: v.optional(bounded.text(DESCRIPTION_MAX)),
  },
  returns: v.id("sessions"),
  handler: (ctx, args) => bookSession(ctx, ctx.viewer, args, Date.now()),
});

/**
 * Cancels a scheduled session that has not started; for its member, its coach or an admin.
 * Returns the minutes given back and whether the month's grace late cancel covered it.
 */
export const cancel = memberMutation({
  args: { sessionId: v.id("sessions"), reason: v.optional(bounded.text(CANCEL_REASON_MAX)) },
  returns: v.object({ refundedMinutes: v.number(), graceCancel: v.boolean() }),
  handler: (ctx, args) => cancelSession(ctx, ctx.viewer, args, Date.now()),
});

/** Moves a scheduled session to another open slot of its coach; for its member, its coach or an admin. */
export const reschedule = memberMutation({
  args: { sessionId: v.id("sessions"), startsAt: bounded.time() },
  returns: v.null(),
  handler: (ctx, args) => rescheduleSession(ctx, ctx.viewer, args, Date.now()),
});

/** The caller's own sessions: upcoming soonest first, or past latest first. */
export const mine = memberQuery({
  args: { scope: v.union(v.literal("upcoming"), v.literal("past")), paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(sessionViewValidator),
  handler: async (ctx, { scope, paginationOpts }) => {
    const page = await memberSessionsPage(ctx, ctx.viewer._id, scope, Date.now(), {
      ...paginationOpts,
      numItems: Math.min(paginationOpts.numItems, PAGE_MAX),
    });
    return { ...page, page: await sessionViews(ctx, page.page) };
  },
});

/** One session with both names: for its member, its coach, and staff who may access all sessions. */
export const get = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: sessionViewValidator,
  handler: async (ctx, { sessionId }) => {
    const [view] = await sessionViews(ctx, [await loadSessionFor(ctx, ctx.viewer, sessionId, "read")]);
    return view!;
  },
});

/** The calling coach's scheduled sessions that have not ended, soonest first. */
export const coachUpcoming = staffQuery({
  args: {},
  returns: v.array(sessionViewValidator),
  handler: async (ctx) => sessionViews(ctx, await openSessions(ctx, { coachId: ctx.viewer._id }, Date.now(), COACH_UPCOMING_MAX)),
});

/** Members who booked with the calling coach, with their next session when there is one. */
export const coachClients = staffQuery({
  args: {},
  returns: v.array(
    v.object({
      memberId: v.id("users"),
      name: v.string(),
      email: v.string(),
      timezone: v.string(),
      nextSessionId: v.optional(v.id("sessions")),
      nextSessionAt: v.optional(v.number()),
    }),
  ),
  handler: (ctx) => clientsOf(ctx, ctx.viewer._id, Date.now()),
});

/** A scheduled reminder (24 h, 1 h, 10 min before); does nothing for a session since cancelled or moved. */
export const remind = internalMutation({
  args: { sessionId: v.id("sessions"), offsetMs: v.number(), startsAt: v.number() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const email = await sendReminder(ctx, args, Date.now(), env.SITE_URL);
    // One e-mail per reminder slot, even if the job runs twice.
    if (email) await queueEmail(ctx, email, { idempotencyKey: `session-reminder:${args.sessionId}:${args.startsAt}:${args.offsetMs}` });
    return null;
  },
});
