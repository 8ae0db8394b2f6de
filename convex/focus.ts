/**
 * Focus rooms (model/focus.ts): members start or join a 25 or 50 minute room with one goal, see
 * who is there, and say how it went. Reading is for every signed-in person who may see the room;
 * taking part is for members who are not guests; a staff host or an admin may remove someone.
 */
import { v } from "convex/values";
import { adminMutation, adminQuery, internalMutation, memberQuery, publicMutation, writerMutation } from "./functions";
import {
  block,
  blockedList,
  checkIn,
  createRoom,
  endRoom,
  heartbeat as beat,
  joinRoom,
  leaveRoom,
  listRooms,
  openReports,
  presence,
  removeParticipant,
  report as fileReport,
  resolveReport,
  roomView,
  unblock,
} from "./model/focus";
import { FOCUS_GOAL_MAX_CHARS, FOCUS_LENGTHS, FOCUS_REPORT_DETAILS_MAX_CHARS } from "./model/focusRules";
import { bounded } from "./model/bounds";
import { focusOutcomeValidator, focusReportReasonValidator } from "./schema";

const goalArg = bounded.line(FOCUS_GOAL_MAX_CHARS);
/** A page's own random id for its presence session. */
const pageIdArg = bounded.token(64);
const minutesArg = bounded.int(Math.min(...FOCUS_LENGTHS), Math.max(...FOCUS_LENGTHS));
const streakValidator = v.object({ days: v.number(), thisWeek: v.number() });

export const rooms = memberQuery({
  args: {},
  returns: v.object({
    rooms: v.array(
      v.object({
        _id: v.id("focusRooms"),
        minutes: v.number(),
        startsAt: v.number(),
        endsAt: v.number(),
        hostName: v.string(),
        hostIsStaff: v.boolean(),
        seatsTaken: v.number(),
        joined: v.boolean(),
      }),
    ),
    capacity: v.number(),
    streak: streakValidator,
  }),
  handler: async (ctx) => await listRooms(ctx, ctx.viewer, Date.now()),
});

export const room = memberQuery({
  args: { roomId: v.id("focusRooms") },
  returns: v.object({
    room: v.object({
      _id: v.id("focusRooms"),
      minutes: v.number(),
      startsAt: v.number(),
      endsAt: v.number(),
      ended: v.boolean(),
      hostName: v.string(),
      hostIsStaff: v.boolean(),
    }),
    participants: v.array(
      v.object({ userId: v.id("users"), name: v.string(), goal: v.string(), online: v.boolean(), isHost: v.boolean(), isYou: v.boolean() }),
    ),
    former: v.array(v.object({ userId: v.id("users"), name: v.string() })),
    seatsLeft: v.number(),
    me: v.union(v.null(), v.object({ active: v.boolean(), goal: v.string(), outcome: v.optional(focusOutcomeValidator), leftAt: v.optional(v.number()) })),
    canRemove: v.boolean(),
  }),
  handler: async (ctx, { roomId }) => await roomView(ctx, ctx.viewer, roomId, Date.now()),
});

/** Starts a room now, or at `startsAt` (5 minutes to 7 days ahead), with the starter in it. */
export const create = writerMutation({
  args: { minutes: minutesArg, startsAt: v.optional(bounded.time()), goal: goalArg },
  returns: v.id("focusRooms"),
  handler: async (ctx, args) => await createRoom(ctx, ctx.viewer, args, Date.now()),
});

export const join = writerMutation({
  args: { roomId: v.id("focusRooms"), goal: goalArg },
  returns: v.null(),
  handler: async (ctx, { roomId, goal }) => {
    await joinRoom(ctx, ctx.viewer, roomId, goal, Date.now());
    return null;
  },
});

export const leave = writerMutation({
  args: { roomId: v.id("focusRooms") },
  returns: v.null(),
  handler: async (ctx, { roomId }) => {
    await leaveRoom(ctx, ctx.viewer, roomId, Date.now());
    return null;
  },
});

/** An open room page, every FOCUS_HEARTBEAT_MS: keeps its member shown as there. */
export const heartbeat = writerMutation({
  args: { roomId: v.id("focusRooms"), pageId: pageIdArg },
  returns: v.object({ sessionToken: v.string(), serverNow: v.number() }),
  handler: async (ctx, { roomId, pageId }) => await beat(ctx, ctx.viewer, roomId, pageId, Date.now()),
});

/**
 * A page closing ends its presence at once. Sent as a keepalive request without credentials, so with no sign-in:
 * the unguessable session token the heartbeat gave that page is what allows it.
 */
export const disconnect = publicMutation({
  args: { sessionToken: bounded.token(64) },
  returns: v.null(),
  handler: async (ctx, { sessionToken }) => {
    await presence.disconnect(ctx, sessionToken);
    return null;
  },
});

export const checkInOutcome = writerMutation({
  args: { roomId: v.id("focusRooms"), outcome: focusOutcomeValidator },
  returns: streakValidator,
  handler: async (ctx, { roomId, outcome }) => await checkIn(ctx, ctx.viewer, roomId, outcome, Date.now()),
});

export const blockParticipant = writerMutation({
  args: { roomId: v.id("focusRooms"), userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { roomId, userId }) => {
    await block(ctx, ctx.viewer, roomId, userId, Date.now());
    return null;
  },
});

export const unblockMember = writerMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    await unblock(ctx, ctx.viewer, userId);
    return null;
  },
});

export const blocked = memberQuery({
  args: {},
  returns: v.array(v.object({ userId: v.id("users"), name: v.string(), since: v.number() })),
  handler: async (ctx) => await blockedList(ctx, ctx.viewer),
});

export const report = writerMutation({
  args: {
    roomId: v.id("focusRooms"),
    userId: v.id("users"),
    reason: focusReportReasonValidator,
    details: v.optional(bounded.text(FOCUS_REPORT_DETAILS_MAX_CHARS)),
    alsoBlock: v.boolean(),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    await fileReport(ctx, ctx.viewer, args, Date.now());
    return null;
  },
});

export const remove = writerMutation({
  args: { roomId: v.id("focusRooms"), userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { roomId, userId }) => {
    await removeParticipant(ctx, ctx.viewer, roomId, userId, Date.now());
    return null;
  },
});

export const reports = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      _id: v.id("focusReports"),
      reason: focusReportReasonValidator,
      details: v.optional(v.string()),
      createdAt: v.number(),
      reporterName: v.string(),
      reportedName: v.string(),
      reportedEmail: v.string(),
      reportedGoal: v.string(),
      roomStartsAt: v.number(),
    }),
  ),
  handler: async (ctx) => await openReports(ctx),
});

export const resolve = adminMutation({
  args: { reportId: v.id("focusReports") },
  returns: v.null(),
  handler: async (ctx, { reportId }) => {
    await resolveReport(ctx, ctx.viewer, reportId, Date.now());
    return null;
  },
});

/** At a room's end (scheduled when it is made). */
export const end = internalMutation({
  args: { roomId: v.id("focusRooms") },
  returns: v.null(),
  handler: async (ctx, { roomId }) => {
    await endRoom(ctx, roomId, Date.now());
    return null;
  },
});
