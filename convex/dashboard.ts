/**
 * The dashboard summaries: one live query per dashboard, each a handful of bounded index reads
 * (running totals from memberStats, index ranges for this week and what is ahead), so a member
 * with years of history loads as fast as a new one.
 */
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { memberQuery, staffQuery } from "./functions";
import {
  activeClientsSince,
  ACTIVE_CLIENT_SESSIONS_READ,
  COACH_RECENT,
  COACH_UPCOMING,
  COUNT_CAP,
  dayBounds,
  hoursFromMinutes,
  weekBounds,
  WELCOME_UPCOMING,
} from "./model/dashboard";
import { joinWindow, namesOf, openSessions, runningSession, scheduledSessions } from "./model/sessions";
import { sessionFields, timeBalanceFields } from "./schema";

const upcomingFields = {
  ...v.object({ _id: v.id("sessions"), ...sessionFields }).pick("_id", "title", "startsAt", "endsAt", "durationMinutes", "startedAt")
    .fields,
  joinOpensAt: v.number(),
  joinClosesAt: v.number(),
};
const memberUpcomingValidator = v.object({
  ...upcomingFields,
  coachName: v.string(),
});
const coachUpcomingValidator = v.object({
  ...upcomingFields,
  memberId: v.id("users"),
  memberName: v.string(),
});
const balanceValidator = v.object(timeBalanceFields).omit("userId");

function upcomingView(session: Doc<"sessions">) {
  return {
    _id: session._id,
    title: session.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    durationMinutes: session.durationMinutes,
    ...(session.startedAt === undefined ? {} : { startedAt: session.startedAt }),
    ...joinWindow(session),
  };
}

/** Scheduled and completed sessions of the member starting in [startsAt, endsAt), up to COUNT_CAP + 1. */
async function sessionsBetween(ctx: QueryCtx, memberId: Id<"users">, range: { startsAt: number; endsAt: number }) {
  const counts = await Promise.all(
    (["scheduled", "completed"] as const).map(
      async (status) =>
        (
          await ctx.db
            .query("sessions")
            .withIndex("by_member_status_and_start", (q) =>
              q.eq("memberId", memberId).eq("status", status).gte("startsAt", range.startsAt).lt("startsAt", range.endsAt),
            )
            .take(COUNT_CAP + 1)
        ).length,
    ),
  );
  return Math.min(counts[0]! + counts[1]!, COUNT_CAP + 1);
}

/**
 * The member dashboard: sessions this week (Monday start, in the member's time zone), the stat
 * tiles, the next WELCOME_UPCOMING sessions (a running one first), the session the Join quick
 * action opens, the newest recording and the time balance. Counts stop at COUNT_CAP + 1.
 * Action-item figures are null until action items exist.
 */
