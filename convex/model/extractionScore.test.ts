import { describe, expect, it } from "vitest";
import type { CommitmentProposal } from "./extraction";
import {
  combineScores,
  QUOTE_WITHIN_MIN_CHARS,
  scoreExtraction,
  type ExpectedCommitment,
  type PublicExpectedCommitment,
} from "./extractionScore";

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

function linked(action: string, ...quotes: string[]): PublicExpectedCommitment {
  return { action, quotes };
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

describe("scoreExtraction with labels of linked passages", () => {
  const act = "Uh so, um, what I'll do is I'll put the cost sheet together and, uh, mail it round before Thursday.";

  it("matches a proposal lying within a long linked passage, or containing one", () => {
    const label = linked("The designer will circulate the cost sheet.", act);
    expect(scoreExtraction([proposal("I'll put the cost sheet together")], [label]).truePositives).toBe(1);
    expect(scoreExtraction([proposal(`Designer: ${act} Okay.`)], [label]).truePositives).toBe(1);
    // A few words inside the passage are too little to stand for it.
    const short = "mail it";
    expect(short.length).toBeLessThan(QUOTE_WITHIN_MIN_CHARS);
    expect(scoreExtraction([proposal(short)], [label])).toMatchObject({ truePositives: 0, falsePositives: 1, falseNegatives: 1 });
    // Overlapping the passage without lying within it or containing it is not a match.
    expect(scoreExtraction([proposal("before Thursday. Right, next slide")], [label]).truePositives).toBe(0);
  });

  it("matches a label with two passages to at most one proposal", () => {
    const label = linked(
      "The team will meet the supplier.",
      "we should phone the supplier on Monday",
      "okay, so Monday we phone the supplier",
    );
    const score = scoreExtraction(
      [proposal("we should phone the supplier on Monday"), proposal("okay, so Monday we phone the supplier")],
      [label],
    );
    expect(score).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0, precision: 0.5, recall: 1 });
  });

  it("counts an agreement only over matched labels that say the field", () => {
    const score = scoreExtraction(
      [
        proposal("I'll water the plants on the balcony.", { dueDate: "2025-06-02" }),
        proposal("we'll repaint the fence next week", { commitmentType: "mutual_agreement", responsibleParty: "both" }),
      ],
      [
        linked("Someone will water the plants.", "I'll water the plants on the balcony."),
        expected("repaint the fence", { commitmentType: "mutual_agreement", responsibleParty: "both", dueDate: "2025-06-09" }),
      ],
    );
    expect(score).toMatchObject({
      truePositives: 2,
      typeAgreements: 1,
      typeLabelled: 1,
      responsibleAgreements: 1,
      responsibleLabelled: 1,
      dueDateAgreements: 0,
      dueDateLabelled: 1,
      tentativeAgreements: 1,
      tentativeLabelled: 1,
    });
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
      typeLabelled: 2,
    });
    expect(combineScores([]).precision).toBe(1);
  });
});
