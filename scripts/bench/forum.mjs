// The community forum on the embedded backend (local-backend/bench/forum.ts): a category's thread list, and a reply reaching 100 readers.
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Community forum (embedded backend, a category of 10,000 threads and 100,000 replies)";

export const run = () => runTsxBench("local-backend/bench/forum.ts");
