import type { TranscriptSegment } from "@convex/model/transcripts";
import type { ReactNode } from "react";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive pattern for the search words as typed, or null for an empty search. */
export function searchPattern(query: string): RegExp | null {
  const trimmed = query.trim();
  return trimmed ? new RegExp(escapeRegExp(trimmed), "gi") : null;
}

/** How often the search occurs in a segment's speaker and text. */
export function countMatches(segment: TranscriptSegment, pattern: RegExp): number {
  return [segment.speaker ?? "", segment.text].reduce((total, part) => total + (part.match(pattern)?.length ?? 0), 0);
}

/** `text` with every match wrapped in <mark>. */
export function highlight(text: string, pattern: RegExp | null): ReactNode {
  if (!pattern) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-warning-muted px-0.5 text-foreground">
        {match[0]}
      </mark>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
