/**
 * Gentle nudges (the rules are in nudgeRules.ts): a member's choice, the sweep that sends at most
 * one nudge a day in their zone outside their quiet hours, and the one-click answers. Each link is
 * signed (jose, like the account links) and each item of a nudge answers once, whichever link.
 */
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { queueEmail } from "../email";
import { accountLinkSecret } from "../integrations/config";
import { ACTION_ITEMS_URL, addCalendarDays, isOpenItem, sortItems, todayIn } from "./actionItemRules";
import { ACTION_ITEMS_MAX, setActionItemStatus } from "./actionItems";
import { userError } from "./errors";
import { notify } from "./notifications";
import {
  DEFAULT_QUIET_HOURS,
  NUDGE_ANSWERS,
  NUDGE_BATCH,
  NUDGE_LINK_TTL_MS,
  NUDGE_MAX_ITEMS,
  NUDGE_PATH,
  NUDGE_REST_DAYS,
  NUDGE_TEXTS,
  nextNudgeAt,
  nudgeAllowedAt,
  nudgeDueRange,
  validQuietHours,
  type NudgeAnswer,
  type QuietHours,
} from "./nudgeRules";
import { LINK_PURPOSES, signAccountLink, siteLink, verifyAccountLink } from "./reactivation";

const DAY_MS = 24 * 60 * 60_000;
const SETTINGS_PATH = "/dashboard/settings";

export interface NudgeSettings {
  enabled: boolean;
  quietStart: number;
  quietEnd: number;
}

