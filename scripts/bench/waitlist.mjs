// A cancellation reaching the first waiting member's open page as an offer, on the embedded backend (local-backend/bench/waitlist.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Sooner-slot waitlist (embedded backend, a cancellation offered to the member waiting)";

export const run = () => runTsxBench("local-backend/bench/waitlist.ts");
