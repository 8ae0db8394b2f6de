import { describe, expect, it } from "vitest";
import { parseTranscript } from "../../convex/model/transcripts";
import { throughKnots } from "../../convex/model/extractionCalibration";
import { bestPolicy, calibrationOf, crossValidated, knotsOfPlatt, plattOf, prepare, shownCrossValidated, trainWeights, TRAINING, type LabelledMeeting, type Outcome } from "./group-model-training";

/** Small meetings of our own: the chair hands out one piece of work near the end of each. */
function meeting(name: string, person: string, task: string): LabelledMeeting {
  const handed = `Okay so ${person}, you'll ${task} for next time.`;
  const lines = [
    "[00:05] Chair: Morning all, welcome back.",
    "[02:00] Ana: The prototype is nearly done.",
    "[04:00] Ben: I think the colours are fine.",
    "[06:00] Cleo: Um the budget is tight.",
    `[20:00] Chair: ${handed}`,
    "[20:10] Ana: Sounds good.",
  ];
  const { segments, text } = parseTranscript(lines.join("\n"), "text");
  return {
    name,
    input: { segments, text, coachName: "Chair", memberName: "Ana", sessionDate: "2025-03-11" },
    expected: [{ action: `${person} will ${task}.`, quotes: [handed] }],
  };
}

const MEETINGS = [
  meeting("AA1000a", "Ana", "draw the buttons"),
  meeting("AA1000b", "Ben", "price the batteries"),
  meeting("BB2000a", "Cleo", "ask the users"),
  meeting("BB2000b", "Ana", "test the case"),
  meeting("CC3000a", "Ben", "write the report"),
].map(prepare);

describe("training the group-session model", () => {
  it("labels the sentence said in an action's passage, and no other", () => {
    const [first] = MEETINGS;
    expect(first!.labels.filter((label) => label === 1)).toHaveLength(1);
    expect(first!.units[first!.labels.indexOf(1)]!.text).toContain("you'll draw the buttons");
  });

  it("gives the same weights for the same meetings, every time", () => {
    const once = trainWeights(MEETINGS);
    const again = trainWeights(MEETINGS);
    expect([...again]).toEqual([...once]);
    expect(once.size).toBeGreaterThan(0);
  });

  it("learns what the handed-out sentences share", () => {
    const weights = trainWeights(MEETINGS, { ...TRAINING, epochs: 30, prune: 0 });
    expect(weights.get("chair")!).toBeGreaterThan(0);
    expect(weights.get("meeting-time")!).toBeGreaterThan(0);
    expect(weights.get("w:budget") ?? 0).toBeLessThanOrEqual(0);
  });

  it("checks on meetings of series it did not learn from, and picks the policy with the best F1", () => {
    const probabilities = crossValidated(MEETINGS, 3, { ...TRAINING, epochs: 30, minCount: 1 });
    expect(probabilities.map((p, i) => p.length === MEETINGS[i]!.units.length)).toEqual(MEETINGS.map(() => true));
    const policy = bestPolicy(MEETINGS, probabilities);
    expect(policy.f1).toBeGreaterThanOrEqual(0);
    expect(policy.maxPerSession).toBeGreaterThan(0);
  });

  it("fits the share right as a smooth curve of the probability (Platt scaling), and maps it through knots from the bar up", () => {
    // Outcomes drawn exactly from σ(2 · logit(p) − 1): 1000 suggestions at each probability, right in that share.
    const truth = (p: number) => 1 / (1 + Math.exp(-(2 * Math.log(p / (1 - p)) - 1)));
    const outcomes: Outcome[] = [0.2, 0.4, 0.6, 0.8, 0.9].flatMap((probability) =>
      Array.from({ length: 1000 }, (_, k) => ({ probability, right: k < Math.round(truth(probability) * 1000) })),
    );
    const { a, b } = plattOf(outcomes);
    expect(a).toBeCloseTo(2, 1);
    expect(b).toBeCloseTo(-1, 1);
    const knots = knotsOfPlatt({ a, b }, 0.15);
    expect(knots[0]![0]).toBe(0.15);
    expect(knots.at(-1)![0]).toBe(1);
    expect(knots.every((k, i) => i === 0 || (k[0] > knots[i - 1]![0] && k[1] >= knots[i - 1]![1]))).toBe(true);
    for (const p of [0.6, 0.8]) expect(Math.abs(throughKnots(knots, p) - truth(p) * 100)).toBeLessThanOrEqual(1);
  });

  it("calibrates on the suggestions the policy makes, and says what would be shown on meetings the map was not fitted on", () => {
    const probabilities = crossValidated(MEETINGS, 3, { ...TRAINING, epochs: 30, minCount: 1 });
    const policy = { suggestAt: 0.05, maxPerSession: 1 };
    const knots = calibrationOf(MEETINGS, probabilities, policy);
    expect(knots[0]![0]).toBe(0.05);
    expect(knots.every(([, confidence]) => confidence >= 0 && confidence <= 100)).toBe(true);
    const shown = shownCrossValidated(MEETINGS, probabilities, policy, 3);
    expect(shown.shown).toBeLessThanOrEqual(MEETINGS.length);
    expect(shown.precision).toBeGreaterThanOrEqual(0);
    expect(shown.recall).toBeLessThanOrEqual(1);
  });
});
