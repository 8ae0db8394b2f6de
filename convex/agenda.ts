/**
 * A session's check-in and agenda, for its member and coach (model/agenda.ts). Whoever may read
 * the session reads both; its member fills in the check-in; its coach and member (and admins)
 * change the agenda until the session is completed, when it becomes the session's notes.
 */
import { v } from "convex/values";
import { memberQuery, writerMutation } from "./functions";
import { addLine, agendaFor, checkInOf, moveLine, removeLine, saveCheckIn, setLineDone } from "./model/agenda";
import { AGENDA_ITEM_MAX_CHARS, AGENDA_TEXTS, AGENDA_KEY_MAX, CHECK_IN_MAX_CHARS } from "./model/agendaRules";
import { bounded } from "./model/bounds";
import { userError } from "./model/errors";
import { loadSessionFor } from "./model/sessions";
import { agendaSourceValidator, checkInKeyValidator } from "./schema";

const lineValidator = v.object({
  key: v.string(),
  source: agendaSourceValidator,
  text: v.string(),
  done: v.boolean(),
  actionItemId: v.optional(v.id("actionItems")),
  dueDate: v.optional(v.string()),
  overdue: v.optional(v.boolean()),
  timestamp: v.optional(v.string()),
  checkIn: v.optional(checkInKeyValidator),
});

const keyArg = bounded.token(AGENDA_KEY_MAX);

/** The session's agenda (a draft until someone changes it, notes once the session is completed) and the member's check-in. */
export const get = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.object({
    mode: v.union(v.literal("draft"), v.literal("live"), v.literal("notes")),
    lines: v.array(lineValidator),
    canEdit: v.boolean(),
    checkIn: v.union(
      v.null(),
      v.object({ moved: v.optional(v.string()), stuck: v.optional(v.string()), focus: v.optional(v.string()), updatedAt: v.number() }),
    ),
    canCheckIn: v.boolean(),
  }),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    const [agenda, row] = await Promise.all([agendaFor(ctx, ctx.viewer, session, Date.now()), checkInOf(ctx, sessionId)]);
    return {
      ...agenda,
      checkIn: row ? { moved: row.moved, stuck: row.stuck, focus: row.focus, updatedAt: row.updatedAt } : null,
      canCheckIn: session.memberId === ctx.viewer._id && session.status === "scheduled",
    };
  },
});

/** One check-in answer, as the member types it. */
export const saveAnswer = writerMutation({
  args: { sessionId: v.id("sessions"), key: checkInKeyValidator, text: bounded.text(CHECK_IN_MAX_CHARS) },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, text }) => {
    await saveCheckIn(ctx, ctx.viewer, sessionId, key, text, Date.now());
    return null;
  },
});

export const setDone = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg, done: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, done }) => {
    await setLineDone(ctx, ctx.viewer, sessionId, key, done, Date.now());
    return null;
  },
});

export const move = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg, direction: v.union(v.literal("up"), v.literal("down")) },
  returns: v.null(),
  handler: async (ctx, { sessionId, key, direction }) => {
    await moveLine(ctx, ctx.viewer, sessionId, key, direction, Date.now());
    return null;
  },
});

/** A line of the caller's own at the end of the agenda; its key is returned. */
export const add = writerMutation({
  args: { sessionId: v.id("sessions"), text: bounded.line(AGENDA_ITEM_MAX_CHARS) },
  returns: v.string(),
  handler: async (ctx, { sessionId, text }) => {
    if (text.trim() === "") throw userError("INVALID_INPUT", { text: AGENDA_TEXTS.addEmpty });
    return await addLine(ctx, ctx.viewer, sessionId, text, Date.now());
  },
});

/** Removes a line added by hand. */
export const remove = writerMutation({
  args: { sessionId: v.id("sessions"), key: keyArg },
  returns: v.null(),
  handler: async (ctx, { sessionId, key }) => {
    await removeLine(ctx, ctx.viewer, sessionId, key);
    return null;
  },
});
