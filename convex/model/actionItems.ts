/**
 * Action items in the database: the caller's items (as a session's member or coach) with what
 * the pages show, the checks every write passes, and creating one, which the form and accepting
 * an extraction proposal share. The rules themselves are pure, in ./actionItemRules.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { recordActivity } from "./activity";
import {
  ACTION_ITEMS_URL,
  changedCoachFields,
  checkActionItem,
  detailsLockedFor,
  DASHBOARD_CARD_ITEMS,
  defaultDueDate,
  isOpenItem,
  isOverdue,
  type ActionItemDraft,
  parseTags,
  sortItems,
  todayIn,
  visibleToRole,
  type ActionItemStatus,
} from "./actionItemRules";
import { userError } from "./errors";
import { ACTION_ITEM_MESSAGES } from "./messages";
import { notify } from "./notifications";
import { latestCompletedSession, namesOf, nextSessionOf } from "./sessions";

/** Items read per side (as member, as coach) for the page and the card. */
export const ACTION_ITEMS_MAX = 500;
/** Sessions the form's session select and Session View offer. */
export const ACTION_ITEM_SESSIONS_MAX = 200;

type ItemFields = Omit<Doc<"actionItems">, "_id" | "_creationTime">;

/** What the form (or an accepted proposal) gives; the rest is derived from the session and the caller. */
export type ActionItemInput = Pick<
  ItemFields,
  | "sessionId"
  | "title"
  | "description"
  | "responsibleUserId"
  | "commitmentType"
  | "priority"
  | "dueDate"
  | "tags"
  | "estimatedMinutes"
  | "transcriptQuote"
  | "transcriptTimestamp"
  | "extractionConfidence"
  | "coachVisible"
  | "clientVisible"
> & { status?: ActionItemStatus };

/** What an edit may change: everything but the session and who made it. */
export type ActionItemEdit = Omit<ActionItemInput, "sessionId" | "extractionConfidence"> &
  Pick<ItemFields, "actualMinutes" | "completionNotes"> & { status: ActionItemStatus };

export type ActionItemView = Doc<"actionItems"> & {
  overdue: boolean;
  session: Pick<Doc<"sessions">, "_id" | "title" | "startsAt" | "status">;
  memberName: string;
  coachName: string;
  responsibleName: string;
};

const isParticipant = (viewer: Doc<"users">, owners: { memberId: Id<"users">; coachId: Id<"users"> }) =>
  owners.memberId === viewer._id || owners.coachId === viewer._id;

/** The caller's today, in their own time zone: what "overdue" and "due tomorrow" count from. */
export function todayFor(viewer: Doc<"users">, now: number): string {
  return todayIn(viewer.timezone, now);
}

/**
 * The items of the caller's own sessions (as member and as coach; admins too see only their own
 * here) that their role may see, last changed first.
 */
export async function callerItems(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">): Promise<Doc<"actionItems">[]> {
  const [asMember, asCoach] = await Promise.all([
    ctx.db
      .query("actionItems")
      .withIndex("by_member_and_updated", (q) => q.eq("memberId", viewer._id))
      .order("desc")
      .take(ACTION_ITEMS_MAX),
    ctx.db
      .query("actionItems")
      .withIndex("by_coach_and_updated", (q) => q.eq("coachId", viewer._id))
      .order("desc")
      .take(ACTION_ITEMS_MAX),
  ]);
  const byId = new Map([...asMember, ...asCoach].map((item) => [item._id, item]));
  return [...byId.values()].filter((item) => visibleToRole(viewer.role, item)).sort((a, b) => b.updatedAt - a.updatedAt);
}

/** One item, if it belongs to the caller's sessions and their role may see it; else null. */
export async function itemFor(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, id: Id<"actionItems">): Promise<Doc<"actionItems"> | null> {
  const item = await ctx.db.get("actionItems", id);
  return item && isParticipant(viewer, item) && visibleToRole(viewer.role, item) ? item : null;
}

/** An item the caller may change; anything else is "not found", so ids reveal nothing. */
export async function loadItemToWrite(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, id: Id<"actionItems">): Promise<Doc<"actionItems">> {
  const item = await itemFor(ctx, viewer, id);
  if (!item) throw userError("ACTION_ITEM_NOT_FOUND");
  return item;
}

/**
 * Items as the pages show them: session summary, names, and overdue for the caller's today. An
 * item whose session row is gone has nothing to show and is left out.
 */
