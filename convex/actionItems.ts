/**
 * Action items (SPEC §2-§6): commitments made in sessions, for the session's member and coach.
 * Each caller sees the items of their own sessions that their role may see (client only
 * client-visible ones, coach only coach-visible ones); an item they may not see is not found.
 * Guests read only. The rules are in model/actionItemRules.ts (pure) and model/actionItems.ts.
 */
import { withSystemFields } from "convex-helpers/validators";
import { v } from "convex/values";
import { memberQuery, writerMutation } from "./functions";
import {
  actionItemsCard,
  callerItems,
  callerSessions,
  createActionItem,
  itemFor,
  itemViews,
  quickAddActionItem,
  setActionItemStatus,
  updateActionItem,
  updateActionItemProgress,
} from "./model/actionItems";
import { ACTION_ITEM_LIMITS } from "./model/actionItemRules";
import { bounded, LIMITS } from "./model/bounds";
import { nudgesOnAmong } from "./model/nudges";
import { namesOf } from "./model/sessions";
import {
  actionItemFields,
  actionItemPriorityValidator,
  actionItemStatusValidator,
  commitmentTypeValidator,
  sessionFields,
  sessionStatusValidator,
} from "./schema";

const actionItemViewValidator = v.object(withSystemFields("actionItems", actionItemFields)).extend({
  /** Derived for the caller's today in their time zone. */
  overdue: v.boolean(),
  session: v.object({ _id: v.id("sessions"), title: v.string(), startsAt: v.number(), status: sessionStatusValidator }),
  memberName: v.string(),
  coachName: v.string(),
  responsibleName: v.string(),
});

/** What the form sets, on create and on update. */
const formFields = {
  title: bounded.line(ACTION_ITEM_LIMITS.title),
  description: bounded.text(ACTION_ITEM_LIMITS.description),
  responsibleUserId: v.id("users"),
  commitmentType: commitmentTypeValidator,
  priority: actionItemPriorityValidator,
  dueDate: v.optional(bounded.token(LIMITS.dateText)),
  tags: bounded.array(bounded.line(ACTION_ITEM_LIMITS.tag), ACTION_ITEM_LIMITS.tags),
  estimatedMinutes: v.optional(bounded.int(0, ACTION_ITEM_LIMITS.minutes)),
  transcriptQuote: v.optional(bounded.text(ACTION_ITEM_LIMITS.transcriptQuote)),
  transcriptTimestamp: v.optional(bounded.token(LIMITS.dateText)),
  coachVisible: v.boolean(),
  clientVisible: v.boolean(),
};

/** The caller's items, last changed first. */
export const list = memberQuery({
  args: {},
  returns: v.array(actionItemViewValidator),
  handler: async (ctx) => itemViews(ctx, ctx.viewer, await callerItems(ctx, ctx.viewer), Date.now()),
});

/** One of the caller's items, or null when it is not theirs to see. */
export const get = memberQuery({
  args: { id: v.id("actionItems") },
  returns: v.union(actionItemViewValidator, v.null()),
  handler: async (ctx, { id }) => {
    const item = await itemFor(ctx, ctx.viewer, id);
    return item ? ((await itemViews(ctx, ctx.viewer, [item], Date.now()))[0] ?? null) : null;
  },
});

/** A new item on one of the caller's sessions; status defaults to pending. */
export const create = writerMutation({
  args: { sessionId: v.id("sessions"), ...formFields, status: v.optional(actionItemStatusValidator) },
  returns: v.id("actionItems"),
  handler: (ctx, args) => createActionItem(ctx, ctx.viewer, args, Date.now()),
});

/**
 * The command palette's "add <words>": a medium-priority item for the caller, due in a week, on
 * their running, next or last completed session.
 */
export const quickAdd = writerMutation({
  args: { title: bounded.line(ACTION_ITEM_LIMITS.title) },
  returns: v.id("actionItems"),
  handler: (ctx, { title }) => quickAddActionItem(ctx, ctx.viewer, title, Date.now()),
});

/** Saves the edit form; optional fields left out are cleared. */
export const update = writerMutation({
  args: {
    id: v.id("actionItems"),
    ...formFields,
    status: actionItemStatusValidator,
    actualMinutes: v.optional(bounded.int(0, ACTION_ITEM_LIMITS.minutes)),
    completionNotes: v.optional(bounded.text(ACTION_ITEM_LIMITS.completionNotes)),
  },
  returns: v.null(),
  handler: async (ctx, { id, ...edit }) => {
    await updateActionItem(ctx, ctx.viewer, id, edit, Date.now());
    return null;
  },
});

/**
 * The edit dialog on a coach's item, for the client: status, time spent and completion notes,
 * every detail left as it is.
 */
export const updateProgress = writerMutation({
  args: {
    id: v.id("actionItems"),
    status: actionItemStatusValidator,
    actualMinutes: v.optional(bounded.int(0, ACTION_ITEM_LIMITS.minutes)),
    completionNotes: v.optional(bounded.text(ACTION_ITEM_LIMITS.completionNotes)),
  },
  returns: v.null(),
  handler: async (ctx, { id, ...progress }) => {
    await updateActionItemProgress(ctx, ctx.viewer, id, progress, Date.now());
    return null;
  },
});

/** The card's quick status update. */
export const updateStatus = writerMutation({
  args: { id: v.id("actionItems"), status: actionItemStatusValidator },
  returns: v.null(),
  handler: async (ctx, { id, status }) => {
    await setActionItemStatus(ctx, ctx.viewer, id, status, Date.now());
    return null;
  },
});

/** The sessions an item may belong to: the caller's own, not cancelled, newest first. */
export const sessions = memberQuery({
  args: {},
  returns: v.array(
    v
      .object(withSystemFields("sessions", sessionFields))
      .pick("_id", "title", "startsAt", "endsAt", "status", "memberId", "coachId")
      .extend({
        memberName: v.string(),
        coachName: v.string(),
        /** For the session's coach only: whether the member has gentle nudges on (never what they say). */
        memberNudgesOn: v.optional(v.boolean()),
      }),
  ),
  handler: async (ctx) => {
    const rows = await callerSessions(ctx, ctx.viewer);
    const names = await namesOf(
      ctx,
      rows.flatMap((session) => [session.memberId, session.coachId]),
    );
    const coached = rows.filter((session) => session.coachId === ctx.viewer._id);
    const nudgesOn = await nudgesOnAmong(
      ctx,
      coached.map((session) => session.memberId),
    );
    return rows.map(({ _id, title, startsAt, endsAt, status, memberId, coachId }) => ({
      _id,
      title,
      startsAt,
      endsAt,
      status,
      memberId,
      coachId,
      memberName: names.get(memberId) ?? "",
      coachName: names.get(coachId) ?? "",
      ...(coachId === ctx.viewer._id ? { memberNudgesOn: nudgesOn.has(memberId) } : {}),
    }));
  },
});

/** The dashboard card: the most urgent open items and the counts. */
export const card = memberQuery({
  args: {},
  returns: v.object({
    items: v.array(actionItemViewValidator),
    pendingCount: v.number(),
    activeCount: v.number(),
    openCount: v.number(),
    totalCount: v.number(),
  }),
  handler: (ctx) => actionItemsCard(ctx, ctx.viewer, Date.now()),
});
