/**
 * The commitment extractors against labelled transcripts, in three parts scored apart:
 * - "coaching": the made-up coaching sessions of tests/fixtures/transcripts (NN.txt / NN.vtt);
 * - "public dev": AMI meetings the rules may be tuned on (tests/fixtures/transcripts/public/dev);
 * - "public held-out": AMI meetings nobody tunes on (public/heldout): only its totals are printed.
 * The public parts are imported with `npm run transcripts:import` (tests/fixtures/transcripts/README.md).
 *
 * For each part, for the suggestions shown at once (splitSuggestions) and for all of them: how many
 * labelled commitments they find (recall), how many of them are labelled (precision), and how many
 * there are per hour of talk. Then how often suggestions are right in each confidence band, over
 * the development material (coaching + public dev), and how long the rules take per transcript.
 * With OPENAI_API_KEY set, the OpenAI extractor is scored on the same parts ("openai" rows).
 *
 * Prints the rows as one line of JSON on stdout (read by scripts/bench/extraction.mjs). With
 * `--dev-details` or EXTRACTION_BENCH_DETAILS=dev it also prints, on stderr, what the extractors
 * missed and proposed in excess on the development parts (never on the held-out part).
 */
import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { extractWithOpenAI, openaiConfigured } from "../../convex/integrations/openai";
import { keepGrounded, splitSuggestions, type CommitmentProposal } from "../../convex/model/extraction";
import { combineScores, scoreExtraction, type ExtractionScore, type LabelledCommitment } from "../../convex/model/extractionScore";
import { groupContextOf, sentenceProbabilities } from "../../convex/model/extractor/groupSuggestions";
import { runToEnd } from "../../convex/model/extractor/steps";
import { extractCommitments } from "../../convex/model/ruleExtractor";
import { loadCoaching, loadPublic, type Fixture } from "./extraction-fixtures";

type Row = { name: string; value: string; target?: string; met?: boolean };

const GROUP_MODEL_FILE = new URL("../../convex/model/extractor/groupModel.json", import.meta.url);

/** Runs of every transcript timed; the first WARMUP are not counted (module load, JIT). */
const TIMING = { coaching: { repetitions: 50, warmup: 5 }, "public dev": { repetitions: 2, warmup: 0 } } as const;
/** Targets on the suggestions shown at once, and on F1 over every suggestion. */
const TARGETS: Partial<Record<PartName, { precision: number; recall: number; allF1?: number }>> = {
  coaching: { precision: 0.9, recall: 0.9 },
  "public held-out": { precision: 0.5, recall: 0.3, allF1: 0.35 },
};
/** The group-session model: its file at most this large, and an hour of talk scored in at most this long. */
const MODEL_MAX_KB = 500;
const MODEL_HOUR_MAX_MS = 500;
/** Confidence bands of the calibration table, [lowest, highest]. */
const BANDS: [number, number][] = [
  [0, 39],
  [40, 49],
  [50, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
];
/** OpenAI requests in flight at once. */
const OPENAI_CONCURRENCY = 4;
const DETAILS = process.argv.includes("--dev-details") || process.env.EXTRACTION_BENCH_DETAILS === "dev";

type PartName = "coaching" | "public dev" | "public held-out";

interface Part {
  name: PartName;
  /** Whether its misses may be printed (the development material). */
  dev: boolean;
  fixtures: Fixture[];
}

// ---------------------------------------------------------------------------------------------
// Scoring

interface Run {
  fixture: Fixture;
  proposals: CommitmentProposal[];
  shown: CommitmentProposal[];
  all: ExtractionScore;
  shownScore: ExtractionScore;
}

function scoreRun(fixture: Fixture, proposals: CommitmentProposal[]): Run {
  const { shown } = splitSuggestions(proposals);
  return {
    fixture,
    proposals,
    shown,
    all: scoreExtraction(proposals, fixture.expected),
    shownScore: scoreExtraction(shown, fixture.expected),
  };
}

const f1Of = (precision: number, recall: number) => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall));
const share = (part: number, whole: number) => `${part}/${whole} (${whole ? Math.round((part / whole) * 100) : 100}%)`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

