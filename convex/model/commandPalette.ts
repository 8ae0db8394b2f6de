/**
 * What the command palette (Ctrl/Cmd+K) offers a signed-in writer besides its fixed commands: the
 * time balance, the session to join, open action items, and the newest recordings and
 * transcripts. Each part is a few bounded index reads, through the same helpers and access rules
 * as the pages the entries open.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { callerItems, todayFor } from "./actionItems";
import { isOpenItem, isOverdue, sortItems } from "./actionItemRules";
import { allows } from "./permissions";
import { canAccessSession, joinWindow, namesOf, nextSessionOf } from "./sessions";
import { readBalance } from "./timeBalance";

/** Open action items the palette lists, most urgent first. */
export const PALETTE_OPEN_ITEMS = 20;
/** Recordings, and transcripts, the palette lists, newest first. */
export const PALETTE_RECENT = 5;

type Filed = { sessionId: Id<"sessions">; createdAt: number };

/**
 * The rows read on each of the caller's sides, newest first, that the caller may open (as
 * recordings.get and transcripts.get decide), with their sessions; at most PALETTE_RECENT.
 */
async function openableNewest<Row extends Filed & { _id: string }>(
  ctx: Pick<QueryCtx, "db">,
  viewer: Doc<"users">,
  sides: Row[][],
): Promise<{ row: Row; session: Doc<"sessions"> }[]> {
  const rows = [...new Map(sides.flat().map((row) => [row._id, row])).values()].sort((a, b) => b.createdAt - a.createdAt);
  const sessions = await Promise.all(rows.map((row) => ctx.db.get("sessions", row.sessionId)));
  return rows
    .flatMap((row, i) => {
      const session = sessions[i];
      return session && canAccessSession(viewer, session, "read") ? [{ row, session }] : [];
    })
    .slice(0, PALETTE_RECENT);
}

/** The next session as the palette shows it: its join window and the person on the other side. */
async function nextSessionEntry(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, now: number) {
  const session = await nextSessionOf(ctx, viewer, now);
  if (!session) return null;
  const withId = session.memberId === viewer._id ? session.coachId : session.memberId;
  const names = await namesOf(ctx, [withId]);
  return {
    _id: session._id,
    title: session.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    ...joinWindow(session),
    withName: names.get(withId) ?? "",
  };
}

/** The caller's open items they may see (as actionItems.list), most urgent first. */
async function openItemEntries(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, now: number) {
  const today = todayFor(viewer, now);
  const open = (await callerItems(ctx, viewer)).filter(isOpenItem);
  return sortItems(open, "priority", today)
    .slice(0, PALETTE_OPEN_ITEMS)
    .map((item) => ({
      _id: item._id,
      title: item.title,
      priority: item.priority,
      ...(item.dueDate === undefined ? {} : { dueDate: item.dueDate }),
      overdue: isOverdue(item, today),
    }));
}

/**
 * The palette's entries for `viewer`. Recordings and transcripts are the caller's own as member,
 * and for coaches and admins also the ones they filed, which are those of the sessions they coach.
 */
export async function paletteEntries(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, now: number) {
  const staff = allows("staff", viewer);
  const [balance, nextSession, openItems, recordingSides, transcriptSides] = await Promise.all([
    readBalance(ctx, viewer._id),
    nextSessionEntry(ctx, viewer, now),
    openItemEntries(ctx, viewer, now),
    Promise.all([
      ctx.db
        .query("recordings")
        .withIndex("by_member_and_created", (q) => q.eq("memberId", viewer._id))
        .order("desc")
        .take(PALETTE_RECENT),
      staff
        ? ctx.db
            .query("recordings")
            .withIndex("by_uploader_and_created", (q) => q.eq("uploadedBy", viewer._id))
            .order("desc")
            .take(PALETTE_RECENT)
        : [],
    ]),
    Promise.all([
      ctx.db
        .query("transcripts")
        .withIndex("by_member_and_created", (q) => q.eq("memberId", viewer._id))
        .order("desc")
        .take(PALETTE_RECENT),
      staff
        ? ctx.db
            .query("transcripts")
            .withIndex("by_uploader_and_created", (q) => q.eq("uploadedBy", viewer._id))
            .order("desc")
            .take(PALETTE_RECENT)
        : [],
    ]),
  ]);
  const [recordings, transcripts] = await Promise.all([
    openableNewest(ctx, viewer, recordingSides),
    openableNewest(ctx, viewer, transcriptSides),
  ]);
  return {
    remainingMinutes: balance.remainingMinutes,
    nextSession,
    openItems,
    recordings: recordings.map(({ row }) => ({ _id: row._id, title: row.title, createdAt: row.createdAt })),
    transcripts: transcripts.map(({ row, session }) => ({ _id: row._id, title: session.title, createdAt: row.createdAt })),
  };
}
