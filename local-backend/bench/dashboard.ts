/**
 * The member dashboard's queries on the embedded backend, for a member with two years of history
 * (500 sessions, 2,000 activities): the real convex/ functions, a signed-in ConvexHttpClient, a
 * data dir on disk. The history is written by a bench-only module added to a copy of convex/, so
 * nothing bench-only is deployed. Prints the rows as one line of JSON on stdout.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { startBackend } from "../backend";
import { httpClient, tempDir } from "../test/helpers";
import { api } from "../../convex/_generated/api";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Inside the repo (ignored by git), so the copy's imports resolve against node_modules. */
const COPY = path.join(ROOT, ".bench/convex");
const SESSIONS = 500;
const UPCOMING = 50;
const ACTIVITIES = 2000;
const WARMUP = 50;
const SAMPLES = 300;

type Row = { name: string; value: string; target?: string; met?: boolean };

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function measure(name: string, call: () => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    name: `${name} p50 / p95`,
    value: `${percentile(samples, 0.5).toFixed(2)} ms / ${percentile(samples, 0.95).toFixed(2)} ms (n=${SAMPLES})`,
  };
}

rmSync(COPY, { recursive: true, force: true });
cpSync(path.join(ROOT, "convex"), COPY, { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
cpSync(path.join(import.meta.dirname, "dashboard/history.ts"), path.join(COPY, "benchHistory.ts"));
const data = tempDir("lwcc-bench-dashboard-");
const backend = await startBackend({ functionsDir: COPY, dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
try {
  const { subject, tokenIdentifier } = await backend.identity.createAccount({
    email: "bench-member@example.com",
    password: "bench-password-2026",
    firstName: "Bench",
    lastName: "Member",
    emailVerified: true,
  });
  const seeded = await backend
    .engine()
    .run("mutation", "benchHistory:seed", { tokenIdentifier, sessions: SESSIONS, upcoming: UPCOMING, activities: ACTIVITIES }, null, false);
  if (!seeded.ok) throw new Error(`Seeding the history failed: ${seeded.message}`);
  const client = httpClient(backend.url);
  client.setAuth((await backend.identity.issueTokens(subject)).accessToken);
  const summary = await client.query(api.dashboard.summary, {});
  if (summary.stats.totalSessions !== SESSIONS - UPCOMING) throw new Error(`The summary counted ${summary.stats.totalSessions} sessions`);
  const history = `${SESSIONS} sessions, ${ACTIVITIES.toLocaleString("en-US")} activities`;
  const rows: Row[] = [
    await measure(`dashboard:summary (${history})`, () => client.query(api.dashboard.summary, {})),
    await measure("activity:list, first 10", () => client.query(api.activity.list, { paginationOpts: { numItems: 10, cursor: null } })),
    await measure("bookings:mine, upcoming, first 10", () =>
      client.query(api.bookings.mine, { scope: "upcoming", paginationOpts: { numItems: 10, cursor: null } }),
    ),
  ];
  console.log(JSON.stringify(rows));
} finally {
  await backend.close();
  data.remove();
  rmSync(COPY, { recursive: true, force: true });
}
