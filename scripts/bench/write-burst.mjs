// 500 real clients over WebSocket writing 1,000 times at once, and a kill -9 in the middle of such a burst (local-backend/bench/write-burst.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Write burst (500 WebSocket clients, 1,000 concurrent writes, backend in its own process)";

export const run = () => runTsxBench("local-backend/bench/write-burst.ts");
