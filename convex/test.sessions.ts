/**
 * Test rows for sessions, their action items, recordings and transcripts in convex-test, and the ledger check. Two dots in the name, so
 * Convex does not deploy this file.
 */
import type { Doc, Id } from "./_generated/dataModel";
import { deriveBalance } from "./model/timeBalance";
import type { T } from "./test.users";

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/** A scheduled 60-minute session that started five minutes ago, unless `fields` say otherwise. */
export function insertSession(
  t: T,
  fields: { memberId: Id<"users">; coachId: Id<"users"> } & Partial<Omit<Doc<"sessions">, "_id" | "_creationTime">>,
) {
  const startsAt = fields.startsAt ?? Date.now() - 5 * MINUTE;
  const durationMinutes = fields.durationMinutes ?? 60;
  return t.run((ctx) =>
    ctx.db.insert("sessions", {
      title: "Focus check-in",
      description: "Weekly planning",
      status: "scheduled",
      meetingUrl: "https://meet.lwcc.example/focus",
      bookedAt: startsAt - 24 * HOUR,
      debitedMinutes: durationMinutes,
      reminderJobs: [],
      ...fields,
      startsAt,
      durationMinutes,
      endsAt: fields.endsAt ?? startsAt + durationMinutes * MINUTE,
    }),
  );
}

/** An open action item of the session's member with its coach, owned by the member, unless `fields` say otherwise. */
export function insertActionItem(t: T, sessionId: Id<"sessions">, title: string, fields: Partial<Omit<Doc<"actionItems">, "_id" | "_creationTime">> = {}) {
  return t.run(async (ctx) => {
    const session = (await ctx.db.get("sessions", sessionId))!;
    return ctx.db.insert("actionItems", {
      sessionId,
      memberId: session.memberId,
      coachId: session.coachId,
      title,
      description: "",
      responsibleUserId: session.memberId,
      commitmentType: "user_commitment",
      status: "pending",
      priority: "medium",
      tags: [],
      coachVisible: true,
      clientVisible: true,
      createdBy: session.memberId,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      ...fields,
    });
  });
}

/**
 * A stored file with `contentType`, as an upload to generateUploadUrl leaves it. convex-test keeps
 * no content type, so it is written to the _storage row the way Convex records it.
 */
export function storedFile(t: T, contentType: string | undefined, bytes = "recording") {
  return t.run(async (ctx) => {
    const id = await ctx.storage.store(new Blob([bytes]));
    if (contentType !== undefined) {
      const db = ctx.db as unknown as { patch(table: "_storage", id: Id<"_storage">, value: { contentType: string }): Promise<void> };
      await db.patch("_storage", id, { contentType });
    }
    return id;
  });
}

/**
 * A file `uploaderId` uploaded through an upload URL of their own: the URL's grant first (as
 * recordings:generateUploadUrl records it), then the stored file.
 */
export async function uploadedFile(t: T, uploaderId: Id<"users">, contentType: string | undefined, bytes = "recording") {
  await t.run((ctx) => ctx.db.insert("uploads", { uploadedBy: uploaderId, grantedAt: Date.now(), expiresAt: Date.now() + HOUR }));
  return storedFile(t, contentType, bytes);
}

/** A member's stored balance row and what their ledger adds up to: the two must always agree. */
export function storedAndDerivedBalance(t: T, userId: Id<"users">) {
  return t.run(async (ctx) => {
    const row = await ctx.db
      .query("timeBalances")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    const entries = await ctx.db
      .query("timeLedger")
      .withIndex("by_user_and_at", (q) => q.eq("userId", userId))
      .collect();
    const { _id: _i, _creationTime: _c, userId: _u, ...stored } = row!;
    return { stored, derived: deriveBalance(entries) };
  });
}

/** A person's notifications, oldest first. */
export function notificationsOf(t: T, userId: Id<"users">) {
  return t.run((ctx) =>
    ctx.db
      .query("notifications")
      .withIndex("by_user_and_time", (q) => q.eq("userId", userId))
      .collect(),
  );
}

/** A person's activity feed, oldest first. */
export function activitiesOf(t: T, userId: Id<"users">) {
  return t.run((ctx) =>
    ctx.db
      .query("activities")
      .withIndex("by_user_and_time", (q) => q.eq("userId", userId))
      .collect(),
  );
}
