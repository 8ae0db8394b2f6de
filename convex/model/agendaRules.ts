/**
 * The check-in before a session and the agenda drafted from it: the rules and words, pure, shared
 * by the server and the pages. The draft comes from three sources: the pair's open commitments
 * (overdue first), the member's check-in, and key points quoted from the last session's transcript.
 */
import { isOpenItem, isOverdue, sortItems, type ActionItemStatus } from "./actionItemRules";
import type { Id } from "../_generated/dataModel";
import type { ActionItemPriority } from "./extraction";
import { REMINDER_OFFSETS_MS } from "./notifications";
import { formatTimestamp } from "./transcripts";

export const CHECK_IN_QUESTIONS = [
  { key: "moved", label: "What moved since last time?", hint: "A win counts, however small.", agendaLabel: "What moved" },
  { key: "stuck", label: "What is stuck?", hint: "Where a hand would help.", agendaLabel: "What is stuck" },
  { key: "focus", label: "What matters most this time?", hint: "The one thing you want to leave with.", agendaLabel: "What matters most" },
] as const;
export type CheckInKey = (typeof CHECK_IN_QUESTIONS)[number]["key"];
export const CHECK_IN_KEYS = CHECK_IN_QUESTIONS.map((question) => question.key) as readonly CheckInKey[];
/** The check-in is asked for with the reminder this long before the session (the day before). */
export const CHECK_IN_INVITE_OFFSET_MS = REMINDER_OFFSETS_MS[0];
/** Where the check-in sits on the session page. */
export const CHECK_IN_ANCHOR = "#check-in";
/** An answer is a few sentences: two minutes in all. */
export const CHECK_IN_MAX_CHARS = 1000;

export const CHECK_IN_TEXTS = {
  title: "Your two-minute check-in",
  intro: "Three optional questions, so your coach knows where you are. Your answers save as you type.",
  invite: "Take two minutes to check in before your session: what moved, what is stuck, and what matters most this time.",
  inviteAction: "Check in",
} as const;

/** An item added by hand is a line, not an essay. */
export const AGENDA_ITEM_MAX_CHARS = 200;
/** Items added by hand to one session's agenda. */
export const AGENDA_ADDED_MAX = 30;
/** Commitments on a draft: enough to talk about in one session. */
export const AGENDA_COMMITMENTS_MAX = 8;
/** Key points quoted from the last session. */
export const KEY_POINTS_MAX = 3;
/** Tries at reading key points with the model before the rules' ones are kept. */
export const KEY_POINTS_AI_ATTEMPTS = 3;
/** A quote is one sentence or so; longer segments are cut at a sentence end (the quote stays exact). */
export const KEY_POINT_MAX_CHARS = 240;
/** A line's key as a client sends it back: a source and an id or two. */
export const AGENDA_KEY_MAX = 120;
/** Where positions start and how far apart kept lines are. */
export const POSITION_STEP = 1024;

export const AGENDA_SOURCES = ["commitment", "key_point", "check_in", "added"] as const;
export type AgendaSource = (typeof AGENDA_SOURCES)[number];

/** What an agenda line is about; `key` names it across drafts and edits (stable for its source). */
export interface AgendaLine {
  key: string;
  source: AgendaSource;
  text: string;
  actionItemId?: Id<"actionItems">;
  dueDate?: string;
  overdue?: boolean;
  /** MM:SS into the last session, for a key point. */
  timestamp?: string;
  checkIn?: CheckInKey;
}

export const agendaKeys = {
  commitment: (actionItemId: string) => `commitment:${actionItemId}`,
  keyPoint: (transcriptId: string, index: number) => `point:${transcriptId}:${index}`,
  checkIn: (key: CheckInKey) => `check_in:${key}`,
  added: (rowId: string) => `added:${rowId}`,
};

export const AGENDA_TEXTS = {
  draftTitle: "Draft agenda",
  title: "Agenda",
  notesTitle: "Session notes",
  draftHint: "Drafted from open commitments, your check-in and the last session. Reorder it, tick items off or add your own.",
  empty: "Nothing on the agenda yet. Add what you'd like to talk about.",
  addLabel: "Add an item",
  addEmpty: "Write what you'd like to talk about.",
  sources: {
    commitment: "Commitment",
    overdue: "Overdue commitment",
    key_point: "From the last session",
    check_in: "Check-in",
    added: "Added",
  },
} as const;

export interface KeyPoint {
  quote: string;
  startSeconds: number;
}

interface Segment {
  startSeconds: number;
  text: string;
}

