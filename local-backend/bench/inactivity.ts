/**
 * The daily inactivity sweep (convex/inactivity.ts) over 100,000 accounts of which 100 are due, on
 * the embedded backend with a data dir on disk: the real convex/ functions, the run started as the
 * cron starts it and timed until its last batch has recorded the run (every batch and stage it
 * schedules included: deactivation, reactivation link, e-mail). Each sample is one simulated day
 * later, with 100 new accounts crossing the 90-day line. Documents read are the sweep's own count
 * of what it loaded (users rows, its stage marks, admin and warning look-ups). Prints one line of JSON.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { startBackend } from "../backend";
import { tempDir } from "../test/helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Inside the repo (ignored by git), so the copy's imports resolve against node_modules. */
const COPY = path.join(ROOT, ".bench/convex-inactivity");
const ACCOUNTS = 100_000;
const DUE = 100;
const WARMUP = 3;
const SAMPLES = 20;
const DAY = 24 * 60 * 60 * 1000;

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

type Run = { runAt: number; read: number; deactivated: number; warned: number; skipped: number } | null;

rmSync(COPY, { recursive: true, force: true });
cpSync(path.join(ROOT, "convex"), COPY, { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
cpSync(path.join(import.meta.dirname, "inactivity/accounts.ts"), path.join(COPY, "benchAccounts.ts"));
const data = tempDir("lwcc-bench-inactivity-");
const backend = await startBackend({ functionsDir: COPY, dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
try {
  const engine = backend.engine();
  const must = async (promise: Promise<{ ok: boolean; message?: string }>, what: string) => {
    const outcome = await promise;
    if (!outcome.ok) throw new Error(`${what} failed: ${outcome.message}`);
    return outcome as { ok: true; value: unknown };
  };
  const base = Date.now();
  for (let from = 0; from < ACCOUNTS; from += 1000) await must(engine.run("mutation", "benchAccounts:seed", { from, count: 1000, now: base }, null, false), "seeding");

  const lastRun = async () => ((await engine.runQuery("inactivity:lastRun", {}, null, null, undefined, false)).outcome as { ok: true; value: Run }).value;
  const times: number[] = [];
  const reads: number[] = [];
  for (let day = 1; day <= WARMUP + SAMPLES; day++) {
    const now = base + day * DAY;
    await must(engine.run("mutation", "benchAccounts:due", { run: day, count: DUE, now }, null, false), "making accounts due");
    const start = performance.now();
    await must(engine.run("mutation", "inactivity:sweep", { now }, null, false), "starting the sweep");
    let run = await lastRun();
    while (run?.runAt !== now) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      run = await lastRun();
    }
    const elapsed = performance.now() - start;
    if (run.deactivated !== DUE) throw new Error(`The sweep deactivated ${run.deactivated} accounts, not ${DUE}`);
    if (day <= WARMUP) continue;
    times.push(elapsed);
    reads.push(run.read);
  }
  times.sort((a, b) => a - b);
  const maxReads = Math.max(...reads);
  console.log(
    JSON.stringify([
      {
        name: `documents read per run (${DUE} due of ${ACCOUNTS.toLocaleString("en-US")})`,
        value: `${Math.min(...reads)}-${maxReads} (${(maxReads / DUE).toFixed(2)}x the due accounts)`,
        target: `<= ${2 * DUE} (2x)`,
        met: maxReads <= 2 * DUE,
      },
      {
        name: "whole run, all batches and stages, p50 / p95",
        value: `${percentile(times, 0.5).toFixed(1)} ms / ${percentile(times, 0.95).toFixed(1)} ms (n=${SAMPLES})`,
      },
    ]),
  );
} finally {
  await backend.close();
  data.remove();
  rmSync(COPY, { recursive: true, force: true });
}
