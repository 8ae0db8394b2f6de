/**
 * Focus rooms: body doubling for 25 or 50 minutes (rules in focusRules.ts). Seats, goals, check-ins,
 * blocks and reports are our tables; who has the room open right now is the presence component's,
 * fed by each open page's heartbeat and ended by leaving, by closing the page, or by a time-out.
 */
import { Presence } from "@convex-dev/presence";
import { components, internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { userError } from "./errors";
import {
  countFocusDay,
  FOCUS_CHECK_IN_WINDOW_MS,
  FOCUS_HEARTBEAT_MS,
  FOCUS_LATER_MIN_MS,
  FOCUS_LIST_MAX,
  FOCUS_ROOM_CAPACITY,
  FOCUS_SCHEDULE_AHEAD_DAYS,
  focusDayOf,
  isFocusLength,
  mayCheckIn,
  weekStartOf,
  type FocusOutcome,
  type FocusReportReason,
} from "./focusRules";
import { RATE_LIMIT_MESSAGES } from "./messages";
import { hasPermission } from "./permissions";
import { enforceRateLimits } from "./rateLimits";

export const presence = new Presence<Id<"focusRooms">, Id<"users">>(components.presence);

const DAY_MS = 24 * 60 * 60_000;
/** Seats read per room at most: six at a time, and those who left (a row each, kept for the check-in). */
const SEATS_READ = 200;
/** A member's seats that can still matter: rooms are set at most a week ahead and last under an hour. */
const OWN_SEATS_WINDOW_MS = (FOCUS_SCHEDULE_AHEAD_DAYS + 1) * DAY_MS;
const OWN_SEATS_READ = 200;

type Seat = Doc<"focusParticipants">;

/** How others in a room see someone: first name and the initial of the last. */
export function roomName(user: Pick<Doc<"users">, "firstName" | "lastName">): string {
  const initial = user.lastName.trim().charAt(0);
  return initial ? `${user.firstName} ${initial}.` : user.firstName;
}

function isStaff(user: Doc<"users">): boolean {
  return hasPermission(user.role, "accessAllSessions");
}

async function seatsOf(ctx: QueryCtx, roomId: Id<"focusRooms">): Promise<Seat[]> {
  return await ctx.db
    .query("focusParticipants")
    .withIndex("by_room_and_user", (q) => q.eq("roomId", roomId))
    .take(SEATS_READ);
}

async function seatOf(ctx: QueryCtx, roomId: Id<"focusRooms">, userId: Id<"users">): Promise<Seat | null> {
  return await ctx.db
    .query("focusParticipants")
    .withIndex("by_room_and_user", (q) => q.eq("roomId", roomId).eq("userId", userId))
    .unique();
}

const isActive = (seat: Seat) => seat.leftAt === undefined;
const isOver = (room: Doc<"focusRooms">, now: number) => room.endedAt !== undefined || now >= room.endsAt;

/** Everyone `userId` keeps apart from, either way round. */
async function blockedWith(ctx: QueryCtx, userId: Id<"users">): Promise<Set<Id<"users">>> {
  const [mine, theirs] = await Promise.all([
    ctx.db
      .query("memberBlocks")
      .withIndex("by_blocker_and_blocked", (q) => q.eq("blockerId", userId))
      .take(1000),
    ctx.db
      .query("memberBlocks")
      .withIndex("by_blocked_and_blocker", (q) => q.eq("blockedId", userId))
      .take(1000),
  ]);
  return new Set([...mine.map((block) => block.blockedId), ...theirs.map((block) => block.blockerId)]);
}

async function loadRoom(ctx: QueryCtx, roomId: Id<"focusRooms">): Promise<Doc<"focusRooms">> {
  const room = await ctx.db.get("focusRooms", roomId);
  if (!room) throw userError("FOCUS_ROOM_NOT_FOUND");
  return room;
}

/** The member's seats in rooms that have not ended, with their rooms. */
async function openSeatsOf(ctx: QueryCtx, userId: Id<"users">, now: number) {
  const seats = await ctx.db
    .query("focusParticipants")
    .withIndex("by_user_and_joined", (q) => q.eq("userId", userId).gte("joinedAt", now - OWN_SEATS_WINDOW_MS))
    .take(OWN_SEATS_READ);
  const open: { seat: Seat; room: Doc<"focusRooms"> }[] = [];
  for (const seat of seats) {
    if (!isActive(seat)) continue;
    const room = await ctx.db.get("focusRooms", seat.roomId);
    if (room && !isOver(room, now)) open.push({ seat, room });
  }
  return open;
}

async function refuseOverlap(ctx: QueryCtx, userId: Id<"users">, span: { startsAt: number; endsAt: number }, now: number, except?: Id<"focusRooms">) {
  for (const { room } of await openSeatsOf(ctx, userId, now)) {
    if (room._id !== except && room.startsAt < span.endsAt && span.startsAt < room.endsAt) throw userError("FOCUS_ALREADY_BUSY");
  }
}

function cleanGoal(goal: string): string {
  const trimmed = goal.trim();
  if (!trimmed) throw userError("FOCUS_GOAL_REQUIRED");
  return trimmed;
}

export async function createRoom(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  input: { minutes: number; startsAt?: number; goal: string },
  now: number,
): Promise<Id<"focusRooms">> {
  if (!isFocusLength(input.minutes)) throw userError("FOCUS_LENGTH_NOT_ALLOWED");
  const goal = cleanGoal(input.goal);
  let startsAt = now;
  if (input.startsAt !== undefined) {
    // A minute's slack: the form's earliest choice must not be refused for the seconds spent filling it in.
    if (input.startsAt < now + FOCUS_LATER_MIN_MS - 60_000 || input.startsAt > now + FOCUS_SCHEDULE_AHEAD_DAYS * DAY_MS) {
      throw userError("FOCUS_START_OUT_OF_RANGE");
    }
    startsAt = input.startsAt;
  }
  const endsAt = startsAt + input.minutes * 60_000;
  await refuseOverlap(ctx, viewer._id, { startsAt, endsAt }, now);
  await enforceRateLimits(ctx, [{ name: "focusRoomPerUser", key: viewer._id }], RATE_LIMIT_MESSAGES.focusRooms);
  const roomId = await ctx.db.insert("focusRooms", { hostId: viewer._id, hostIsStaff: isStaff(viewer), minutes: input.minutes, startsAt, endsAt, createdAt: now });
  await ctx.db.insert("focusParticipants", { roomId, userId: viewer._id, goal, joinedAt: now });
  await ctx.scheduler.runAt(endsAt, internal.focus.end, { roomId });
  return roomId;
}

/** Takes a seat (or keeps the one the member has, with the new goal). Capacity and blocks are read in the same transaction, so concurrent joins cannot overfill a room. */
export async function joinRoom(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, goalText: string, now: number): Promise<void> {
  const room = await loadRoom(ctx, roomId);
  if (isOver(room, now)) throw userError("FOCUS_ROOM_ENDED");
  const goal = cleanGoal(goalText);
  const seats = await seatsOf(ctx, roomId);
  const mine = seats.find((seat) => seat.userId === viewer._id);
  if (mine?.removed) throw userError("FOCUS_ROOM_UNAVAILABLE");
  if (mine && isActive(mine)) {
    await ctx.db.patch("focusParticipants", mine._id, { goal });
    return;
  }
  const others = seats.filter(isActive);
  const apart = await blockedWith(ctx, viewer._id);
  if (others.some((seat) => apart.has(seat.userId))) throw userError("FOCUS_ROOM_UNAVAILABLE");
  if (others.length >= FOCUS_ROOM_CAPACITY) throw userError("FOCUS_ROOM_FULL");
  await refuseOverlap(ctx, viewer._id, room, now, roomId);
  if (mine) await ctx.db.patch("focusParticipants", mine._id, { goal, leftAt: undefined });
  else await ctx.db.insert("focusParticipants", { roomId, userId: viewer._id, goal, joinedAt: now });
}

async function activeSeat(ctx: QueryCtx, roomId: Id<"focusRooms">, userId: Id<"users">): Promise<Seat> {
  const seat = await seatOf(ctx, roomId, userId);
  if (!seat || !isActive(seat)) throw userError("FOCUS_NOT_IN_ROOM");
  return seat;
}

/** Ends a seat now, and its presence with it, so the others see the person gone at once. */
async function vacate(ctx: MutationCtx, seat: Seat, now: number, removed: boolean) {
  await ctx.db.patch("focusParticipants", seat._id, removed ? { leftAt: now, removed: true } : { leftAt: now });
  if ((await presence.listUser(ctx, seat.userId, false)).some((entry) => entry.roomId === seat.roomId)) {
    await presence.removeRoomUser(ctx, seat.roomId, seat.userId);
  }
}

export async function leaveRoom(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, now: number) {
  await loadRoom(ctx, roomId);
  await vacate(ctx, await activeSeat(ctx, roomId, viewer._id), now, false);
}

/** An open page's heartbeat: the member is in the room. Returns the token that ends this page's presence, and the server's clock for the countdown. */
export async function heartbeat(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, pageId: string, now: number) {
  const room = await loadRoom(ctx, roomId);
  if (isOver(room, now)) throw userError("FOCUS_ROOM_ENDED");
  await activeSeat(ctx, roomId, viewer._id);
  // The page's id is namespaced by room and member, so nobody can take over another's presence session.
  const { sessionToken } = await presence.heartbeat(ctx, roomId, viewer._id, `${roomId}:${viewer._id}:${pageId}`, FOCUS_HEARTBEAT_MS);
  return { sessionToken, serverNow: now };
}

/** The room at its end: presence is cleared, and the pages turn to the check-in. */
export async function endRoom(ctx: MutationCtx, roomId: Id<"focusRooms">, now: number) {
  const room = await ctx.db.get("focusRooms", roomId);
  if (!room || room.endedAt !== undefined) return;
  // A job that ran early (a clock moved back) leaves the room to the next one.
  if (now < room.endsAt) {
    await ctx.scheduler.runAt(room.endsAt, internal.focus.end, { roomId });
    return;
  }
  await ctx.db.patch("focusRooms", roomId, { endedAt: now });
  await presence.removeRoom(ctx, roomId);
}

export async function roomView(ctx: QueryCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, now: number) {
  const room = await loadRoom(ctx, roomId);
  const seats = await seatsOf(ctx, roomId);
  const mine = seats.find((seat) => seat.userId === viewer._id) ?? null;
  const active = seats.filter(isActive);
  if (!mine) {
    if (isOver(room, now)) throw userError("FOCUS_ROOM_NOT_FOUND");
    const apart = await blockedWith(ctx, viewer._id);
    if (active.some((seat) => apart.has(seat.userId))) throw userError("FOCUS_ROOM_UNAVAILABLE");
  } else if (mine.removed) {
    throw userError("FOCUS_ROOM_UNAVAILABLE");
  }
  const online = new Set((await presence.listRoom(ctx, roomId, true, FOCUS_ROOM_CAPACITY * 4)).map((entry) => entry.userId));
  const host = await ctx.db.get("users", room.hostId);
  const participants = [];
  for (const seat of active) {
    const user = await ctx.db.get("users", seat.userId);
    if (!user) continue;
    participants.push({
      userId: seat.userId,
      name: roomName(user),
      goal: seat.goal,
      online: online.has(seat.userId),
      isHost: seat.userId === room.hostId,
      isYou: seat.userId === viewer._id,
      joinedAt: seat.joinedAt,
    });
  }
  participants.sort((a, b) => Number(b.isHost) - Number(a.isHost) || a.joinedAt - b.joinedAt);
  // Others who sat in the room, for a report after they left.
  const formerIds = mine ? seats.filter((seat) => !isActive(seat) && seat.userId !== viewer._id && !seat.removed).map((seat) => seat.userId) : [];
  const former = [];
  for (const userId of formerIds) {
    const user = await ctx.db.get("users", userId);
    if (user) former.push({ userId, name: roomName(user) });
  }
  return {
    room: {
      _id: room._id,
      minutes: room.minutes,
      startsAt: room.startsAt,
      endsAt: room.endsAt,
      ended: room.endedAt !== undefined,
      hostName: host ? roomName(host) : "",
      hostIsStaff: room.hostIsStaff,
    },
    participants: participants.map(({ joinedAt: _joinedAt, ...participant }) => participant),
    former,
    seatsLeft: Math.max(0, FOCUS_ROOM_CAPACITY - active.length),
    me: mine ? { active: isActive(mine), goal: mine.goal, outcome: mine.outcome, leftAt: mine.leftAt } : null,
    canRemove: mine !== null && ((room.hostId === viewer._id && room.hostIsStaff) || hasPermission(viewer.role, "manageUsers")),
  };
}

/** Rooms that have not ended, soonest first, without those the member may not join, and their focus days. */
export async function listRooms(ctx: QueryCtx, viewer: Doc<"users">, now: number) {
  const rooms = await ctx.db
    .query("focusRooms")
    .withIndex("by_ends", (q) => q.gt("endsAt", now))
    .take(FOCUS_LIST_MAX * 2);
  const apart = await blockedWith(ctx, viewer._id);
  const listed = [];
  for (const room of rooms) {
    if (room.endedAt !== undefined) continue;
    const seats = await seatsOf(ctx, room._id);
    const active = seats.filter(isActive);
    const mine = seats.find((seat) => seat.userId === viewer._id);
    if (mine?.removed || (!mine && active.some((seat) => apart.has(seat.userId)))) continue;
    const host = await ctx.db.get("users", room.hostId);
    listed.push({
      _id: room._id,
      minutes: room.minutes,
      startsAt: room.startsAt,
      endsAt: room.endsAt,
      hostName: host ? roomName(host) : "",
      hostIsStaff: room.hostIsStaff,
      seatsTaken: active.length,
      joined: mine !== undefined && isActive(mine),
    });
  }
  listed.sort((a, b) => a.startsAt - b.startsAt);
  return { rooms: listed.slice(0, FOCUS_LIST_MAX), capacity: FOCUS_ROOM_CAPACITY, streak: await streakOf(ctx, viewer, now) };
}

async function streakOf(ctx: QueryCtx, viewer: Doc<"users">, now: number) {
  const streak = await ctx.db
    .query("focusStreaks")
    .withIndex("by_user", (q) => q.eq("userId", viewer._id))
    .unique();
  const weekStart = weekStartOf(focusDayOf(now, viewer.timezone));
  const thisWeek = await ctx.db
    .query("focusDays")
    .withIndex("by_user_and_day", (q) => q.eq("userId", viewer._id).gte("day", weekStart))
    .take(7);
  return { days: streak?.days ?? 0, thisWeek: thisWeek.length };
}

/** How it went. The first check-in of a room counts the member's local day (once a day); a change of answer counts nothing more. */
export async function checkIn(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, outcome: FocusOutcome, now: number) {
  const room = await loadRoom(ctx, roomId);
  const seat = await seatOf(ctx, roomId, viewer._id);
  if (!seat) throw userError("FOCUS_NOT_IN_ROOM");
  const over = room.endedAt !== undefined ? now < room.endsAt + FOCUS_CHECK_IN_WINDOW_MS : mayCheckIn(room, seat, now);
  if (!over) throw userError("FOCUS_CHECK_IN_CLOSED");
  const first = seat.checkedInAt === undefined;
  await ctx.db.patch("focusParticipants", seat._id, { outcome, checkedInAt: now });
  if (first) await countDay(ctx, viewer, now);
  return await streakOf(ctx, viewer, now);
}

async function countDay(ctx: MutationCtx, viewer: Doc<"users">, now: number) {
  const day = focusDayOf(now, viewer.timezone);
  const streak = await ctx.db
    .query("focusStreaks")
    .withIndex("by_user", (q) => q.eq("userId", viewer._id))
    .unique();
  const next = countFocusDay(streak ? { days: streak.days, lastDay: streak.lastDay } : { days: 0 }, day);
  if (streak && next.days === streak.days) return;
  if (streak) await ctx.db.patch("focusStreaks", streak._id, { days: next.days, lastDay: day });
  else await ctx.db.insert("focusStreaks", { userId: viewer._id, days: next.days, lastDay: day });
  const counted = await ctx.db
    .query("focusDays")
    .withIndex("by_user_and_day", (q) => q.eq("userId", viewer._id).eq("day", day))
    .unique();
  if (!counted) await ctx.db.insert("focusDays", { userId: viewer._id, day });
}

/** Both sat in the room (now or earlier): the only way to name someone for a block or a report. */
async function sharedSeats(ctx: QueryCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, userId: Id<"users">) {
  await loadRoom(ctx, roomId);
  const [mine, theirs] = await Promise.all([seatOf(ctx, roomId, viewer._id), seatOf(ctx, roomId, userId)]);
  if (!mine || !theirs || userId === viewer._id) throw userError("FOCUS_NOT_A_PARTICIPANT");
  return { mine, theirs };
}

/**
 * Keeps the two apart from now on. Where they share a room that has not ended, the blocked person
 * leaves it (the blocker, if the blocked person hosts it), in words that do not say why.
 */
export async function block(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, userId: Id<"users">, now: number) {
  await sharedSeats(ctx, viewer, roomId, userId);
  const existing = await ctx.db
    .query("memberBlocks")
    .withIndex("by_blocker_and_blocked", (q) => q.eq("blockerId", viewer._id).eq("blockedId", userId))
    .unique();
  if (!existing) await ctx.db.insert("memberBlocks", { blockerId: viewer._id, blockedId: userId, createdAt: now });
  for (const { seat, room } of await openSeatsOf(ctx, viewer._id, now)) {
    const theirs = await seatOf(ctx, room._id, userId);
    if (!theirs || !isActive(theirs)) continue;
    if (room.hostId === userId) await vacate(ctx, seat, now, false);
    else await vacate(ctx, theirs, now, true);
  }
}

export async function unblock(ctx: MutationCtx, viewer: Doc<"users">, userId: Id<"users">) {
  const existing = await ctx.db
    .query("memberBlocks")
    .withIndex("by_blocker_and_blocked", (q) => q.eq("blockerId", viewer._id).eq("blockedId", userId))
    .unique();
  if (!existing) throw userError("FOCUS_BLOCK_NOT_FOUND");
  await ctx.db.delete("memberBlocks", existing._id);
}

export async function blockedList(ctx: QueryCtx, viewer: Doc<"users">) {
  const blocks = await ctx.db
    .query("memberBlocks")
    .withIndex("by_blocker_and_blocked", (q) => q.eq("blockerId", viewer._id))
    .take(1000);
  const people = [];
  for (const entry of blocks) {
    const user = await ctx.db.get("users", entry.blockedId);
    if (user) people.push({ userId: entry.blockedId, name: roomName(user), since: entry.createdAt });
  }
  return people.sort((a, b) => b.since - a.since);
}

export async function report(
  ctx: MutationCtx,
  viewer: Doc<"users">,
  input: { roomId: Id<"focusRooms">; userId: Id<"users">; reason: FocusReportReason; details?: string; alsoBlock: boolean },
  now: number,
) {
  await sharedSeats(ctx, viewer, input.roomId, input.userId);
  const details = input.details?.trim() || undefined;
  const earlier = await ctx.db
    .query("focusReports")
    .withIndex("by_room_and_reporter", (q) => q.eq("roomId", input.roomId).eq("reporterId", viewer._id))
    .take(50);
  const open = earlier.find((entry) => entry.reportedId === input.userId && entry.status === "open");
  if (open) await ctx.db.patch("focusReports", open._id, { reason: input.reason, details });
  else {
    await enforceRateLimits(ctx, [{ name: "focusReportPerUser", key: viewer._id }], RATE_LIMIT_MESSAGES.focusReports);
    await ctx.db.insert("focusReports", { roomId: input.roomId, reporterId: viewer._id, reportedId: input.userId, reason: input.reason, details, status: "open", createdAt: now });
  }
  if (input.alsoBlock) await block(ctx, viewer, input.roomId, input.userId, now);
}

/** A staff host (or an admin) takes someone out of a room that has not ended; they cannot come back to it. */
export async function removeParticipant(ctx: MutationCtx, viewer: Doc<"users">, roomId: Id<"focusRooms">, userId: Id<"users">, now: number) {
  const room = await loadRoom(ctx, roomId);
  const mayRemove = (room.hostId === viewer._id && room.hostIsStaff) || hasPermission(viewer.role, "manageUsers");
  if (!mayRemove) throw userError("FOCUS_NOT_HOST");
  if (isOver(room, now)) throw userError("FOCUS_ROOM_ENDED");
  const seat = await seatOf(ctx, roomId, userId);
  if (!seat || !isActive(seat) || userId === viewer._id) throw userError("FOCUS_NOT_A_PARTICIPANT");
  await vacate(ctx, seat, now, true);
}

/** Open reports for the admins, newest first, with who and what. */
export async function openReports(ctx: QueryCtx) {
  const reports = await ctx.db
    .query("focusReports")
    .withIndex("by_status_and_created", (q) => q.eq("status", "open"))
    .order("desc")
    .take(100);
  const rows = [];
  for (const entry of reports) {
    const [reporter, reported, room, seat] = await Promise.all([
      ctx.db.get("users", entry.reporterId),
      ctx.db.get("users", entry.reportedId),
      ctx.db.get("focusRooms", entry.roomId),
      seatOf(ctx, entry.roomId, entry.reportedId),
    ]);
    rows.push({
      _id: entry._id,
      reason: entry.reason,
      details: entry.details,
      createdAt: entry.createdAt,
      reporterName: reporter ? `${reporter.firstName} ${reporter.lastName}` : "",
      reportedName: reported ? `${reported.firstName} ${reported.lastName}` : "",
      reportedEmail: reported?.email ?? "",
      reportedGoal: seat?.goal ?? "",
      roomStartsAt: room?.startsAt ?? 0,
    });
  }
  return rows;
}

export async function resolveReport(ctx: MutationCtx, viewer: Doc<"users">, reportId: Id<"focusReports">, now: number) {
  const entry = await ctx.db.get("focusReports", reportId);
  if (!entry) throw userError("FOCUS_REPORT_NOT_FOUND");
  if (entry.status === "open") await ctx.db.patch("focusReports", reportId, { status: "resolved", resolvedAt: now, resolvedBy: viewer._id });
}