/** Words that mark a decision, an insight or a plan: what a coach would quote back. */
const SIGNALS: readonly [RegExp, number][] = [
  [/\b(decided|decide|agreed|commit(?:ted)?|promise)\b/i, 3],
  [/\b(realis|realiz|noticed|learned|figured out|turns out|the (?:real )?problem is|what works)/i, 3],
  [/\b(i'?ll|i will|i'm going to|going to|let's|next time|this week|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow))\b/i, 2],
  [/\b(stuck|hard|struggl|overwhelm|avoid|procrastinat)/i, 2],
  [/\b(important|priority|goal|matters|key)\b/i, 1],
];

const signalScore = (text: string) => SIGNALS.reduce((total, [pattern, weight]) => total + (pattern.test(text) ? weight : 0), 0);

/** The sentence of `text` with the strongest signal, cut to KEY_POINT_MAX_CHARS; an exact substring of `text`. */
function quoteFrom(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= KEY_POINT_MAX_CHARS) return trimmed;
  const sentences = (trimmed.match(/[^.!?]+[.!?]+/g) ?? []).map((sentence) => sentence.trim()).filter((sentence) => sentence.length <= KEY_POINT_MAX_CHARS);
  let best: string | undefined;
  for (const sentence of sentences) if (signalScore(sentence) > (best === undefined ? 0 : signalScore(best))) best = sentence;
  if (best) return best;
  const cut = trimmed.slice(0, KEY_POINT_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > KEY_POINT_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

/**
 * Key points by offline rules: the segments with the strongest signals of a decision, an insight
 * or a plan (ties to the longer, then the earlier), at most KEY_POINTS_MAX, in the order spoken.
 * Each quote is an exact substring of its segment.
 */
export function ruleKeyPoints(segments: readonly Segment[]): KeyPoint[] {
  const scored = segments
    .map((segment, index) => {
      const words = segment.text.trim().split(/\s+/).length;
      const score = words < 6 ? 0 : signalScore(segment.text);
      return { index, segment, score, words };
    })
    .filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score || b.words - a.words || a.index - b.index);
  return scored
    .slice(0, KEY_POINTS_MAX)
    .sort((a, b) => a.index - b.index)
    .map(({ segment }) => ({ quote: quoteFrom(segment.text), startSeconds: segment.startSeconds }));
}

/** A key point from elsewhere (a model) is kept only when its quote is really in the transcript. */
export function isQuoteOf(point: KeyPoint, segments: readonly Segment[]): boolean {
  const quote = point.quote.trim();
  return quote.length > 0 && quote.length <= KEY_POINT_MAX_CHARS && segments.some((segment) => segment.text.includes(quote));
}

/**
 * A model's key points, kept only where the quote is really in a transcript line: the line at the
 * timestamp it named if the quote is there, else the first line that holds it. At most
 * KEY_POINTS_MAX, in the order spoken.
 */
export function groundKeyPoints(points: readonly { quote: string; timestamp: string }[], segments: readonly Segment[]): KeyPoint[] {
  const grounded: KeyPoint[] = [];
  for (const point of points) {
    const quote = point.quote.trim();
    if (quote.length === 0 || quote.length > KEY_POINT_MAX_CHARS) continue;
    const holding = segments.filter((segment) => segment.text.includes(quote));
    const segment = holding.find((entry) => formatTimestamp(entry.startSeconds) === point.timestamp.trim()) ?? holding[0];
    if (segment && !grounded.some((kept) => kept.quote === quote)) grounded.push({ quote, startSeconds: segment.startSeconds });
  }
  return grounded.slice(0, KEY_POINTS_MAX).sort((a, b) => a.startSeconds - b.startSeconds);
}

export interface CommitmentSource {
  _id: Id<"actionItems">;
  title: string;
  status: ActionItemStatus;
  priority: ActionItemPriority;
  dueDate?: string;
  updatedAt: number;
}

export type CheckInAnswers = Partial<Record<CheckInKey, string>>;

/**
 * The draft, in the order a session takes it: overdue commitments first, then what the member
 * said in their check-in (what matters most, what is stuck, what moved), then the other open
 * commitments by due date, then the last session's key points in the order spoken.
 */
export function draftAgenda(input: {
  commitments: readonly CommitmentSource[];
  checkIn: CheckInAnswers | null;
  keyPoints: { transcriptId: string; points: readonly KeyPoint[] } | null;
  today: string;
}): AgendaLine[] {
  const open = sortItems(input.commitments.filter(isOpenItem), "dueDate", input.today).slice(0, AGENDA_COMMITMENTS_MAX);
  const commitment = (item: CommitmentSource): AgendaLine => ({
    key: agendaKeys.commitment(item._id),
    source: "commitment",
    text: item.title,
    actionItemId: item._id,
    ...(item.dueDate === undefined ? {} : { dueDate: item.dueDate }),
    overdue: isOverdue(item, input.today),
  });
  const checkInOrder: CheckInKey[] = ["focus", "stuck", "moved"];
  const checkIn = checkInOrder.flatMap((key): AgendaLine[] => {
    const text = input.checkIn?.[key]?.trim();
    return text ? [{ key: agendaKeys.checkIn(key), source: "check_in", text, checkIn: key }] : [];
  });
  const points = (input.keyPoints?.points ?? []).map(
    (point, index): AgendaLine => ({
      key: agendaKeys.keyPoint(input.keyPoints!.transcriptId, index),
      source: "key_point",
      text: point.quote,
      timestamp: formatTimestamp(point.startSeconds),
    }),
  );
  return [
    ...open.filter((item) => isOverdue(item, input.today)).map(commitment),
    ...checkIn,
    ...open.filter((item) => !isOverdue(item, input.today)).map(commitment),
    ...points,
  ];
}

/** A position between two neighbours (either may be missing: the top or the end). Null when they are too close to split. */
export function positionBetween(before: number | undefined, after: number | undefined): number | null {
  if (before === undefined && after === undefined) return POSITION_STEP;
  if (before === undefined) return after! - POSITION_STEP;
  if (after === undefined) return before + POSITION_STEP;
  const middle = (before + after) / 2;
  return middle > before && middle < after && after - before > 1e-6 ? middle : null;
}

/** The label of a line's source, as both sides see it. */
export function sourceLabel(line: Pick<AgendaLine, "source" | "overdue" | "checkIn">): string {
  if (line.source === "commitment") return line.overdue ? AGENDA_TEXTS.sources.overdue : AGENDA_TEXTS.sources.commitment;
  if (line.source === "check_in") {
    const question = CHECK_IN_QUESTIONS.find((entry) => entry.key === line.checkIn);
    return question ? `${AGENDA_TEXTS.sources.check_in}: ${question.agendaLabel}` : AGENDA_TEXTS.sources.check_in;
  }
  return AGENDA_TEXTS.sources[line.source];
}
