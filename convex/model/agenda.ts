/**
 * A session's check-in and agenda (agendaRules.ts has the rules and words). Until someone changes
 * it, the agenda is a draft computed on each read, so new commitments and check-in answers join it
 * at once. The first change keeps the draft's lines as rows (`materialise`); lines that appear
 * later join at the end. Each edit touches only its own row, so the coach and the member can edit
 * at once. When the session is completed the lines are kept as they are: its notes.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { todayIn, visibleToRole } from "./actionItemRules";
import {
  AGENDA_ADDED_MAX,
  agendaKeys,
  draftAgenda,
  positionBetween,
  POSITION_STEP,
  ruleKeyPoints,
  type AgendaLine,
  type CheckInAnswers,
  type CheckInKey,
  type KeyPoint,
} from "./agendaRules";
import { userError } from "./errors";
import { loadSessionFor } from "./sessions";

/** Rows one agenda may hold: the draft's lines and the added ones, with room to spare. */
const AGENDA_ROWS_MAX = 200;
/** A member's items read to find the pair's open ones (as the action items page reads them). */
const COMMITMENTS_READ = 500;
/** Earlier completed sessions of the member looked through for the pair's last transcript. */
const LAST_SESSIONS_READ = 20;

export type AgendaMode = "draft" | "live" | "notes";

export interface AgendaLineView extends AgendaLine {
  done: boolean;
}

export interface AgendaView {
  mode: AgendaMode;
  lines: AgendaLineView[];
  canEdit: boolean;
  /** The member's check-in, read once for the draft and the page. */
  checkIn: Doc<"sessionCheckIns"> | null;
}

/** Who may change a session's agenda: its own coach and member, and admins; read-only for other staff. */
export function canEditAgenda(viewer: Doc<"users">, session: Doc<"sessions">): boolean {
  return session.memberId === viewer._id || session.coachId === viewer._id || viewer.role === "admin";
}

export function checkInOf(ctx: Pick<QueryCtx, "db">, sessionId: Id<"sessions">) {
  return ctx.db
    .query("sessionCheckIns")
    .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
    .unique();
}

export function answersOf(row: Doc<"sessionCheckIns"> | null): CheckInAnswers | null {
  if (!row) return null;
  return { moved: row.moved, stuck: row.stuck, focus: row.focus };
}

/** One answer of the member's check-in, saved as typed; an answer of only spaces is no answer. */
export async function saveCheckIn(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, key: CheckInKey, text: string, now: number) {
  const session = await loadSessionFor(ctx, viewer, sessionId, "write");
  if (session.memberId !== viewer._id) throw userError("CHECK_IN_MEMBER_ONLY");
  if (session.status !== "scheduled") throw userError("CHECK_IN_CLOSED");
  const answer = text.trim() === "" ? undefined : text;
  const row = await checkInOf(ctx, sessionId);
  if (row) await ctx.db.patch("sessionCheckIns", row._id, { [key]: answer, updatedAt: now });
  else await ctx.db.insert("sessionCheckIns", { sessionId, memberId: session.memberId, [key]: answer, updatedAt: now });
  // A kept agenda shows the answer as it is now.
  const line = await rowByKey(ctx, sessionId, agendaKeys.checkIn(key));
  if (line && answer !== undefined) await ctx.db.patch("agendaItems", line._id, { text: answer.trim(), updatedAt: now });
  else if (line && !line.done) await ctx.db.delete("agendaItems", line._id);
}

function rowByKey(ctx: Pick<QueryCtx, "db">, sessionId: Id<"sessions">, key: string) {
  return ctx.db
    .query("agendaItems")
    .withIndex("by_session_and_key", (q) => q.eq("sessionId", sessionId).eq("key", key))
    .first();
}

function rowsOf(ctx: Pick<QueryCtx, "db">, sessionId: Id<"sessions">) {
  return ctx.db
    .query("agendaItems")
    .withIndex("by_session_and_position", (q) => q.eq("sessionId", sessionId))
    .take(AGENDA_ROWS_MAX);
}

/** The key points of the pair's last session before this one that has a transcript, if any. */
async function lastKeyPoints(ctx: Pick<QueryCtx, "db">, session: Doc<"sessions">): Promise<{ transcriptId: string; points: KeyPoint[] } | null> {
  const earlier = await ctx.db
    .query("sessions")
    .withIndex("by_member_status_and_start", (q) => q.eq("memberId", session.memberId).eq("status", "completed").lt("startsAt", session.startsAt))
    .order("desc")
    .take(LAST_SESSIONS_READ);
  for (const previous of earlier) {
    if (previous.coachId !== session.coachId) continue;
    const transcript = await ctx.db
      .query("transcripts")
      .withIndex("by_session", (q) => q.eq("sessionId", previous._id))
      .first();
    if (!transcript) continue;
    return { transcriptId: transcript._id, points: transcript.keyPoints ?? ruleKeyPoints(transcript.segments) };
  }
  return null;
}

