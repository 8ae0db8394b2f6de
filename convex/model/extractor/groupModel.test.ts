import { describe, expect, it } from "vitest";
import { parseTranscript } from "../transcripts";
import { groupUnits, unitFeatures, wordsOf } from "./groupFeatures";
import { chooseSuggested, confidenceOf, GROUP_MODEL, probabilityOf, readGroupModel } from "./groupModel";
import { groupContextOf, sentenceProbabilities } from "./groupSuggestions";
import { runToEnd } from "./steps";

/** A meeting of four of our own, chaired by Jordan, who hands the work out at the end. */
const MEETING = [
  "[00:05] Jordan: Morning all, let's get going with the fundraiser.",
  "[03:00] Maya: I looked at the hall prices. They went up.",
  "[06:00] Ravi: The raffle could work.",
  "[09:00] Priya: Um I like the raffle.",
  "[12:00] Maya: If the hall says no, I won't send the flyers.",
  "[24:00] Jordan: Okay so Priya, you're gonna compare the venue quotes by Friday.",
  "[24:10] Priya: Okay.",
  "[25:00] Ravi: See you all next week.",
].join("\n");

const input = () => {
  const { segments, text } = parseTranscript(MEETING, "text");
  return { segments, text, coachName: "Jordan", memberName: "Maya", sessionDate: "2025-03-11" };
};

describe("group model: what it reads of a sentence", () => {
  const ctx = groupContextOf(input());
  const units = groupUnits(ctx.segments);
  const features = unitFeatures(ctx, units);
  const of = (fragment: string) => features[units.findIndex((u) => u.text.includes(fragment))]!;

  it("cuts the meeting into sentences, and reads words without fillers and restarts", () => {
    expect(units.map((u) => u.text)).toContain("They went up.");
    expect(wordsOf("Um I I like the the raffle.")).toEqual(["i", "like", "the", "raffle"]);
  });

  it("reads the chair naming someone late in the meeting, with a day, and the reply that takes it on", () => {
    const handed = of("compare the venue quotes");
    expect(handed).toEqual(expect.arrayContaining(["chair", "names:chair", "pos:9", "due", "w:compare", "b:venue quotes", "next:ack", "turn:last"]));
    expect(handed).toContain("n:okay");
  });

  it("reads a cued clause as the rules do: who, mood, negation", () => {
    const flyers = of("send the flyers");
    expect(flyers).toEqual(expect.arrayContaining(["cue:skip", "read:negative"]));
    expect(flyers.some((f) => f.startsWith("person:"))).toBe(true);
    expect(flyers.some((f) => f.startsWith("mood:"))).toBe(true);
  });

  it("reads what is not work as such: a statement with no cue, early, by someone else", () => {
    const prices = of("hall prices");
    expect(prices).toEqual(expect.arrayContaining(["cue:none", "pos:1", "turn:first"]));
    expect(prices).not.toContain("chair");
    expect(of("The raffle could work")).not.toContain("names");
  });
});

describe("group model: scores", () => {
  const model = readGroupModel({ about: "", features: ["bias", "w:send"], weights: [-2, 3], suggestAt: 0.5, maxPerSession: 2, calibration: [[0, 0], [0.5, 40], [1, 90]] });

  it("adds the weights of the features present, each once", () => {
    expect(probabilityOf(model, ["bias"])).toBeCloseTo(1 / (1 + Math.exp(2)));
    expect(probabilityOf(model, ["bias", "w:send", "w:send", "w:unknown"])).toBeCloseTo(1 / (1 + Math.exp(-1)));
  });

  it("maps probability to confidence between the knots", () => {
    expect(confidenceOf(model, 0.25)).toBe(20);
    expect(confidenceOf(model, 0.75)).toBe(65);
    expect(confidenceOf(model, 2)).toBe(90);
  });

  it("suggests the likeliest sentences at or above the bar, at most the cap, in transcript order", () => {
    expect(chooseSuggested([0.6, 0.2, 0.9, 0.7, 0.5], model)).toEqual([2, 3]);
    expect(chooseSuggested([0.1, 0.2], model)).toEqual([]);
  });

  it("refuses a model file whose weights and features do not pair up", () => {
    expect(() => readGroupModel({ about: "", features: ["bias"], weights: [], suggestAt: 0.5, maxPerSession: 1, calibration: [] })).toThrow(/as many weights/);
    expect(() => readGroupModel({ about: "", features: [], weights: [], suggestAt: 0.5, maxPerSession: 1, calibration: [[0]] })).toThrow(/knot/);
  });

  it("the trained model finds the chair's handing out likelier than small talk", () => {
    const { units, probabilities } = runToEnd(sentenceProbabilities(groupContextOf(input()), GROUP_MODEL));
    const p = (fragment: string) => probabilities[units.findIndex((u) => u.text.includes(fragment))]!;
    expect(p("compare the venue quotes")).toBeGreaterThan(p("See you all next week"));
    expect(p("compare the venue quotes")).toBeGreaterThan(p("I like the raffle"));
  });
});
