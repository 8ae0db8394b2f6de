// A presence change in a focus room of six, reaching every open page (local-backend/bench/focus.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Focus rooms (embedded backend, six open pages)";

export const run = () => runTsxBench("local-backend/bench/focus.ts");
