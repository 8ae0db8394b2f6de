import { describe, expect, it } from "vitest";
import type { CommitmentProposal } from "./extraction";
import { combineScores, scoreExtraction, type ExpectedCommitment } from "./extractionScore";

function proposal(quote: string, fields: Partial<CommitmentProposal> = {}): CommitmentProposal {
  return {
    title: quote,
    description: "",
    commitmentType: "user_commitment",
    responsibleParty: "client",
    priority: "medium",
    dueDate: null,
    transcriptQuote: quote,
    transcriptTimestamp: "00:10",
    confidence: 80,
    tentative: false,
    ...fields,
  };
}

function expected(quoteIncludes: string, fields: Partial<ExpectedCommitment> = {}): ExpectedCommitment {
  return { quoteIncludes, commitmentType: "user_commitment", responsibleParty: "client", tentative: false, dueDate: null, ...fields };
}

describe("scoreExtraction", () => {
  it("matches a proposal whose quote contains the label, and counts the rest as false positives and negatives", () => {
    const score = scoreExtraction(
      [proposal("I'll send the invoice to Dana by Friday."), proposal("Let's get started.")],
      [expected("send the invoice to Dana"), expected("book the dentist")],
    );
    expect(score).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 1, precision: 0.5, recall: 0.5 });
    expect(score.missed.map((m) => m.quoteIncludes)).toEqual(["book the dentist"]);
    expect(score.extra.map((p) => p.transcriptQuote)).toEqual(["Let's get started."]);
  });

  it("matches one to one, as many pairs as possible", () => {
    // One long quote holds both labels: it can stand for only one of them.
    const long = proposal("I'll draft the bullets tonight and send the update on Monday.");
    expect(scoreExtraction([long], [expected("draft the bullets"), expected("send the update")])).toMatchObject({
      truePositives: 1,
      falseNegatives: 1,
    });
    // A greedy first fit would give the long quote to the first label and miss the second.
    const short = proposal("draft the bullets tonight");
    expect(scoreExtraction([long, short], [expected("draft the bullets"), expected("send the update")]).truePositives).toBe(2);
  });

  it("counts the matched pairs that agree on type, responsible party, due date and tentativeness", () => {
    const score = scoreExtraction(
      [
        proposal("I'll call the bank tomorrow.", { dueDate: "2025-03-05" }),
        proposal("Let's review it next week.", {
          commitmentType: "mutual_agreement",
          responsibleParty: "both",
          dueDate: "2025-03-11",
          tentative: true,
        }),
      ],
      [
        expected("call the bank", { dueDate: "2025-03-05" }),
        expected("review it next week", { commitmentType: "mutual_agreement", responsibleParty: "both", dueDate: "2025-03-12" }),
      ],
    );
    expect(score).toMatchObject({
      truePositives: 2,
      typeAgreements: 2,
      responsibleAgreements: 2,
      dueDateAgreements: 1,
      tentativeAgreements: 1,
    });
  });

  it("scores empty sides as perfect rather than dividing by zero", () => {
    expect(scoreExtraction([], [])).toMatchObject({ precision: 1, recall: 1 });
    expect(scoreExtraction([], [expected("x")])).toMatchObject({ precision: 1, recall: 0 });
    expect(scoreExtraction([proposal("x")], [])).toMatchObject({ precision: 0, recall: 1 });
  });
});

describe("combineScores", () => {
  it("adds the counts and recomputes precision and recall over the totals", () => {
    const a = scoreExtraction([proposal("a"), proposal("b")], [expected("a")]);
    const b = scoreExtraction([proposal("c")], [expected("c"), expected("d"), expected("e")]);
    expect(combineScores([a, b])).toMatchObject({
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 2,
      precision: 2 / 3,
      recall: 2 / 4,
      typeAgreements: 2,
    });
    expect(combineScores([]).precision).toBe(1);
  });
});
