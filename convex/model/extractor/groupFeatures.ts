/**
 * What the group-session model (groupModel.ts) reads of each sentence of a meeting: its words and
 * word pairs, its neighbours' words, where it falls in the meeting, whether the chair says it and
 * names someone, and how the rules read its cued clauses (who, mood, negation, condition, a
 * report, narration, a decision). Features are names; the model is a weight per name. Pure, so
 * the extractor, the training script (scripts/extraction/train-group-model.ts) and the tests share it.
 */
import { cleanSpeech, readClause } from "../commitmentReading";
import type { TranscriptSegment } from "../transcripts";
import { findMarkers } from "./cues";
import { dueMatches } from "./dueDates";
import { MEETING_TIME } from "./lexicon";
import { personNamed } from "./groupSession";
import { clausesOf, isQuestion, sentences } from "./sentences";
import { normalizeName } from "./text";

/** One sentence of the meeting: the unit the model scores and a suggestion quotes. */
export interface GroupUnit {
  /** Index of its segment in the transcript. */
  segment: number;
  /** Offsets in the segment's text. */
  start: number;
  end: number;
  text: string;
}

export interface GroupContext {
  segments: readonly TranscriptSegment[];
  sessionDate: string;
  /** The chair's speaker label (groupSession.ts, chairOf). */
  chair: string | null;
  /** How people are called, by name or role (groupSession.ts, peopleOf). */
  people: Map<string, string>;
}

export function groupUnits(segments: readonly TranscriptSegment[]): GroupUnit[] {
  return segments.flatMap((seg, segment) =>
    sentences(seg.text).map(({ start, end }) => ({ segment, start, end, text: seg.text.slice(start, end) })),
  );
}

/** The words of spoken text, without fillers and restarts, lower case. */
export function wordsOf(text: string): string[] {
  return cleanSpeech(text).toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
}

const ACKNOWLEDGEMENT = /^(?:okay|ok|yeah|yes|yep|sure|right|alright|all right|mm-hmm|fine|good|great|cool)\b/i;
const LENGTHS = [3, 7, 15, 30] as const;
const POSITIONS = 10;

function lengthBucket(words: number): string {
  const index = LENGTHS.findIndex((limit) => words <= limit);
  return `len:${index === -1 ? LENGTHS.length : index}`;
}

/** The rules' reading of each cued clause of the sentence. */
function readingFeatures(seg: TranscriptSegment, unit: GroupUnit, out: string[]) {
  const span = { start: unit.start, end: unit.end };
  const markers = findMarkers(seg.text, span);
  for (const clause of clausesOf(seg.text, span, markers)) {
    const kind = clause.marker.cue.kind;
    const reading = readClause(seg.text.slice(clause.marker.start, clause.end));
    out.push(`cue:${kind}`, `person:${reading.person}`, `mood:${reading.mood}`, `cue:${kind}:${reading.person}`);
    for (const flag of ["negative", "conditional", "reported", "narration", "decision", "state", "fragment", "passive"] as const)
      if (reading[flag]) out.push(`read:${flag}`);
  }
  if (markers.length === 0) out.push("cue:none");
}

/** The feature names of unit `i`; `words` are wordsOf each unit's text. */
export function featuresOfUnit(ctx: GroupContext, units: readonly GroupUnit[], words: readonly string[][], i: number): string[] {
  const unit = units[i]!;
  const seg = ctx.segments[unit.segment]!;
  const last = ctx.segments.at(-1)?.startSeconds ?? 0;
  const own = words[i]!;
  const out = ["bias"];
  for (const [k, word] of own.entries()) {
    out.push(`w:${word}`);
    out.push(`b:${k === 0 ? "^" : own[k - 1]} ${word}`);
  }
  if (own.length > 0) out.push(`b:${own.at(-1)} $`);
  const previous = units[i - 1];
  const next = units[i + 1];
  for (const word of new Set(words[i - 1] ?? [])) out.push(`p:${word}`);
  for (const word of new Set(words[i + 1] ?? [])) out.push(`n:${word}`);
  if (previous && previous.segment !== unit.segment) out.push("turn:first");
  if (!next || next.segment !== unit.segment) {
    out.push("turn:last");
    if (next && ACKNOWLEDGEMENT.test(next.text)) out.push("next:ack");
  }
  out.push(`pos:${last > 0 ? Math.min(POSITIONS - 1, Math.floor((seg.startSeconds / last) * POSITIONS)) : 0}`);
  out.push(lengthBucket(own.length));
  const chair = seg.speaker !== undefined && seg.speaker === ctx.chair;
  if (chair) out.push("chair");
  if (personNamed(ctx.people, normalizeName(own.join(" ")), seg.speaker) !== null) out.push(chair ? "names:chair" : "names");
  if (isQuestion(unit.text)) out.push("question");
  if (dueMatches(unit.text, ctx.sessionDate).length > 0) out.push("due");
  if (MEETING_TIME.test(unit.text)) out.push("meeting-time");
  readingFeatures(seg, unit, out);
  return out;
}

/** Each unit's feature names. */
export function unitFeatures(ctx: GroupContext, units: readonly GroupUnit[]): string[][] {
  const words = units.map((unit) => wordsOf(unit.text));
  return units.map((_, i) => featuresOfUnit(ctx, units, words, i));
}