/** The pair's items the role may see (the draft's commitments). */
async function pairItems(ctx: Pick<QueryCtx, "db">, session: Doc<"sessions">, role: string): Promise<Doc<"actionItems">[]> {
  const items = await ctx.db
    .query("actionItems")
    .withIndex("by_member_and_updated", (q) => q.eq("memberId", session.memberId))
    .order("desc")
    .take(COMMITMENTS_READ);
  return items.filter((item) => item.coachId === session.coachId && visibleToRole(role, item));
}

/** The draft as `role` may see it, for today in `timezone`, with the session's check-in `checkIn`. */
async function draftFor(
  ctx: Pick<QueryCtx, "db">,
  session: Doc<"sessions">,
  checkIn: Doc<"sessionCheckIns"> | null,
  role: string,
  timezone: string,
  now: number,
): Promise<AgendaLine[]> {
  const [commitments, keyPoints] = await Promise.all([pairItems(ctx, session, role), lastKeyPoints(ctx, session)]);
  return draftAgenda({ commitments, checkIn: answersOf(checkIn), keyPoints, today: todayIn(timezone, now) });
}

function keyOf(row: Doc<"agendaItems">) {
  return row.key ?? agendaKeys.added(row._id);
}

function lineOfRow(row: Doc<"agendaItems">): AgendaLineView {
  return {
    key: keyOf(row),
    source: row.source,
    text: row.text,
    done: row.done,
    ...(row.actionItemId === undefined ? {} : { actionItemId: row.actionItemId }),
    ...(row.dueDate === undefined ? {} : { dueDate: row.dueDate }),
    ...(row.timestamp === undefined ? {} : { timestamp: row.timestamp }),
    ...(row.checkIn === undefined ? {} : { checkIn: row.checkIn }),
  };
}

/**
 * The agenda as `viewer` sees it: the kept lines in order (a commitment they may not see left
 * out), then the draft's lines not kept yet. For a completed session, only the kept lines: its notes.
 */
export async function agendaFor(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, session: Doc<"sessions">, now: number): Promise<AgendaView> {
  const [rows, checkIn] = await Promise.all([rowsOf(ctx, session._id), checkInOf(ctx, session._id)]);
  const canEdit = session.status === "scheduled" && canEditAgenda(viewer, session);
  const visible = await visibleRows(ctx, rows, viewer.role);
  if (session.status !== "scheduled") return { mode: "notes", lines: visible.map(lineOfRow), canEdit: false, checkIn };
  const draft = await draftFor(ctx, session, checkIn, viewer.role, viewer.timezone, now);
  const live = new Map(draft.map((line) => [line.key, line]));
  const kept = new Set(rows.map((row) => row.key));
  const lines = [
    // A kept commitment shows as it is now (its title, whether it is overdue) while it is still open.
    ...visible.map((row) => ({ ...lineOfRow(row), ...(row.key ? live.get(row.key) : undefined), done: row.done })),
    ...draft.filter((line) => !kept.has(line.key)).map((line) => ({ ...line, done: false })),
  ];
  return { mode: rows.length === 0 ? "draft" : "live", lines, canEdit, checkIn };
}

async function visibleRows(ctx: Pick<QueryCtx, "db">, rows: Doc<"agendaItems">[], role: string) {
  const items = await Promise.all(rows.map((row) => (row.actionItemId ? ctx.db.get("actionItems", row.actionItemId) : Promise.resolve(null))));
  return rows.filter((row, index) => !row.actionItemId || !items[index] || visibleToRole(role, items[index]));
}

/** The session, if `viewer` may change its agenda now. */
export async function loadAgendaToEdit(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, sessionId: Id<"sessions">) {
  const session = await loadSessionFor(ctx, viewer, sessionId, "write");
  if (!canEditAgenda(viewer, session)) throw userError("AGENDA_NOT_YOURS");
  if (session.status !== "scheduled") throw userError("AGENDA_CLOSED");
  return session;
}

/**
 * Keeps the draft's lines not kept yet (as `role` sees them), after the kept ones, and returns
 * every row in order. A line kept by the other side a moment ago is not kept twice: both edits
 * read the same rows, so Convex runs the second again after the first.
 */
