/**
 * Booking, cancelling and rescheduling coaching sessions. A booking is one `sessions` row; each
 * change happens in one transaction with its ledger entry, reminders, notifications and activity,
 * so a booking is never half made. Running a session is convex/model/sessions.ts.
 */
import { TZDate } from "@date-fns/tz";
import type { PaginationOptions } from "convex/server";
import { format } from "date-fns";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { activityUrls, recordActivity } from "./activity";
import {
  checkDuration,
  coachAvailability,
  DAY_MS,
  INTRO_SESSION_MINUTES,
  type Interval,
  loadCoach,
  LONGEST_SESSION_MINUTES,
  MAX_SLOT_RANGE_DAYS,
  MINUTE_MS,
  openSlots,
  SHORTEST_SESSION_MINUTES,
} from "./availability";
import { emailBookingChange } from "./bookingEmails";
import { cancelPolicy, monthKey, reschedulePolicy, type ChangedBy } from "./bookingPolicy";
import { userError } from "./errors";
import { CHECK_IN_ANCHOR, CHECK_IN_INVITE_OFFSET_MS, CHECK_IN_TEXTS } from "./agendaRules";
import { notificationPreferences, notify, REMINDER_OFFSETS_MS } from "./notifications";
import { namesOf, scheduledSessions } from "./sessions";
import { debitBooking, readBalance, refundBooking, spendableMinutes } from "./timeBalance";
import { heldTimes, leaveWaitlist, scheduleScan } from "./waitlist";

export const DEFAULT_SESSION_TITLE = "Coaching session";
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const CANCEL_REASON_MAX = 500;

/** Video rooms live at MEETING_BASE_URL (e.g. a Whereby or Jitsi server); Jitsi's public server needs no account. */
export const DEFAULT_MEETING_BASE_URL = "https://meet.jit.si";

/** The video room of a session, one per session, built in one place. */
export const meetingUrl = (id: Id<"sessions">, base = env.MEETING_BASE_URL || DEFAULT_MEETING_BASE_URL) =>
  `${base.replace(/\/$/, "")}/lwcc-session-${id}`;

/** A session time as the person reading it sees it, in their own zone. */
export function formatWhen(ms: number, timezone: string): string {
  return format(new TZDate(ms, timezone), "EEE, MMM d 'at' h:mm a");
}

const REMINDER_PRIORITIES = ["low", "medium", "high"] as const;

/** How a reminder `offsetMs` before the start reads: 24 h low, 1 h medium, 10 min high. */
export function reminderStyle(offsetMs: number) {
  const index = (REMINDER_OFFSETS_MS as readonly number[]).indexOf(offsetMs);
  if (index < 0) return null;
  const minutes = offsetMs / MINUTE_MS;
  const hours = minutes / 60;
  const label = Number.isInteger(hours) ? `${hours} ${hours === 1 ? "hour" : "hours"}` : `${minutes} minutes`;
  return {
    priority: REMINDER_PRIORITIES[index]!,
    title: `Your session starts in ${label}`,
  };
}

/**
 * Scheduled sessions at most this many can overlap a range: one coach's (or member's) sessions
 * never overlap each other, so the read stays bounded whatever the history.
 */
function busyReadLimit(range: Interval): number {
  return Math.ceil((range.end - range.start + LONGEST_SESSION_MINUTES * MINUTE_MS) / (SHORTEST_SESSION_MINUTES * MINUTE_MS)) + 1;
}

/**
 * Times the coach or the member already has scheduled sessions overlapping `range`; for a coach
 * also the intro times held for a visitor's e-mailed link until it expires (model/intro.ts), and
 * the earlier times held for a waiting member (model/waitlist.ts).
 */