export async function itemViews(
  ctx: Pick<QueryCtx, "db">,
  viewer: Doc<"users">,
  items: Doc<"actionItems">[],
  now: number,
): Promise<ActionItemView[]> {
  const today = todayFor(viewer, now);
  const sessionIds = [...new Set(items.map((item) => item.sessionId))];
  const loaded = await Promise.all(sessionIds.map((id) => ctx.db.get("sessions", id)));
  const sessions = new Map(sessionIds.map((id, i) => [id, loaded[i]]));
  const names = await namesOf(
    ctx,
    items.flatMap((item) => [item.memberId, item.coachId, item.responsibleUserId]),
  );
  return items.flatMap((item) => {
    const session = sessions.get(item.sessionId);
    if (!session) return [];
    return [
      {
        ...item,
        overdue: isOverdue(item, today),
        session: { _id: session._id, title: session.title, startsAt: session.startsAt, status: session.status },
        memberName: names.get(item.memberId) ?? "",
        coachName: names.get(item.coachId) ?? "",
        responsibleName: names.get(item.responsibleUserId) ?? "",
      },
    ];
  });
}

const optionalText = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** The fields the form edits, trimmed; blank optional text is left out rather than stored empty. */
function editable(input: Omit<ActionItemEdit, "status" | "actualMinutes" | "completionNotes">) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    responsibleUserId: input.responsibleUserId,
    commitmentType: input.commitmentType,
    priority: input.priority,
    dueDate: optionalText(input.dueDate),
    tags: parseTags(input.tags.join(",")),
    estimatedMinutes: input.estimatedMinutes,
    transcriptQuote: optionalText(input.transcriptQuote),
    transcriptTimestamp: optionalText(input.transcriptTimestamp),
    coachVisible: input.coachVisible,
    clientVisible: input.clientVisible,
  };
}

function throwIfInvalid(draft: ActionItemDraft) {
  const problems = checkActionItem(draft);
  if (Object.keys(problems).length > 0) throw userError("INVALID_ACTION_ITEM", problems);
}

/** completedDate follows the status: set when an item becomes completed, cleared when reopened. */
function completedDateFor(status: ActionItemStatus, before: Pick<ItemFields, "status" | "completedDate"> | null, now: number) {
  if (status !== "completed") return undefined;
  return before?.status === "completed" ? before.completedDate : now;
}

/** Tells the member's activity feed, unless the item is hidden from them. */
async function recordForMember(ctx: Pick<MutationCtx, "db">, item: ItemFields, title: string, now: number) {
  if (!item.clientVisible) return;
  await recordActivity(
    ctx,
    item.memberId,
    {
      type: "session",
      title,
      description: item.title,
      status: item.status === "completed" ? "completed" : "pending",
      metadata: { sessionId: item.sessionId },
      actionUrl: ACTION_ITEMS_URL,
      actionLabel: "View action items",
    },
    now,
  );
}

/**
 * Creates an action item on a session of `caller` (its member or coach), for the form and for an
 * accepted extraction proposal. Invalid input throws INVALID_ACTION_ITEM with field messages and
 * writes nothing; a session the caller is not part of is SESSION_NOT_FOUND. The member's feed
 * records it, and a member whose coach added a visible item for them is told.
 */
export async function createActionItem(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  input: ActionItemInput,
  now: number,
): Promise<Id<"actionItems">> {
  const session = await ctx.db.get("sessions", input.sessionId);
  if (!session || !isParticipant(caller, session)) throw userError("SESSION_NOT_FOUND");
  const fields = editable(input);
  // The form never offers a cancelled session, so it is no choice here either.
  throwIfInvalid({ ...fields, sessionId: session.status === "cancelled" ? null : session._id, session });
  const status = input.status ?? "pending";
  const item: ItemFields = {
    ...fields,
    status,
    extractionConfidence: input.extractionConfidence,
    sessionId: session._id,
    memberId: session.memberId,
    coachId: session.coachId,
    completedDate: completedDateFor(status, null, now),
    createdBy: caller._id,
    createdAt: now,
    updatedAt: now,
  };
  const id = await ctx.db.insert("actionItems", item);
  await recordForMember(ctx, item, status === "completed" ? "Action item completed" : "Action item added", now);
  if (caller._id !== session.memberId && item.clientVisible)
    await notify(
      ctx,
      session.memberId,
      {
        type: "action_item",
        priority: "low",
        title: "New action item",
        message: item.title,
        actions: [{ label: "View action items", url: ACTION_ITEMS_URL }],
        data: { sessionId: session._id },
      },
      { now },
    );
  return id;
}

/**
 * The command palette's "add <words>": an item for the caller on the session they most likely
 * mean (the running one, else the next, else the last completed one), with the form's defaults.
 * It goes through createActionItem, so a blank title fails as it does in the form.
 */
export async function quickAddActionItem(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  title: string,
  now: number,
): Promise<Id<"actionItems">> {
  const session = (await nextSessionOf(ctx, caller, now)) ?? (await latestCompletedSession(ctx, caller));
  if (!session) {
    const { title: titleProblem } = checkActionItem({ title });
    throw userError("INVALID_ACTION_ITEM", {
      ...(titleProblem ? { title: titleProblem } : {}),
      sessionId: ACTION_ITEM_MESSAGES.QUICK_ADD_NO_SESSION,
    });
  }
  return createActionItem(
    ctx,
    caller,
    {
      sessionId: session._id,
      title,
      description: "",
      responsibleUserId: caller._id,
      commitmentType: session.coachId === caller._id ? "coach_commitment" : "user_commitment",
      priority: "medium",
      dueDate: defaultDueDate(todayFor(caller, now)),
      tags: [],
      coachVisible: true,
      clientVisible: true,
    },
    now,
  );
}

