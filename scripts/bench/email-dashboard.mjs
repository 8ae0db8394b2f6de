// The admin e-mail dashboard with up to 1,000,000 recorded e-mail events: the overview query and an open event to the admin's screen (local-backend/bench/email-dashboard.ts).
import { runTsxBench } from "../lib/tsx-bench.mjs";

export const title = "Admin e-mail dashboard (embedded backend, up to 1,000,000 e-mail events)";

export const run = () => runTsxBench("local-backend/bench/email-dashboard.ts");