export async function busyTimes(
  ctx: Pick<QueryCtx, "db">,
  owner: { coachId: Id<"users"> } | { memberId: Id<"users"> },
  range: Interval,
  now: number,
  except?: Id<"sessions">,
): Promise<Interval[]> {
  const after = range.start - LONGEST_SESSION_MINUTES * MINUTE_MS;
  const limit = busyReadLimit(range);
  const sessions =
    "coachId" in owner
      ? await ctx.db
          .query("sessions")
          .withIndex("by_coach_status_and_start", (q) =>
            q.eq("coachId", owner.coachId).eq("status", "scheduled").gt("startsAt", after).lt("startsAt", range.end),
          )
          .take(limit)
      : await ctx.db
          .query("sessions")
          .withIndex("by_member_status_and_start", (q) =>
            q.eq("memberId", owner.memberId).eq("status", "scheduled").gt("startsAt", after).lt("startsAt", range.end),
          )
          .take(limit);
  const booked = sessions.filter((s) => s._id !== except && s.endsAt > range.start).map((s) => ({ start: s.startsAt, end: s.endsAt }));
  if (!("coachId" in owner)) return booked;
  const held = await ctx.db
    .query("introRequests")
    .withIndex("by_coach_status_and_start", (q) =>
      q.eq("coachId", owner.coachId).eq("status", "pending").gt("startsAt", after).lt("startsAt", range.end),
    )
    .take(limit);
  return [
    ...booked,
    ...held.filter((hold) => hold.expiresAt > now && hold.endsAt > range.start).map((hold) => ({ start: hold.startsAt, end: hold.endsAt })),
    ...(await heldTimes(ctx, owner.coachId, range, after, limit, now)),
  ];
}

/**
 * The coach's open slots for `member` in [from, to): outside the coach's and the member's
 * scheduled sessions. A range longer than MAX_SLOT_RANGE_DAYS is refused.
 */
export async function findSlots(
  ctx: Pick<QueryCtx, "db">,
  member: Doc<"users">,
  args: {
    coachId: Id<"users">;
    from: number;
    to: number;
    durationMinutes: number;
  },
  now: number,
): Promise<number[]> {
  checkDuration(member, args.durationMinutes);
  const coach = await loadCoach(ctx, args.coachId);
  checkRange(args);
  const availability = await coachAvailability(ctx, coach._id);
  if (!availability) return [];
  const range = {
    start: args.from,
    end: args.to + args.durationMinutes * MINUTE_MS,
  };
  const busy = [...(await busyTimes(ctx, { coachId: coach._id }, range, now)), ...(await busyTimes(ctx, { memberId: member._id }, range, now))];
  return openSlots({ availability, ...args, busy, now });
}

/** The coach's open intro slots in [from, to), for a visitor who has no sessions of their own yet. */
export async function introSlots(ctx: Pick<QueryCtx, "db">, args: { coachId: Id<"users">; from: number; to: number }, now: number) {
  const coach = await loadCoach(ctx, args.coachId);
  checkRange(args);
  const availability = await coachAvailability(ctx, coach._id);
  if (!availability) return [];
  const busy = await busyTimes(ctx, { coachId: coach._id }, { start: args.from, end: args.to + INTRO_SESSION_MINUTES * MINUTE_MS }, now);
  return openSlots({ availability, ...args, durationMinutes: INTRO_SESSION_MINUTES, busy, now });
}

function checkRange({ from, to }: { from: number; to: number }) {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > MAX_SLOT_RANGE_DAYS * DAY_MS)
    throw userError("INVALID_INPUT", {
      to: `Pick a range of up to ${MAX_SLOT_RANGE_DAYS} days.`,
    });
}

/**
 * Refuses a start that is past (SLOT_IN_PAST), that overlaps another session of the member
 * (MEMBER_BUSY), or that is not an open slot of the coach (SLOT_UNAVAILABLE). `except` is the
 * session being moved, which does not block its own new time.
 */
