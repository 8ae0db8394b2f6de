/**
 * Group sessions' suggestions come from a model learned on labelled meetings: a logistic regression
 * over each sentence's features (groupFeatures.ts), trained offline on the development part of the
 * public meetings by scripts/extraction/train-group-model.ts, which writes groupModel.json (weights,
 * the probability a sentence needs to be suggested, how many a session gets at most, and the map
 * from probability to confidence fitted on cross-validated predictions). Plain numbers, so it runs
 * in Convex's default runtime.
 */
import { throughKnots } from "../extractionCalibration";
import MODEL from "./groupModel.json";

/** The model as groupModel.json holds it: weights in a list beside their features' names. */
export interface GroupModelFile {
  /** Where the weights come from, for whoever reads the file. */
  about: string;
  features: string[];
  weights: number[];
  /** A sentence this likely or more is suggested. */
  suggestAt: number;
  /** Never more suggestions for one session. */
  maxPerSession: number;
  /** [probability, confidence 0-100] knots, probability ascending; linear between, flat outside. */
  calibration: number[][];
}

export interface GroupModel extends Omit<GroupModelFile, "features" | "weights" | "calibration"> {
  weights: ReadonlyMap<string, number>;
  calibration: [number, number][];
}

export function readGroupModel(file: GroupModelFile): GroupModel {
  const { features, weights, calibration, ...rest } = file;
  if (features.length !== weights.length) throw new Error("groupModel.json: as many weights as features are needed.");
  const knots = calibration.map((knot): [number, number] => {
    if (knot.length !== 2) throw new Error("groupModel.json: each calibration knot is [probability, confidence].");
    return [knot[0]!, knot[1]!];
  });
  return { ...rest, weights: new Map(features.map((name, i) => [name, weights[i]!])), calibration: knots };
}

export const GROUP_MODEL: GroupModel = readGroupModel(MODEL);

/** The probability that a sentence with these features says an action item. */
export function probabilityOf(model: Pick<GroupModel, "weights">, features: readonly string[]): number {
  let z = 0;
  for (const feature of new Set(features)) z += model.weights.get(feature) ?? 0;
  return 1 / (1 + Math.exp(-z));
}

export function confidenceOf(model: Pick<GroupModel, "calibration">, probability: number): number {
  return throughKnots(model.calibration, probability);
}

/** Which sentences to suggest, by their probabilities: the likeliest at or above the bar, at most the cap, in transcript order. */
export function chooseSuggested(probabilities: readonly number[], policy: Pick<GroupModel, "suggestAt" | "maxPerSession">): number[] {
  return probabilities
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p >= policy.suggestAt)
    .sort((a, b) => b.p - a.p || a.index - b.index)
    .slice(0, policy.maxPerSession)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
}