function partRows(prefix: string, part: Part, runs: Run[]): Row[] {
  const hours = runs.reduce((sum, r) => sum + r.fixture.hours, 0);
  const vtt = runs.filter((r) => r.fixture.format === "vtt").length;
  const segments = runs.reduce((sum, r) => sum + r.fixture.input.segments.length, 0);
  const unanchored = runs.reduce((sum, r) => sum + r.fixture.unanchored, 0);
  const what =
    part.name === "coaching"
      ? `${runs.length - vtt} text / ${vtt} WebVTT, ${segments} segments`
      : `${plural(runs.length, "transcript")}, ${plural(unanchored, "action")} unanchored (not scored)`;
  const rows: Row[] = [{ name: `${prefix}${part.name}: transcripts`, value: `${what}, ${hours.toFixed(2)} h of talk` }];
  const target = TARGETS[part.name];
  for (const which of ["shown", "all"] as const) {
    const total = combineScores(runs.map((r) => (which === "shown" ? r.shownScore : r.all)));
    const labelled = total.truePositives + total.falseNegatives;
    const proposed = total.truePositives + total.falsePositives;
    const aim = which === "shown" ? target : undefined;
    const name = `${prefix}${part.name}, ${which}`;
    rows.push(
      { name: `${name}: labelled / proposed`, value: `${labelled} / ${proposed}` },
      {
        name: `${name}: precision`,
        value: total.precision.toFixed(3),
        ...(aim && { target: `>= ${aim.precision}`, met: total.precision >= aim.precision }),
      },
      {
        name: `${name}: recall`,
        value: total.recall.toFixed(3),
        ...(aim && { target: `>= ${aim.recall}`, met: total.recall >= aim.recall }),
      },
      {
        name: `${name}: F1`,
        value: f1Of(total.precision, total.recall).toFixed(3),
        ...(which === "all" && target?.allF1 !== undefined && { target: `>= ${target.allF1}`, met: f1Of(total.precision, total.recall) >= target.allF1 }),
      },
      { name: `${name}: suggestions per hour`, value: hours > 0 ? (proposed / hours).toFixed(1) : "n/a" },
    );
    if (which === "all") {
      // Agreement over the matched labels that say the field (the public labels say none).
      const agreements: [string, number, number][] = [
        ["commitment type", total.typeAgreements, total.typeLabelled],
        ["responsible party", total.responsibleAgreements, total.responsibleLabelled],
        ["due date", total.dueDateAgreements, total.dueDateLabelled],
        ["tentative", total.tentativeAgreements, total.tentativeLabelled],
      ];
      for (const [field, agree, labelledField] of agreements) {
        if (labelledField > 0) rows.push({ name: `${name}: ${field} agrees (matched)`, value: share(agree, labelledField) });
      }
    }
  }
  return rows;
}

/** How often all suggestions in each confidence band were right (matched a label). */
function calibrationRows(prefix: string, runs: Run[], over: string): Row[] {
  const bands = BANDS.map(() => ({ count: 0, right: 0 }));
  for (const run of runs) {
    const wrong = new Set(run.all.extra);
    for (const proposal of run.proposals) {
      const band = bands[BANDS.findIndex(([low, high]) => proposal.confidence >= low && proposal.confidence <= high)];
      if (!band) continue;
      band.count += 1;
      if (!wrong.has(proposal)) band.right += 1;
    }
  }
  return BANDS.map(([low, high], i) => ({
    name: `${prefix}calibration ${low}-${high} (${over})`,
    value:
      bands[i]!.count === 0
        ? "0 suggestions"
        : `${plural(bands[i]!.count, "suggestion")}, ${share(bands[i]!.right, bands[i]!.count)} right`,
  }));
}

/** What a label is, for a person reading the details. */
function describe(label: LabelledCommitment): string {
  return label.action ?? label.quoteIncludes ?? label.quotes?.[0] ?? "(label)";
}

