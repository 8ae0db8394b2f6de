/**
 * Training the group-session model (convex/model/extractor/groupModel.ts): a logistic regression
 * over the sentence features of groupFeatures.ts, learned by stochastic gradient descent in a fixed
 * order (a seeded shuffle), so the same meetings always give the same weights. Written here rather
 * than taken from a library: it is forty lines, and the npm packages for it are unmaintained or
 * pull in a numeric stack that would have to be reproducible too.
 *
 * The policy (how likely a sentence must be to be suggested, how many per session) and the map from
 * probability to confidence are chosen on cross-validated predictions: meetings of one series (the
 * same team) are never split between training and checking.
 */
import type { CommitmentProposal } from "../../convex/model/extraction";
import { combineScores, quoteFits, scoreExtraction, type LabelledCommitment } from "../../convex/model/extractionScore";
import { groupUnits, unitFeatures, type GroupUnit } from "../../convex/model/extractor/groupFeatures";
import { chooseSuggested, probabilityOf, type GroupModel } from "../../convex/model/extractor/groupModel";
import { groupContextOf } from "../../convex/model/extractor/groupSuggestions";
import type { ExtractionInput } from "../../convex/model/extraction";
import { isotonic, knotsOf } from "../lib/isotonic";

export interface LabelledMeeting {
  name: string;
  input: ExtractionInput;
  expected: LabelledCommitment[];
}

export interface PreparedMeeting {
  meeting: LabelledMeeting;
  units: GroupUnit[];
  features: string[][];
  /** 1 when the sentence fits a labelled action's passage (extractionScore.ts, quoteFits). */
  labels: number[];
}

export function prepare(meeting: LabelledMeeting): PreparedMeeting {
  const units = groupUnits(meeting.input.segments);
  const features = unitFeatures(groupContextOf(meeting.input), units);
  const labels = units.map((unit) => (meeting.expected.some((e) => quoteFits(unit.text, e)) ? 1 : 0));
  return { meeting, units, features, labels };
}

export interface TrainingOptions {
  epochs: number;
  /** Step size at the start; it shrinks as 1 / (1 + step * decay). */
  learningRate: number;
  decay: number;
  /** L2 penalty on every weight. */
  l2: number;
  /** A feature seen in fewer sentences than this is left out. */
  minCount: number;
  /** Weights smaller than this (in absolute value) are dropped from the model, and it is rounded to `digits`. */
  prune: number;
  digits: number;
  seed: number;
}

export const TRAINING: TrainingOptions = { epochs: 8, learningRate: 0.1, decay: 1e-5, l2: 1e-5, minCount: 2, prune: 0.01, digits: 3, seed: 42 };

/** mulberry32: a small seeded generator, for a shuffle that is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Weights by feature name, in name order, pruned and rounded. */
export function trainWeights(meetings: readonly PreparedMeeting[], options: TrainingOptions = TRAINING): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of meetings) for (const features of m.features) for (const f of new Set(features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const names = [...counts].filter(([, n]) => n >= options.minCount).map(([f]) => f).sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const examples = meetings.flatMap((m) =>
    m.features.map((features, i) => ({ x: [...new Set(features)].flatMap((f) => (index.has(f) ? [index.get(f)!] : [])), y: m.labels[i]! })),
  );
  const w = new Float64Array(names.length);
  const random = seeded(options.seed);
  const order = examples.map((_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const { x, y } = examples[k]!;
      let z = 0;
      for (const j of x) z += w[j]!;
      const gradient = 1 / (1 + Math.exp(-z)) - y;
      const rate = options.learningRate / (1 + step++ * options.decay);
      for (const j of x) w[j] = w[j]! - rate * (gradient + options.l2 * w[j]!);
    }
  }
  const scale = 10 ** options.digits;
  const weights = new Map<string, number>();
  names.forEach((name, j) => {
    if (Math.abs(w[j]!) >= options.prune) weights.set(name, Math.round(w[j]! * scale) / scale);
  });
  return weights;
}

/** The series a meeting belongs to (ES2002 for ES2002a-d): one team, kept on one side of a split. */
const seriesOf = (name: string) => name.replace(/[a-z]$/, "");

/** Each meeting's sentence probabilities from a model trained without its series (k folds by series). */
export function crossValidated(meetings: readonly PreparedMeeting[], folds: number, options: TrainingOptions = TRAINING): number[][] {
  const series = [...new Set(meetings.map((m) => seriesOf(m.meeting.name)))].sort();
  const foldOf = (m: PreparedMeeting) => series.indexOf(seriesOf(m.meeting.name)) % folds;
  const out: number[][] = meetings.map(() => []);
  for (let fold = 0; fold < folds; fold++) {
    const weights = trainWeights(
      meetings.filter((m) => foldOf(m) !== fold),
      options,
    );
    meetings.forEach((m, i) => {
      if (foldOf(m) === fold) out[i] = m.features.map((features) => probabilityOf({ weights }, features));
    });
  }
  return out;
}

function asProposal(unit: GroupUnit, confidence = 0): CommitmentProposal {
  return {
    title: unit.text,
    description: "",
    commitmentType: "mutual_agreement",
    responsibleParty: "both",
    priority: "medium",
    dueDate: null,
    transcriptQuote: unit.text,
    transcriptTimestamp: "00:00",
    confidence,
    tentative: false,
  };
}

export interface PolicyScore {
  suggestAt: number;
  maxPerSession: number;
  precision: number;
  recall: number;
  f1: number;
  suggested: number;
}

const f1Of = (precision: number, recall: number) => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall));

export function scorePolicy(meetings: readonly PreparedMeeting[], probabilities: number[][], policy: Pick<GroupModel, "suggestAt" | "maxPerSession">): PolicyScore {
  const total = combineScores(
    meetings.map((m, i) => scoreExtraction(chooseSuggested(probabilities[i]!, policy).map((k) => asProposal(m.units[k]!)), m.meeting.expected)),
  );
  return { ...policy, precision: total.precision, recall: total.recall, f1: f1Of(total.precision, total.recall), suggested: total.truePositives + total.falsePositives };
}

const BARS = [0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4];
const CAPS = [2, 3, 4, 5, 6, 8, 10];

/** The policy with the best F1 over every suggestion; ties go to the fewer suggestions. */
export function bestPolicy(meetings: readonly PreparedMeeting[], probabilities: number[][]): PolicyScore {
  let best: PolicyScore | null = null;
  for (const suggestAt of BARS)
    for (const maxPerSession of CAPS) {
      const score = scorePolicy(meetings, probabilities, { suggestAt, maxPerSession });
      if (!best || score.f1 > best.f1 + 1e-9) best = score;
    }
  return best!;
}

/** Below this probability nothing is suggested, so the map starts here. */
const CALIBRATION_FLOOR = 0.01;
const MIN_BLOCK = 10;

/** The map from probability to the share of such suggestions that were right, on cross-validated predictions. */
export function calibrationOf(meetings: readonly PreparedMeeting[], probabilities: number[][]): [number, number][] {
  const outcomes = meetings.flatMap((m, i) => {
    const chosen = chooseSuggested(probabilities[i]!, { suggestAt: CALIBRATION_FLOOR, maxPerSession: Number.MAX_SAFE_INTEGER });
    const proposals = chosen.map((k) => asProposal(m.units[k]!, probabilities[i]![k]));
    const { extra } = scoreExtraction(proposals, m.meeting.expected);
    return proposals.map((p) => ({ score: Math.round(p.confidence * 1000) / 1000, right: !extra.includes(p) }));
  });
  return knotsOf(isotonic(outcomes, MIN_BLOCK), 0, 1);
}