/**
 * Saves the edit form: every editable field is replaced, and optional ones left out are cleared.
 * On a coach's item anyone but the coach may change only the status, the time spent and the
 * completion notes: a change to any other field is refused (ACTION_ITEM_COACH_FIELDS, naming
 * each field) and nothing is written.
 */
export async function updateActionItem(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  id: Id<"actionItems">,
  edit: ActionItemEdit,
  now: number,
) {
  const before = await loadItemToWrite(ctx, caller, id);
  const fields = editable(edit);
  if (detailsLockedFor(before, caller._id)) {
    const changed = changedCoachFields(editable(before), fields);
    if (changed.length > 0)
      throw userError("ACTION_ITEM_COACH_FIELDS", Object.fromEntries(changed.map((field) => [field, ACTION_ITEM_MESSAGES.COACH_FIELD_LOCKED])));
  }
  throwIfInvalid({ ...fields, actualMinutes: edit.actualMinutes, sessionId: before.sessionId, session: before });
  const changes = {
    ...fields,
    status: edit.status,
    actualMinutes: edit.actualMinutes,
    completionNotes: optionalText(edit.completionNotes),
    completedDate: completedDateFor(edit.status, before, now),
    updatedAt: now,
  };
  await ctx.db.patch("actionItems", id, changes);
  if (edit.status === "completed" && before.status !== "completed")
    await recordForMember(ctx, { ...before, ...changes }, "Action item completed", now);
}

/**
 * What is the client's on any item they may change: the status, the time spent and their own
 * completion notes, leaving every detail as it is now (so a coach's edit made meanwhile stands).
 */
export async function updateActionItemProgress(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  id: Id<"actionItems">,
  progress: Pick<ActionItemEdit, "status" | "actualMinutes" | "completionNotes">,
  now: number,
) {
  const before = await loadItemToWrite(ctx, caller, id);
  // Only the time spent is the caller's here; details stored long ago are not theirs to fix.
  const problem = checkActionItem({ ...before, actualMinutes: progress.actualMinutes }).actualMinutes;
  if (problem) throw userError("INVALID_ACTION_ITEM", { actualMinutes: problem });
  const changes = {
    status: progress.status,
    actualMinutes: progress.actualMinutes,
    completionNotes: optionalText(progress.completionNotes),
    completedDate: completedDateFor(progress.status, before, now),
    updatedAt: now,
  };
  await ctx.db.patch("actionItems", id, changes);
  if (progress.status === "completed" && before.status !== "completed")
    await recordForMember(ctx, { ...before, ...changes }, "Action item completed", now);
}

/** The card's quick status change (Mark Complete, Start Progress). */
export async function setActionItemStatus(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  id: Id<"actionItems">,
  status: ActionItemStatus,
  now: number,
) {
  const before = await loadItemToWrite(ctx, caller, id);
  await ctx.db.patch("actionItems", id, { status, completedDate: completedDateFor(status, before, now), updatedAt: now });
  if (status === "completed" && before.status !== "completed")
    await recordForMember(ctx, { ...before, status }, "Action item completed", now);
}

/** The caller's sessions as member or coach, cancelled ones left out, newest first: those an item may belong to. */
export async function callerSessions(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">): Promise<Doc<"sessions">[]> {
  const [asMember, asCoach] = await Promise.all([
    ctx.db
      .query("sessions")
      .withIndex("by_member_and_start", (q) => q.eq("memberId", viewer._id))
      .order("desc")
      .take(ACTION_ITEM_SESSIONS_MAX),
    ctx.db
      .query("sessions")
      .withIndex("by_coach_and_start", (q) => q.eq("coachId", viewer._id))
      .order("desc")
      .take(ACTION_ITEM_SESSIONS_MAX),
  ]);
  const byId = new Map([...asMember, ...asCoach].map((session) => [session._id, session]));
  return [...byId.values()]
    .filter((session) => session.status !== "cancelled")
    .sort((a, b) => b.startsAt - a.startsAt)
    .slice(0, ACTION_ITEM_SESSIONS_MAX);
}

/** The dashboard card: the most urgent open items, and how many are pending, in progress, open and there at all. */
export async function actionItemsCard(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, now: number) {
  const all = await callerItems(ctx, viewer);
  const open = all.filter(isOpenItem);
  const top = sortItems(open, "priority", todayFor(viewer, now)).slice(0, DASHBOARD_CARD_ITEMS);
  return {
    items: await itemViews(ctx, viewer, top, now),
    pendingCount: open.filter((item) => item.status === "pending").length,
    activeCount: open.filter((item) => item.status === "in_progress").length,
    openCount: open.length,
    totalCount: all.length,
  };
}
