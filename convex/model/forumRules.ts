/**
 * The community forum's rules: limits, reactions, category visibility, and the checks a
 * post must pass. Pure, so the server and the forms share one rule and one message.
 */
import { FORUM_MESSAGES } from "./messages";

/** Who sees a category: public ones also show their thread titles on /community; hidden ones only staff. */
export const FORUM_VISIBILITIES = ["public", "members", "hidden"] as const;
export type ForumVisibility = (typeof FORUM_VISIBILITIES)[number];

/** A post (or a thread, through its opening post) is shown, hidden by a moderator, or deleted. */
export const FORUM_POST_STATUSES = ["visible", "hidden", "deleted"] as const;
export type ForumPostStatus = (typeof FORUM_POST_STATUSES)[number];

/** Reactions, by name (stored) with what members see. Kind ones only: no down-votes. */
export const FORUM_REACTIONS = ["helpful", "support", "celebrate", "idea", "same"] as const;
export type ForumReaction = (typeof FORUM_REACTIONS)[number];
export const FORUM_REACTION_LABELS: Record<ForumReaction, { emoji: string; label: string }> = {
  helpful: { emoji: "👍", label: "Helpful" },
  support: { emoji: "💛", label: "Support" },
  celebrate: { emoji: "🎉", label: "Celebrate" },
  idea: { emoji: "💡", label: "Good idea" },
  same: { emoji: "🤝", label: "Same here" },
};

export const FORUM_REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ForumReportStatus = (typeof FORUM_REPORT_STATUSES)[number];

/** Every moderation action, as the audit log records it. */
export const FORUM_MODERATION_ACTIONS = ["hide", "restore", "lock", "unlock", "pin", "unpin", "move", "delete", "dismiss_report"] as const;
export type ForumModerationAction = (typeof FORUM_MODERATION_ACTIONS)[number];

export const FORUM_TITLE_MIN = 3;
export const FORUM_TITLE_MAX = 120;
export const FORUM_BODY_MAX = 10_000;
export const FORUM_REASON_MIN = 3;
export const FORUM_REASON_MAX = 500;
/** Authors may edit a post for this long after posting; later edits show as a reply instead. */
export const FORUM_EDIT_WINDOW_MS = 60 * 60 * 1000;
/** Threads and replies per page. */
export const FORUM_PAGE_SIZE = 20;
export const FORUM_SEARCH_LIMIT = 20;
/** Search words shorter than this are not looked up. */
export const FORUM_SEARCH_MIN = 2;
export const FORUM_SEARCH_MAX = 100;
/** People one post can mention; more @names are left as text. */
export const FORUM_MENTIONS_MAX = 5;
/** Thread titles /community shows to visitors. */
export const COMMUNITY_RECENT_THREADS = 5;
/** Characters of a post shown in search results and the moderation queue. */
export const FORUM_EXCERPT_LENGTH = 160;

export type ForumFieldErrors = Partial<Record<"title" | "body" | "reason", string>>;

const length = (text: string) => [...text].length;

/** The title's message, or undefined when it is fine (trimmed, in characters). */
export function titleError(title: string): string | undefined {
  const n = length(title.trim());
  return n < FORUM_TITLE_MIN || n > FORUM_TITLE_MAX ? FORUM_MESSAGES.TITLE_INVALID : undefined;
}

/** Raw HTML (tags, comments, autolinks with a scheme) is never part of a post. */
const HTML_TAG = /<\s*[/!?]?\s*[a-z][^>]*>|<!--/i;
/** Link targets that run code or smuggle content instead of going to a page. */
const SCRIPT_SCHEME = /\b(?:javascript|vbscript|data)\s*:/i;

/** Whether Markdown carries HTML or script links (refused, not cleaned, so nothing surprising is stored). */
export function isUnsafeMarkdown(body: string): boolean {
  return HTML_TAG.test(body) || SCRIPT_SCHEME.test(body);
}

/** The body's message, or undefined when it is fine. */
export function bodyError(body: string): string | undefined {
  if (body.trim() === "") return FORUM_MESSAGES.BODY_EMPTY;
  if (length(body) > FORUM_BODY_MAX) return FORUM_MESSAGES.BODY_TOO_LONG;
  if (isUnsafeMarkdown(body)) return FORUM_MESSAGES.BODY_UNSAFE;
  return undefined;
}

/** A moderator's or reporter's reason: required, short. */
export function reasonError(reason: string): string | undefined {
  const n = length(reason.trim());
  return n < FORUM_REASON_MIN || n > FORUM_REASON_MAX ? FORUM_MESSAGES.REASON_INVALID : undefined;
}

/** Whether a post written at `createdAt` may still be edited by its author at `now`. */
export function withinEditWindow(createdAt: number, now: number): boolean {
  return now - createdAt <= FORUM_EDIT_WINDOW_MS;
}

/** Whether an author may still edit their post: visible (not hidden or deleted) and within the edit window. */
export function canEditOwnPost(post: { status: ForumPostStatus; createdAt: number }, now: number): boolean {
  return post.status === "visible" && withinEditWindow(post.createdAt, now);
}

/** Something was posted in a thread since the reader last read it, or they never opened it. */
export function isUnread(lastActivityAt: number, lastReadAt: number | undefined): boolean {
  return lastReadAt === undefined || lastActivityAt > lastReadAt;
}

/** Ids a reader's own-state query takes at once: a few pages of a thread or a category. */
export const FORUM_OWN_STATE_IDS_MAX = 100;

/**
 * The names a post mentions, in lower case (looked up by their forum-name key), at most FORUM_MENTIONS_MAX, in order.
 * A name with spaces is written with underscores ("@Maya_R" for "Maya R"); each mention gives both
 * readings, since underscores are allowed in names too.
 */
export function mentionedKeys(body: string): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  for (const match of body.matchAll(/(?<![\p{L}\p{Nd}_.@-])@([\p{L}\p{M}\p{Nd}._-]{3,30})/gu)) {
    const raw = match[1]!.replace(/[._-]+$/, "").normalize("NFC").toLowerCase();
    if (raw.length < 3 || seen.has(raw)) continue;
    seen.add(raw);
    const spaced = raw.replace(/_/g, " ");
    found.push(spaced === raw ? [raw] : [raw, spaced]);
    if (found.length === FORUM_MENTIONS_MAX) break;
  }
  return found;
}

/** What search reads of a post: the thread's title with the opening post, the body alone for replies. */
export function searchTextOf(body: string, title?: string): string {
  return title === undefined ? body : `${title}\n${body}`;
}

/**
 * A short plain-text excerpt of Markdown, for search results, the moderation queue, notifications and
 * activity. Only Markdown's own syntax goes (line markers, emphasis, code ticks, link targets), so
 * ordinary punctuation such as "25-minute" or "well_known" reads as written. Hand-written rather than a
 * Markdown parser: a preview needs no tree, and the parser would weigh on every Convex function bundle.
 */
export function excerptOf(body: string, max = FORUM_EXCERPT_LENGTH): string {
  const plain = body
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s*(?:[-*_]\s*){3,}$/, "")
        .replace(/^\s*(?:`{3,}|~{3,}).*$/, "")
        .replace(/^\s*(?:>\s?)+/, "")
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, "")
        .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/, "")
        .replace(/\s*\|\s*/g, " "),
    )
    .join(" ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*{1,3}|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(?<![\p{L}\p{N}_])(_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\p{L}\p{N}_])/gu, "$2")
    .replace(/`+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return length(plain) <= max ? plain : `${[...plain].slice(0, max - 1).join("").trimEnd()}…`;
}
