/**
 * `npm run conformance -- --suite <dir> [jest args]`: runs Convex's own JavaScript integration
 * tests (get-convex/convex-backend, npm-packages/tests/js-integration-tests) against the embedded
 * backend and compares the failures with the expected differences in docs/backend-conformance.md.
 *
 * The suite is not part of this repository: pass a checkout of it (see that document). This script
 * installs the checkout's dependencies (with our version of `convex`), starts the backend in its
 * own process with an admin key, runs jest, and fails when the backend died, a failure is not a
 * documented difference, or fewer than 85 % of the tests pass.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIFFERENCES_DOC = path.join(ROOT, "docs", "backend-conformance.md");
const TARGET_PASS_RATE = 0.85;

const { values, positionals } = parseArgs({
  options: { suite: { type: "string" }, keep: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (!values.suite) {
  console.error("usage: npm run conformance -- --suite <checkout of js-integration-tests> [jest args]");
  process.exit(2);
}
const suite = path.resolve(values.suite);
if (!existsSync(path.join(suite, "convex", "_generated", "api.js"))) {
  console.error(`${suite} does not look like Convex's js-integration-tests (no convex/_generated/api.js)`);
  process.exit(2);
}

function prepare() {
  if (existsSync(path.join(suite, "node_modules", "jest-environment-jsdom"))) return;
  // The suite names `convex` as a workspace package; it runs with the version this project uses.
  const manifest = JSON.parse(readFileSync(path.join(suite, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  manifest.devDependencies.convex = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "convex", "package.json"), "utf8")) as { version: string }).version;
  writeFileSync(path.join(suite, "package.json"), JSON.stringify(manifest, null, 2));
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: suite, stdio: "inherit" });
  // query.test.tsx asks for jest's jsdom environment, which the suite's monorepo provides.
  const jsdom = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", "jest-environment-jsdom@30"], { cwd: suite, stdio: "inherit" });
  if (install.status !== 0 || jsdom.status !== 0) throw new Error("npm install in the suite failed");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startBackend(adminKey: string, port: number, sitePort: number, logFile: string) {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(ROOT, "local-backend", "cli.ts"),
      "--functions",
      path.join(suite, "convex"),
      "--port",
      String(port),
      "--site-port",
      String(sitePort),
    ],
    // Convex's own CI runs this suite with a 20 s action limit; the deadlock test waits for it.
    { cwd: ROOT, env: { ...process.env, CONVEX_ADMIN_KEY: adminKey, NODE_ACTION_USER_TIMEOUT_SECS: "20" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const log: string[] = [];
  const collect = (chunk: Buffer) => log.push(chunk.toString("utf8"));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  child.on("exit", () => writeFileSync(logFile, log.join("")));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (log.join("").includes("ready at")) {
        clearInterval(check);
        resolve();
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(check);
      reject(new Error(`the backend exited (${code}) before it was ready:\n${log.join("")}`));
    });
  });
  return { child, log };
}

interface JestResults {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** The expected differences: every `file.test.ts › full test name` in backticks under its heading. */
function expectedDifferences(): Set<string> {
  const text = readFileSync(DIFFERENCES_DOC, "utf8");
  const section = text.split(/^## Expected differences$/m)[1]?.split(/^## /m)[0] ?? "";
  return new Set([...section.matchAll(/^- `([^`]+ › [^`]+)`/gm)].map((match) => match[1]!));
}

prepare();
const work = mkdtempSync(path.join(tmpdir(), "lwcc-conformance-"));
const adminKey = randomBytes(24).toString("hex");
const [port, sitePort] = [await freePort(), await freePort()];
const backendLog = path.join(work, "backend.log");
const backend = await startBackend(adminKey, port, sitePort, backendLog);
let died: number | null | undefined;
backend.child.once("exit", (code) => (died = code));

const resultsFile = path.join(work, "results.json");
const env = { ...process.env, DEPLOYMENT_URL: `http://127.0.0.1:${port}`, SITE_URL: `http://127.0.0.1:${sitePort}`, ADMIN_KEY: adminKey };
const jestBin = path.join(suite, "node_modules", "jest", "bin", "jest.js");
spawnSync(process.execPath, [jestBin, "warmup-jest-cache.test.ts"], { cwd: suite, env, stdio: "ignore" });
spawnSync(process.execPath, [jestBin, "--silent", "--json", "--outputFile", resultsFile, ...positionals], { cwd: suite, env, stdio: "inherit" });
const alive = died === undefined;
backend.child.kill("SIGTERM");

const results = JSON.parse(readFileSync(resultsFile, "utf8")) as JestResults;
const expected = expectedDifferences();
const failures = results.testResults.flatMap((file) =>
  file.assertionResults.filter((test) => test.status === "failed").map((test) => ({ id: `${path.basename(file.name)} › ${test.fullName}`, test })),
);
const unexpected = failures.filter(({ id }) => !expected.has(id));
const runnable = results.numTotalTests - results.numPendingTests;
const rate = runnable === 0 ? 0 : results.numPassedTests / runnable;

console.log(`\nConvex JS integration suite against the embedded backend`);
console.log(`  passed ${results.numPassedTests} of ${runnable} runnable tests (${(rate * 100).toFixed(1)} %; target ${TARGET_PASS_RATE * 100} %)`);
console.log(`  failed ${failures.length}: ${failures.length - unexpected.length} documented differences, ${unexpected.length} unexpected`);
console.log(`  backend ${alive ? "stayed up for the whole run" : `DIED during the run (exit ${died})`}; its log: ${backendLog}`);
for (const { id, test } of unexpected) {
  console.log(`\n  UNEXPECTED ${id}\n    ${(test.failureMessages[0] ?? "").split("\n").slice(0, 6).join("\n    ")}`);
}
if (!values.keep && alive && unexpected.length === 0) rmSync(work, { recursive: true, force: true });
const ok = alive && unexpected.length === 0 && rate >= TARGET_PASS_RATE;
process.exit(ok ? 0 : 1);
