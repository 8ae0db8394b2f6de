/** A commitment as the rules first hear it (before scoring), the context a segment is read in, and whose it is. */
import type { CommitmentType, ExtractionInput, ResponsibleParty } from "../extraction";
import type { TranscriptSegment } from "../transcripts";
import type { CueKind } from "./cues";
import type { Side, SpeakerSide } from "./speakers";

export interface Candidate {
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

export interface Context {
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

export type Who = { commitmentType: CommitmentType; responsibleParty: ResponsibleParty };
export const FOR_MEMBER: Who = { commitmentType: "user_commitment", responsibleParty: "client" };
export const FOR_COACH: Who = { commitmentType: "coach_commitment", responsibleParty: "coach" };
/** Both, or someone who is neither the member nor the coach (named in the description). */
export const SHARED: Who = { commitmentType: "mutual_agreement", responsibleParty: "both" };

export function typeFor(kind: CueKind, side: Side | null, multiParty: boolean): Who | null {
  if (kind === "mutual" || kind === "group") return SHARED;
  if (kind === "self" && side === "client") return FOR_MEMBER;
  if (kind === "self" && side === "coach") return FOR_COACH;
  // Another person in a group session speaks for themselves: theirs, by name.
  if (kind === "self" && side === null && multiParty) return SHARED;
  if ((kind === "assign" || kind === "request") && side === "coach") return FOR_MEMBER;
  return null;
}
