/**
 * How one turn answers the one before. A short "okay, I'll do that" right after an assignment
 * confirms it instead of adding a second proposal ("I'll try" makes it tentative); after a
 * suggestion ("how about you try X?") it commits to X, quoted where it was suggested. The same
 * commitment said twice is one.
 */
import { formatTimestamp, type TranscriptSegment } from "../transcripts";
import type { Candidate } from "./candidates";
import { WEAK } from "./cues";
import { dueDateIn } from "./dueDates";
import type { SegmentResult } from "./segments";
import { borrowedTitle, contentWords, pointsBack, SMALL_TALK } from "./titles";

/** Words of a reply that takes an assignment on. */
const ACCEPTING = /\b(?:yes|yeah|yep|sure|okay|ok|will do|I can|I will|I['’]ll|deal|sounds good|absolutely|definitely|works|of course)\b/i;
/** A reply that accepts with a hedge: "I'll try", "I can try that", "maybe". */
const HEDGED_REPLY = /\b(?:try|maybe|perhaps|I guess|no promises|we['’]ll see|might)\b/i;

/** The same commitment said twice: same type and most of the shorter title's words shared. */
export function sameCommitment(a: Candidate, b: Candidate): boolean {
  if (a.commitmentType !== b.commitmentType) return false;
  // "Let's talk about X next session." ... "We'll dig into that on the 9th.": one agreement, said twice.
  if (a.commitmentType === "mutual_agreement" && a.dueDate && a.dueDate === b.dueDate && (pointsBack(a.title) || pointsBack(b.title)))
    return true;
  const [x, y] = [a.words, b.words];
  if ([...x].join(" ") === [...y].join(" ")) return true;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 2 && shared / Math.min(x.size, y.size) >= 0.6;
}

export interface Turn {
  speaker: string | undefined;
  result: SegmentResult;
}

/**
 * A reply to an assignment: "okay, I'll do that" (vague, short and on the same subject, or the
 * same commitment again) confirms it instead of proposing it twice; "I'll try" makes it tentative.
 * Returns the reply's own other commitments.
 */
export function takeAssignment(target: Candidate, seg: TranscriptSegment, candidates: Candidate[]): Candidate[] {
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
export function takeSuggestion(
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