export async function checkSlot(
  ctx: Pick<QueryCtx, "db">,
  {
    coachId,
    memberId,
    startsAt,
    durationMinutes,
  }: {
    coachId: Id<"users">;
    /** None for a visitor who has no account yet, so no sessions either. */
    memberId?: Id<"users">;
    startsAt: number;
    durationMinutes: number;
  },
  now: number,
  except?: Id<"sessions">,
) {
  if (!Number.isInteger(startsAt) || startsAt <= now) throw userError("SLOT_IN_PAST");
  const range = {
    start: startsAt,
    end: startsAt + durationMinutes * MINUTE_MS,
  };
  if (memberId && (await busyTimes(ctx, { memberId }, range, now, except)).length > 0) throw userError("MEMBER_BUSY");
  const availability = await coachAvailability(ctx, coachId);
  const open = availability
    ? openSlots({
        availability,
        from: startsAt,
        to: startsAt + 1,
        durationMinutes,
        busy: await busyTimes(ctx, { coachId }, range, now, except),
        now,
      })
    : [];
  if (!open.includes(startsAt)) throw userError("SLOT_UNAVAILABLE");
}

/** The reminders of REMINDER_OFFSETS_MS still ahead of `now`, as scheduled job ids. */
async function scheduleReminders(ctx: Pick<MutationCtx, "scheduler">, sessionId: Id<"sessions">, startsAt: number, now: number) {
  const jobs: Id<"_scheduled_functions">[] = [];
  for (const offsetMs of REMINDER_OFFSETS_MS) {
    if (startsAt - offsetMs <= now) continue;
    jobs.push(
      await ctx.scheduler.runAt(startsAt - offsetMs, internal.bookings.remind, {
        sessionId,
        offsetMs,
        startsAt,
      }),
    );
  }
  return jobs;
}

async function cancelJobs(ctx: Pick<MutationCtx, "db" | "scheduler">, jobs: readonly Id<"_scheduled_functions">[]) {
  for (const jobId of jobs) {
    const job = await ctx.db.system.get("_scheduled_functions", jobId);
    if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
  }
}

function checkText(value: string | undefined, field: string, max: number) {
  const trimmed = (value ?? "").trim();
  if (trimmed.length > max)
    throw userError("INVALID_INPUT", {
      [field]: `Use at most ${max} characters.`,
    });
  return trimmed;
}

async function loadUser(ctx: Pick<QueryCtx, "db">, id: Id<"users">) {
  const user = await ctx.db.get("users", id);
  if (!user) throw userError("SESSION_NOT_FOUND");
  return user;
}

/** The session's people, and what a change says to each and records in their activity. */
async function announce(
  ctx: Pick<MutationCtx, "db">,
  session: Doc<"sessions">,
  actor: Doc<"users">,
  change: "booked" | "cancelled" | "moved",
  now: number,
  refundedMinutes = 0,
) {
  const [member, coach] = await Promise.all([loadUser(ctx, session.memberId), loadUser(ctx, session.coachId)]);
  const names = await namesOf(ctx, [member._id, coach._id, actor._id]);
  const nameOf = (id: Id<"users">) => names.get(id) ?? "";
  const [memberName, coachName, actorName] = [nameOf(member._id), nameOf(coach._id), nameOf(actor._id)];
  for (const [person, otherName] of [
    [member, coachName],
    [coach, memberName],
  ] as const) {
    const when = formatWhen(session.startsAt, person.timezone);
    const withWhom = `${session.durationMinutes}-minute session with ${otherName}`;
    const text = {
      booked: {
        title: "Session booked",
        message: `Your ${withWhom} is booked for ${when}.`,
      },
      cancelled: {
        title: "Session cancelled",
        message:
          (person._id === actor._id
            ? `You cancelled your ${withWhom} on ${when}.`
            : actor._id === member._id || actor._id === coach._id
              ? `${otherName} cancelled your ${session.durationMinutes}-minute session on ${when}.`
              : `${actorName} cancelled your ${withWhom} on ${when}.`) +
          (person._id === member._id && refundedMinutes > 0 ? ` ${refundedMinutes} minutes are back in your balance.` : ""),
      },
      moved: {
        title: "Session moved",
        message: `Your ${withWhom} is now on ${when}.`,
      },
    }[change];
    // Booking and moving confirm to both people; a cancellation tells only the other side.
    if (change !== "cancelled" || person._id !== actor._id)
      await notify(
        ctx,
        person._id,
        {
          type: "booking_updated",
          priority: "medium",
          ...text,
          actions: [{ label: "View booking", url: activityUrls.booking(session._id) }],
          data: { sessionId: session._id },
        },
        { now },
      );
    await recordActivity(
      ctx,
      person._id,
      {
        type: "booking",
        title: text.title,
        description: text.message,
        status: change === "cancelled" ? "completed" : "pending",
        metadata: {
          bookingId: session._id,
          sessionId: session._id,
          duration: session.durationMinutes,
          participants: [memberName, coachName],
        },
        actionUrl: activityUrls.booking(session._id),
        actionLabel: "View booking",
      },
      now,
    );
  }
}

