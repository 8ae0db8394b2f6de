/**
 * `npx tsx scripts/extraction/train-group-model.ts`
 *
 * Trains the group-session model on the development part of the public meetings only
 * (tests/fixtures/transcripts/public/dev, imported with `npm run transcripts:import`) and writes
 * convex/model/extractor/groupModel.json. The held-out part is never read. The same meetings give
 * the same file.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { GroupModelFile } from "../../convex/model/extractor/groupModel";
import { loadPublic } from "../bench/extraction-fixtures";
import { bestPolicy, calibrationOf, crossValidated, prepare, shownCrossValidated, trainWeights, TRAINING } from "./group-model-training";

const OUT = path.resolve(import.meta.dirname, "../../convex/model/extractor/groupModel.json");
const FOLDS = 5;

const dev = loadPublic("dev");
if (!dev) {
  console.error("The public development part is missing: run npm run transcripts:import first (tests/fixtures/transcripts/README.md).");
  process.exit(1);
}
const meetings = dev.map((fixture) => prepare({ name: fixture.name, input: fixture.input, expected: fixture.expected }));
const probabilities = crossValidated(meetings, FOLDS);
const policy = bestPolicy(meetings, probabilities);
const shown = shownCrossValidated(meetings, probabilities, policy, FOLDS);
const weights = trainWeights(meetings);
const model: GroupModelFile = {
  about: `Logistic regression over sentence features (groupFeatures.ts), trained on ${meetings.length} development meetings of the AMI Meeting Corpus (CC BY 4.0) by scripts/extraction/train-group-model.ts; policy and calibration (Platt scaling of the suggestions the policy makes) from ${FOLDS}-fold cross-validation by meeting series.`,
  features: [...weights.keys()],
  weights: [...weights.values()],
  suggestAt: policy.suggestAt,
  maxPerSession: policy.maxPerSession,
  calibration: calibrationOf(meetings, probabilities, policy),
};
const json = `${JSON.stringify(model)}\n`;
writeFileSync(OUT, json);
console.error(
  [
    `cross-validated (${FOLDS} folds by series): precision ${policy.precision.toFixed(3)}, recall ${policy.recall.toFixed(3)}, F1 ${policy.f1.toFixed(3)}, ${policy.suggested} suggestions`,
    `policy: suggest at p >= ${policy.suggestAt}, at most ${policy.maxPerSession} per session`,
    `shown (calibration fitted on the other folds): precision ${shown.precision.toFixed(3)}, recall ${shown.recall.toFixed(3)}, ${shown.shown} shown`,
    `weights: ${weights.size} (${TRAINING.epochs} epochs, l2 ${TRAINING.l2}, features seen ${TRAINING.minCount}+ times)`,
    `wrote ${path.relative(process.cwd(), OUT)}: ${(Buffer.byteLength(json) / 1024).toFixed(0)} KB`,
  ].join("\n"),
);
