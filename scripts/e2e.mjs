// Browser journeys: makes sure Debian's Chromium is there, then runs Playwright.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./lib/chromium.mjs";

ensureChromium();
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