/**
 * Books `startsAt` with a coach for the caller: the slot must still be open, the member free and
 * their balance enough; then the session row is made, the minutes debited and three reminders
 * scheduled. Every refusal is thrown before the first write, so a caller may catch it and carry on
 * (a paid order whose chosen time was taken meanwhile).
 */
export async function bookSession(
  ctx: MutationCtx,
  member: Doc<"users">,
  args: {
    coachId: Id<"users">;
    startsAt: number;
    durationMinutes: number;
    title?: string;
    description?: string;
  },
  now: number,
): Promise<Id<"sessions">> {
  checkDuration(member, args.durationMinutes);
  const title = checkText(args.title, "title", TITLE_MAX) || DEFAULT_SESSION_TITLE;
  const description = checkText(args.description, "description", DESCRIPTION_MAX);
  const coach = await loadCoach(ctx, args.coachId);
  await checkSlot(
    ctx,
    {
      coachId: coach._id,
      memberId: member._id,
      startsAt: args.startsAt,
      durationMinutes: args.durationMinutes,
    },
    now,
  );
  if (spendableMinutes(await readBalance(ctx, member._id), now) < args.durationMinutes) throw userError("INSUFFICIENT_MINUTES");
  return insertSession(
    ctx,
    member,
    { title, description, coachId: coach._id, startsAt: args.startsAt, durationMinutes: args.durationMinutes, debitedMinutes: args.durationMinutes },
    now,
  );
}

export const INTRO_SESSION_TITLE = "Free intro session";

/** The member's intro sessions that still count: a cancelled one may be booked again. */
export async function activeIntro(ctx: Pick<QueryCtx, "db">, memberId: Id<"users">) {
  const intros = await ctx.db
    .query("sessions")
    .withIndex("by_member_and_kind", (q) => q.eq("memberId", memberId).eq("kind", "intro"))
    .collect();
  return intros.find((session) => session.status !== "cancelled") ?? null;
}

/**
 * Books the free intro session (SPEC §2 booking flow) for `member`: one per account, no minutes
 * debited, in an open slot of the coach. Refusals come before the first write, as in bookSession.
 */
export async function bookIntroSession(
  ctx: MutationCtx,
  member: Doc<"users">,
  args: { coachId: Id<"users">; startsAt: number },
  now: number,
): Promise<Id<"sessions">> {
  const coach = await loadCoach(ctx, args.coachId);
  if (await activeIntro(ctx, member._id)) throw userError("INTRO_ALREADY_BOOKED");
  await checkSlot(ctx, { coachId: coach._id, memberId: member._id, startsAt: args.startsAt, durationMinutes: INTRO_SESSION_MINUTES }, now);
  return insertSession(
    ctx,
    member,
    {
      kind: "intro",
      title: INTRO_SESSION_TITLE,
      description: "",
      coachId: coach._id,
      startsAt: args.startsAt,
      durationMinutes: INTRO_SESSION_MINUTES,
      debitedMinutes: 0,
    },
    now,
  );
}

