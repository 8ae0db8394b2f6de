import { describe, expect, it } from "vitest";
import { parseTranscript } from "../../convex/model/transcripts";
import { bestPolicy, crossValidated, prepare, trainWeights, TRAINING, type LabelledMeeting } from "./group-model-training";

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
});
