/**
 * The offline extractor: deterministic rules that read a speaker-labelled, timestamped transcript
 * and propose the commitments said in it. Pure (no Convex runtime), so the pipeline, the tests and
 * the bench share it; every answer passes keepGrounded, so a quote is always a substring of `text`.
 *
 * How it reads: each segment is split into sentences, each sentence into clauses at its cues
 * ("I'll", "let's", "I'd like you to", "I won't", ...). A clause becomes a proposal when its cue is
 * a commitment said by a known side, it is not a question (a "can you ... by <day>" request is the
 * exception), not reported or past speech, not small talk, and its action is concrete.
 *
 * Who: a client's "I'll" ("I'm going to", "let me ...", "I need to / I can ... by Friday") is a
 * user_commitment, a coach's a coach_commitment; "let's / we'll / we agreed" is a mutual_agreement,
 * except a client's "we'll" that names neither the sessions nor both of them (their team's plan, a
 * user_commitment); a coach assigning ("your homework is", "I'd like you to", "can you ... by
 * Friday") is a user_commitment. A short "okay, I'll do that" right after an assignment confirms it
 * instead of adding a second proposal ("I'll try" makes it tentative); after a suggestion ("how
 * about you try X?") it commits to X, quoted where it was suggested. Unknown speakers' first-person
 * commitments are skipped.
 *
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
 *   ("Probably Sunday.") gives it its date. No due phrase: null.
 *
 * Priority: urgent for asap/urgent/right away/immediately or due on the session day; high when due
 * within 2 days or "important/priority/must"; low when tentative; else medium. Confidence starts
 * from the cue's strength, rises with a due date, a speaker known by name and an acceptance, and
 * falls for hedges, conditions and an unknown speaker.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  format,
  getDay,
  lastDayOfMonth,
  nextDay,
  parseISO,
  startOfWeek,
  type Day,
} from "date-fns";
import {
  keepGrounded,
  type ActionItemPriority,
  type CommitmentProposal,
  type CommitmentType,
  type ExtractionInput,
  type Extractor,
  type ResponsibleParty,
} from "./extraction";
import { cleanSpeech, readClause, type ClauseReading } from "./commitmentReading";
import { calibratedConfidence } from "./extractionCalibration";
import { formatTimestamp, type TranscriptSegment } from "./transcripts";

/** The longest title proposed; longer actions are cut at a word. */
export const RULE_TITLE_MAX_CHARS = 80;
/** "next week", "next session": sessions are weekly. */
const NEXT_WEEK_DAYS = 7;
/** Due this many days after the session or sooner makes a commitment high priority. */
const HIGH_PRIORITY_WITHIN_DAYS = 2;

type Side = "coach" | "client";
type Span = { start: number; end: number };

// ---------------------------------------------------------------------------------------------
// Cues

/** Both apostrophes: transcripts from meeting apps use the typographic one. */
const AP = "['’]";

type CueKind = "self" | "mutual" | "assign" | "request" | "skip" | "third" | "group";
interface Cue {
  kind: CueKind;
  pattern: RegExp;
  /** Base confidence of the cue. */
  strength: number;
  /** "I might", "I could": the commitment is tentative. */
  hedged?: boolean;
  /** "I need to ... by Friday": only a commitment with a due date. */
  needsDue?: boolean;
  /** "I'm going to the dentist": going somewhere. */
  going?: boolean;
  /** "Let me ...": often about the moment ("let me think"), not a commitment. */
  offer?: boolean;
  /** "We'll ...": from the client, usually their own team or family, not the coaching pair. */
  team?: boolean;
}

const cue = (kind: CueKind, source: string, strength = 70, extra: Partial<Cue> = {}): Cue => ({
  kind,
  pattern: new RegExp(source, "gi"),
  strength,
  ...extra,
});

const STRONG = 80;
const NORMAL = 70;
const WEAK = 60;
const ADVERB = String.raw`(?:also |just |really |definitely |totally |finally |still |actually )?`;
const I_LL = String.raw`I${AP}ll`;

const CUES: Cue[] = [
  // Not commitments; listed so that they end the clause before them and swallow the cue inside.
  cue("skip", String.raw`\bI (?:won${AP}t|will not|will never|shall not)\b|\b${I_LL} (?:never|not)\b`),
  cue(
    "skip",
    String.raw`\b(?:I${AP}m|I am|we${AP}re|we are) (?:not|never) (?:going to|gonna)\b|\bwe (?:won${AP}t|will not)\b|\blet${AP}s not\b`,
  ),
  cue(
    "skip",
    String.raw`\b(?:I|we) (?:don${AP}t|do not) think (?:that )?(?:${I_LL}|I will|I${AP}m going to|I can|we${AP}ll|we will|we can)\b`,
  ),
  cue(
    "skip",
    String.raw`\b(?:I${AP}m |I am |we${AP}re )?not sure (?:if |whether |that )?(?:${I_LL}|I will|I can|we${AP}ll|we will|we can)\b`,
  ),
  cue("skip", String.raw`\bI (?:don${AP}t|do not) want to\b|\bI (?:might|may|could) (?:need|have) to\b`),
  cue("skip", String.raw`\b(?:I|we) (?:was|were) (?:going to|gonna|supposed to)\b|\bwe (?:had )?agreed last (?:time|week|session|month)\b`),

  cue("self", String.raw`\b(?:${I_LL}|I will|I shall)\b`),
  cue("self", String.raw`\b(?:I${AP}m|I am) ${ADVERB}(?:going to|gonna)\b`, NORMAL, { going: true }),
  cue("self", String.raw`\bI (?:commit|${AP}m committing|am committing) to\b`, STRONG),
  cue("self", String.raw`\bI promise(?: that)?(?: ${I_LL}| I will| to)?\b`, STRONG),
  cue("self", String.raw`\bmy homework(?: for (?:the|this|next) week)? is(?: to)?\b`, STRONG),
  cue("self", String.raw`\bmy (?:plan|goal)(?: for (?:the|this|next) week)? is(?: to)?\b|\bI (?:plan|${AP}m planning|am planning) to\b`),
  cue("self", String.raw`\bI (?:${ADVERB}need to|${ADVERB}have to|${AP}ve got to|have got to|gotta|must|can)\b`, WEAK, { needsDue: true }),
  // "Let me send you the link": an offer that is a commitment unless it is about the moment itself.
  cue("self", String.raw`\blet me\b`, WEAK, { offer: true }),
  cue("self", String.raw`\bI (?:might|may|could)\b|\bI${AP}d (?:like|love) to\b`, WEAK, { hedged: true }),

  cue("mutual", String.raw`\blet${AP}s\b|\blet us\b`, 65),
  cue("mutual", String.raw`\bwe${AP}ll\b|\bwe will\b`, 65, { team: true }),
  cue("mutual", String.raw`\bwe(?:${AP}re| are) ${ADVERB}(?:going to|gonna)\b`, 65, { team: true, going: true }),
  cue(
    "mutual",
    String.raw`\bwe (?:both |all )?(?:agreed|${AP}ve agreed|have agreed|decided|${AP}ve decided)(?: (?:that|to|on))?\b`,
    STRONG,
  ),

  cue(
    "assign",
    String.raw`\byour (?:homework|assignment|task|challenge|action item|experiment)(?: for (?:the|this|next) week)?(?: is)?(?: to)?\b`,
    STRONG,
  ),
  cue("assign", String.raw`\bI${AP}d ${ADVERB}(?:like|love) (?:for )?you to\b|\bI would ${ADVERB}like you to\b|\bI (?:want|need) you to\b`),
  cue("assign", String.raw`\b${I_LL} need you to\b|\bI${AP}m going to ask you to\b|\bI challenge you to\b|\blet${AP}s have you\b`),
  cue("assign", String.raw`\bwe (?:both )?agreed (?:that )?you(?:${AP}d|${AP}ll| would| will)\b`, STRONG),
  cue(
    "assign",
    String.raw`\b(?:for next week|this week|before (?:our |the )?next (?:session|call)|between now and (?:then|next (?:session|time|week))|over the (?:next|coming) week),? you(?:${AP}ll| will| should| can)?\b`,
  ),
  cue("request", String.raw`\b(?:can|could|would|will) you(?: please)?(?: be able to)?\b`, NORMAL, { needsDue: true }),
];

