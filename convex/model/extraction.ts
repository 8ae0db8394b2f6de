/**
 * What an extractor (OpenAI or the offline rules) is given and must answer, and the check every
 * answer passes before it is stored: a proposal whose quote is not in the transcript is discarded.
 * Pure, so both extractors, the pipeline and the bench share it.
 */
import type { Infer } from "convex/values";
import type {
  actionItemPriorityValidator,
  commitmentTypeValidator,
  responsiblePartyValidator,
  transcriptSegmentValidator,
} from "../schema";

export type CommitmentType = Infer<typeof commitmentTypeValidator>;
export type ResponsibleParty = Infer<typeof responsiblePartyValidator>;
export type ActionItemPriority = Infer<typeof actionItemPriorityValidator>;

export const COMMITMENT_TYPES = ["user_commitment", "coach_commitment", "mutual_agreement"] as const satisfies readonly CommitmentType[];
export const RESPONSIBLE_PARTIES = ["client", "coach", "both"] as const satisfies readonly ResponsibleParty[];
export const ACTION_ITEM_PRIORITIES = ["low", "medium", "high", "urgent"] as const satisfies readonly ActionItemPriority[];

/** SPEC §5: 1-2 digits, a colon, 2 digits. */
export const TRANSCRIPT_TIMESTAMP_PATTERN = /^\d{1,2}:\d{2}$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The id of the passage at a MM:SS time on the transcript page ("02:10" → "at-02-10"), for links to a quote's moment. */
export function timestampAnchor(timestamp: string): string {
  return `at-${timestamp.replace(":", "-")}`;
}

export interface ExtractionInput {
  segments: Infer<typeof transcriptSegmentValidator>[];
  /** The transcript's text: one `Speaker: text` line per segment. Quotes must be substrings of it. */
  text: string;
  /** Full names; speaker labels may be either name, a first name, or "Coach" / "Client". */
  coachName: string;
  memberName: string;
  /** The session's calendar day in the member's time zone, "YYYY-MM-DD": what "by Friday" counts from. */
  sessionDate: string;
}

export interface CommitmentProposal {
  title: string;
  description: string;
  commitmentType: CommitmentType;
  responsibleParty: ResponsibleParty;
  priority: ActionItemPriority;
  /** "YYYY-MM-DD" when a due date was said, else null. */
  dueDate: string | null;
  transcriptQuote: string;
  /** MM:SS of the segment the quote comes from. */
  transcriptTimestamp: string;
  /** 0-100. */
  confidence: number;
  /** Hedged speech ("I might", "I'll try"). */
  tentative: boolean;
}

export type Extractor = (input: ExtractionInput) => Promise<CommitmentProposal[]>;

function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Keeps the proposals an extractor may be trusted with: a non-blank title, a quote that is an
 * exact substring of the transcript, a MM:SS timestamp. Confidence is clamped to 0-100 and a
 * malformed due date is dropped (the commitment stands without it).
 */
export function keepGrounded(text: string, proposals: CommitmentProposal[]): { kept: CommitmentProposal[]; discarded: number } {
  const kept: CommitmentProposal[] = [];
  for (const proposal of proposals) {
    const title = proposal.title.trim();
    const quote = proposal.transcriptQuote;
    if (!title || !quote.trim() || !text.includes(quote) || !TRANSCRIPT_TIMESTAMP_PATTERN.test(proposal.transcriptTimestamp)) continue;
    kept.push({
      ...proposal,
      title,
      description: proposal.description.trim(),
      confidence: Math.round(Math.min(Math.max(Number.isFinite(proposal.confidence) ? proposal.confidence : 0, 0), 100)),
      dueDate: proposal.dueDate && isCalendarDate(proposal.dueDate) ? proposal.dueDate : null,
    });
  }
  return { kept, discarded: proposals.length - kept.length };
}

/**
 * Suggestions at or above this confidence are shown at once; the rest wait behind "Show N more".
 * Confidence is calibrated on the development transcripts (scripts/bench/extraction-run.ts prints
 * how often suggestions in each band are right), so 50 means about half of them are.
 */
export const SUGGESTION_SHOWN_MIN_CONFIDENCE = 50;
/** Never more suggestions shown at once, however long the session: a handful, not a wall. */
export const SUGGESTIONS_SHOWN_MAX = 8;

/**
 * The suggestions shown at once (confident enough, the most confident first when there are too
 * many) and the rest, each in the order given (the transcript's).
 */
export function splitSuggestions<T extends { confidence: number }>(proposals: readonly T[]): { shown: T[]; more: T[] } {
  const chosen = new Set(
    proposals
      .map((proposal, index) => ({ proposal, index }))
      .filter(({ proposal }) => proposal.confidence >= SUGGESTION_SHOWN_MIN_CONFIDENCE)
      .sort((a, b) => b.proposal.confidence - a.proposal.confidence || a.index - b.index)
      .slice(0, SUGGESTIONS_SHOWN_MAX)
      .map(({ index }) => index),
  );
  return {
    shown: proposals.filter((_, index) => chosen.has(index)),
    more: proposals.filter((_, index) => !chosen.has(index)),
  };
}
