// The error-reporting tunnel taking a burst of 1,000 reports on the embedded backend (local-backend/bench/sentry-tunnel.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Error-reporting tunnel (embedded backend, 1,000 reports in one burst)";

export const run = () => runTsxBench("local-backend/bench/sentry-tunnel.ts");
