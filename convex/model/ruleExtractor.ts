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
 * The rules live in extractor/, one concern a file: cues.ts (the words that open a commitment),
 * sentences.ts (sentences and clauses), clauses.ts (whether a cued clause is a commitment and
 * whose), assignments.ts (work handed out without a cue), groupSession.ts (meetings of more than
 * two), dueDates.ts (due dates, counted from the session day), titles.ts, turns.ts (replies and
 * repeats), scoring.ts (priority and confidence). This file walks the transcript, in small steps
 * (steps.ts) so that the pipeline's extraction shares its thread.
 */
import { calibratedConfidence } from "./extractionCalibration";
import type { TranscriptSegment } from "./transcripts";
import { keepGrounded, type CommitmentProposal, type ExtractionInput, type Extractor } from "./extraction";
import type { Candidate, Context } from "./extractor/candidates";
import { chairOf, forSomeoneElse, isGroupSession, LATE_SHARE, peopleOf, preferOnePerPerson } from "./extractor/groupSession";
import { priorityOf, rawScoreOf } from "./extractor/scoring";
import { groupSuggestionSteps } from "./extractor/groupSuggestions";
import { analyseSegment } from "./extractor/segments";
import { speakerSides } from "./extractor/speakers";
import { runInSlices, runToEnd, type Pacing, type Steps } from "./extractor/steps";
import { sameCommitment, takeAssignment, takeSuggestion, type Turn } from "./extractor/turns";

export { dueDateIn } from "./extractor/dueDates";
export { isGroupSession } from "./extractor/groupSession";
export { RULE_TITLE_MAX_CHARS } from "./extractor/titles";

/** What the quote does not already say: whose it is when it is someone else's, who agreed, and when. */
function describe(c: Candidate): string {
  const parts = [];
  if (c.assignee) parts.push(forSomeoneElse(c.assignee));
  if (c.accepted) parts.push(`${c.accepted.speaker} agreed at ${c.accepted.timestamp}: "${c.accepted.text}"`);
  return parts.join(" ");
}

export interface ExtractOptions {
  /** false: the raw score (scoring.ts) as the confidence, for the calibration script and tests. */
  calibrated?: boolean;
  /** A group session's proposals from the rules alone, without the model's (the calibration script fits them so). */
  rulesOnly?: boolean;
}

/** The extraction as small steps (steps.ts): it yields after each clause read, segment walked and proposal grounded. */
function* extractionSteps(input: ExtractionInput, options: ExtractOptions): Steps<CommitmentProposal[]> {
  const sideOf = speakerSides(input);
  const kept: Candidate[] = [];
  let previous: Turn | null = null;
  const said = new Map<string, number>();
  for (const seg of input.segments) if (seg.speaker) said.set(seg.speaker, (said.get(seg.speaker) ?? 0) + seg.text.length);
  const multiParty = isGroupSession(input.segments);
  const chair = multiParty ? chairOf(said, sideOf) : null;
  const people = peopleOf([...said.keys()]);
  const lastStart = input.segments.at(-1)?.startSeconds ?? 0;
  const topic: Context["topic"] = { label: null, speaker: undefined, at: 0 };
  const contextOf = (seg: TranscriptSegment): Context => ({
    input,
    seg,
    side: sideOf(seg.speaker),
    sideOf,
    multiParty,
    people,
    late: multiParty && seg.startSeconds >= lastStart * LATE_SHARE,
    chairing: chair !== null && seg.speaker === chair,
    topic,
  });
  for (const seg of input.segments) {
    const side = sideOf(seg.speaker);
    const result = yield* analyseSegment(contextOf(seg));
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
    yield;
  }

  if (multiParty) preferOnePerPerson(kept);
  const proposals: CommitmentProposal[] = [];
  for (const c of kept) {
    proposals.push(...keepGrounded(input.text, [proposalOf(c, input.sessionDate, multiParty, options)]).kept);
    yield;
  }
  if (!multiParty || options.rulesOnly) return proposals;
  // A group session: the model's suggestions, and the rules' that are as likely to be right and that it did not make.
  const walk = { context: { segments: input.segments, sessionDate: input.sessionDate, chair, people }, contextOf: (segment: number) => contextOf(input.segments[segment]!) };
  const suggested = keepGrounded(input.text, yield* groupSuggestionSteps(input, walk, options.calibrated !== false)).kept;
  const sure = proposals.filter((p) => {
    const confidence = options.calibrated === false ? calibratedConfidence(p.confidence, "group") : p.confidence;
    return confidence >= RULES_KEPT_IN_GROUP && !suggested.some((s) => overlaps(s.transcriptQuote, p.transcriptQuote));
  });
  const at = (p: CommitmentProposal) => input.text.indexOf(p.transcriptQuote);
  return [...suggested, ...sure].sort((a, b) => at(a) - at(b));
}

/**
 * A group session keeps the rules' proposals this confident or more beside the model's: on the
 * development meetings they are right about as often as the model's own (4 in 10), and they hear a
 * guest's "I'll ..." in a coaching session, which the model, learned on design meetings, does not.
 */
const RULES_KEPT_IN_GROUP = 40;

const overlaps = (a: string, b: string) => a.includes(b) || b.includes(a);

function proposalOf(c: Candidate, sessionDate: string, multiParty: boolean, options: ExtractOptions): CommitmentProposal {
  return {
    title: c.title,
    description: describe(c),
    commitmentType: c.commitmentType,
    responsibleParty: c.responsibleParty,
    priority: priorityOf(c, sessionDate),
    dueDate: c.dueDate,
    transcriptQuote: c.quote,
    transcriptTimestamp: c.timestamp,
    confidence: options.calibrated === false ? rawScoreOf(c) : calibratedConfidence(rawScoreOf(c), multiParty ? "group" : "pair"),
    tentative: c.tentative,
  };
}

/** The commitments said in a transcript, grounded in its text, in transcript order, in one go (tests, scripts). */
export function extractCommitments(input: ExtractionInput, options: ExtractOptions = {}): CommitmentProposal[] {
  return runToEnd(extractionSteps(input, options));
}

/**
 * The same commitments, with a turn of the event loop after every SLICE_MS of work: an hour's
 * transcript takes seconds of CPU, which in one go would block its thread and be stopped as a loop.
 */
export function extractCommitmentsInSlices(input: ExtractionInput, options: ExtractOptions = {}, pacing?: Pacing): Promise<CommitmentProposal[]> {
  return runInSlices(extractionSteps(input, options), pacing);
}

/** The offline extractor behind the Extractor interface the pipeline calls, sharing its thread as it goes. */
export const ruleExtractor: Extractor = (input) => extractCommitmentsInSlices(input);
