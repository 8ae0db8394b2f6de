/** Offsets into a segment's text, and the small text helpers every part of the offline extractor shares. */

export type Span = { start: number; end: number };

/** Both apostrophes: transcripts from meeting apps use the typographic one. */
export const AP = "['’]";

export function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /[\s,;:]/.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Text with the given spans blanked out (offsets relative to `offset`). */
export function without(text: string, offset: number, spans: Span[]): string {
  let out = text;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    const start = Math.max(span.start - offset, 0);
    const end = Math.max(span.end - offset, 0);
    out = `${out.slice(0, start)} ${out.slice(end)}`;
  }
  return out;
}

/** A name or title as it compares: accents, case and punctuation folded away. */
export function normalizeName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