/** The development part's misses and extra proposals, for whoever tunes the extractor (stderr). */
function printDetails(extractor: string, part: Part, runs: Run[]) {
  if (!part.dev) return;
  for (const run of runs) {
    const { fixture, all, shownScore, proposals, shown } = run;
    const behindMore = shownScore.missed.filter((label) => !all.missed.includes(label));
    if (all.missed.length === 0 && all.extra.length === 0 && behindMore.length === 0) continue;
    console.error(
      `\n== ${extractor} ${part.name}: ${fixture.name} (${plural(fixture.expected.length, "label")}, ` +
        `${plural(proposals.length, "suggestion")}, ${shown.length} shown)`,
    );
    for (const label of all.missed) {
      console.error(`  missed: ${describe(label)}`);
      for (const quote of label.quotes ?? (label.quoteIncludes ? [label.quoteIncludes] : [])) console.error(`      said: "${quote}"`);
    }
    for (const label of behindMore) console.error(`  found only behind Show more: ${describe(label)}`);
    const isShown = new Set(shown);
    for (const proposal of all.extra) {
      console.error(
        `  extra${isShown.has(proposal) ? ", shown" : ""} [${proposal.confidence}] ${proposal.transcriptTimestamp} "${proposal.transcriptQuote}"`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Extractors

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function timingRows(part: Part): Row[] {
  const { repetitions, warmup } = TIMING[part.name as keyof typeof TIMING];
  const timings: number[] = [];
  for (let run = 0; run < warmup + repetitions; run++) {
    for (const { input } of part.fixtures) {
      const started = performance.now();
      extractCommitments(input);
      if (run >= warmup) timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);
  const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
  const p95 = timings[Math.min(timings.length - 1, Math.ceil(timings.length * 0.95) - 1)]!;
  return [
    { name: `${part.name}: ms per transcript, mean (${repetitions} runs each)`, value: ms(mean) },
    { name: `${part.name}: ms per transcript, p95 (${repetitions} runs each)`, value: ms(p95) },
  ];
}

/** The group-session model's size, and how long it takes to score the sentences of an hour of talk (public dev meetings). */
function groupModelRows(part: Part): Row[] {
  const kb = statSync(GROUP_MODEL_FILE).size / 1024;
  const contexts = part.fixtures.map((f) => groupContextOf(f.input));
  for (const ctx of contexts.slice(0, 3)) runToEnd(sentenceProbabilities(ctx));
  const started = performance.now();
  for (const ctx of contexts) runToEnd(sentenceProbabilities(ctx));
  const perHour = (performance.now() - started) / part.fixtures.reduce((sum, f) => sum + f.hours, 0);
  return [
    { name: "group model: file size", value: `${kb.toFixed(0)} KB`, target: `<= ${MODEL_MAX_KB} KB`, met: kb <= MODEL_MAX_KB },
    { name: `group model: ms to score an hour of talk (${part.name})`, value: ms(perHour), target: `<= ${MODEL_HOUR_MAX_MS} ms`, met: perHour <= MODEL_HOUR_MAX_MS },
  ];
}

const coaching = loadCoaching();
const publicDev = loadPublic("dev");
const publicHeldOut = loadPublic("heldout");
const parts: Part[] = [{ name: "coaching", dev: true, fixtures: coaching }];
const rows: Row[] = [];
for (const [name, fixtures] of [
  ["public dev", publicDev],
  ["public held-out", publicHeldOut],
] as const) {
  if (fixtures) parts.push({ name, dev: name === "public dev", fixtures });
  else rows.push({ name: `${name}: not imported`, value: "run npm run transcripts:import -- <AMI manual annotations folder>" });
}

// The rules.
const ruleRuns = new Map(parts.map((part) => [part, part.fixtures.map((f) => scoreRun(f, extractCommitments(f.input)))]));
for (const part of parts) {
  rows.push(...partRows("", part, ruleRuns.get(part)!));
  if (DETAILS) printDetails("rules", part, ruleRuns.get(part)!);
}
const devParts = parts.filter((part) => part.dev);
const devName = devParts.map((part) => part.name).join(" + ");
rows.push(
  ...calibrationRows(
    "",
    devParts.flatMap((part) => ruleRuns.get(part)!),
    devName,
  ),
);
for (const part of devParts) rows.push(...timingRows(part));
const groupPart = parts.find((part) => part.name === "public dev");
if (groupPart) rows.push(...groupModelRows(groupPart));

// OpenAI, when configured: the same parts, each answer grounded as the pipeline grounds it.
if (openaiConfigured()) {
  const openaiRuns = new Map<Part, Run[]>();
  for (const part of parts) {
    const failures: string[] = [];
    const answers = await mapLimited(part.fixtures, OPENAI_CONCURRENCY, async (fixture) => {
      try {
        return scoreRun(fixture, keepGrounded(fixture.input.text, await extractWithOpenAI(fixture.input)).kept);
      } catch (error) {
        failures.push(`${fixture.name}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    });
    const runs = answers.filter((run): run is Run => run !== null);
    openaiRuns.set(part, runs);
    rows.push(...partRows("openai ", part, runs));
    if (failures.length > 0) {
      rows.push({ name: `openai ${part.name}: failed (left out)`, value: `${failures.length} of ${part.fixtures.length}` });
      // Which transcripts failed and why, without their content.
      for (const failure of failures.sort()) console.error(`openai ${part.name}: ${failure}`);
    }
    if (DETAILS) printDetails("openai", part, runs);
  }
  rows.push(
    ...calibrationRows(
      "openai ",
      devParts.flatMap((part) => openaiRuns.get(part)!),
      devName,
    ),
  );
} else {
  rows.push({ name: "openai", value: "skipped (OPENAI_API_KEY is not set)" });
}

console.log(JSON.stringify(rows));