interface Marker extends Span {
  cue: Cue;
}

/** Every cue in the sentence, earliest first; of overlapping cues the longest wins. */
function findMarkers(text: string, sentence: Span): Marker[] {
  const slice = text.slice(sentence.start, sentence.end);
  const found: Marker[] = [];
  for (const c of CUES) {
    for (const m of slice.matchAll(c.pattern)) {
      found.push({ start: sentence.start + m.index, end: sentence.start + m.index + m[0].length, cue: c });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Marker[] = [];
  for (const marker of found) if (!kept.some((k) => marker.start < k.end && k.start < marker.end)) kept.push(marker);
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Sentences and clauses

const ABBREVIATION = /\b(?:dr|mr|mrs|ms|st|vs|e\.g|i\.e|a\.m|p\.m|approx|no)\.$/i;

function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /[\s,;:]/.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Sentences of a segment's text as offsets; "a.m. tomorrow" and "Dr. Lee" do not end one. */
function sentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?…]+["'”’)]*(?=\s|$)/g)) {
    const end = m.index + m[0].length;
    const next = text.slice(end).trimStart();
    if (next && /^\p{Ll}/u.test(next)) continue;
    if (m[0] === "." && ABBREVIATION.test(text.slice(start, end))) continue;
    spans.push({ start, end });
    start = end;
  }
  if (text.slice(start).trim()) spans.push({ start, end: text.length });
  return spans.map((span) => trimSpan(text, span)).filter((span) => span.end > span.start);
}

const SEPARATOR = /(?:[,;:]|\s[-–—])\s+(?:(?:and|but|or|so|then|also)\s+)*|\s(?:and|but|or|so|then)\s+(?:(?:then|also)\s+)*/gi;

/** Where one clause ends and the next begins between two cues: at the last comma or conjunction. */
function boundary(text: string, from: number, to: number): { end: number; next: number } {
  let found: { end: number; next: number } = { end: to, next: to };
  for (const m of text.slice(from, to).matchAll(SEPARATOR)) found = { end: from + m.index, next: from + m.index + m[0].length };
  return found;
}

interface Clause extends Span {
  marker: Marker;
}

function clausesOf(text: string, sentence: Span, markers: Marker[]): Clause[] {
  return markers.map((marker, k) => {
    const start = k === 0 ? sentence.start : boundary(text, markers[k - 1]!.end, marker.start).next;
    const end = k === markers.length - 1 ? sentence.end : boundary(text, marker.end, markers[k + 1]!.start).end;
    return { ...trimSpan(text, { start, end }), marker };
  });
}

const TAG_QUESTION =
  /,\s*(?:okay|ok|right|yeah|alright|all right|deal|sound good|does that sound good|does that work|is that okay|is that ok|how does that sound|yes)\?["'”’]*$/i;

function isQuestion(sentence: string): boolean {
  return /\?["'”’)]*$/.test(sentence) && !TAG_QUESTION.test(sentence);
}

// ---------------------------------------------------------------------------------------------
// Due dates

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
interface DueMatch extends Span {
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
function dueMatches(text: string, sessionDate: string): DueMatch[] {
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
function chooseDue(matches: DueMatch[]): string | null {
  const dated = matches.filter((m) => m.date && m.kind !== "ignored");
  const best = [...dated].sort((a, b) => Number(b.kind === "date") - Number(a.kind === "date") || b.rank - a.rank)[0];
  return best?.date ?? null;
}

/** The due date said in `text`, counted from the session day (rules in the header). */
export function dueDateIn(text: string, sessionDate: string): string | null {
  return chooseDue(dueMatches(text, sessionDate));
}

// ---------------------------------------------------------------------------------------------
// Titles

const LEADING_FILLER =
  /^(?:[,;:]\s*|(?:also|just|definitely|actually|really|finally|probably|maybe|then|first|totally|absolutely|honestly|still|both|all|now|go ahead and|make sure to|make sure (?:that )?I|try to|try and|do my best to|at least try to|need to|have to|plan to|be able to|to|do is|you(?:['’]ll| will| should| can| to)?)\b\s*)/i;
const CUT =
  /,\s+(?=(?:so|because|before|after|which|the one|even if|even though|but|once|if|when|while|then|and then|since|as|just|no|okay|ok|right|actually|honestly|though|I|we|you|to see|by the way|that way|or)\b)|\s+(?:so that|so (?:I|we|you|it|they|he|she)|and (?:I|we|then I)|if (?:I|we)|unless|because|even if|even though|once|to see (?:if|how|where|what|whether))\b|\s+[—–]\s/i;
const TRAILING =
  /(?:[\s,.;:!?…—–-]+|\s+(?:then|too|as well|for sure|I think|I guess|honestly|actually|okay|ok|though|by the way|again|or so|anyway|starting|beginning|at the start of|at the beginning of|at|by|for|before|until|of|the|to|with|and))+$/i;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short imperative from the words after the cue, with the due phrases taken out. */
function titleOf(action: string): string {
  let title = action
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .trim();
  for (let previous = ""; previous !== title;) {
    previous = title;
    title = title.replace(LEADING_FILLER, "").trim();
  }
  const cut = CUT.exec(title);
  if (cut && cut.index > 0) title = title.slice(0, cut.index);
  title = title.replace(TRAILING, "").trim();
  if (title.length > RULE_TITLE_MAX_CHARS) {
    const words = title.slice(0, RULE_TITLE_MAX_CHARS + 1).split(" ");
    title = words.slice(0, -1).join(" ").replace(TRAILING, "");
  }
  return capitalise(title);
}

const PRONOUN = /^(?:it|that|this|them|those|these|so)$/i;
/** "do that", "try it": the action only points back at something said before. */
const VAGUE =
  /^(?:(?:do|try|handle|manage|take care of|deal with|think about|consider|work on|sort out|figure out)(?:\s+(?:it|that|this|them|those|so|my best|what i can))?)?$/i;
const SMALL_TALK =
  /^(?:see you|talk(?: to you| soon| later| then)?$|talk to you|catch you|speak (?:to you|soon)|be (?:right back|back|quick|honest|there|fine|okay|ok|good)|admit|say$|say (?:this|that|it|so)|tell you|let you go|give you a (?:second|minute|sec|moment)|share my screen|stop sharing|pull (?:it|that|this) up|write (?:that|it|this) down|note (?:that|it)|make a note|keep (?:that|it|this) in mind|think about it|survive$|manage$|stay for|jump$|jump off|hop off|stop the recording|start the recording|mute|leave it there|see how it goes|get there|figure it out|make it work)\b/i;
/** What "let's" says about the session itself; a commitment only with a date ("let's look at it next week"). */
const IN_SESSION =
  /^(?:start|begin|talk|look|go over|go back|come back|circle back|think|break|pick|focus|treat|put|make sure|keep it|do a|try a|brainstorm|unpack|map|walk through|list|take a|review|spend|use)\b/i;
const ALWAYS_IN_SESSION = /^(?:see|get started|dive|jump in|wrap|recap|move on|pause|take a break|stop|begin)\b/i;
/** "Let me think", "let me pull that up": the moment itself; "let me know" asks the other person. */
const LET_ME_NOW =
  /^(?:think|see|check|look|pull|ask|guess|be|get (?:this|that)|write|share|make sure I|stop|recap|summari[sz]e|read|finish|jump|take a|try that again|rephrase|explain|show you|grab|open|mute|unmute|play|just)\b/i;
/** What makes a client's "we" the client and the coach. */
const TOGETHER = /\b(?:together|both|you and (?:I|me)|(?:our|the|next) (?:session|call)|next time)\b/i;
/** "What if you tried X?": the suggested verb as an imperative. */
const SUBJUNCTIVE: Record<string, string> = {
  tried: "try",
  did: "do",
  made: "make",
  took: "take",
  went: "go",
  gave: "give",
  wrote: "write",
};
const NOW = /\b(?:right now|in this session|for a (?:minute|moment|second))\b/i;

// ---------------------------------------------------------------------------------------------
// Speakers

function normalizeName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function nameForms(fullName: string): Set<string> {
  const full = normalizeName(fullName);
  const parts = full.split(" ").filter(Boolean);
  const forms = new Set([full]);
  if (parts.length > 1) {
    forms.add(parts[0]!);
    forms.add(`${parts[0]} ${parts.at(-1)![0]}`);
  }
  return forms;
}

/** More than two people speak: "you" is not simply the other side, and scores are calibrated apart. */
export function isGroupSession(segments: readonly TranscriptSegment[]): boolean {
  return new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : []))).size > 2;
}

/** Where the last part of a group session starts, as a share of its length: the work is handed out there. */
const LATE_SHARE = 0.7;

/** How others call each speaker: the whole label, and its first word when the label has more ("Ed Smith" → "ed"). */
function peopleOf(labels: string[]): Map<string, string> {
  const people = new Map<string, string>();
  for (const label of labels) {
    const full = normalizeName(label);
    if (!full || /^(?:speaker|unknown|guest)\b/.test(full)) continue;
    people.set(full, label);
    const first = full.split(" ")[0]!;
    if (full.includes(" ") && first.length > 2 && !people.has(first)) people.set(first, label);
  }
  return people;
}

interface SpeakerSide {
  side: Side | null;
  /** Named by a label that matches (not deduced from being the other of two speakers). */
  byName: boolean;
}

/** The side of each speaker label: names, first names and "Coach"/"Client"; else the other of two. */
function speakerSides(input: ExtractionInput): (label: string | undefined) => SpeakerSide {
  const coach = nameForms(input.coachName);
  const member = nameForms(input.memberName);
  const coachFull = normalizeName(input.coachName);
  const memberFull = normalizeName(input.memberName);
  const direct = (label: string): Side | null => {
    const l = normalizeName(label);
    const words = l.split(" ");
    // "Dr Jordan Ellis", "Jordan Ellis Coach": the full name among other words.
    const named = (full: string) => full !== "" && ` ${l} `.includes(` ${full} `);
    if (named(coachFull)) return "coach";
    if (named(memberFull)) return "client";
    if (words.includes("coach")) return "coach";
    if (words.includes("client") || words.includes("member")) return "client";
    if (coach.has(l) && !member.has(l)) return "coach";
    if (member.has(l) && !coach.has(l)) return "client";
    return null;
  };
  const labels = [...new Set(input.segments.map((s) => s.speaker).filter((s): s is string => !!s))];
  const sides = new Map<string, SpeakerSide>(
    labels.map((label) => {
      const side = direct(label);
      return [label, { side, byName: side !== null }];
    }),
  );
  // Two speakers, one known: the other is the other side.
  const known = labels.filter((l) => sides.get(l)!.side);
  if (labels.length === 2 && known.length === 1) {
    const other = labels.find((l) => l !== known[0])!;
    sides.set(other, { side: sides.get(known[0]!)!.side === "coach" ? "client" : "coach", byName: false });
  }
  return (label) => (label ? (sides.get(label) ?? { side: null, byName: false }) : { side: null, byName: false });
}

// ---------------------------------------------------------------------------------------------
// Proposals

const HEDGE =
  /\b(?:maybe|perhaps|probably|hopefully|possibly|ideally|no promises|(?:I(?:['’]ll| will| can| could| might)?|going to|gonna|to|let['’]s) (?:at least )?try|I['’]ll see if|I will see if|do my best|if (?:I|we) (?:have|get|find) (?:the )?(?:time|energy|a chance)|if I can|if possible)\b/i;
const CONDITION = /\b(?:if|unless|as long as|assuming)\b/i;
/** A condition after the action ("I can finish by Friday if I don't take calls"); "ask if they want" is not one. */
const LATER_CONDITION = /\b(?:only if|if (?:I|we)|unless|as long as)\b/i;
const URGENT = /\b(?:asap|as soon as possible|urgent(?:ly)?|right away|immediately|today|tonight)\b/i;
const IMPORTANT = /\b(?:important|priority|must|critical|crucial|essential)\b/i;
const REPORTED = /\b(?:say|says|said|saying|tell|tells|telling|told)(?:\s+\w+)?\s*(?:that\s*)?[:"“]?\s*$|\blike,\s*$/i;
/** Words of a reply that takes an assignment on. */
const ACCEPTING = /\b(?:yes|yeah|yep|sure|okay|ok|will do|I can|I will|I['’]ll|deal|sounds good|absolutely|definitely|works|of course)\b/i;
/** A reply that accepts with a hedge: "I'll try", "I can try that", "maybe". */
const HEDGED_REPLY = /\b(?:try|maybe|perhaps|I guess|no promises|we['’]ll see|might)\b/i;
/** A question or offer that the next speaker may take on with "okay, I'll do that". */
const SUGGESTION =
  /\b(?:what if you|how about(?: you)?|why don['’]t you|would you be willing to|could you|can you|would you|will you|maybe you could|you could|you might want to)\s+(.+?)[?.!]*$/i;

interface Candidate {
  speaker: string;
  title: string;
  /** contentWords(title), kept to compare proposals without recomputing. */
  words: Set<string>;
  commitmentType: CommitmentType;
  responsibleParty: ResponsibleParty;
  dueDate: string | null;
  quote: string;
  timestamp: string;
  sentence: string;
  tentative: boolean;
  strength: number;
  byName: boolean;
  unknownSpeaker: boolean;
  conditional: boolean;
  urgentWord: boolean;
  importantWord: boolean;
  accepted?: { speaker: string; timestamp: string; text: string };
  /** A person who is neither the member nor the coach, who the commitment is theirs. */
  assignee: string | null;
  /** Said by the chair of a group session. */
  chair: boolean;
  multiParty: boolean;
  late: boolean;
  /** Says when, relative to the meeting ("next meeting", "after lunch"), without a calendar date. */
  timed: boolean;
  /** Heard only because the chair spoke to or about someone near the end, without an assignment's words. */
  loose: boolean;
  /** Taken off the score after reading the whole meeting (another suggestion for the same person is likelier). */
  penalty?: number;
  /** Says only "I'll do that": kept only as an acceptance. */
  vague: boolean;
  kind: CueKind;
}

interface Context {
  input: ExtractionInput;
  seg: TranscriptSegment;
  side: SpeakerSide;
  sideOf: (label: string | undefined) => SpeakerSide;
  /** More than two people speak: "you" is not simply the other side. */
  multiParty: boolean;
  /** The people who speak, by the names and roles others call them. */
  people: Map<string, string>;
  /** The segment is in the last quarter of a group session, where the work is handed out. */
  late: boolean;
  /** The segment is said by the chair of a group session: the coach, else whoever says most. */
  chairing: boolean;
  /** The last person a speaker named on their own ("The Industrial Designer, ..."), for the clause after an interruption. */
  topic: { label: string | null; speaker: string | undefined; at: number };
}

/** How long a person named alone stays the subject of the speaker's next clause without one. */
const TOPIC_SECONDS = 30;

type Who = { commitmentType: CommitmentType; responsibleParty: ResponsibleParty };
const FOR_MEMBER: Who = { commitmentType: "user_commitment", responsibleParty: "client" };
const FOR_COACH: Who = { commitmentType: "coach_commitment", responsibleParty: "coach" };
/** Both, or someone who is neither the member nor the coach (named in the description). */
const SHARED: Who = { commitmentType: "mutual_agreement", responsibleParty: "both" };

function typeFor(kind: CueKind, side: Side | null, multiParty: boolean): Who | null {
  if (kind === "mutual" || kind === "group") return SHARED;
  if (kind === "self" && side === "client") return FOR_MEMBER;
  if (kind === "self" && side === "coach") return FOR_COACH;
  // Another person in a group session speaks for themselves: theirs, by name.
  if (kind === "self" && side === null && multiParty) return SHARED;
  if ((kind === "assign" || kind === "request") && side === "coach") return FOR_MEMBER;
  return null;
}

/** Who a "you" or a named person in a group session is: the member, the coach, or another person by name. */
function whoIs(ctx: Context, label: string): { who: Who; assignee: string | null } {
  const side = ctx.sideOf(label).side;
  if (side === "client") return { who: FOR_MEMBER, assignee: null };
  if (side === "coach") return { who: FOR_COACH, assignee: null };
  return { who: SHARED, assignee: label };
}

/** Text with the given spans blanked out (offsets relative to `offset`). */
function without(text: string, offset: number, spans: Span[]): string {
  let out = text;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    const start = Math.max(span.start - offset, 0);
    const end = Math.max(span.end - offset, 0);
    out = `${out.slice(0, start)} ${out.slice(end)}`;
  }
  return out;
}

/**
 * The proposals of one clause: none, one, or two when one cue carries two actions with two
 * different dates ("draft it tonight and send it on Monday").
 */
function analyseClause(ctx: Context, clause: Span, cueSpan: Span, cueDef: Cue, sentence: Span, question: boolean): Candidate[] {
  const text = ctx.seg.text;
  if (cueDef.kind === "skip") return [];
  const before = text.slice(clause.start, cueSpan.start);
  if (REPORTED.test(before) || (before.match(/["“”]/g)?.length ?? 0) % 2 === 1) return [];
  if (question && cueDef.kind !== "request") return [];
  const clauseText = text.slice(clause.start, clause.end);
  const ownTeam = cueDef.team && ctx.side.side === "client" && !TOGETHER.test(clauseText) && !ctx.multiParty;
  const kind = ownTeam ? "self" : cueDef.kind;
  let who = typeFor(kind, ctx.side.side, ctx.multiParty);
  let assignee = kind === "self" && ctx.side.side === null ? (ctx.seg.speaker ?? null) : null;
  if ((kind === "assign" || kind === "request") && ctx.multiParty) {
    const named = mentioned(ctx, text.slice(sentence.start, sentence.end));
    if (named) ({ who, assignee } = whoIs(ctx, named));
  }
  if (!who) return [];
  if (kind === "self" && ctx.side.side === null && !ctx.seg.speaker) return [];

  const dues = dueMatches(clauseText, ctx.input.sessionDate);
  const dated = dues.filter((d) => d.kind === "date" && d.date);
  // Two actions with two dates joined by "and": two commitments.
  if (dated.length === 2 && dated[0]!.date !== dated[1]!.date) {
    const between = clauseText.slice(dated[0]!.end, dated[1]!.start);
    const and = /\s+and\s+/i.exec(between);
    if (and && clause.start + dated[0]!.end > cueSpan.end) {
      const splitAt = clause.start + dated[0]!.end + and.index;
      const secondStart = splitAt + and[0].length;
      return [
        ...analyseClause(ctx, { start: clause.start, end: splitAt }, cueSpan, cueDef, sentence, question),
        ...analyseClause(
          ctx,
          { start: secondStart, end: clause.end },
          { start: secondStart, end: secondStart },
          cueDef,
          sentence,
          question,
        ),
      ];
    }
  }
  const dueDate = chooseDue(dues);
  if (cueDef.needsDue && !dueDate) return [];

  const spoken = dues.filter((d) => !d.attributive);
  let action = without(text.slice(cueSpan.end, clause.end), cueSpan.end - clause.start, spoken).trim();
  if (cueDef.going && /^(?:the|a|an|my|this|that|his|her|our|their|bed|work|school|class|church)\b/i.test(action))
    action = `go to ${action}`;
  const title = titleOf(action);
  const lower = title.toLowerCase();
  if (SMALL_TALK.test(lower)) return [];
  const pronoun = kind === "mutual" ? "we" : kind === "self" ? "I" : "you";
  const act = readClause(`${pronoun} will ${action}`);
  if (!acceptable(act, clauseText, !!dueDate, kind)) return [];
  if (cueDef.kind === "mutual" && (ALWAYS_IN_SESSION.test(lower) || NOW.test(clauseText) || (IN_SESSION.test(lower) && !dueDate)))
    return [];
  if (cueDef.kind === "self" && /^be\b/i.test(lower) && !dueDate) return [];
  if (cueDef.offer && (/^know\b/i.test(lower) || (LET_ME_NOW.test(lower) && !dueDate))) return [];
  // "Would you like me to read it by Friday?": the coach offers, nothing is assigned.
  if (cueDef.kind === "request" && /^(?:like|want|mind|prefer|rather)\b/i.test(lower)) return [];
  const words = lower.split(" ").filter(Boolean);
  const vague = VAGUE.test(lower) || (words.length <= 2 && pointsBack(lower) && !dueDate);

  const hedged = !!cueDef.hedged || (cueDef.kind !== "assign" && cueDef.kind !== "request" && HEDGE.test(clauseText));
  return [
    {
      speaker: ctx.seg.speaker ?? "Someone",
      title,
      words: contentWords(title),
      ...who,
      dueDate,
      quote: text.slice(clause.start, clause.end),
      timestamp: formatTimestamp(ctx.seg.startSeconds),
      sentence: text.slice(sentence.start, sentence.end),
      tentative: hedged,
      strength: cueDef.strength,
      byName: ctx.side.byName,
      unknownSpeaker: ctx.side.side === null,
      conditional: CONDITION.test(before) || LATER_CONDITION.test(clauseText),
      urgentWord: URGENT.test(clauseText),
      importantWord: IMPORTANT.test(clauseText),
      vague,
      kind,
      assignee,
      chair: ctx.chairing,
      multiParty: ctx.multiParty,
      late: ctx.late,
      timed: MEETING_TIME.test(clauseText),
      loose: false,
    },
  ];
}

/** "By the next meeting", "after lunch", "before we meet again": when, without a calendar date. */
const MEETING_TIME =
  /\b(?:(?:for|by|before|until|at|in) (?:the |our )?next (?:meeting|session|call|time)|next time|after (?:the|this) (?:meeting|session|call)|after lunch|(?:when|before) we (?:meet|come back)|in the meantime|meantime)\b/i;

/**
 * Whether the action read after a cue is a task: not negated, not only narrating the meeting,
 * not a decision about the product, not a state or a fragment, and (for "we agreed that ...")
 * not a recap of what someone else would do.
 */
function acceptable(act: ClauseReading, clauseText: string, dated: boolean, kind: CueKind): boolean {
  if (act.negative && /^\s*(?:\w+\s+){0,2}(?:not|never|n't)\b/i.test(act.rest)) return false;
  if (act.fragment) return false;
  if (dated) return true;
  if (act.narration || act.state) return false;
  if (kind === "mutual" && (act.decision || RECAP.test(clauseText))) return false;
  return true;
}

/** "We agreed that Sarah would look at it", "we decided to include voice recognition". */
const RECAP =
  /\b(?:agreed|decided)\b(?: (?:that|on))? (?!you\b)(?:\w+ ){1,3}would\b|\bdecided (?:to|on) (?:have|include|use|go with|make|add|put|keep|stick with|get)\b/i;

/** The person named in a sentence said in a group session ("Industrial Designer, you'll ..."), as their speaker label. */
function mentioned(ctx: Context, sentence: string): string | null {
  const words = ` ${normalizeName(sentence)} `;
  for (const [form, label] of ctx.people) if (label !== ctx.seg.speaker && words.includes(` ${form} `)) return label;
  return null;
}

interface SegmentResult {
  candidates: Candidate[];
  /** The last question or offer said to the other speaker, for "okay, I'll do that". */
  suggestion: { text: string; sentence: string; seg: TranscriptSegment } | null;
}

function analyseSegment(ctx: Context): SegmentResult {
  const text = ctx.seg.text;
  const candidates: Candidate[] = [];
  let suggestion: SegmentResult["suggestion"] = null;
  const spans = sentences(text);
  spans.forEach((sentence, i) => {
    const sentenceText = text.slice(sentence.start, sentence.end);
    const question = isQuestion(sentenceText);
    const markers = findMarkers(text, sentence);
    const clauses = clausesOf(text, sentence, markers);
    const found = clauses.flatMap((clause) => analyseClause(ctx, clause, clause.marker, clause.marker.cue, sentence, question));
    found.push(...readAssignments(ctx, sentence, clauses));
    candidates.push(...found);
    const offer = SUGGESTION.exec(sentenceText);
    if (offer && (question || /\b(?:maybe )?you could\b/i.test(sentenceText)))
      suggestion = { text: offer[1]!, sentence: sentenceText, seg: ctx.seg };
    // "I'm going to move it. Probably Sunday.": a short fragment that only says when.
    const next = spans[i + 1];
    const last = found.at(-1);
    if (next && last && !last.dueDate) {
      const fragment = text.slice(next.start, next.end);
      if (fragment.split(/\s+/).length <= 5 && !isQuestion(fragment) && findMarkers(text, next).length === 0) {
        last.dueDate = dueDateIn(fragment, ctx.input.sessionDate);
      }
    }
  });
  return { candidates, suggestion };
}

/** What an assignment to someone else needs: a future, an obligation or a plan. */
const ASSIGNMENT_GATE = /\b(?:will|['’]ll|gonna|going to|should|needs? to|ha(?:s|ve) to|supposed to)\b/i;

const RECEIVING = new Set(["get", "see", "hear", "receive", "have", "make", "find"]);

/** The speaker a third-person subject names ("the industrial designer", "Ed"), if one of them. */
function participantOf(ctx: Context, subject: string): string | null {
  const form = normalizeName(subject).replace(/^(?:the|our|my|your) /, "");
  return ctx.people.get(form) ?? null;
}

/**
 * Assignments the cues do not hear, read from the clause's grammar: someone asks another person
 * by role or name ("the marketing expert is going to work on the evaluation"), the group ("everyone
 * should fill in the questionnaire") or, in a group session, "you" ("you're gonna look at the
 * evaluation"). Only clauses no cue took are read.
 */
function readAssignments(ctx: Context, sentence: Span, taken: Span[]): Candidate[] {
  const text = ctx.seg.text;
  const found: Candidate[] = [];
  const cuts = [...text.slice(sentence.start, sentence.end).matchAll(SEPARATOR)].map((m) => ({
    end: sentence.start + m.index,
    next: sentence.start + m.index + m[0].length,
  }));
  const spans: Span[] = [];
  let start = sentence.start;
  for (const cut of cuts) {
    spans.push({ start, end: cut.end });
    start = cut.next;
  }
  spans.push({ start, end: sentence.end });
  for (const span of spans.map((sp) => trimSpan(text, sp))) {
    const raw = text.slice(span.start, span.end);
    // "The Industrial Designer, [interrupted] is going to look into the working design": the person
    // the speaker named just before a clause without a subject is its subject.
    const named = ctx.multiParty ? participantOf(ctx, cleanSpeech(raw).replace(/[,.?!]+$/, "")) : null;
    const recent = ctx.topic.speaker === ctx.seg.speaker && ctx.seg.startSeconds - ctx.topic.at <= TOPIC_SECONDS ? ctx.topic.label : null;
    if (named) Object.assign(ctx.topic, { label: named, speaker: ctx.seg.speaker, at: ctx.seg.startSeconds });
    if (named || span.end <= span.start || taken.some((t) => span.start < t.end && t.start < span.end)) continue;
    // Near the end of a group session the chair hands out the work, often without a future or a
    // modal ("and you, the evaluation"): read what they say to or about someone there too, as a weaker hint.
    const handingOut = ctx.chairing && ctx.late;
    const addressed = handingOut ? (mentioned(ctx, raw) ?? (/\byou\b/i.test(raw) ? "you" : null)) : null;
    const cued = ASSIGNMENT_GATE.test(raw) || (ctx.multiParty && MEETING_TIME.test(raw));
    if (!cued && !addressed && !recent) continue;
    const r0 = readClause(raw);
    let r = recent && r0.person === "none" ? { ...r0, person: "third" as const, subject: recent } : r0;
    if (addressed && addressed !== "you" && r.person === "none") r = { ...r, person: "third", subject: addressed };
    const loose = !cued;
    // "And come up with some new ones for the next meeting": the chair hands work to everyone.
    if (r.mood === "imperative" && ctx.chairing && MEETING_TIME.test(raw))
      Object.assign(r, { person: "group", mood: "future" });
    if (r.negative || r.question || r.conditional || r.reported || r.fragment || r.state || r.narration || r.passive) continue;
    const dueDate = chooseDue(dueMatches(raw, ctx.input.sessionDate));
    const timed = MEETING_TIME.test(raw);
    // "You can come up with the prototype", "you're doing the evaluation", said by the chair as the meeting ends.
    const handing = handingOut && (r.person === "you" || r.person === "third") && r.mood !== "past" && r.mood !== "none";
    if (!(handing || r.mood === "future" || r.mood === "plan" || (r.mood === "obligation" && (ctx.multiParty || dueDate)))) continue;
    let kind: CueKind;
    let who: Who | null;
    let assignee: string | null = null;
    if (r.person === "group" || (r.person === "we" && r.mood === "plan")) {
      kind = "group";
      who = SHARED;
    } else if (r.person === "I" && r.mood === "plan") {
      kind = "self";
      who = typeFor("self", ctx.side.side, ctx.multiParty);
      assignee = ctx.side.side === null ? (ctx.seg.speaker ?? null) : null;
      if (!who) continue;
    } else if (r.person === "you") {
      if (ctx.side.side !== "coach" && !ctx.chairing) continue;
      // "You'll get more instructions", "you'll see": what happens to them, not what they do.
      if (RECEIVING.has(r.verb)) continue;
      kind = "assign";
      const named = ctx.multiParty ? mentioned(ctx, text.slice(sentence.start, sentence.end)) : null;
      ({ who, assignee } = named ? whoIs(ctx, named) : { who: FOR_MEMBER, assignee: null });
    } else if (r.person === "third") {
      const label = participantOf(ctx, r.subject);
      if (!label) continue;
      kind = "third";
      ({ who, assignee } = whoIs(ctx, label));
    } else continue;
    if (r.decision && !dueDate && !timed) continue;
    const title = titleOf(without(`${r.verb} ${r.rest}`, 0, dueMatches(`${r.verb} ${r.rest}`, ctx.input.sessionDate).filter((d) => !d.attributive)));
    if (!title || SMALL_TALK.test(title.toLowerCase()) || contentWords(title).size < 2) continue;
    found.push({
      speaker: ctx.seg.speaker ?? "Someone",
      title,
      words: contentWords(title),
      ...who,
      dueDate,
      quote: raw,
      timestamp: formatTimestamp(ctx.seg.startSeconds),
      sentence: text.slice(sentence.start, sentence.end),
      tentative: HEDGE.test(raw),
      strength: kind === "third" ? NORMAL : WEAK,
      byName: ctx.side.byName,
      unknownSpeaker: ctx.side.side === null,
      conditional: false,
      urgentWord: URGENT.test(raw),
      importantWord: IMPORTANT.test(raw),
      vague: false,
      kind,
      assignee,
      chair: ctx.chairing,
      multiParty: ctx.multiParty,
      late: ctx.late,
      timed,
      loose: loose && handing,
    });
  }
  return found;
}

/** Words that say nothing about which commitment a title is. */
const STOP_WORDS = new Set(
  "the a an to my your our their his her of for and or with on in at you me i we up just also both all about it that this them those these so".split(
    " ",
  ),
);

/** A title's telling words, plurals folded: what two titles of one commitment share. */
function contentWords(title: string): Set<string> {
  const words = normalizeName(title)
    .split(" ")
    .filter((w) => w && !STOP_WORDS.has(w));
  return new Set(words.map((w) => (w.length > 3 ? w.replace(/s$/, "") : w)));
}

/** "Dig into that", "do it": a short title that only points back. */
function pointsBack(title: string): boolean {
  const words = title.toLowerCase().split(" ");
  return words.length <= 3 && PRONOUN.test(words.at(-1) ?? "");
}

/** The same commitment said twice: same type and most of the shorter title's words shared. */
function sameCommitment(a: Candidate, b: Candidate): boolean {
  if (a.commitmentType !== b.commitmentType) return false;
  // "Let's talk about X next session." ... "We'll dig into that on the 9th.": one agreement, said twice.
  if (a.commitmentType === "mutual_agreement" && a.dueDate && a.dueDate === b.dueDate && (pointsBack(a.title) || pointsBack(b.title)))
    return true;
  const [x, y] = [a.words, b.words];
  if ([...x].join(" ") === [...y].join(" ")) return true;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 2 && shared / Math.min(x.size, y.size) >= 0.6;
}

function priorityOf(c: Candidate, sessionDate: string): ActionItemPriority {
  const days = c.dueDate ? differenceInCalendarDays(parseISO(c.dueDate), parseISO(sessionDate)) : null;
  if (c.urgentWord || days === 0) return "urgent";
  if ((days !== null && days <= HIGH_PRIORITY_WITHIN_DAYS) || c.importantWord) return "high";
  if (c.tentative) return "low";
  return "medium";
}

/**
 * How sure the rules are, before calibration: the cue's strength, up with a due date or a meeting
 * time, an acceptance, the speaker known by name, an assignment by the chair near the end of a group
 * session; down for hedges, conditions and speakers nobody named. extractionCalibration.ts turns it
 * into the share of such suggestions that are right.
 */
function rawScoreOf(c: Candidate): number {
  if (c.multiParty) return groupScoreOf(c);
  let score = c.strength;
  if (c.dueDate) score += 10;
  if (c.unknownSpeaker) score -= 15;
  else if (c.byName) score += 5;
  if (c.tentative) score -= 25;
  if (c.conditional) score -= 10;
  if (c.accepted) score += 10;
  return Math.min(Math.max(score, 5), 95);
}

/**
 * In a meeting of more than two, most "we'll" and "I'll" narrate or decide, and "you have to" is
 * usually anyone ("you have to press the button twice"). The work handed out is given to someone by
 * role or name, by the chair, with a time, near the end.
 */
function groupScoreOf(c: Candidate): number {
  const timed = !!c.dueDate || c.timed;
  let score: number;
  if (c.loose) score = 40;
  else if (c.kind === "third") score = 70;
  else if (c.kind === "group") score = 55;
  else if (c.kind === "assign" || c.kind === "request") score = GENERIC_YOU.test(c.quote) ? 25 : 45;
  else score = 30;
  if (timed) score += 20;
  // "I'm supposed to do the components concept": a role's work, restated.
  if (PLANNED.test(c.quote)) score += 20;
  if (c.late) score += 15;
  else score -= 15;
  if (c.chair && c.kind !== "self" && c.kind !== "mutual") score += 5;
  if (/\b(?:just|quickly)\b/i.test(c.quote)) score -= 10;
  if (c.tentative) score -= 15;
  if (c.conditional) score -= 15;
  if (c.accepted) score += 10;
  score -= c.penalty ?? 0;
  return Math.min(Math.max(score, 5), 95);
}

const PLANNED = /\bsupposed to\b/i;

/** "You have to press it twice": the impersonal you of a description, not a task for someone. */
const GENERIC_YOU = /\byou(?:['’]ll| will| would| are gonna| are going to|['’]re gonna|['’]re going to)?\s+(?:(?:also|just|only|still|always|probably|all)\s+)*(?:have to|need to|got to|must|can|should)\b/i;

/** How much less an assignment counts when the same person already has a likelier one in the meeting. */
const ANOTHER_FOR_SAME_PERSON = 20;

/**
 * A group meeting hands each person a piece of work or two, and says so in several ways; the
 * likeliest suggestion for each person stays, the others drop below it (still behind "Show N more").
 */
function preferOnePerPerson(candidates: Candidate[]) {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const person = c.assignee ?? c.responsibleParty;
    const current = best.get(person);
    if (!current || rawScoreOf(c) > rawScoreOf(current)) best.set(person, c);
  }
  const kept = new Set(best.values());
  for (const c of candidates) if (!kept.has(c)) c.penalty = ANOTHER_FOR_SAME_PERSON;
}

/** What the quote does not already say: whose it is when it is someone else's, who agreed, and when. */
function describe(c: Candidate): string {
  const parts = [];
  if (c.assignee) parts.push(`For ${c.assignee}, who is not the member or the coach.`);
  if (c.accepted) parts.push(`${c.accepted.speaker} agreed at ${c.accepted.timestamp}: "${c.accepted.text}"`);
  return parts.join(" ");
}

/** A title from text said by someone else ("how about you try X?"), due phrases taken out. */
function borrowedTitle(text: string, sessionDate: string): string {
  const imperative = text.replace(/^\w+/, (verb) => SUBJUNCTIVE[verb.toLowerCase()] ?? verb);
  return titleOf(
    without(
      imperative,
      0,
      dueMatches(imperative, sessionDate).filter((d) => !d.attributive),
    ),
  );
}

interface Turn {
  speaker: string | undefined;
  result: SegmentResult;
}

/**
 * A reply to an assignment: "okay, I'll do that" (vague, short and on the same subject, or the
 * same commitment again) confirms it instead of proposing it twice; "I'll try" makes it tentative.
 * Returns the reply's own other commitments.
 */
function takeAssignment(target: Candidate, seg: TranscriptSegment, candidates: Candidate[]): Candidate[] {
  const acceptance = candidates.filter(
    (c) =>
      c.kind === "self" && (c.vague || sameCommitment(c, target) || (c.words.size <= 3 && [...c.words].some((w) => target.words.has(w)))),
  );
  if (acceptance.length > 0 || ACCEPTING.test(seg.text)) {
    target.accepted = { speaker: seg.speaker ?? "Someone", timestamp: formatTimestamp(seg.startSeconds), text: seg.text };
    if (HEDGED_REPLY.test(seg.text)) target.tentative = true;
  }
  return candidates.filter((c) => !acceptance.includes(c));
}

/** "How about you try X?" "Okay, I'll do that.": the commitment is X, quoted where it was said. */
function takeSuggestion(
  vague: Candidate,
  suggestion: NonNullable<SegmentResult["suggestion"]>,
  seg: TranscriptSegment,
  sessionDate: string,
) {
  const title = borrowedTitle(suggestion.text, sessionDate);
  if (!title || SMALL_TALK.test(title)) return;
  Object.assign(vague, {
    title,
    words: contentWords(title),
    quote: suggestion.sentence,
    sentence: suggestion.sentence,
    speaker: suggestion.seg.speaker ?? "Someone",
    timestamp: formatTimestamp(suggestion.seg.startSeconds),
    dueDate: vague.dueDate ?? dueDateIn(suggestion.sentence, sessionDate),
    vague: false,
    strength: WEAK,
    accepted: { speaker: seg.speaker ?? "Someone", timestamp: formatTimestamp(seg.startSeconds), text: seg.text },
  } satisfies Partial<Candidate>);
}

/** The commitments said in a transcript, grounded in its text, in transcript order. */
export function extractCommitments(input: ExtractionInput, options: { calibrated?: boolean } = {}): CommitmentProposal[] {
  const sideOf = speakerSides(input);
  const kept: Candidate[] = [];
  let previous: Turn | null = null;
  const said = new Map<string, number>();
  for (const seg of input.segments) if (seg.speaker) said.set(seg.speaker, (said.get(seg.speaker) ?? 0) + seg.text.length);
  const multiParty = isGroupSession(input.segments);
  // The coach leads a group session; without a coach among the speakers, whoever says most.
  const chair = multiParty
    ? ([...said.keys()].find((label) => sideOf(label).side === "coach") ?? [...said].sort((a, b) => b[1] - a[1])[0]![0])
    : null;
  const people = peopleOf([...said.keys()]);
  const lastStart = input.segments.at(-1)?.startSeconds ?? 0;
  const topic: Context["topic"] = { label: null, speaker: undefined, at: 0 };

  for (const seg of input.segments) {
    const side = sideOf(seg.speaker);
    const late = multiParty && seg.startSeconds >= lastStart * LATE_SHARE;
    const chairing = chair !== null && seg.speaker === chair;
    const result = analyseSegment({ input, seg, side, sideOf, multiParty, people, late, chairing, topic });
    const turn: Turn | null = previous && previous.speaker !== seg.speaker && side.side ? previous : null;
    let own = result.candidates;
    const assigned =
      side.side === "client" ? turn?.result.candidates.filter((c) => c.kind === "assign" || c.kind === "request") : undefined;
    if (assigned?.length) own = takeAssignment(assigned.at(-1)!, seg, own);
    else if (turn?.result.suggestion) {
      const vague = own.find((c) => c.kind === "self" && c.vague);
      if (vague) takeSuggestion(vague, turn.result.suggestion, seg, input.sessionDate);
    }
    for (const c of own) if (!c.vague && c.title && !kept.some((k) => sameCommitment(k, c))) kept.push(c);
    // One speaker's consecutive segments (a WebVTT file splits long turns) are one turn.
    previous =
      previous && previous.speaker === seg.speaker
        ? {
            speaker: seg.speaker,
            result: {
              candidates: [...previous.result.candidates, ...result.candidates],
              suggestion: result.suggestion ?? previous.result.suggestion,
            },
          }
        : { speaker: seg.speaker, result };
  }

  if (multiParty) preferOnePerPerson(kept);
  const proposals: CommitmentProposal[] = kept.map((c) => ({
    title: c.title,
    description: describe(c),
    commitmentType: c.commitmentType,
    responsibleParty: c.responsibleParty,
    priority: priorityOf(c, input.sessionDate),
    dueDate: c.dueDate,
    transcriptQuote: c.quote,
    transcriptTimestamp: c.timestamp,
    confidence: options.calibrated === false ? rawScoreOf(c) : calibratedConfidence(rawScoreOf(c), multiParty ? "group" : "pair"),
    tentative: c.tentative,
  }));
  return keepGrounded(input.text, proposals).kept;
}

/** The offline extractor behind the Extractor interface the pipeline calls. */
export const ruleExtractor: Extractor = (input) => Promise.resolve(extractCommitments(input));
