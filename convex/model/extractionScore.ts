/**
 * How well an extractor's proposals match a labelled transcript, each side used at most once (a
 * maximum matching, so one long quote cannot hide a second commitment). Pure, shared by the
 * extractor tests and the bench.
 *
 * Two kinds of label fit:
 * - a coaching fixture's label (tests/fixtures/transcripts/NN.labels.json) names a distinctive
 *   piece of the sentence, `quoteIncludes`: a proposal fits when its quote contains it;
 * - a public fixture's label (tests/fixtures/transcripts/public/, imported from a meeting corpus)
 *   lists the passages the action was said in, `quotes`: a proposal fits when its quote contains
 *   one of them, or lies within one (a proposal quote of at least QUOTE_WITHIN_MIN_CHARS, so an
 *   "okay" inside a long passage does not count).
 * A label says the type, the responsible party, the due date and the tentativeness only when its
 * source does; agreement on a field is counted over the matched labels that say it.
 */
import type { CommitmentProposal, CommitmentType, ResponsibleParty } from "./extraction";

/** A proposal quote this long or longer matches a public label's passage it lies within. */
export const QUOTE_WITHIN_MIN_CHARS = 12;

/** What any label may say; which of it a label has depends on where it comes from. */
export interface LabelledCommitment {
  /** A distinctive substring of the sentence the commitment is said in (coaching fixtures). */
  quoteIncludes?: string;
  /** The passages the commitment is said in, exactly as in the transcript; any one may match (public fixtures). */
  quotes?: string[];
  /** The action in the annotator's words (public fixtures). */
  action?: string;
  commitmentType?: CommitmentType;
  responsibleParty?: ResponsibleParty;
  tentative?: boolean;
  dueDate?: string | null;
}

/** One labelled commitment of a coaching fixture (tests/fixtures/transcripts/NN.labels.json): every field said. */
export interface ExpectedCommitment extends LabelledCommitment {
  quoteIncludes: string;
  commitmentType: CommitmentType;
  responsibleParty: ResponsibleParty;
  tentative: boolean;
  dueDate: string | null;
}

/** One action item of a public fixture (tests/fixtures/transcripts/public/<part>/<meeting>.labels.json). */
export interface PublicExpectedCommitment extends LabelledCommitment {
  action: string;
  quotes: string[];
}

export interface ExtractionScore<E extends LabelledCommitment = LabelledCommitment> {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** 1 when nothing was proposed. */
  precision: number;
  /** 1 when nothing was expected. */
  recall: number;
  /** Of the matched pairs whose label says the field, how many agree on it... */
  typeAgreements: number;
  responsibleAgreements: number;
  dueDateAgreements: number;
  tentativeAgreements: number;
  /** ...and how many matched labels say it. */
  typeLabelled: number;
  responsibleLabelled: number;
  dueDateLabelled: number;
  tentativeLabelled: number;
  /** What was missed and what was proposed in excess, to say why a score is low. */
  missed: E[];
  extra: CommitmentProposal[];
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 1 : part / whole;
}

/** Whether a proposal quote stands for the label (see the top of this file). */
export function quoteFits(quote: string, label: LabelledCommitment): boolean {
  if (label.quoteIncludes !== undefined && quote.includes(label.quoteIncludes)) return true;
  const within = quote.trim().length >= QUOTE_WITHIN_MIN_CHARS;
  return (label.quotes ?? []).some((passage) => passage.trim() !== "" && (quote.includes(passage) || (within && passage.includes(quote))));
}

/** Pairs expected index -> proposal index, as many as possible (Kuhn's augmenting paths). */
function maximumMatching(proposals: CommitmentProposal[], expected: LabelledCommitment[]): Map<number, number> {
  const fits = expected.map((e) => proposals.flatMap((p, i) => (quoteFits(p.transcriptQuote, e) ? [i] : [])));
  const owner = new Map<number, number>(); // proposal -> expected
  const place = (e: number, seen: Set<number>): boolean => {
    for (const p of fits[e]!) {
      if (seen.has(p)) continue;
      seen.add(p);
      const current = owner.get(p);
      if (current === undefined || place(current, seen)) {
        owner.set(p, e);
        return true;
      }
    }
    return false;
  };
  expected.forEach((_, e) => place(e, new Set()));
  return new Map([...owner].map(([p, e]) => [e, p]));
}

export function scoreExtraction<E extends LabelledCommitment>(proposals: CommitmentProposal[], expected: E[]): ExtractionScore<E> {
  const pairs = maximumMatching(proposals, expected);
  const matched = [...pairs].map(([e, p]) => ({ expected: expected[e]!, proposal: proposals[p]! }));
  const usedProposals = new Set(pairs.values());
  type Field = "commitmentType" | "responsibleParty" | "dueDate" | "tentative";
  const labelled = (field: Field) => matched.filter((m) => m.expected[field] !== undefined);
  const agreements = (field: Field) => labelled(field).filter((m) => m.proposal[field] === m.expected[field]).length;
  const truePositives = matched.length;
  return {
    truePositives,
    falsePositives: proposals.length - truePositives,
    falseNegatives: expected.length - truePositives,
    precision: ratio(truePositives, proposals.length),
    recall: ratio(truePositives, expected.length),
    typeAgreements: agreements("commitmentType"),
    responsibleAgreements: agreements("responsibleParty"),
    dueDateAgreements: agreements("dueDate"),
    tentativeAgreements: agreements("tentative"),
    typeLabelled: labelled("commitmentType").length,
    responsibleLabelled: labelled("responsibleParty").length,
    dueDateLabelled: labelled("dueDate").length,
    tentativeLabelled: labelled("tentative").length,
    missed: expected.filter((_, e) => !pairs.has(e)),
    extra: proposals.filter((_, p) => !usedProposals.has(p)),
  };
}

/** Several transcripts' scores as one: counts added, precision and recall over the totals. */
export function combineScores<E extends LabelledCommitment>(scores: ExtractionScore<E>[]): ExtractionScore<E> {
  const sum = (field: keyof Omit<ExtractionScore, "precision" | "recall" | "missed" | "extra">) =>
    scores.reduce((total, s) => total + s[field], 0);
  const truePositives = sum("truePositives");
  const falsePositives = sum("falsePositives");
  const falseNegatives = sum("falseNegatives");
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, truePositives + falseNegatives),
    typeAgreements: sum("typeAgreements"),
    responsibleAgreements: sum("responsibleAgreements"),
    dueDateAgreements: sum("dueDateAgreements"),
    tentativeAgreements: sum("tentativeAgreements"),
    typeLabelled: sum("typeLabelled"),
    responsibleLabelled: sum("responsibleLabelled"),
    dueDateLabelled: sum("dueDateLabelled"),
    tentativeLabelled: sum("tentativeLabelled"),
    missed: scores.flatMap((s) => s.missed),
    extra: scores.flatMap((s) => s.extra),
  };
}
