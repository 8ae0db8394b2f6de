// A member's private calendar feed read over HTTP, on the embedded backend (local-backend/bench/calendar.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Calendar feed (embedded backend, a member with 500 upcoming sessions)";

export const run = () => runTsxBench("local-backend/bench/calendar.ts");
