// A session's agenda built for its member, on the embedded backend (local-backend/bench/agenda.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Session agenda (embedded backend, a member with 200 action items)";

export const run = () => runTsxBench("local-backend/bench/agenda.ts");
