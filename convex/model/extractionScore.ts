/**
 * How well an extractor's proposals match a hand-labelled transcript: a proposal matches a
 * labelled commitment when its quote contains the label's `quoteIncludes`, each side used at most
 * once (a maximum matching, so one long quote cannot hide a second commitment). Pure, shared by
 * the extractor tests and the bench.
 */
import type { CommitmentProposal, CommitmentType, ResponsibleParty } from "./extraction";

/** One labelled commitment of a fixture (tests/fixtures/transcripts/NN.labels.json). */
export interface ExpectedCommitment {
  /** A distinctive substring of the sentence the commitment is said in. */
  quoteIncludes: string;
  commitmentType: CommitmentType;
  responsibleParty: ResponsibleParty;
  tentative: boolean;
  dueDate: string | null;
}

export interface ExtractionScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** 1 when nothing was proposed. */
  precision: number;
  /** 1 when nothing was expected. */
  recall: number;
  /** Of the matched pairs, how many agree on each field. */
  typeAgreements: number;
  responsibleAgreements: number;
  dueDateAgreements: number;
  tentativeAgreements: number;
  /** What was missed and what was proposed in excess, to say why a score is low. */
  missed: ExpectedCommitment[];
  extra: CommitmentProposal[];
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 1 : part / whole;
}

/** Pairs expected index -> proposal index, as many as possible (Kuhn's augmenting paths). */
function maximumMatching(proposals: CommitmentProposal[], expected: ExpectedCommitment[]): Map<number, number> {
  const fits = expected.map((e) => proposals.flatMap((p, i) => (p.transcriptQuote.includes(e.quoteIncludes) ? [i] : [])));
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

export function scoreExtraction(proposals: CommitmentProposal[], expected: ExpectedCommitment[]): ExtractionScore {
  const pairs = maximumMatching(proposals, expected);
  const matched = [...pairs].map(([e, p]) => ({ expected: expected[e]!, proposal: proposals[p]! }));
  const usedProposals = new Set(pairs.values());
  const count = (agrees: (pair: (typeof matched)[number]) => boolean) => matched.filter(agrees).length;
  const truePositives = matched.length;
  return {
    truePositives,
    falsePositives: proposals.length - truePositives,
    falseNegatives: expected.length - truePositives,
    precision: ratio(truePositives, proposals.length),
    recall: ratio(truePositives, expected.length),
    typeAgreements: count((m) => m.proposal.commitmentType === m.expected.commitmentType),
    responsibleAgreements: count((m) => m.proposal.responsibleParty === m.expected.responsibleParty),
    dueDateAgreements: count((m) => m.proposal.dueDate === m.expected.dueDate),
    tentativeAgreements: count((m) => m.proposal.tentative === m.expected.tentative),
    missed: expected.filter((_, e) => !pairs.has(e)),
    extra: proposals.filter((_, p) => !usedProposals.has(p)),
  };
}

/** Several transcripts' scores as one: counts added, precision and recall over the totals. */
export function combineScores(scores: ExtractionScore[]): ExtractionScore {
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
    missed: scores.flatMap((s) => s.missed),
    extra: scores.flatMap((s) => s.extra),
  };
}
