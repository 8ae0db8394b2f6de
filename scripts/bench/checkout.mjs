// Checkout submit to plan active on an open dashboard, webhook included (local-backend/bench/checkout.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Checkout to active plan (embedded backend and its Stripe stand-in)";

export const run = () => runTsxBench("local-backend/bench/checkout.ts");
