/**
 * Action item rules (SPEC §2, §4, §5): due dates and their urgency, the page's filters, sections
 * and groups, the form's checks and who sees what. Pure, so the pages import the same rules the
 * server applies; due dates are calendar days ("YYYY-MM-DD") compared with the viewer's today.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { actionItemStatusValidator } from "../schema";
import { keepProblem, numberProblem, textProblem } from "./bounds";
import { TRANSCRIPT_TIMESTAMP_PATTERN, type ActionItemPriority, type CommitmentType } from "./extraction";
import { ACTION_ITEM_MESSAGES } from "./messages";

export type ActionItemStatus = Infer<typeof actionItemStatusValidator>;

export const ACTION_ITEM_STATUSES = [
  "pending",
  "in_progress",
  "completed",
  "blocked",
  "cancelled",
] as const satisfies readonly ActionItemStatus[];
/** The page's filters (SPEC §2); "overdue" is derived, not a stored status. */
export const STATUS_FILTERS = ["all", "pending", "in_progress", "completed", "overdue", "blocked"] as const;
export const PRIORITY_FILTERS = ["all", "urgent", "high", "medium", "low"] as const;
export const OWNER_FILTERS = ["all", "mine", "other", "mutual"] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

/** "other" is the person across the session: the coach for a client, the client for a coach. */
export function OWNER_FILTER_LABELS(viewerIsCoach: boolean): Record<OwnerFilter, string> {
  return { all: "All Items", mine: "My Tasks", other: viewerIsCoach ? "Client Tasks" : "Coach Tasks", mutual: "Mutual Agreements" };
}

/** Labels switch for coaches (SPEC §5): their own commitments are "My Commitment". */
export function commitmentTypeLabel(type: CommitmentType, viewerIsCoach: boolean): string {
  switch (type) {
    case "user_commitment":
      return viewerIsCoach ? "Client Commitment" : "My Commitment";
    case "coach_commitment":
      return viewerIsCoach ? "My Commitment" : "Coach Commitment";
    case "mutual_agreement":
      return "Mutual Agreement";
  }
}

/** The Action Items page, where notifications and the activity feed send people. */
export const ACTION_ITEMS_URL = "/dashboard/action-items";

/** The most each field of an item may hold: the form's maxLength and the server's argument bounds. */
export const ACTION_ITEM_LIMITS = {
  title: 200,
  description: 5000,
  tags: 20,
  tag: 40,
  transcriptQuote: 2000,
  completionNotes: 5000,
  /** Estimated and actual minutes: a week of work. */
  minutes: 7 * 24 * 60,
} as const;

/** SPEC §9: a new item is due a week from today unless the form says otherwise. */
export const DEFAULT_DUE_DAYS = 7;
/** The amber banner: open items due within this many days (SPEC §2). */
export const DUE_SOON_DAYS = 7;
/** Items the dashboard card shows (SPEC §9). */
export const DASHBOARD_CARD_ITEMS = 3;
export const URGENCY_SCORES: Record<ActionItemPriority, number> = { urgent: 4, high: 3, medium: 2, low: 1 };

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of `now` in `timeZone`: what "today" is for that person. */
export function todayIn(timeZone: string, now: number): string {
  return format(new TZDate(now, timeZone), "yyyy-MM-dd");
}

/** Days since the epoch of a real "YYYY-MM-DD" date, else null. Calendar days carry no time zone, so no DST. */
function dayNumber(date: string): number | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

function isCalendarDate(date: string): boolean {
  return dayNumber(date) !== null;
}

/** The calendar day `days` after (or before, when negative) `date`. */
export function addCalendarDays(date: string, days: number): string {
  return new Date((dayNumber(date)! + days) * DAY_MS).toISOString().slice(0, 10);
}

export function defaultDueDate(today: string): string {
  return addCalendarDays(today, DEFAULT_DUE_DAYS);
}

/** Calendar days from `today` to `dueDate`: 0 today, 1 tomorrow, negative when past. */
export function daysUntilDue(dueDate: string, today: string): number {
  return dayNumber(dueDate)! - dayNumber(today)!;
}

export function dueText(dueDate: string, today: string): string {
  const days = daysUntilDue(dueDate, today);
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  if (days > 1) return `Due in ${days} days`;
  if (days === -1) return "Due yesterday";
  return `Overdue by ${-days} days`;
}

type Dated = { dueDate?: string; status: ActionItemStatus };

/** Not completed and not cancelled: still something to do. */
export const isOpenItem = (item: { status: ActionItemStatus }) => item.status !== "completed" && item.status !== "cancelled";

