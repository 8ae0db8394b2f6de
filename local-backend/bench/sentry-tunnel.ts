/**
 * The error-reporting tunnel (POST /api/sentry-tunnel, no SENTRY_DSN) on the embedded backend, with
 * a data dir on disk: 1,000 browser reports posted at once, as a bad release failing in many open
 * tabs would send them. None may be lost: each must be answered 200 and stored as an error record.
 * Prints the rows as one line of JSON on stdout.
 */
import { Agent, request } from "node:http";
import path from "node:path";
import { startBackend } from "../backend";
import { tempDir } from "../test/helpers";
import { LOCAL_SENTRY_DSN, SENTRY_TUNNEL_PATH } from "../../convex/model/observability";

const APP = path.resolve(import.meta.dirname, "../../convex");
const REPORTS = 1_000;
/** Trivial http action calls, one at a time, for the floor of the http-action path. */
const FLOOR_SAMPLES = 50;

/**
 * Connections the reports share, as a browser or a load balancer would: 1,000 sockets opened at
 * once overflow the listen backlog and race the server's keep-alive timeout, which loses reports
 * before they reach the backend.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 100 });

/** POSTs `body`, resolving with the answer's status (0 when the request failed). */
function post(url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(url, { method: "POST", agent, headers: { "content-type": "application/x-sentry-envelope" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", (error) => {
      if (process.env.BENCH_DEBUG) console.error(error);
      resolve(0);
    });
    outgoing.end(body);
  });
}

type Row = { name: string; value: string; target?: string; met?: boolean };

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** One report of the browser's SDK: an event with a stack and the record's tags, alone in its envelope. */
function envelope(i: number) {
  const eventId = crypto.randomUUID().replaceAll("-", "");
  const event = JSON.stringify({
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    release: "lwcc@bench",
    request: { url: `https://lwcc.example/dashboard?tab=${i}` },
    tags: { route: "/dashboard", lwcc_category: "data", lwcc_severity: "high", lwcc_code: "DASHBOARD_LOAD", lwcc_reference: `LW-BENCH-${i}` },
    exception: {
      values: [
        {
          type: "TypeError",
          value: "Cannot read properties of undefined (reading 'sessions')",
          stacktrace: { frames: [{ function: "Dashboard", filename: "https://lwcc.example/assets/dashboard.js", lineno: 1, colno: 4242 }] },
        },
      ],
    },
  });
  return [
    JSON.stringify({ dsn: LOCAL_SENTRY_DSN, event_id: eventId, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: "event", length: Buffer.byteLength(event) }),
    event,
  ].join("\n");
}

const data = tempDir("lwcc-bench-tunnel-");
const backend = await startBackend({ functionsDir: APP, dataDir: data.dir, port: 0, sitePort: 0, log: () => {} });
try {
  const bodies = Array.from({ length: REPORTS }, (_, i) => envelope(i));
  const url = `${backend.siteUrl}${SENTRY_TUNNEL_PATH}`;
  const started = performance.now();
  const answers = await Promise.all(
    bodies.map(async (body) => {
      const start = performance.now();
      const status = await post(url, body);
      return { status, ms: performance.now() - start };
    }),
  );
  const totalMs = performance.now() - started;
  // The floor: an http action that reads nothing and writes nothing, one request at a time.
  const floor: number[] = [];
  for (let i = 0; i < FLOOR_SAMPLES; i++) {
    const start = performance.now();
    await (await fetch(`${backend.siteUrl}/robots.txt`)).text();
    floor.push(performance.now() - start);
  }
  floor.sort((a, b) => a - b);
  const stored = await backend
    .engine()
    .transaction(async (ctx) => (await ctx.db.query("errorRecords").collect()).filter((record) => record.service === "web").length);
  const accepted = answers.filter((answer) => answer.status === 200).length;
  const statuses = [...new Set(answers.map((answer) => answer.status))].sort().join(", ");
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const lost = REPORTS - stored;
  const p95 = percentile(sorted, 0.95);
  const rows: Row[] = [
    { name: "reports sent at once", value: String(REPORTS) },
    { name: "answered 200", value: `${accepted} (statuses seen: ${statuses})` },
    { name: "stored as error records", value: String(stored) },
    { name: "lost", value: String(lost), target: "0", met: lost === 0 },
    { name: "time per report (whole burst / reports)", value: `${(totalMs / REPORTS).toFixed(1)} ms` },
    {
      name: "per report p50 / p95, queueing included",
      value: `${percentile(sorted, 0.5).toFixed(1)} ms / ${p95.toFixed(1)} ms (n=${REPORTS})`,
      target: "p95 <= 1,000 ms",
      met: p95 <= 1000,
    },
    { name: "whole burst", value: `${totalMs.toFixed(0)} ms (${((REPORTS / totalMs) * 1000).toFixed(0)} reports/s)` },
    { name: "floor: GET /robots.txt, one at a time, p50", value: `${percentile(floor, 0.5).toFixed(1)} ms (n=${FLOOR_SAMPLES})` },
  ];
  console.log(JSON.stringify(rows));
} catch (error) {
  // The backend's process guards take unhandled rejections, so a failure is reported here.
  console.error(error);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await backend.close();
  data.remove();
}
