// The commitment extractors on the labelled transcripts (scripts/bench/extraction-run.ts): the made-up
// coaching sessions, and the public AMI meetings when imported (npm run transcripts:import).
// EXTRACTION_BENCH_DETAILS=dev also shows the development parts' misses and extra proposals (stderr).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Commitment extraction (labelled transcripts in tests/fixtures/transcripts: coaching, public dev, public held-out)";

export const run = () => runTsxBench("scripts/bench/extraction-run.ts", { forwardStderr: process.env.EXTRACTION_BENCH_DETAILS === "dev" });