/** Writes a checked booking: the row, its ledger debit (if any), reminders and the announcements. */
async function insertSession(
  ctx: MutationCtx,
  member: Doc<"users">,
  fields: Pick<Doc<"sessions">, "kind" | "title" | "description" | "coachId" | "startsAt" | "durationMinutes" | "debitedMinutes">,
  now: number,
): Promise<Id<"sessions">> {
  const sessionId = await ctx.db.insert("sessions", {
    ...fields,
    memberId: member._id,
    endsAt: fields.startsAt + fields.durationMinutes * MINUTE_MS,
    status: "scheduled",
    meetingUrl: "",
    bookedAt: now,
    reminderJobs: [],
  });
  if (fields.debitedMinutes > 0) await debitBooking(ctx, member._id, { sessionId, minutes: fields.debitedMinutes }, now);
  await ctx.db.patch("sessions", sessionId, {
    meetingUrl: meetingUrl(sessionId),
    reminderJobs: await scheduleReminders(ctx, sessionId, fields.startsAt, now),
  });
  const session = (await ctx.db.get("sessions", sessionId))!;
  await announce(ctx, session, member, "booked", now);
  // The intro flow e-mails its own confirmation, in its own words (convex/intro.ts).
  if (fields.kind !== "intro") await emailBookingChange(ctx, session, "booked", now);
  return sessionId;
}

/**
 * A session `viewer` may change: its member, its coach, or an admin. To anyone else it does not
 * exist. Only scheduled sessions that have not started can change (SESSION_NOT_CHANGEABLE).
 */
async function loadChangeable(
  ctx: Pick<QueryCtx, "db">,
  viewer: Doc<"users">,
  sessionId: Id<"sessions">,
  now: number,
): Promise<{ session: Doc<"sessions">; by: ChangedBy }> {
  const session = await ctx.db.get("sessions", sessionId);
  const isMember = session?.memberId === viewer._id;
  if (!session || (!isMember && session.coachId !== viewer._id && viewer.role !== "admin")) throw userError("SESSION_NOT_FOUND");
  if (session.status !== "scheduled" || session.startsAt <= now) throw userError("SESSION_NOT_CHANGEABLE");
  return { session, by: isMember ? "member" : "staff" };
}

