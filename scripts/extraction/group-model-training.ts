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
import { SUGGESTION_SHOWN_MIN_CONFIDENCE, type CommitmentProposal, type ExtractionInput } from "../../convex/model/extraction";
import { throughKnots } from "../../convex/model/extractionCalibration";
import { combineScores, quoteFits, scoreExtraction, type LabelledCommitment } from "../../convex/model/extractionScore";
import { groupUnits, unitFeatures, type GroupUnit } from "../../convex/model/extractor/groupFeatures";
import { chooseSuggested, probabilityOf, type GroupModel } from "../../convex/model/extractor/groupModel";
import { groupContextOf } from "../../convex/model/extractor/groupSuggestions";

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

/** Each meeting's fold, by series: a series' meetings share one. */
export function foldsBySeries(meetings: readonly PreparedMeeting[], folds: number): number[] {
  const series = [...new Set(meetings.map((m) => seriesOf(m.meeting.name)))].sort();
  return meetings.map((m) => series.indexOf(seriesOf(m.meeting.name)) % folds);
}

/** Each meeting's sentence probabilities from a model trained without its series (k folds by series). */
export function crossValidated(meetings: readonly PreparedMeeting[], folds: number, options: TrainingOptions = TRAINING): number[][] {
  const foldOf = foldsBySeries(meetings, folds);
  const out: number[][] = meetings.map(() => []);
  for (let fold = 0; fold < folds; fold++) {
    const weights = trainWeights(
      meetings.filter((_, i) => foldOf[i] !== fold),
      options,
    );
    meetings.forEach((m, i) => {
      if (foldOf[i] === fold) out[i] = m.features.map((features) => probabilityOf({ weights }, features));
    });
  }
  return out;
}

function asProposal(unit: GroupUnit): CommitmentProposal {
  return {
    title: unit.text,
    description: "",
    commitmentType: "mutual_agreement",
    responsibleParty: "both",
    priority: "medium",
    dueDate: null,
    transcriptQuote: unit.text,
    transcriptTimestamp: "00:00",
    confidence: 0,
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

export interface Outcome {
  probability: number;
  right: boolean;
}

/** Whether each suggestion the policy makes for a meeting was right (extractionScore.ts decides). */
export function outcomesOf(meeting: PreparedMeeting, probabilities: readonly number[], policy: Pick<GroupModel, "suggestAt" | "maxPerSession">): Outcome[] {
  const chosen = chooseSuggested(probabilities, policy);
  const proposals = chosen.map((k) => asProposal(meeting.units[k]!));
  const { extra } = scoreExtraction(proposals, meeting.meeting.expected);
  return chosen.map((k, j) => ({ probability: probabilities[k]!, right: !extra.includes(proposals[j]!) }));
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/**
 * Platt scaling: the share right as σ(a · logit(p) + b), fitted by Newton's method (maximum
 * likelihood; a tiny ridge keeps it defined when every outcome agrees). Two numbers, so it follows
 * the few hundred suggestions a policy makes smoothly, where isotonic blocks of them put the
 * shown bar at the top of a wide block.
 */
export function plattOf(outcomes: readonly Outcome[]): { a: number; b: number } {
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 1e-3 * a;
    let gb = 1e-3 * b;
    let haa = 1e-3;
    let hab = 0;
    let hbb = 1e-3;
    for (const { probability, right } of outcomes) {
      const x = logit(probability);
      const q = 1 / (1 + Math.exp(-(a * x + b)));
      const e = q - Number(right);
      const w = q * (1 - q);
      ga += e * x;
      gb += e;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

/** Knots of the map from probability to percent right, every hundredth from the policy's bar up (nothing below it is suggested). */
export function knotsOfPlatt({ a, b }: { a: number; b: number }, suggestAt: number): [number, number][] {
  const knots: [number, number][] = [];
  for (let hundredths = Math.round(suggestAt * 100); hundredths <= 100; hundredths++) {
    const p = hundredths / 100;
    knots.push([p, Math.round(100 / (1 + Math.exp(-(a * logit(p) + b))))]);
  }
  return knots.filter((k, i) => i === 0 || i === knots.length - 1 || k[1] !== knots[i - 1]![1] || k[1] !== knots[i + 1]![1]);
}

/** The map from probability to confidence, fitted on the cross-validated outcomes of the suggestions the policy makes. */
export function calibrationOf(meetings: readonly PreparedMeeting[], probabilities: number[][], policy: Pick<GroupModel, "suggestAt" | "maxPerSession">): [number, number][] {
  return knotsOfPlatt(plattOf(meetings.flatMap((m, i) => outcomesOf(m, probabilities[i]!, policy))), policy.suggestAt);
}

/**
 * Precision and recall of the suggestions that would be shown (confidence ≥ the shown bar), each
 * fold's calibration fitted on the other folds: what the calibration is expected to do on meetings
 * it has not seen.
 */
export function shownCrossValidated(meetings: readonly PreparedMeeting[], probabilities: number[][], policy: Pick<GroupModel, "suggestAt" | "maxPerSession">, folds: number) {
  const fold = foldsBySeries(meetings, folds);
  // One map per fold, fitted on the other folds: a meeting never calibrates its own suggestions.
  const knotsOfFold = new Map<number, [number, number][]>();
  const knotsFor = (f: number) => {
    const known = knotsOfFold.get(f);
    if (known) return known;
    const others = meetings.flatMap((_, j) => (fold[j] === f ? [] : [j]));
    const knots = calibrationOf(others.map((j) => meetings[j]!), others.map((j) => probabilities[j]!), policy);
    knotsOfFold.set(f, knots);
    return knots;
  };
  const scores = meetings.map((m, i) => {
    const knots = knotsFor(fold[i]!);
    const shown = chooseSuggested(probabilities[i]!, policy).filter((k) => throughKnots(knots, probabilities[i]![k]!) >= SUGGESTION_SHOWN_MIN_CONFIDENCE);
    return scoreExtraction(shown.map((k) => asProposal(m.units[k]!)), m.meeting.expected);
  });
  const total = combineScores(scores);
  return { precision: total.precision, recall: total.recall, shown: total.truePositives + total.falsePositives };
}