export async function materialise(ctx: MutationCtx, session: Doc<"sessions">, role: string, timezone: string, now: number): Promise<Doc<"agendaItems">[]> {
  const rows = await rowsOf(ctx, session._id);
  const kept = new Set(rows.map((row) => row.key));
  let position = rows.length > 0 ? rows[rows.length - 1]!.position : 0;
  const added: Doc<"agendaItems">[] = [];
  for (const line of await draftFor(ctx, session, await checkInOf(ctx, session._id), role, timezone, now)) {
    if (kept.has(line.key)) continue;
    position += POSITION_STEP;
    const fields = {
      sessionId: session._id,
      key: line.key,
      source: line.source,
      text: line.text,
      ...(line.actionItemId === undefined ? {} : { actionItemId: line.actionItemId }),
      ...(line.dueDate === undefined ? {} : { dueDate: line.dueDate }),
      ...(line.timestamp === undefined ? {} : { timestamp: line.timestamp }),
      ...(line.checkIn === undefined ? {} : { checkIn: line.checkIn }),
      position,
      done: false,
      updatedAt: now,
    };
    added.push({ _id: await ctx.db.insert("agendaItems", fields), _creationTime: now, ...fields });
  }
  return [...rows, ...added];
}

async function editableRows(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, now: number) {
  const session = await loadAgendaToEdit(ctx, viewer, sessionId);
  return materialise(ctx, session, viewer.role, viewer.timezone, now);
}

function find(rows: Doc<"agendaItems">[], key: string) {
  const index = rows.findIndex((row) => keyOf(row) === key);
  if (index < 0) throw userError("AGENDA_ITEM_NOT_FOUND");
  return index;
}

/** Ticks a line off, or back on. */
export async function setLineDone(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, key: string, done: boolean, now: number) {
  const rows = await editableRows(ctx, viewer, sessionId, now);
  const row = rows[find(rows, key)]!;
  if (row.done !== done) await ctx.db.patch("agendaItems", row._id, { done, updatedAt: now });
}

/**
 * Moves a line one place up or down, between its new neighbours: only its own row changes, so a
 * move by the other side at the same time is kept too. When two positions are too close to
 * split, the agenda is numbered afresh first.
 */
export async function moveLine(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, key: string, direction: "up" | "down", now: number) {
  const all = await editableRows(ctx, viewer, sessionId, now);
  // The neighbours are the lines the viewer sees: a commitment only the other side sees is not a place.
  let rows = await visibleRows(ctx, all, viewer.role);
  const index = find(rows, key);
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) return;
  const neighbours = (list: Doc<"agendaItems">[]) => (direction === "up" ? [list[target - 1], list[target]] : [list[target], list[target + 1]]);
  let [before, after] = neighbours(rows);
  let position = positionBetween(before?.position, after?.position);
  if (position === null) {
    const renumbered = new Map((await renumber(ctx, all, now)).map((row) => [row._id, row]));
    rows = rows.map((row) => renumbered.get(row._id)!);
    [before, after] = neighbours(rows);
    position = positionBetween(before?.position, after?.position)!;
  }
  await ctx.db.patch("agendaItems", rows[index]!._id, { position, updatedAt: now });
}

async function renumber(ctx: MutationCtx, rows: Doc<"agendaItems">[], now: number) {
  const renumbered = rows.map((row, index) => ({ ...row, position: (index + 1) * POSITION_STEP }));
  for (const row of renumbered) await ctx.db.patch("agendaItems", row._id, { position: row.position, updatedAt: now });
  return renumbered;
}

/** A line of one's own at the end; its key is returned. */
export async function addLine(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, text: string, now: number): Promise<string> {
  const rows = await editableRows(ctx, viewer, sessionId, now);
  if (rows.filter((row) => row.source === "added").length >= AGENDA_ADDED_MAX) throw userError("AGENDA_FULL");
  const last = rows[rows.length - 1];
  const id = await ctx.db.insert("agendaItems", {
    sessionId,
    source: "added",
    text: text.trim(),
    position: positionBetween(last?.position, undefined)!,
    done: false,
    addedBy: viewer._id,
    updatedAt: now,
  });
  return agendaKeys.added(id);
}

/** Removes a line added by hand; the drafted ones are ticked off instead. */
export async function removeLine(ctx: MutationCtx, viewer: Doc<"users">, sessionId: Id<"sessions">, key: string) {
  const session = await loadAgendaToEdit(ctx, viewer, sessionId);
  const rows = await rowsOf(ctx, session._id);
  const row = rows[find(rows, key)]!;
  if (row.source !== "added") throw userError("AGENDA_ITEM_NOT_FOUND");
  await ctx.db.delete("agendaItems", row._id);
}

/**
 * The session was completed: its agenda is kept as it stands, the draft included, as its notes
 * (every commitment, so each side later sees the ones their role may see).
 */
export async function keepAsNotes(ctx: MutationCtx, session: Doc<"sessions">, now: number) {
  const member = await ctx.db.get("users", session.memberId);
  await materialise(ctx, session, "admin", member?.timezone ?? "UTC", now);
}