function memberStatsOf(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return ctx.db
    .query("memberStats")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

/** The member's grace month for `now`, and whether it is already used. */
async function graceState(ctx: Pick<QueryCtx, "db">, memberId: Id<"users">, now: number) {
  const member = await loadUser(ctx, memberId);
  const month = monthKey(now, member.timezone);
  const stats = await memberStatsOf(ctx, memberId);
  return { month, graceUsed: stats?.graceMonthUsed === month };
}

async function useGrace(ctx: Pick<MutationCtx, "db">, memberId: Id<"users">, month: string) {
  const stats = await memberStatsOf(ctx, memberId);
  if (stats) await ctx.db.patch("memberStats", stats._id, { graceMonthUsed: month });
  else
    await ctx.db.insert("memberStats", {
      userId: memberId,
      completedSessions: 0,
      completedMinutes: 0,
      graceMonthUsed: month,
    });
}

/** Cancels a session under cancelPolicy; returns the minutes given back and whether the grace covered it. */
export async function cancelSession(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  args: { sessionId: Id<"sessions">; reason?: string },
  now: number,
): Promise<{ refundedMinutes: number; graceCancel: boolean }> {
  const reason = checkText(args.reason, "reason", CANCEL_REASON_MAX);
  const { session, by } = await loadChangeable(ctx, viewer, args.sessionId, now);
  const grace = await graceState(ctx, session.memberId, now);
  const policy = cancelPolicy({
    by,
    startsAt: session.startsAt,
    now,
    graceUsed: grace.graceUsed,
  });
  const refundedMinutes = policy.refund ? session.debitedMinutes : 0;
  if (refundedMinutes > 0)
    await refundBooking(ctx, session.memberId, { sessionId: session._id, minutes: refundedMinutes, actorId: viewer._id }, now);
  if (policy.usesGrace) await useGrace(ctx, session.memberId, grace.month);
  await cancelJobs(ctx, session.reminderJobs);
  await ctx.db.patch("sessions", session._id, {
    status: "cancelled",
    cancelledAt: now,
    cancelledBy: viewer._id,
    ...(reason ? { cancelReason: reason } : {}),
    ...(policy.usesGrace ? { graceCancel: true } : {}),
    debitedMinutes: session.debitedMinutes - refundedMinutes,
    reminderJobs: [],
    calendarSequence: (session.calendarSequence ?? 0) + 1,
  });
  const cancelled = (await ctx.db.get("sessions", session._id))!;
  await announce(ctx, cancelled, viewer, "cancelled", now, refundedMinutes);
  await emailBookingChange(ctx, cancelled, "cancelled", now);
  // Its place on the waitlist ends, and its time may be what someone else is waiting for.
  await leaveWaitlist(ctx, session._id);
  await scheduleScan(ctx, session.coachId);
  return { refundedMinutes, graceCancel: policy.usesGrace };
}

/**
 * Moves a session to another open slot of its coach, same length. Late, a member needs the
 * month's grace (RESCHEDULE_TOO_LATE without it), which the move uses.
 */
export async function rescheduleSession(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  args: { sessionId: Id<"sessions">; startsAt: number },
  now: number,
): Promise<null> {
  const { session, by } = await loadChangeable(ctx, viewer, args.sessionId, now);
  if (args.startsAt === session.startsAt) return null;
  const grace = await graceState(ctx, session.memberId, now);
  const policy = reschedulePolicy({
    by,
    startsAt: session.startsAt,
    now,
    graceUsed: grace.graceUsed,
  });
  if (!policy.allowed) throw userError("RESCHEDULE_TOO_LATE");
  await checkSlot(
    ctx,
    {
      coachId: session.coachId,
      memberId: session.memberId,
      startsAt: args.startsAt,
      durationMinutes: session.durationMinutes,
    },
    now,
    session._id,
  );
  if (policy.usesGrace) await useGrace(ctx, session.memberId, grace.month);
  await cancelJobs(ctx, session.reminderJobs);
  await ctx.db.patch("sessions", session._id, {
    startsAt: args.startsAt,
    endsAt: args.startsAt + session.durationMinutes * MINUTE_MS,
    reminderJobs: await scheduleReminders(ctx, session._id, args.startsAt, now),
    calendarSequence: (session.calendarSequence ?? 0) + 1,
  });
  const moved = (await ctx.db.get("sessions", session._id))!;
  await announce(ctx, moved, viewer, "moved", now);
  await emailBookingChange(ctx, moved, "moved", now);
  // The old time is free: someone may be waiting for it.
  await scheduleScan(ctx, session.coachId);
  return null;
}

/**
 * One reminder, `offsetMs` before a session expected at `startsAt`. A session since cancelled,
 * moved or started gets nothing, so a stale job is harmless.
 */
/**
 * Sends one reminder as a notification. Returns the e-mail to queue as well when the member
 * chose e-mail reminders (with SITE_URL set, it links to the session), else null.
 */
export async function sendReminder(
  ctx: Pick<MutationCtx, "db">,
  args: { sessionId: Id<"sessions">; offsetMs: number; startsAt: number },
  now: number,
  siteUrl?: string,
): Promise<{ to: string; subject: string; text: string; template: string } | null> {
  const session = await ctx.db.get("sessions", args.sessionId);
  const style = reminderStyle(args.offsetMs);
  if (!session || !style || session.status !== "scheduled" || session.startedAt !== undefined || session.startsAt !== args.startsAt)
    return null;
  const member = await ctx.db.get("users", session.memberId);
  if (!member) return null;
  const coachName = (await namesOf(ctx, [session.coachId])).get(session.coachId) ?? "";
  const message = `${session.title} with ${coachName}, ${formatWhen(session.startsAt, member.timezone)}.`;
  const url = activityUrls.session(session._id);
  // The day-before reminder asks for the check-in too: the coach then has a day to read it.
  const checkIn = args.offsetMs === CHECK_IN_INVITE_OFFSET_MS;
  await notify(
    ctx,
    member._id,
    {
      type: "booking_updated",
      priority: style.priority,
      title: style.title,
      message: checkIn ? `${message} ${CHECK_IN_TEXTS.invite}` : message,
      actions: [...(checkIn ? [{ label: CHECK_IN_TEXTS.inviteAction, url: `${url}${CHECK_IN_ANCHOR}` }] : []), { label: "Join", url }],
      data: { sessionId: session._id },
    },
    { reminder: true, now },
  );
  if (!(await notificationPreferences(ctx, member._id)).emailReminders) return null;
  const site = siteUrl?.trim().replace(/\/$/, "");
  const join = site ? `Join here: ${site}${url}` : "Join from your LWCC dashboard.";
  const invite = checkIn ? `\n\n${CHECK_IN_TEXTS.invite}${site ? ` ${site}${url}${CHECK_IN_ANCHOR}` : ""}` : "";
  return { to: member.email, subject: style.title, text: `${message}${invite}\n\n${join}`, template: "session_reminder" };
}

/** A session as its people see it: with both names, without the internal reminder job ids. */
export type SessionView = Omit<Doc<"sessions">, "reminderJobs"> & {
  coachName: string;
  memberName: string;
};

export async function sessionViews(ctx: Pick<QueryCtx, "db">, sessions: readonly Doc<"sessions">[]): Promise<SessionView[]> {
  const names = await namesOf(
    ctx,
    sessions.flatMap((s) => [s.coachId, s.memberId]),
  );
  return sessions.map(({ reminderJobs: _jobs, ...session }) => ({
    ...session,
    coachName: names.get(session.coachId) ?? "",
    memberName: names.get(session.memberId) ?? "",
  }));
}

/** The member's own sessions from `now` on (soonest first) or before it (latest first), a page at a time. */
export function memberSessionsPage(
  ctx: Pick<QueryCtx, "db">,
  memberId: Id<"users">,
  scope: "upcoming" | "past",
  now: number,
  paginationOpts: PaginationOptions,
) {
  return ctx.db
    .query("sessions")
    .withIndex("by_member_and_start", (q) =>
      scope === "upcoming" ? q.eq("memberId", memberId).gte("startsAt", now) : q.eq("memberId", memberId).lt("startsAt", now),
    )
    .order(scope === "upcoming" ? "asc" : "desc")
    .paginate(paginationOpts);
}

/** How many of a coach's sessions the client list reads, and how many clients it shows. */
export const COACH_SESSIONS_SCAN = 500;
export const COACH_CLIENTS_LIMIT = 100;

/**
 * Members who booked with the coach: those with a session ahead first (soonest first), then the
 * rest by their latest booking. Bounded by COACH_SESSIONS_SCAN sessions each way.
 */
export async function coachClients(ctx: Pick<QueryCtx, "db">, coachId: Id<"users">, now: number) {
  const [ahead, recent] = await Promise.all([
    scheduledSessions(ctx, { coachId }, now, "ahead").take(COACH_SESSIONS_SCAN),
    ctx.db
      .query("sessions")
      .withIndex("by_coach_and_start", (q) => q.eq("coachId", coachId))
      .order("desc")
      .take(COACH_SESSIONS_SCAN),
  ]);
  const next = new Map<Id<"users">, Doc<"sessions">>();
  for (const session of ahead) if (!next.has(session.memberId)) next.set(session.memberId, session);
  const memberIds = [...new Set([...ahead, ...recent].map((s) => s.memberId))].slice(0, COACH_CLIENTS_LIMIT);
  const [members, names] = await Promise.all([Promise.all(memberIds.map((id) => ctx.db.get("users", id))), namesOf(ctx, memberIds)]);
  return members.flatMap((member) => {
    if (!member) return [];
    const upcoming = next.get(member._id);
    return [
      {
        memberId: member._id,
        name: names.get(member._id) ?? "",
        email: member.email,
        timezone: member.timezone,
        ...(upcoming ? { nextSessionId: upcoming._id, nextSessionAt: upcoming.startsAt } : {}),
      },
    ];
  });
}
