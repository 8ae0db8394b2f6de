import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { COUNT_CAP } from "./model/dashboard";
import type { UserError } from "./model/messages";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_AUTO_HIDE_MS,
  NOTIFICATIONS_VISIBLE,
  notify,
  type NewNotification,
} from "./model/notifications";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as UserError;
    throw error;
  }
};

const page = { numItems: 50, cursor: null };
const ALL_OFF = {
  position: "bottom-left" as const,
  sessionReminders: false,
  bookingUpdates: false,
  transcriptReady: false,
  emailReminders: false,
};

afterEach(() => {
  vi.useRealTimers();
});

const note = (type: NewNotification["type"], priority: NewNotification["priority"] = "medium"): NewNotification => ({
  type,
  priority,
  title: `${type} ${priority}`,
  message: "Something happened.",
});

/** Inserts `count` unread notifications for `userId`, one millisecond apart, oldest first. */
function seed(t: T, userId: Id<"users">, count: number, from = 1_000) {
  return t.run(async (ctx) => {
    for (let i = 0; i < count; i++) await notify(ctx, userId, { ...note("system_alert"), title: `#${i}` }, { now: from + i });
  });
}

describe("notification rules", () => {
  it("lets preferences silence booking updates, transcripts and reminders, but never system alerts", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    await member.as.mutation(api.notifications.savePreferences, ALL_OFF);
    const ids = await t.run(async (ctx) => ({
      booking: await notify(ctx, member.id, note("booking_updated"), { now: Date.now() }),
      transcript: await notify(ctx, member.id, note("transcript_ready"), { now: Date.now() }),
      reminder: await notify(ctx, member.id, note("booking_updated", "high"), { reminder: true, now: Date.now() }),
      alert: await notify(ctx, member.id, note("system_alert", "urgent"), { now: Date.now() }),
      started: await notify(ctx, member.id, note("session_started", "high"), { now: Date.now() }),
    }));
    expect(ids.booking).toBeNull();
    expect(ids.transcript).toBeNull();
    expect(ids.reminder).toBeNull();
    expect(ids.alert).not.toBeNull();
    expect(ids.started).not.toBeNull();
    const adminAlert = await (
      await signedIn(t, "admin")
    ).as.mutation(api.notifications.systemAlert, {
      userId: member.id,
      title: "Maintenance",
      message: "Back in ten minutes.",
      priority: "low",
    });
    expect(await t.run((ctx) => ctx.db.get("notifications", adminAlert))).toMatchObject({ type: "system_alert", read: false });
  });

  it("lets reminders through when only booking updates are off", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    await member.as.mutation(api.notifications.savePreferences, { ...DEFAULT_NOTIFICATION_PREFERENCES, bookingUpdates: false });
    const reminder = await t.run((ctx) => notify(ctx, member.id, note("booking_updated"), { reminder: true, now: Date.now() }));
    expect(reminder).not.toBeNull();
  });

  it("auto-hides medium and low only; urgent and high stay", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const admin = await signedIn(t, "admin");
    for (const priority of ["urgent", "high", "medium", "low"] as const) {
      const id = await admin.as.mutation(api.notifications.systemAlert, { userId: member.id, title: priority, message: "Hello", priority });
      const row = (await t.run((ctx) => ctx.db.get("notifications", id)))!;
      expect([priority, row.autoHideMs]).toEqual([priority, NOTIFICATION_AUTO_HIDE_MS[priority]]);
    }
    expect(NOTIFICATION_AUTO_HIDE_MS.urgent).toBeUndefined();
    expect(NOTIFICATION_AUTO_HIDE_MS.high).toBeUndefined();
    expect(NOTIFICATION_AUTO_HIDE_MS.medium).toBeGreaterThan(0);
    expect(NOTIFICATION_AUTO_HIDE_MS.low).toBeGreaterThan(0);
  });
});

