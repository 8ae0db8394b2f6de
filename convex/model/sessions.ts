/**
 * Running a booked session: who may see and act on it, its join window, and the running totals
 * a finished session adds to. The booking side (convex/model/bookings.ts) creates the rows.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError } from "./errors";
import { allows, hasPermission, isGuest } from "./permissions";

/** The join button opens this long before the start and stays until the session's end. */
export const JOIN_WINDOW_OPENS_MINUTES = 10;
const MINUTE_MS = 60 * 1000;

export type SessionAccessMode = "read" | "write";

/**
 * SPEC §6: the session's member and coach, and everyone who may access all sessions (coaches,
 * admins). Guests are read-only, and only for their own sessions.
 */
export function canAccessSession(viewer: Doc<"users">, session: Doc<"sessions">, mode: SessionAccessMode): boolean {
  const own = session.memberId === viewer._id || session.coachId === viewer._id;
  if (isGuest(viewer)) return own && mode === "read";
  return own || hasPermission(viewer.role, "accessAllSessions");
}

/**
 * The session, if `viewer` may use it in `mode`. A session the viewer may not see is reported as
 * missing, so ids of other members' sessions reveal nothing.
 */
export async function loadSessionFor(
  ctx: Pick<QueryCtx, "db">,
  viewer: Doc<"users">,
  sessionId: Id<"sessions">,
  mode: SessionAccessMode,
): Promise<Doc<"sessions">> {
  const session = await ctx.db.get("sessions", sessionId);
  if (!session || !canAccessSession(viewer, session, mode)) throw userError("SESSION_NOT_FOUND");
  return session;
}

/**
 * Starting, closing and adding recordings or transcripts is for the session's own coach, or an
 * admin standing in; other coaches may read the session but not run it.
 */
export async function loadSessionToRun(
  ctx: Pick<QueryCtx, "db">,
  viewer: Doc<"users">,
  sessionId: Id<"sessions">,
): Promise<Doc<"sessions">> {
  const session = await loadSessionFor(ctx, viewer, sessionId, "write");
  if (session.coachId !== viewer._id && viewer.role !== "admin") throw userError("FORBIDDEN");
  return session;
}

export function joinWindow(session: Pick<Doc<"sessions">, "startsAt" | "endsAt">) {
  return {
    joinOpensAt: session.startsAt - JOIN_WINDOW_OPENS_MINUTES * MINUTE_MS,
    joinClosesAt: session.endsAt,
  };
}

export function displayName(user: Pick<Doc<"users">, "firstName" | "lastName"> | null) {
  return user ? `${user.firstName} ${user.lastName}`.trim() : "";
}

/** First and last names of several users, read once each. */
export async function namesOf(ctx: Pick<QueryCtx, "db">, ids: Id<"users">[]): Promise<Map<Id<"users">, string>> {
  const unique = [...new Set(ids)];
  const users = await Promise.all(unique.map((id) => ctx.db.get("users", id)));
  return new Map(unique.map((id, i) => [id, displayName(users[i] ?? null)]));
}

/** Adds a completed session to the member's running totals, which the dashboard reads instead of history. */
export async function addCompletedSession(ctx: Pick<MutationCtx, "db">, userId: Id<"users">, minutes: number) {
  const stats = await ctx.db
    .query("memberStats")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
  if (stats)
    await ctx.db.patch("memberStats", stats._id, {
      completedSessions: stats.completedSessions + 1,
      completedMinutes: stats.completedMinutes + minutes,
    });
  else
    await ctx.db.insert("memberStats", {
      userId,
      completedSessions: 1,
      completedMinutes: minutes,
    });
}

/** Reminders still waiting to fire are dropped once the session is over. */
export async function cancelReminders(ctx: Pick<MutationCtx, "db" | "scheduler">, session: Doc<"sessions">) {
  for (const jobId of session.reminderJobs) {
    const job = await ctx.db.system.get("_scheduled_functions", jobId);
    if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
  }
}

export type SessionOwner = { memberId: Id<"users"> } | { coachId: Id<"users"> };

/**
 * A member's or coach's scheduled sessions on one side of `now`: those starting after it
 * (ascending by default) or those that started at or before it.
 */
export function scheduledSessions(ctx: Pick<QueryCtx, "db">, owner: SessionOwner, now: number, side: "ahead" | "started") {
  if ("memberId" in owner)
    return ctx.db.query("sessions").withIndex("by_member_status_and_start", (q) => {
      const own = q.eq("memberId", owner.memberId).eq("status", "scheduled");
      return side === "ahead" ? own.gt("startsAt", now) : own.lte("startsAt", now);
    });
  return ctx.db.query("sessions").withIndex("by_coach_status_and_start", (q) => {
    const own = q.eq("coachId", owner.coachId).eq("status", "scheduled");
    return side === "ahead" ? own.gt("startsAt", now) : own.lte("startsAt", now);
  });
}

/**
 * The scheduled session running at `now`, if any. A member's sessions never overlap, so only the
 * latest one that started can still be running; a coach's neither.
 */
export async function runningSession(ctx: Pick<QueryCtx, "db">, owner: SessionOwner, now: number): Promise<Doc<"sessions"> | null> {
  const latest = await scheduledSessions(ctx, owner, now, "started").order("desc").first();
  return latest && latest.endsAt > now ? latest : null;
}

/**
 * Scheduled sessions that have not ended, soonest first: the one running now, then the future
 * ones, `limit` in all. Two bounded index reads, whatever the history.
 */
export async function openSessions(ctx: Pick<QueryCtx, "db">, owner: SessionOwner, now: number, limit: number): Promise<Doc<"sessions">[]> {
  const [running, ahead] = await Promise.all([runningSession(ctx, owner, now), scheduledSessions(ctx, owner, now, "ahead").take(limit)]);
  return [...(running ? [running] : []), ...ahead].slice(0, limit);
}

/** The sides a caller has sessions on: as member, and for coaches and admins as coach too. */
export function callerSides(viewer: Doc<"users">): SessionOwner[] {
  return allows("staff", viewer) ? [{ memberId: viewer._id }, { coachId: viewer._id }] : [{ memberId: viewer._id }];
}

/**
 * The caller's running session, else their next scheduled one, on any of their sides; null when
 * there is none. A running session started before `now` and every later one starts after it, so
 * the earliest start is the one.
 */
export async function nextSessionOf(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, now: number): Promise<Doc<"sessions"> | null> {
  const open = (await Promise.all(callerSides(viewer).map((owner) => openSessions(ctx, owner, now, 1)))).flat();
  return open.reduce<Doc<"sessions"> | null>((first, session) => (first && first.startsAt <= session.startsAt ? first : session), null);
}

/** The caller's completed session that started last, on any of their sides; null before the first. */
export async function latestCompletedSession(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">): Promise<Doc<"sessions"> | null> {
  const latest = await Promise.all(
    callerSides(viewer).map((owner) =>
      ("memberId" in owner
        ? ctx.db
            .query("sessions")
            .withIndex("by_member_status_and_start", (q) => q.eq("memberId", owner.memberId).eq("status", "completed"))
        : ctx.db.query("sessions").withIndex("by_coach_status_and_start", (q) => q.eq("coachId", owner.coachId).eq("status", "completed"))
      )
        .order("desc")
        .first(),
    ),
  );
  return latest.reduce<Doc<"sessions"> | null>(
    (last, session) => (!session || (last && last.startsAt >= session.startsAt) ? last : session),
    null,
  );
}
