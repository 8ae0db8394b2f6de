/**
 * The offline extractor against the labelled transcripts of tests/fixtures/transcripts: how many
 * labelled commitments it finds (recall), how many of its proposals are labelled (precision), how
 * often a matched proposal agrees with the label, and how long one transcript takes. Prints the
 * rows as one line of JSON on stdout (read by scripts/bench/extraction.mjs).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ExtractionInput } from "../../convex/model/extraction";
import { combineScores, scoreExtraction, type ExpectedCommitment } from "../../convex/model/extractionScore";
import { extractCommitments } from "../../convex/model/ruleExtractor";
import { parseTranscript } from "../../convex/model/transcripts";

type Row = { name: string; value: string; target?: string; met?: boolean };

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/transcripts");
/** Runs of every transcript timed; the first WARMUP are not counted (module load, JIT). */
const REPETITIONS = 50;
const WARMUP = 5;
/** Issue 7: the offline extractor should find 80% of commitments at 80% precision. */
const MIN_PRECISION = 0.8;
const MIN_RECALL = 0.8;

interface Labels {
  coachName: string;
  memberName: string;
  sessionDate: string;
  expected: ExpectedCommitment[];
}

const fixtures = readdirSync(FIXTURES)
  .filter((file) => /^\d+\.(?:txt|vtt)$/.test(file))
  .sort()
  .map((file) => {
    const labels = JSON.parse(readFileSync(path.join(FIXTURES, file.replace(/\.\w+$/, ".labels.json")), "utf8")) as Labels;
    const { segments, text } = parseTranscript(readFileSync(path.join(FIXTURES, file), "utf8"), file.endsWith(".vtt") ? "vtt" : "text");
    const input: ExtractionInput = {
      segments,
      text,
      coachName: labels.coachName,
      memberName: labels.memberName,
      sessionDate: labels.sessionDate,
    };
    return { file, input, expected: labels.expected };
  });

const total = combineScores(fixtures.map(({ input, expected }) => scoreExtraction(extractCommitments(input), expected)));

const timings: number[] = [];
for (let run = 0; run < WARMUP + REPETITIONS; run++) {
  for (const { input } of fixtures) {
    const started = performance.now();
    extractCommitments(input);
    if (run >= WARMUP) timings.push(performance.now() - started);
  }
}
timings.sort((a, b) => a - b);
const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
const p95 = timings[Math.min(timings.length - 1, Math.ceil(timings.length * 0.95) - 1)]!;

const vtt = fixtures.filter((f) => f.file.endsWith(".vtt")).length;
const segments = fixtures.reduce((sum, f) => sum + f.input.segments.length, 0);
const labelled = total.truePositives + total.falseNegatives;
const proposed = total.truePositives + total.falsePositives;
const share = (part: number, whole: number) => `${part}/${whole} (${whole ? Math.round((part / whole) * 100) : 100}%)`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const rows: Row[] = [
  { name: "transcripts (text / WebVTT)", value: `${fixtures.length - vtt} / ${vtt}, ${segments} segments` },
  { name: "labelled commitments / proposals", value: `${labelled} / ${proposed}` },
  { name: "precision", value: total.precision.toFixed(3), target: `>= ${MIN_PRECISION}`, met: total.precision >= MIN_PRECISION },
  { name: "recall", value: total.recall.toFixed(3), target: `>= ${MIN_RECALL}`, met: total.recall >= MIN_RECALL },
  { name: "commitment type agrees (matched)", value: share(total.typeAgreements, total.truePositives) },
  { name: "responsible party agrees (matched)", value: share(total.responsibleAgreements, total.truePositives) },
  { name: "due date agrees (matched)", value: share(total.dueDateAgreements, total.truePositives) },
  { name: "tentative agrees (matched)", value: share(total.tentativeAgreements, total.truePositives) },
  { name: `ms per transcript, mean (${REPETITIONS} runs each)`, value: ms(mean) },
  { name: `ms per transcript, p95 (${REPETITIONS} runs each)`, value: ms(p95) },
];
console.log(JSON.stringify(rows));