export const summary = memberQuery({
  args: {},
  returns: v.object({
    week: v.object({ startsAt: v.number(), endsAt: v.number() }),
    sessionsThisWeek: v.number(),
    stats: v.object({
      totalSessions: v.number(),
      totalHours: v.number(),
      upcomingCount: v.number(),
      actionItemsDone: v.union(v.number(), v.null()),
      actionItemsTotal: v.union(v.number(), v.null()),
    }),
    upcoming: v.array(memberUpcomingValidator),
    nextSession: v.union(memberUpcomingValidator, v.null()),
    latestRecordingId: v.union(v.id("recordings"), v.null()),
    balance: balanceValidator,
  }),
  handler: async (ctx) => {
    const memberId = ctx.viewer._id;
    const owner = { memberId };
    const now = Date.now();
    const week = weekBounds(now, ctx.viewer.timezone);
    const [sessionsThisWeek, running, ahead, stats, latestRecording, balance] = await Promise.all([
      sessionsBetween(ctx, memberId, week),
      runningSession(ctx, owner, now),
      scheduledSessions(ctx, owner, now, "ahead").take(COUNT_CAP + 1),
      ctx.db
        .query("memberStats")
        .withIndex("by_user", (q) => q.eq("userId", memberId))
        .unique(),
      ctx.db
        .query("recordings")
        .withIndex("by_member_and_created", (q) => q.eq("memberId", memberId))
        .order("desc")
        .first(),
      ctx.db
        .query("timeBalances")
        .withIndex("by_user", (q) => q.eq("userId", memberId))
        .unique(),
    ]);
    const open = [...(running ? [running] : []), ...ahead];
    const shown = open.slice(0, WELCOME_UPCOMING);
    const names = await namesOf(
      ctx,
      shown.map((s) => s.coachId),
    );
    const upcoming = shown.map((s) => ({
      ...upcomingView(s),
      coachName: names.get(s.coachId)!,
    }));
    return {
      week,
      sessionsThisWeek,
      stats: {
        totalSessions: stats?.completedSessions ?? 0,
        totalHours: hoursFromMinutes(stats?.completedMinutes ?? 0),
        upcomingCount: Math.min(open.length, COUNT_CAP + 1),
        actionItemsDone: null,
        actionItemsTotal: null,
      },
      upcoming,
      nextSession: upcoming[0] ?? null,
      latestRecordingId: latestRecording?._id ?? null,
      balance: balance
        ? {
            totalMinutes: balance.totalMinutes,
            consumedMinutes: balance.consumedMinutes,
            remainingMinutes: balance.remainingMinutes,
            ...(balance.expiresAt === undefined ? {} : { expiresAt: balance.expiresAt }),
            ...(balance.lastPurchaseAt === undefined ? {} : { lastPurchaseAt: balance.lastPurchaseAt }),
          }
        : { totalMinutes: 0, consumedMinutes: 0, remainingMinutes: 0 },
    };
  },
});

/**
 * The coach dashboard: their next COACH_UPCOMING sessions (a running one first) and last
 * COACH_RECENT completed or missed ones with member names, how many sessions they have today (in their time zone, cancelled ones left out), and how
 * many clients they have had a session with in the last ACTIVE_CLIENT_DAYS or have booked ahead.
 */
export const coach = staffQuery({
  args: {},
  returns: v.object({
    upcoming: v.array(coachUpcomingValidator),
    recent: v.array(coachUpcomingValidator),
    todayCount: v.number(),
    activeClients: v.number(),
  }),
  handler: async (ctx) => {
    const coachId = ctx.viewer._id;
    const now = Date.now();
    const today = dayBounds(now, ctx.viewer.timezone);
    const byStart = (from: number, to?: number) =>
      ctx.db
        .query("sessions")
        .withIndex("by_coach_and_start", (q) =>
          to === undefined
            ? q.eq("coachId", coachId).gte("startsAt", from)
            : q.eq("coachId", coachId).gte("startsAt", from).lt("startsAt", to),
        );
    const [open, past, todays, recent] = await Promise.all([
      openSessions(ctx, { coachId }, now, COACH_UPCOMING),
      // Ended sessions, newest first; the few cancelled ones among them are read past, not shown.
      ctx.db
        .query("sessions")
        .withIndex("by_coach_and_start", (q) => q.eq("coachId", coachId).lt("startsAt", now))
        .order("desc")
        .take(COACH_RECENT * 4),
      byStart(today.startsAt, today.endsAt).take(COUNT_CAP + 1),
      byStart(activeClientsSince(now)).take(ACTIVE_CLIENT_SESSIONS_READ),
    ]);
    const held = (s: Doc<"sessions">) => s.status !== "cancelled";
    const ended = past.filter((s) => held(s) && s.status !== "scheduled").slice(0, COACH_RECENT);
    const names = await namesOf(
      ctx,
      [...open, ...ended].map((s) => s.memberId),
    );
    const view = (s: Doc<"sessions">) => ({ ...upcomingView(s), memberId: s.memberId, memberName: names.get(s.memberId)! });
    return {
      upcoming: open.map(view),
      recent: ended.map(view),
      todayCount: todays.filter(held).length,
      activeClients: new Set(recent.filter(held).map((s) => s.memberId)).size,
    };
  },
});