async function settingsRow(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return await ctx.db
    .query("nudgeSettings")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

/** The member's choice, or nudges off with the default quiet hours. */
export async function nudgeSettingsOf(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<NudgeSettings> {
  const row = await settingsRow(ctx, userId);
  return row
    ? { enabled: row.enabled, quietStart: row.quietStart, quietEnd: row.quietEnd }
    : { enabled: false, quietStart: DEFAULT_QUIET_HOURS.start, quietEnd: DEFAULT_QUIET_HOURS.end };
}

export async function saveNudgeSettings(ctx: MutationCtx, member: Doc<"users">, settings: NudgeSettings, now: number) {
  const quiet: QuietHours = { start: settings.quietStart, end: settings.quietEnd };
  if (!validQuietHours(quiet)) throw userError("NUDGE_QUIET_INVALID");
  const row = await settingsRow(ctx, member._id);
  const nextAt = nextNudgeAt(now, member.timezone, quiet, row?.lastDay);
  if (row) await ctx.db.patch("nudgeSettings", row._id, { ...settings, nextAt });
  else await ctx.db.insert("nudgeSettings", { userId: member._id, ...settings, nextAt });
}

/** A new time zone moves the next look to the member's new local hours. */
export async function rescheduleNudges(ctx: MutationCtx, member: Doc<"users">, now: number) {
  const row = await settingsRow(ctx, member._id);
  if (row?.enabled) await ctx.db.patch("nudgeSettings", row._id, { nextAt: nextNudgeAt(now, member.timezone, quietOf(row), row.lastDay) });
}

const quietOf = (row: Doc<"nudgeSettings">): QuietHours => ({ start: row.quietStart, end: row.quietEnd });

/** The members among `memberIds` who have nudges on: what a coach may know, never a nudge's content. */
export async function nudgesOnAmong(ctx: Pick<QueryCtx, "db">, memberIds: readonly Id<"users">[]): Promise<Set<Id<"users">>> {
  const unique = [...new Set(memberIds)];
  const rows = await Promise.all(unique.map((id) => settingsRow(ctx, id)));
  return new Set(unique.filter((_, i) => rows[i]?.enabled === true));
}

// ---------------------------------------------------------------- the sweep

/** One batch of the members due a look; `more` when the batch was full and another should follow. */
export async function sendDueNudges(ctx: MutationCtx, now: number): Promise<{ looked: number; sent: number; more: boolean }> {
  const due = await ctx.db
    .query("nudgeSettings")
    .withIndex("by_enabled_and_next", (q) => q.eq("enabled", true).lte("nextAt", now))
    .take(NUDGE_BATCH);
  let sent = 0;
  for (const row of due) if (await nudgeOne(ctx, row, now)) sent++;
  return { looked: due.length, sent, more: due.length === NUDGE_BATCH };
}

/** Sends the member today's nudge when the hour allows and something is due soon; always moves `nextAt` on. */
async function nudgeOne(ctx: MutationCtx, row: Doc<"nudgeSettings">, now: number): Promise<boolean> {
  const quiet = quietOf(row);
  const member = await ctx.db.get("users", row.userId);
  if (!member || member.status !== "active" || member.anonymizedAt !== undefined) {
    await ctx.db.patch("nudgeSettings", row._id, { nextAt: now + DAY_MS });
    return false;
  }
  const zone = member.timezone;
  if (!nudgeAllowedAt(now, zone, quiet, row.lastDay)) {
    await ctx.db.patch("nudgeSettings", row._id, { nextAt: nextNudgeAt(now, zone, quiet, row.lastDay) });
    return false;
  }
  const today = todayIn(zone, now);
  const items = await itemsToNudge(ctx, member, today, now);
  // Nothing due soon: no nudge today, and a look again tomorrow.
  if (items.length === 0) {
    await ctx.db.patch("nudgeSettings", row._id, { nextAt: nextNudgeAt(now, zone, quiet, today) });
    return false;
  }
  await ctx.db.patch("nudgeSettings", row._id, { lastDay: today, nextAt: nextNudgeAt(now, zone, quiet, today) });
  await sendNudge(ctx, member, today, items, now);
  return true;
}

/** Up to NUDGE_MAX_ITEMS of the member's own open items due soon, soonest first, leaving out those resting after "Not today". */
async function itemsToNudge(ctx: Pick<QueryCtx, "db">, member: Doc<"users">, today: string, now: number): Promise<Doc<"actionItems">[]> {
  const { from, to } = nudgeDueRange(today);
  const resting = await restingItems(ctx, member._id, today, now);
  const items = await ctx.db
    .query("actionItems")
    .withIndex("by_member_and_updated", (q) => q.eq("memberId", member._id))
    .order("desc")
    .take(ACTION_ITEMS_MAX);
  const due = items.filter(
    (item) =>
      item.responsibleUserId === member._id &&
      item.clientVisible &&
      isOpenItem(item) &&
      item.status !== "blocked" &&
      item.dueDate !== undefined &&
      item.dueDate >= from &&
      item.dueDate <= to &&
      !resting.has(item._id),
  );
  return sortItems(due, "dueDate", today).slice(0, NUDGE_MAX_ITEMS);
}

/** Items the member answered "Not today" on one of the last NUDGE_REST_DAYS local days (today included). */
async function restingItems(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, today: string, now: number): Promise<Set<Id<"actionItems">>> {
  const since = addCalendarDays(today, 1 - NUDGE_REST_DAYS);
  const recent = await ctx.db
    .query("nudges")
    .withIndex("by_user_and_sent", (q) => q.eq("userId", userId).gt("sentAt", now - (NUDGE_REST_DAYS + 1) * DAY_MS))
    .take(NUDGE_REST_DAYS + 2);
  return new Set(
    recent
      .filter((nudge) => nudge.day >= since)
      .flatMap((nudge) => nudge.items.filter((item) => item.answer === "not_today").map((item) => item.actionItemId)),
  );
}

async function sendNudge(ctx: MutationCtx, member: Doc<"users">, day: string, items: Doc<"actionItems">[], now: number) {
  const jti = crypto.randomUUID();
  const expiresAt = now + NUDGE_LINK_TTL_MS;
  await ctx.db.insert("nudges", {
    userId: member._id,
    day,
    sentAt: now,
    jti,
    expiresAt,
    items: items.map((item) => ({ actionItemId: item._id, title: item.title })),
  });
  const links = await answerLinks(member, jti, items, now);
  const titles = items.map((item) => item.title);
  const message = NUDGE_TEXTS.message(titles);
  await notify(
    ctx,
    member._id,
    {
      type: "action_item",
      priority: "medium",
      title: NUDGE_TEXTS.title,
      message,
      actions: links ?? [{ label: "See my action items", url: ACTION_ITEMS_URL }],
    },
    { now },
  );
  // The links come as Done, Not today for each item in turn (answerLinks).
  const lines = items.flatMap((item, i) => [
    "",
    `• ${item.title}`,
    ...(links
      ? [`  Done: ${siteLink(env.SITE_URL, links[2 * i]!.url)}`, `  Not today: ${siteLink(env.SITE_URL, links[2 * i + 1]!.url)}`]
      : []),
  ]);
  await queueEmail(
    ctx,
    {
      to: member.email,
      subject: NUDGE_TEXTS.subject(titles[0]!),
      template: "commitment_nudge",
      text: [
        `Hi ${member.firstName || "there"},`,
        "",
        message,
        ...lines,
        "",
        `Each link works once, no sign-in needed. Everything else waits on your Action Items page: ${siteLink(env.SITE_URL, ACTION_ITEMS_URL)}`,
        "",
        `You turned these nudges on. To change their hours or turn them off: ${siteLink(env.SITE_URL, SETTINGS_PATH)}`,
        "",
        "LWCC",
      ].join("\n"),
    },
    { idempotencyKey: `nudge:${member._id}:${day}` },
  );
}

/** Done and Not today for each item, in that order, as in-app paths; null when no link secret is set. */
async function answerLinks(member: Doc<"users">, jti: string, items: Doc<"actionItems">[], now: number) {
  const secret = accountLinkSecret();
  if (!secret) return null;
  const links: { label: string; url: string }[] = [];
  for (const [index, item] of items.entries())
    for (const answer of NUDGE_ANSWERS) {
      const { token } = await signAccountLink(
        secret,
        { purpose: LINK_PURPOSES.nudge, userId: member._id, email: member.email, jti, detail: `${index}:${answer}` },
        now,
        NUDGE_LINK_TTL_MS,
      );
      const label = answer === "done" ? NUDGE_TEXTS.doneLabel(item.title) : NUDGE_TEXTS.notTodayLabel(item.title);
      links.push({ label, url: `${NUDGE_PATH}?token=${encodeURIComponent(token)}` });
    }
  return links;
}

// ---------------------------------------------------------------- answers

export type NudgeOutcome =
  | { ok: true; answer: NudgeAnswer; title: string; message: string }
  | { ok: false; reason: "expired" | "invalid" | "answered" | "gone"; message: string };

const DETAIL = /^(\d):(done|not_today)$/;

/** Applies a nudge link's answer once: Done completes the item, Not today rests it. Anything off changes nothing. */
export async function answerNudge(ctx: MutationCtx, token: string, now: number): Promise<NudgeOutcome> {
  const secret = accountLinkSecret();
  const verified = secret ? await verifyAccountLink(secret, token, LINK_PURPOSES.nudge, now).catch(() => null) : null;
  if (!verified?.ok) return verified?.error === "expired" ? { ok: false, reason: "expired", message: NUDGE_TEXTS.expired } : invalid();
  const detail = DETAIL.exec(verified.claims.detail ?? "");
  const nudge = await ctx.db
    .query("nudges")
    .withIndex("by_jti", (q) => q.eq("jti", verified.claims.jti))
    .unique();
  const userId = ctx.db.normalizeId("users", verified.claims.sub);
  const member = userId ? await ctx.db.get("users", userId) : null;
  const index = detail ? Number(detail[1]) : -1;
  const entry = nudge?.items[index];
  if (
    !detail ||
    !nudge ||
    !entry ||
    !member ||
    nudge.userId !== member._id ||
    member.status !== "active" ||
    member.anonymizedAt !== undefined
  )
    return invalid();
  if (entry.answer !== undefined) return { ok: false, reason: "answered", message: NUDGE_TEXTS.alreadyAnswered };
  const answer = detail[2] as NudgeAnswer;
  const item = await ctx.db.get("actionItems", entry.actionItemId);
  if (!item || item.memberId !== member._id || !isOpenItem(item)) return { ok: false, reason: "gone", message: NUDGE_TEXTS.gone };
  if (answer === "done") await setActionItemStatus(ctx, member, item._id, "completed", now);
  await ctx.db.patch("nudges", nudge._id, {
    items: nudge.items.map((row, i) => (i === index ? { ...row, answer, answeredAt: now } : row)),
  });
  return { ok: true, answer, title: entry.title, message: NUDGE_TEXTS.answered[answer] };
}

const invalid = (): NudgeOutcome => ({ ok: false, reason: "invalid", message: NUDGE_TEXTS.invalid });

/** Removes nudges whose links have expired (they outlive any rest), a batch at a time. */
export async function removeExpiredNudges(ctx: MutationCtx, now: number, batch: number): Promise<number> {
  const old = await ctx.db
    .query("nudges")
    .withIndex("by_expires", (q) => q.lt("expiresAt", now))
    .take(batch);
  for (const row of old) await ctx.db.delete("nudges", row._id);
  return old.length;
}
