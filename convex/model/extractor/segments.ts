/** One segment read sentence by sentence: the commitments its clauses say, and the suggestion it leaves for the next speaker. */
import type { TranscriptSegment } from "../transcripts";
import { readAssignments } from "./assignments";
import type { Candidate, Context } from "./candidates";
import { analyseClause } from "./clauses";
import { findMarkers } from "./cues";
import { dueDateIn } from "./dueDates";
import { clausesOf, isQuestion, sentences } from "./sentences";
import type { Steps } from "./steps";

/** A question or offer that the next speaker may take on with "okay, I'll do that". */
const SUGGESTION =
  /\b(?:what if you|how about(?: you)?|why don['’]t you|would you be willing to|could you|can you|would you|will you|maybe you could|you could|you might want to)\s+(.+?)[?.!]*$/i;

export interface SegmentResult {
  candidates: Candidate[];
  /** The last question or offer said to the other speaker, for "okay, I'll do that". */
  suggestion: { text: string; sentence: string; seg: TranscriptSegment } | null;
}

/** A segment's commitments; yields after each clause it reads (steps.ts), so one long monologue is many steps. */
export function* analyseSegment(ctx: Context): Steps<SegmentResult> {
  const text = ctx.seg.text;
  const candidates: Candidate[] = [];
  let suggestion: SegmentResult["suggestion"] = null;
  const spans = sentences(text);
  for (const [i, sentence] of spans.entries()) {
    const sentenceText = text.slice(sentence.start, sentence.end);
    const question = isQuestion(sentenceText);
    const markers = findMarkers(text, sentence);
    const clauses = clausesOf(text, sentence, markers);
    const found: Candidate[] = [];
    for (const clause of clauses) {
      found.push(...analyseClause(ctx, clause, clause.marker, clause.marker.cue, sentence, question));
      yield;
    }
    found.push(...(yield* readAssignments(ctx, sentence, clauses)));
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
  }
  return { candidates, suggestion };
}
