/**
 * The Mastery coaching page (SPEC §2 /coaching, §6 "Mastery members get a coaching-booking step
 * after purchase"): who it is for, and the member's coaches, next session and minutes.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { tierAtLeast } from "./permissions";
import { namesOf, openSessions } from "./sessions";
import { readBalance, spendableMinutes } from "./timeBalance";

/** The coaching page is for Mastery, the top of the tier ladder. */
export function hasCoachingPage(tier: string): boolean {
  return tierAtLeast(tier, "mastery");
}

/** Latest sessions read to find the member's coaches: more than a year of weekly sessions. */
export const COACH_HISTORY_READ = 100;

/** Coaches of the member's sessions that were not cancelled, most recent first, each once. */
export function coachesOf(sessions: readonly Pick<Doc<"sessions">, "coachId" | "status">[]): Id<"users">[] {
  return [...new Set(sessions.filter((s) => s.status !== "cancelled").map((s) => s.coachId))];
}

export async function coachingOverview(ctx: Pick<QueryCtx, "db">, member: Doc<"users">, now: number) {
  const [latest, [next], balance] = await Promise.all([
    ctx.db
      .query("sessions")
      .withIndex("by_member_and_start", (q) => q.eq("memberId", member._id))
      .order("desc")
      .take(COACH_HISTORY_READ),
    openSessions(ctx, { memberId: member._id }, now, 1),
    readBalance(ctx, member._id),
  ]);
  const coachIds = coachesOf(latest);
  const names = await namesOf(ctx, next ? [...coachIds, next.coachId] : coachIds);
  return {
    coaches: coachIds.map((id) => ({ _id: id, name: names.get(id)! })),
    nextSession: next
      ? {
          _id: next._id,
          title: next.title,
          startsAt: next.startsAt,
          durationMinutes: next.durationMinutes,
          coachName: names.get(next.coachId)!,
        }
      : null,
    remainingMinutes: spendableMinutes(balance, now),
  };
}
