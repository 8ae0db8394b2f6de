// The member dashboard's queries for two years of history, on the embedded backend (local-backend/bench/dashboard.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Member dashboard queries (embedded backend, 500 sessions and 2,000 activities)";

export const run = () => runTsxBench("local-backend/bench/dashboard.ts");
