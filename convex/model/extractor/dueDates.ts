/**
 * Due dates, counted from the session's calendar day (input.sessionDate):
 * - today, tonight, this morning/afternoon/evening, end of (the) day, right now/away, after this
 *   call/session, in an hour: the session day. tomorrow: +1; the day after tomorrow: +2.
 * - a weekday ("Friday", "by/on/this Friday"): the next such day strictly after the session day.
 *   "next Friday" / "Friday next week": that weekday in the following Monday-to-Sunday week, so on
 *   a Tuesday "Friday" is in three days and "next Friday" in ten (people say "next" to skip the
 *   nearer one). "every Monday", "Mondays" and lists of weekdays are routines: no date.
 * - end of the week, this week, by the weekend: the Friday of the session's week, or its Sunday
 *   when the session is on the weekend. this/over the weekend: the coming Sunday (the session day
 *   when it is a Sunday).
 * - next week, next session, next time: +7 (sessions are weekly). in/within N days/weeks/months
 *   (N a digit, one..twelve, a, a couple of = 2, a few = 3): +N. end of the month: its last day.
 *   "for/over the next two weeks" is a duration, used only when no other date is said.
 * - "the 23rd": the next 23rd on or after the session day; "March 3rd", "3 March", "the 3rd of
 *   March": the next such date on or after the session day.
 * - "starting tomorrow" names a start, not a due date. A fragment right after a commitment
 *   ("Probably Sunday.") gives it its date (segments.ts). No due phrase: null.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  format,
  getDay,
  lastDayOfMonth,
  nextDay,
  parseISO,
  startOfWeek,
  type Day,
} from "date-fns";
import { AP, type Span } from "./text";

/** "next week", "next session": sessions are weekly. */
const NEXT_WEEK_DAYS = 7;

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  "a couple of": 2,
  "couple of": 2,
  "a few": 3,
};
const COUNT = String.raw`(?:a couple of|couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})`;
const CLOCK = String.raw`(?:\s+(?:at|by|around|before)\s+(?:\d{1,2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|noon|midnight|lunch|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s*o${AP}clock)?)?`;
const PART_OF_DAY = String.raw`(?:\s+(?:morning|afternoon|evening|night|at lunch))?`;
const BY = String.raw`(?:(?:by|on|before|until|till|for|no later than|sometime)\s+)?`;

type DueKind = "date" | "duration" | "ignored";
export interface DueMatch extends Span {
  date: string | null;
  /** Which of several said dates wins: the most specific. */
  rank: number;
  kind: DueKind;
  /** "the Thursday morning one": the day names a thing, so the title keeps it. */
  attributive: boolean;
}

interface DueRule {
  pattern: RegExp;
  rank: number;
  resolve: (m: RegExpExecArray, day: Date, before: string) => Date | null;
  duration?: boolean;
}

const iso = (date: Date) => format(date, "yyyy-MM-dd");

/** The Friday of the session's week, or its Sunday when the session is on the weekend. */
function endOfWorkWeek(day: Date): Date {
  const monday = startOfWeek(day, { weekStartsOn: 1 });
  const friday = addDays(monday, 4);
  return friday >= day ? friday : addDays(monday, 6);
}

function count(word: string): number {
  const lower = word.toLowerCase().replace(/\s+/g, " ");
  return NUMBER_WORDS[lower] ?? Number(lower);
}

function addUnits(day: Date, n: number, unit: string): Date {
  const u = unit.toLowerCase();
  if (u.startsWith("day")) return addDays(day, n);
  if (u.startsWith("week")) return addWeeks(day, n);
  return addMonths(day, n);
}

/** The next date with this month and day on or after the session day. */
function nextMonthDay(day: Date, month: number, dayOfMonth: number): Date | null {
  for (const year of [day.getFullYear(), day.getFullYear() + 1]) {
    const candidate = new Date(year, month, dayOfMonth);
    if (candidate.getMonth() === month && candidate >= day) return candidate;
  }
  return null;
}

/** The next day-of-month N on or after the session day (months without it are skipped). */
function nextDayOfMonth(day: Date, dayOfMonth: number): Date | null {
  for (let i = 0; i < 3; i++) {
    const first = addMonths(new Date(day.getFullYear(), day.getMonth(), 1), i);
    const candidate = new Date(first.getFullYear(), first.getMonth(), dayOfMonth);
    if (candidate.getMonth() === first.getMonth() && candidate >= day) return candidate;
  }
  return null;
}

const WEEKDAY_RANK = 5;
const NOT_A_DAY_BEFORE = /\b(?:every|each|last|since|past|black|good|cyber|easter|ash)\s+$/i;

