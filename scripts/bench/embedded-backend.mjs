// The embedded backend under real ConvexClients (local-backend/bench/run.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Embedded backend (real ConvexClient over WebSocket, data dir on disk)";

export const run = () => runTsxBench("local-backend/bench/run.ts");
