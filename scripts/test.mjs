// `npm test`: every check and test tier, in order, stopping at the first failure.
// Ends with one line, "N passed, N failed", counted from the runners' JSON reports.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./lib/chromium.mjs";

const reports = path.resolve(".test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

/** @param {string} file @param {(report: any) => { passed: number, failed: number }} read */
function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

/** @param {string} [failure] */
function finish(failure) {
  const unit = count(vitestReport, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  const e2e = count(playwrightReport, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
  }));
  const passed = unit.passed + e2e.passed;
  // A failed check (typecheck, lint, a crashed runner) counts as one failure of its own.
  const failed = Math.max(unit.failed + e2e.failed, failure ? 1 : 0);
  if (failure) console.error(`\n✖ ${failure}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failure ? 1 : 0);
}

/** @param {string} name @param {string[]} command @param {Record<string, string>} [env] */
function step(name, command, env = {}) {
  console.log(`\n▶ ${name}`);
  const [bin, ...args] = command;
  const result = spawnSync(/** @type {string} */ (bin), args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) finish(`${name} failed`);
}

step("Generated Convex code is current", ["npx", "tsx", "scripts/codegen.ts", "--check"]);
for (const dir of ["local-backend/test/fixture", "local-backend/bench/functions"]) {
  step(`Generated code of ${dir} is current`, ["npx", "tsx", "scripts/codegen.ts", "--check", dir]);
}
step("Typecheck", ["npm", "run", "-s", "typecheck"]);
step("Lint", ["npm", "run", "-s", "lint"]);
step("No import cycles", ["node", "scripts/import-cycles.mjs"]);
step("Unit, Convex function and backend tests", [
  "npx",
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
try {
  ensureChromium();
} catch (error) {
  finish(error instanceof Error ? error.message : String(error));
}
step("Browser journeys", ["npx", "playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
finish();