/** Derived, never stored (SPEC §3): the due day has passed and the item is still open. */
export function isOverdue(item: Dated, today: string): boolean {
  return isOpenItem(item) && item.dueDate !== undefined && daysUntilDue(item.dueDate, today) < 0;
}

/** The amber banner's items: open, due within DUE_SOON_DAYS, not yet overdue. */
export function isDueSoon(item: Dated, today: string): boolean {
  if (!isOpenItem(item) || item.dueDate === undefined) return false;
  const days = daysUntilDue(item.dueDate, today);
  return days >= 0 && days <= DUE_SOON_DAYS;
}

/** SPEC §4: high when overdue or due within a day, medium within 3 days, low within 7, else none. */
export function dueUrgency(dueDate: string | undefined, today: string): "high" | "medium" | "low" | null {
  if (dueDate === undefined) return null;
  const days = daysUntilDue(dueDate, today);
  if (days <= 1) return "high";
  if (days <= 3) return "medium";
  if (days <= 7) return "low";
  return null;
}

/** The people an item may be for; a single option is locked and preselected (SPEC §5). */
export function responsibleOptions(type: CommitmentType, session: { memberId: Id<"users">; coachId: Id<"users"> }): Id<"users">[] {
  switch (type) {
    case "user_commitment":
      return [session.memberId];
    case "coach_commitment":
      return [session.coachId];
    case "mutual_agreement":
      return [...new Set([session.memberId, session.coachId])];
  }
}

/** "a, b ,,c" → ["a", "b", "c"]: trimmed, blank ones dropped, each once. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(",").map((tag) => tag.trim()))].filter((tag) => tag !== "");
}

/** What the form holds; blank selects are "" or absent. `session`, when known, bounds the responsible person. */
export interface ActionItemDraft {
  title: string;
  sessionId?: string | null;
  responsibleUserId?: string | null;
  commitmentType?: CommitmentType | "" | null;
  priority?: ActionItemPriority | "" | null;
  estimatedMinutes?: number | null;
  actualMinutes?: number | null;
  transcriptTimestamp?: string | null;
  dueDate?: string | null;
  session?: { memberId: Id<"users">; coachId: Id<"users"> };
}

export type ActionItemField =
  | "title"
  | "sessionId"
  | "responsibleUserId"
  | "commitmentType"
  | "priority"
  | "estimatedMinutes"
  | "actualMinutes"
  | "transcriptTimestamp"
  | "dueDate";

/** The form's checks (SPEC §5), one message per field in trouble; empty when the draft may be saved. */
export function checkActionItem(draft: ActionItemDraft): Partial<Record<ActionItemField, string>> {
  const errors: Partial<Record<ActionItemField, string>> = {};
  if (!draft.title.trim()) errors.title = ACTION_ITEM_MESSAGES.TITLE_REQUIRED;
  else keepProblem(errors, "title", textProblem(draft.title, "line", ACTION_ITEM_LIMITS.title));
  if (!draft.sessionId) errors.sessionId = ACTION_ITEM_MESSAGES.SESSION_REQUIRED;
  if (!draft.commitmentType) errors.commitmentType = ACTION_ITEM_MESSAGES.COMMITMENT_TYPE_REQUIRED;
  const allowed = draft.session && draft.commitmentType ? (responsibleOptions(draft.commitmentType, draft.session) as string[]) : null;
  if (!draft.responsibleUserId || (allowed && !allowed.includes(draft.responsibleUserId)))
    errors.responsibleUserId = ACTION_ITEM_MESSAGES.RESPONSIBLE_REQUIRED;
  if (!draft.priority) errors.priority = ACTION_ITEM_MESSAGES.PRIORITY_REQUIRED;
  const minutes = draft.estimatedMinutes;
  const minutesError = minutes === undefined || minutes === null ? null : numberProblem(minutes, 0, ACTION_ITEM_LIMITS.minutes, true);
  if (minutesError) errors.estimatedMinutes = minutesError;
  const spent = draft.actualMinutes;
  const spentError = spent === undefined || spent === null ? null : numberProblem(spent, 0, ACTION_ITEM_LIMITS.minutes, true);
  if (spentError) errors.actualMinutes = spentError;
  if (draft.transcriptTimestamp && !TRANSCRIPT_TIMESTAMP_PATTERN.test(draft.transcriptTimestamp))
    errors.transcriptTimestamp = ACTION_ITEM_MESSAGES.TRANSCRIPT_TIMESTAMP_INVALID;
  if (draft.dueDate && !isCalendarDate(draft.dueDate)) errors.dueDate = ACTION_ITEM_MESSAGES.DUE_DATE_INVALID;
  return errors;
}

