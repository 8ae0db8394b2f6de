// The daily inactivity sweep over 100,000 accounts of which 100 are due (local-backend/bench/inactivity.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Inactivity sweep (embedded backend, 100,000 accounts, 100 due)";

export const run = () => runTsxBench("local-backend/bench/inactivity.ts");
