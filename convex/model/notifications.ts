/**
 * Notifications (SPEC §3, §4, §9): what the backend creates when something happens to a member,
 * and the rules the panel follows. One place, imported by server and client.
 */
import type { Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type {
  notificationFields,
  notificationPositionValidator,
  notificationPriorityValidator,
  notificationTypeValidator,
} from "../schema";

export type NotificationType = Infer<typeof notificationTypeValidator>;
export type NotificationPriority = Infer<typeof notificationPriorityValidator>;
export type NotificationPosition = Infer<typeof notificationPositionValidator>;

export const NOTIFICATIONS_VISIBLE = 5;
export const NOTIFICATION_POSITIONS: readonly NotificationPosition[] = ["top-right", "top-left", "bottom-right", "bottom-left"];
/** How long a dismissed notification takes to leave (SPEC §4). */
export const NOTIFICATION_DISMISS_MS = 300;
/** Only medium and low hide by themselves; urgent never does, high waits for the member. */
export const NOTIFICATION_AUTO_HIDE_MS: Partial<Record<NotificationPriority, number>> = { medium: 8000, low: 5000 };

export const DEFAULT_NOTIFICATION_PREFERENCES = {
  position: "top-right" as NotificationPosition,
  sessionReminders: true,
  bookingUpdates: true,
  transcriptReady: true,
  emailReminders: true,
};

export type NotificationPreferences = typeof DEFAULT_NOTIFICATION_PREFERENCES;

/** Reminders go out this long before a session starts: 24 h, 1 h and 10 min. */
export const REMINDER_OFFSETS_MS = [24 * 60 * 60 * 1000, 60 * 60 * 1000, 10 * 60 * 1000] as const;

export async function notificationPreferences(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<NotificationPreferences> {
  const row = await ctx.db
    .query("notificationPreferences")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  const { position, sessionReminders, bookingUpdates, transcriptReady, emailReminders } = row;
  return {
    position,
    sessionReminders,
    bookingUpdates,
    transcriptReady,
    emailReminders,
  };
}

type Fields = {
  [K in keyof typeof notificationFields]: Doc<"notifications">[K];
};
export type NewNotification = Pick<Fields, "type" | "priority" | "title" | "message"> & Partial<Pick<Fields, "actions" | "data">>;

/** The preference that can silence a notification; system alerts always arrive. */
function wanted(preferences: NotificationPreferences, notification: NewNotification, reminder: boolean): boolean {
  if (reminder) return preferences.sessionReminders;
  if (notification.type === "booking_updated") return preferences.bookingUpdates;
  if (notification.type === "transcript_ready") return preferences.transcriptReady;
  return true;
}

/**
 * Creates a notification for `userId` unless their preferences silence it. Returns its id, or
 * null when it was not wanted. `reminder` marks the 24 h / 1 h / 10 min session reminders.
 */
export async function notify(
  ctx: Pick<MutationCtx, "db">,
  userId: Id<"users">,
  notification: NewNotification,
  options: { reminder?: boolean; now: number },
): Promise<Id<"notifications"> | null> {
  if (!wanted(await notificationPreferences(ctx, userId), notification, options.reminder ?? false)) return null;
  const autoHideMs = NOTIFICATION_AUTO_HIDE_MS[notification.priority];
  return ctx.db.insert("notifications", {
    userId,
    type: notification.type,
    priority: notification.priority,
    title: notification.title,
    message: notification.message,
    read: false,
    timestamp: options.now,
    ...(autoHideMs === undefined ? {} : { autoHideMs }),
    actions: notification.actions ?? [],
    data: notification.data ?? {},
  });
}
