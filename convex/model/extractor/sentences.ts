/** A segment's text cut into sentences, and each sentence into clauses at its cues. */
import type { Marker } from "./cues";
import { trimSpan, type Span } from "./text";

const ABBREVIATION = /\b(?:dr|mr|mrs|ms|st|vs|e\.g|i\.e|a\.m|p\.m|approx|no)\.$/i;

/** Sentences of a segment's text as offsets; "a.m. tomorrow" and "Dr. Lee" do not end one. */
export function sentences(text: string): Span[] {
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

export const SEPARATOR = /(?:[,;:]|\s[-–—])\s+(?:(?:and|but|or|so|then|also)\s+)*|\s(?:and|but|or|so|then)\s+(?:(?:then|also)\s+)*/gi;

/** Where one clause ends and the next begins between two cues: at the last comma or conjunction. */
function boundary(text: string, from: number, to: number): { end: number; next: number } {
  let found: { end: number; next: number } = { end: to, next: to };
  for (const m of text.slice(from, to).matchAll(SEPARATOR)) found = { end: from + m.index, next: from + m.index + m[0].length };
  return found;
}

export interface Clause extends Span {
  marker: Marker;
}

export function clausesOf(text: string, sentence: Span, markers: Marker[]): Clause[] {
  return markers.map((marker, k) => {
    const start = k === 0 ? sentence.start : boundary(text, markers[k - 1]!.end, marker.start).next;
    const end = k === markers.length - 1 ? sentence.end : boundary(text, marker.end, markers[k + 1]!.start).end;
    return { ...trimSpan(text, { start, end }), marker };
  });
}

const TAG_QUESTION =
  /,\s*(?:okay|ok|right|yeah|alright|all right|deal|sound good|does that sound good|does that work|is that okay|is that ok|how does that sound|yes)\?["'”’]*$/i;

export function isQuestion(sentence: string): boolean {
  return /\?["'”’)]*$/.test(sentence) && !TAG_QUESTION.test(sentence);
}