/**
 * The details of a coach's item, which only the coach changes; the client keeps the status, the
 * time spent and their own completion notes. Visibility is among them: a client must not hide the
 * coach's own item from the coach (SPEC §6), nor lose it from their own view.
 */
export const COACH_OWNED_FIELDS = [
  "title",
  "description",
  "responsibleUserId",
  "commitmentType",
  "priority",
  "dueDate",
  "tags",
  "estimatedMinutes",
  "transcriptQuote",
  "transcriptTimestamp",
  "coachVisible",
  "clientVisible",
] as const;
export type CoachOwnedField = (typeof COACH_OWNED_FIELDS)[number];

type Ownership = { commitmentType: CommitmentType; createdBy: Id<"users">; coachId: Id<"users"> };

/** A coach's item: the coach's own commitment, or any item the session's coach made. */
export function isCoachItem(item: Ownership): boolean {
  return item.commitmentType === "coach_commitment" || item.createdBy === item.coachId;
}

/** Whether `viewerId` may change only status, time spent and notes of `item`: anyone but its coach, on a coach's item. */
export function detailsLockedFor(item: Ownership, viewerId: Id<"users">): boolean {
  return isCoachItem(item) && viewerId !== item.coachId;
}

/** The coach-owned fields whose value differs between two normalised versions of an item. */
export function changedCoachFields(before: Record<CoachOwnedField, unknown>, after: Record<CoachOwnedField, unknown>): CoachOwnedField[] {
  return COACH_OWNED_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/**
 * SPEC §5: a client sees only client-visible items, a coach only coach-visible ones, others all.
 * Guests take part in sessions as the client, so they see what a client sees.
 */
export function visibleToRole(role: string, item: { clientVisible: boolean; coachVisible: boolean }): boolean {
  if (role === "client" || role.startsWith("guest")) return item.clientVisible;
  if (role === "coach") return item.coachVisible;
  return true;
}

type Sortable = Dated & { priority: ActionItemPriority; updatedAt: number };

/** Priority sections (SPEC §2); overdue items join Urgent. */
export const PRIORITY_SECTIONS = [
  { key: "urgent", label: "Urgent" },
  { key: "high", label: "High Priority" },
  { key: "medium", label: "Medium Priority" },
  { key: "low", label: "Low Priority" },
] as const satisfies readonly { key: ActionItemPriority; label: string }[];

export function prioritySection(item: Sortable, today: string): ActionItemPriority {
  return isOverdue(item, today) ? "urgent" : item.priority;
}

/** The list view's groups, in order. */
export const LIST_GROUPS = [
  { key: "overdue", label: "Overdue" },
  { key: "in_progress", label: "In Progress" },
  { key: "pending", label: "Pending" },
  { key: "blocked", label: "Blocked" },
  { key: "completed", label: "Completed" },
] as const;
export type ListGroup = (typeof LIST_GROUPS)[number]["key"];

/** The group an item is listed under; cancelled items are in none. */
export function listGroup(item: Dated, today: string): ListGroup | null {
  if (isOverdue(item, today)) return "overdue";
  return item.status === "cancelled" ? null : item.status;
}

export type ActionItemSort = "priority" | "dueDate" | "recent";

/** No due date sorts after every date. */
const dueKey = (item: Dated) => (item.dueDate === undefined ? Number.POSITIVE_INFINITY : dayNumber(item.dueDate)!);

/**
 * "priority": most urgent first (overdue counts as urgent), then soonest due; "dueDate": soonest
 * due first, then most urgent; "recent": last changed first. Ties go to the most recently changed.
 */
export function sortItems<T extends Sortable>(items: readonly T[], by: ActionItemSort, today: string): T[] {
  const urgency = (item: T) => URGENCY_SCORES[prioritySection(item, today)];
  const compare = (a: T, b: T): number => {
    if (by === "priority") return urgency(b) - urgency(a) || dueKey(a) - dueKey(b);
    if (by === "dueDate") return dueKey(a) - dueKey(b) || urgency(b) - urgency(a);
    return 0;
  };
  return [...items].sort((a, b) => compare(a, b) || b.updatedAt - a.updatedAt);
}

/** The page's stat counts (SPEC §2). */
export function actionItemStats(items: readonly Dated[], today: string) {
  const total = items.length;
  const done = items.filter((item) => item.status === "completed").length;
  const overdue = items.filter((item) => isOverdue(item, today)).length;
  return { total, done, overdue, completionPercent: total === 0 ? 0 : Math.round((done / total) * 100) };
}
