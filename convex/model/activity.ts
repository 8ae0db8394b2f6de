/** The activity feed (SPEC §2 Recent Activity, §3 Activity): one row per thing that happened. */
import type { Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { activityFields, activityTypeValidator } from "../schema";
import { timestampAnchor } from "./extraction";

export type ActivityType = Infer<typeof activityTypeValidator>;
export const ACTIVITY_TYPES: readonly ActivityType[] = ["session", "recording", "booking", "transcript", "system"];
/** Items the dashboard feed shows before "Show more" (SPEC §9). */
export const ACTIVITY_VISIBLE = 10;
/** Items the enhanced dashboard demo shows (SPEC §2: "demo shows 8"). */
export const ACTIVITY_DEMO_COUNT = 8;

/** The action URLs of SPEC §2, built in one place. */
export const activityUrls = {
  session: (id: Id<"sessions">) => `/session/${id}`,
  transcript: (id: Id<"transcripts">) => `/dashboard/transcripts/${id}`,
  /** The transcript, scrolled to the passage at a MM:SS time. */
  transcriptAt: (id: Id<"transcripts">, timestamp: string) => `/dashboard/transcripts/${id}#${timestampAnchor(timestamp)}`,
  booking: (id: Id<"sessions">) => `/dashboard/bookings/${id}`,
  recording: (id: Id<"recordings">) => `/dashboard/recordings/${id}`,
};

type Fields = { [K in keyof typeof activityFields]: Doc<"activities">[K] };
/** actionUrl and actionLabel are optional in the table, so they may be left out here too. */
export type NewActivity = Omit<Fields, "userId" | "timestamp" | "metadata" | "actionUrl" | "actionLabel"> &
  Partial<Pick<Fields, "metadata" | "actionUrl" | "actionLabel">>;

export function recordActivity(ctx: Pick<MutationCtx, "db">, userId: Id<"users">, activity: NewActivity, now: number) {
  return ctx.db.insert("activities", {
    ...activity,
    userId,
    timestamp: now,
    metadata: activity.metadata ?? {},
  });
}