describe("reading notifications", () => {
  it("lists the caller's own, newest first", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const other = await signedIn(t, "client");
    await seed(t, member.id, 3);
    await seed(t, other.id, 2);
    const listed = await member.as.query(api.notifications.list, { paginationOpts: page });
    expect(listed.page.map((n) => n.title)).toEqual(["#2", "#1", "#0"]);
    expect(listed.isDone).toBe(true);
  });

  it("shows the newest unread in the panel with a count that stops past COUNT_CAP", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    expect(await member.as.query(api.notifications.recent, {})).toEqual({ items: [], unreadCount: 0 });
    await seed(t, member.id, 8);
    const newest = (await member.as.query(api.notifications.list, { paginationOpts: page })).page[0]!;
    await member.as.mutation(api.notifications.markRead, { notificationId: newest._id });
    const recent = await member.as.query(api.notifications.recent, {});
    expect(recent.items.map((n) => n.title)).toEqual(["#6", "#5", "#4", "#3", "#2"]);
    expect(recent.items).toHaveLength(NOTIFICATIONS_VISIBLE);
    expect(recent.unreadCount).toBe(7);
    await seed(t, member.id, 150, 10_000);
    expect((await member.as.query(api.notifications.recent, {})).unreadCount).toBe(COUNT_CAP + 1);
  });

  it("marks one read, only the caller's own, and says nothing about anyone else's", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const other = await signedIn(t, "client");
    await seed(t, other.id, 1);
    const theirs = (await other.as.query(api.notifications.list, { paginationOpts: page })).page[0]!;
    expect(await errorOf(member.as.mutation(api.notifications.markRead, { notificationId: theirs._id }))).toMatchObject({
      code: "NOTIFICATION_NOT_FOUND",
    });
    await other.as.mutation(api.notifications.markRead, { notificationId: theirs._id });
    await other.as.mutation(api.notifications.markRead, { notificationId: theirs._id });
    expect((await t.run((ctx) => ctx.db.get("notifications", theirs._id)))!.read).toBe(true);
    await t.run((ctx) => ctx.db.delete("notifications", theirs._id));
    expect(await errorOf(other.as.mutation(api.notifications.markRead, { notificationId: theirs._id }))).toMatchObject({
      code: "NOTIFICATION_NOT_FOUND",
    });
  });

  it("marks all read in batches, leaving newer ones and other members' alone", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const other = await signedIn(t, "client");
    await seed(t, member.id, 450);
    await seed(t, other.id, 1);
    await member.as.mutation(api.notifications.markAllRead, {});
    // Arrives after the click, while the follow-up batches are still to run.
    await seed(t, member.id, 1, Date.now() + 60_000);
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    const unread = await t.run((ctx) => ctx.db.query("notifications").collect());
    expect(unread.filter((n) => !n.read).map((n) => [n.userId, n.title])).toEqual([
      [other.id, "#0"],
      [member.id, "#0"],
    ]);
    expect(unread.filter((n) => n.read)).toHaveLength(450);
  });
});

describe("notification preferences", () => {
  it("starts from the defaults and saves the member's choices in one row", async () => {
    const t = newConvexTest();
    const guest = await signedIn(t, "guest_temporary");
    expect(await guest.as.query(api.notifications.preferences, {})).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    await guest.as.mutation(api.notifications.savePreferences, ALL_OFF);
    await guest.as.mutation(api.notifications.savePreferences, { ...ALL_OFF, position: "top-left", emailReminders: true });
    expect(await guest.as.query(api.notifications.preferences, {})).toEqual({ ...ALL_OFF, position: "top-left", emailReminders: true });
    expect(await t.run((ctx) => ctx.db.query("notificationPreferences").collect())).toHaveLength(1);
  });
});

describe("notifications.systemAlert", () => {
  it("checks the title, the message and the member", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    const error = await errorOf(
      admin.as.mutation(api.notifications.systemAlert, { userId: member.id, title: "  ", message: "   ", priority: "high" }),
    );
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      fields: { title: expect.any(String) as string, message: expect.any(String) as string },
    });
    expect(
      await errorOf(admin.as.mutation(api.notifications.systemAlert, { userId: member.id, title: "Hi\r\nthere", message: "x".repeat(1001), priority: "high" })),
    ).toMatchObject({ code: "INVALID_INPUT", fields: { title: expect.any(String) as string, message: expect.any(String) as string } });
    const id = await admin.as.mutation(api.notifications.systemAlert, {
      userId: member.id,
      title: " Maintenance ",
      message: " Back soon. ",
      priority: "urgent",
    });
    expect(await t.run((ctx) => ctx.db.get("notifications", id))).toMatchObject({
      userId: member.id,
      type: "system_alert",
      priority: "urgent",
      title: "Maintenance",
      message: "Back soon.",
      actions: [],
      data: {},
    });
    await t.run((ctx) => ctx.db.delete("users", member.id));
    expect(
      await errorOf(
        admin.as.mutation(api.notifications.systemAlert, { userId: member.id, title: "Hi", message: "Hello", priority: "low" }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});
