/**
 * A group session's suggestions (more than two people speak): the sentences the learned model
 * (groupModel.ts) finds likeliest to say an action item, at most its cap, each quoted whole. Who it
 * is for and its title come from the rules' reading of that sentence when they read one, else from
 * the person the sentence names, else from its speaker.
 */
import { cleanSpeech } from "../commitmentReading";
import type { CommitmentProposal, ExtractionInput } from "../extraction";
import { formatTimestamp } from "../transcripts";
import { SHARED, type Candidate, type Context } from "./candidates";
import { dueDateIn } from "./dueDates";
import { featuresOfUnit, groupUnits, wordsOf, type GroupContext, type GroupUnit } from "./groupFeatures";
import { chooseSuggested, confidenceOf, GROUP_MODEL, probabilityOf, type GroupModel } from "./groupModel";
import { chairOf, forSomeoneElse, mentioned, peopleOf, whoIs } from "./groupSession";
import { HEDGE, IMPORTANT, URGENT } from "./lexicon";
import { priorityOf } from "./scoring";
import { analyseSegment } from "./segments";
import { speakerSides } from "./speakers";
import type { Steps } from "./steps";
import { RULE_TITLE_MAX_CHARS, titleOf } from "./titles";

/** What a group session's walk needs besides the transcript: who chairs and who is who, and how to read a segment. */
export interface GroupWalk {
  context: GroupContext;
  contextOf: (segment: number) => Context;
}

/** The chair and the people of a transcript, as the extractor finds them (groupSession.ts). */
export function groupContextOf(input: ExtractionInput): GroupContext {
  const said = new Map<string, number>();
  for (const seg of input.segments) if (seg.speaker) said.set(seg.speaker, (said.get(seg.speaker) ?? 0) + seg.text.length);
  const chair = said.size > 0 ? chairOf(said, speakerSides(input)) : null;
  return { segments: input.segments, sessionDate: input.sessionDate, chair, people: peopleOf([...said.keys()]) };
}

/** Each sentence of the transcript, and how likely the model finds that it says an action item; a step per sentence. */
export function* sentenceProbabilities(ctx: GroupContext, model: GroupModel = GROUP_MODEL): Steps<{ units: GroupUnit[]; probabilities: number[] }> {
  const units = groupUnits(ctx.segments);
  const words = units.map((unit) => wordsOf(unit.text));
  const probabilities: number[] = [];
  for (let i = 0; i < units.length; i++) {
    probabilities.push(probabilityOf(model, featuresOfUnit(ctx, units, words, i)));
    yield;
  }
  return { units, probabilities };
}

/** A title from the sentence itself when the rules read none in it. */
function plainTitle(sentence: string): string {
  const title = titleOf(cleanSpeech(sentence));
  return title || cleanSpeech(sentence).slice(0, RULE_TITLE_MAX_CHARS);
}

export function* groupSuggestionSteps(
  input: ExtractionInput,
  walk: GroupWalk,
  calibrated: boolean,
  model: GroupModel = GROUP_MODEL,
): Steps<CommitmentProposal[]> {
  const { units, probabilities } = yield* sentenceProbabilities(walk.context, model);
  const proposals: CommitmentProposal[] = [];
  for (const index of chooseSuggested(probabilities, model)) {
    const unit = units[index]!;
    const segmentCtx = walk.contextOf(unit.segment);
    const read: Candidate | undefined = (yield* analyseSegment(segmentCtx)).candidates.find((c) => c.sentence === unit.text && !c.vague && c.title);
    const speaker = segmentCtx.seg.speaker;
    const named = mentioned(segmentCtx, unit.text) ?? speaker;
    const { who, assignee } = read ? { who: read, assignee: read.assignee } : named ? whoIs(segmentCtx, named) : { who: SHARED, assignee: null };
    const dueDate = read?.dueDate ?? dueDateIn(unit.text, input.sessionDate);
    const tentative = read?.tentative ?? HEDGE.test(unit.text);
    const probability = probabilities[index]!;
    proposals.push({
      title: read?.title ?? plainTitle(unit.text),
      description: assignee ? forSomeoneElse(assignee) : "",
      commitmentType: who.commitmentType,
      responsibleParty: who.responsibleParty,
      priority: priorityOf({ dueDate, tentative, urgentWord: URGENT.test(unit.text), importantWord: IMPORTANT.test(unit.text) }, input.sessionDate),
      dueDate,
      transcriptQuote: unit.text,
      transcriptTimestamp: formatTimestamp(segmentCtx.seg.startSeconds),
      confidence: calibrated ? confidenceOf(model, probability) : Math.round(probability * 100),
      tentative,
    });
  }
  return proposals;
}