const DUE_RULES: DueRule[] = [
  {
    // "March 3rd", "3 March", "the 3rd of March"
    pattern: new RegExp(
      String.raw`\b${BY}(?:the\s+)?(?:(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH}))\b(?:,?\s+\d{4})?${CLOCK}`,
      "gi",
    ),
    rank: 7,
    resolve: (m, day) => {
      const month = MONTHS.indexOf((m[1] ?? m[4]!).slice(0, 3).toLowerCase());
      return nextMonthDay(day, month, Number(m[2] ?? m[3]));
    },
  },
  {
    pattern: new RegExp(String.raw`\b${BY}the\s+(\d{1,2})(?:st|nd|rd|th)\b${CLOCK}`, "gi"),
    rank: 6,
    resolve: (m, day) => nextDayOfMonth(day, Number(m[1])),
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:(by|on|before|until|till|this coming|this|next|coming|first thing(?: on)?|on next|by next)\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)(s)?\b${PART_OF_DAY}(\s+next week)?${CLOCK}`,
      "gi",
    ),
    rank: WEEKDAY_RANK,
    resolve: (m, day, before) => {
      if (m[3] || (!m[1] && NOT_A_DAY_BEFORE.test(before))) return null;
      const weekday = WEEKDAYS.indexOf(m[2]!.toLowerCase()) as Day;
      if (/next/i.test(m[1] ?? "") || m[4]) return addDays(startOfWeek(day, { weekStartsOn: 1 }), 7 + ((weekday + 6) % 7));
      return nextDay(day, weekday);
    },
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:(?:by|before|until|first thing)\s+)?(?:(the\s+day\s+after\s+)?tomorrow)${PART_OF_DAY}${CLOCK}|\bfirst thing in the morning\b`,
      "gi",
    ),
    rank: 4,
    resolve: (m, day) => addDays(day, m[1] ? 2 : 1),
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:(?:by|before|until|later)\s+)?(?:today|tonight|this (?:morning|afternoon|evening)|(?:the\s+)?end of (?:the\s+)?day|eod|right now|right away|(?:right\s+)?after (?:this|the|our) (?:call|session|meeting)|(?:right\s+)?after (?:this|we hang up|we finish|we${AP}re done)|in (?:an|one|a couple of|a few|two|three|\d) hours?(?: or so)?)\b${CLOCK}`,
      "gi",
    ),
    rank: 4,
    resolve: (_m, day) => day,
  },
  {
    pattern:
      /\b(?:(?:by|before|until|at)\s+)?(?:the\s+)?end of (?:the|this) week\b|\b(?:by|before) (?:the\s+)?weekend\b|\b(?:later\s+)?this week\b(?!['’]s)/gi,
    rank: 3,
    resolve: (_m, day) => endOfWorkWeek(day),
  },
  {
    pattern: /\b(?:(?:over|on|at|during|for)\s+)?(?:this|the)\s+weekend\b/gi,
    rank: 3,
    resolve: (_m, day) => (getDay(day) === 0 ? day : nextDay(day, 0)),
  },
  {
    pattern: /\b(?:(?:by|before|at)\s+)?(?:the\s+)?end of (?:the|this) month\b/gi,
    rank: 3,
    resolve: (_m, day) => lastDayOfMonth(day),
  },
  {
    pattern: new RegExp(String.raw`\b(?:in|within)\s+(${COUNT})\s+(days?|weeks?|months?)(?: or so)?(?: from now)?\b`, "gi"),
    rank: 2,
    resolve: (m, day) => addUnits(day, count(m[1]!), m[2]!),
  },
  {
    pattern: new RegExp(String.raw`\b(?:for|over)\s+the\s+(?:next|coming)\s+(${COUNT})\s+(days?|weeks?|months?)\b`, "gi"),
    rank: 0,
    resolve: (m, day) => addUnits(day, count(m[1]!), m[2]!),
    duration: true,
  },
  {
    pattern:
      /\b(?:(?:by|before|until|for|at|in|during)\s+)?(?:(?:our|the)\s+)?(?:start of (?:our |the )?)?(?:next week|coming week|next session|next time(?: we (?:meet|talk))?|next call|we meet again)\b(?!['’]s)/gi,
    rank: 1,
    resolve: (_m, day) => addDays(day, NEXT_WEEK_DAYS),
  },
];

const STARTING = /\b(?:starting|beginning|from|as of)\s+$/i;

/** Every due phrase in `text`, non-overlapping (the most specific wins), in text order. */
export function dueMatches(text: string, sessionDate: string): DueMatch[] {
  const day = parseISO(sessionDate);
  // Without a session day nothing can be counted, but the phrases still leave the title.
  const known = !Number.isNaN(day.getTime());
  const found: DueMatch[] = [];
  for (const rule of DUE_RULES) {
    for (const m of text.matchAll(rule.pattern)) {
      const before = text.slice(0, m.index);
      const date = known ? rule.resolve(m, day, before) : null;
      if (known && !date && rule.rank === WEEKDAY_RANK) continue; // "every Monday": not a date, keep it in the title
      const kind: DueKind = STARTING.test(before) ? "ignored" : rule.duration ? "duration" : "date";
      const attributive = rule.rank === WEEKDAY_RANK && /\bthe\s+$/i.test(before);
      found.push({ start: m.index, end: m.index + m[0].length, date: date ? iso(date) : null, rank: rule.rank, kind, attributive });
    }
  }
  // Two or more weekdays in a row ("Monday, Wednesday, Friday") are a routine, not a date.
  const weekdays = found.filter((d) => d.rank === WEEKDAY_RANK);
  const adjacent = (a: Span, b: Span) => b.start >= a.end && /^[\s,/&]*(?:and|or)?[\s,]*$/i.test(text.slice(a.end, b.start));
  const listed = weekdays.filter((d) => weekdays.some((o) => o !== d && (adjacent(d, o) || adjacent(o, d))));
  const kept: DueMatch[] = [];
  for (const match of [...found].sort((a, b) => b.rank - a.rank || b.end - b.start - (a.end - a.start))) {
    if (listed.includes(match)) continue;
    if (!kept.some((k) => match.start < k.end && k.start < match.end)) kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The due date a piece of text says, as YYYY-MM-DD, or null. */
export function chooseDue(matches: DueMatch[]): string | null {
  const dated = matches.filter((m) => m.date && m.kind !== "ignored");
  const best = [...dated].sort((a, b) => Number(b.kind === "date") - Number(a.kind === "date") || b.rank - a.rank)[0];
  return best?.date ?? null;
}

/** The due date said in `text`, counted from the session day (rules in the header). */
export function dueDateIn(text: string, sessionDate: string): string | null {
  return chooseDue(dueMatches(text, sessionDate));
}
