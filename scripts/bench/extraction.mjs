// The offline (rule-based) commitment extractor on the labelled transcripts (scripts/bench/extraction-run.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Commitment extraction, rule-based (labelled transcripts in tests/fixtures/transcripts)";

export const run = () => runTsxBench("scripts/bench/extraction-run.ts");
