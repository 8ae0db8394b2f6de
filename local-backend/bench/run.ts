/**
 * Latency of the embedded backend as an app sees it: real ConvexClients over real WebSockets to a
 * backend in this process, each scenario on its own data dir on disk so every commit's fsync
 * counts. Prints the rows as one line of JSON on stdout (read by scripts/bench/embedded-backend.mjs).
 */
import { cpSync } from "node:fs";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { startBackend, type Backend } from "../backend";
import { httpClient, tempDir, wsClient } from "../test/helpers";
import { api } from "./functions/_generated/api";

const FUNCTIONS = path.resolve(import.meta.dirname, "functions");
/** Iterations before measuring: the first calls load modules and warm the JIT. */
const WARMUP = 20;
const TIMEOUT_MS = 15_000;

type Row = { name: string; value: string; target?: string; met?: boolean };
type Messages = FunctionReturnType<typeof api.messages.byAuthor>;

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

/** Temp dirs, clients and backends to close at the end, newest first. */
const cleanups: (() => unknown)[] = [];

const open = (dataDir: string) => startBackend({ functionsDir: FUNCTIONS, dataDir, port: 0, sitePort: 0, log: () => {} });

/** A backend on a fresh data dir, closed by closeAll(). */
async function backend(): Promise<Backend> {
  const started = await open(track(tempDir("lwcc-bench-")).dir);
  cleanups.push(() => started.close());
  return started;
}

function track<T extends { remove: () => void }>(dir: T): T {
  cleanups.push(dir.remove);
  return dir;
}

function client(url: string): ConvexClient {
  const c = wsClient(url);
  cleanups.push(() => c.close());
  return c;
}

/** One byAuthor subscription; `until` resolves with the arrival time of the first matching result. */
class Watch {
  private value: Messages | undefined;
  private waiter: { test: (value: Messages) => boolean; resolve: (at: number) => void; reject: (error: Error) => void } | undefined;

  constructor(c: ConvexClient, readonly author: string) {
    cleanups.push(
      c.onUpdate(
        api.messages.byAuthor,
        { author },
        (value) => {
          const at = performance.now();
          this.value = value;
          if (this.waiter?.test(value)) this.settle().resolve(at);
        },
        (error) => this.waiter && this.settle().reject(error),
      ),
    );
  }

  private settle() {
    const waiter = this.waiter!;
    this.waiter = undefined;
    return waiter;
  }

  until(test: (value: Messages) => boolean): Promise<number> {
    if (this.value !== undefined && test(this.value)) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`subscription byAuthor(${this.author}) saw no matching update within ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      this.waiter = {
        test,
        resolve: (at) => (clearTimeout(timer), resolve(at)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
    });
  }
}

const endsWith = (body: string) => (value: Messages) => value.at(-1)?.body === body;

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

function latencyRow(name: string, samples: number[], p95Target?: number): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  const row: Row = { name: `${name} p50 / p95`, value: `${p50.toFixed(2)} ms / ${p95.toFixed(2)} ms (n=${samples.length})` };
  return p95Target === undefined ? row : { ...row, target: `p95 <= ${p95Target} ms`, met: p95 <= p95Target };
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

async function seedFiller(c: ConvexClient, total: number) {
  for (let from = 0; from < total; from += 1000) await c.mutation(api.filler.seed, { from, count: 1000 });
}

/** 1. A client's own mutation reaching its own subscription. */
async function ownUpdate(): Promise<Row[]> {
  const c = client((await backend()).url);
  const watch = new Watch(c, "own");
  await watch.until(() => true);
  const updates: number[] = [];
  const resolves: number[] = [];
  for (let i = 0; i < WARMUP + 300; i++) {
    const body = `own-${i}`;
    const seen = watch.until(endsWith(body));
    const start = performance.now();
    const resolved = c.mutation(api.messages.send, { author: "own", body }).then(() => performance.now());
    const [seenAt, resolvedAt] = await Promise.all([seen, resolved]);
    if (i < WARMUP) continue;
    updates.push(seenAt - start);
    resolves.push(resolvedAt - start);
  }
  return [latencyRow("own update", updates, 3), latencyRow("own mutation resolved", resolves)];
}

/** 2. One write fanned out to 100 connections subscribed to the same query. */
async function fanOut(): Promise<Row[]> {
  const { url } = await backend();
  const watches = Array.from({ length: 100 }, () => new Watch(client(url), "fanout"));
  await Promise.all(watches.map((w) => w.until(() => true)));
  const writer = client(url);
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + 50; i++) {
    const body = `fanout-${i}`;
    const seen = Promise.all(watches.map((w) => w.until(endsWith(body))));
    const start = performance.now();
    const [arrivals] = await Promise.all([seen, writer.mutation(api.messages.send, { author: "fanout", body })]);
    if (i >= WARMUP) samples.push(Math.max(...arrivals) - start);
  }
  return [latencyRow("100 subscribers all updated", samples, 10)];
}

/** 3. 100 distinct subscriptions; each write can affect only one of them. */
async function distinctQueries(): Promise<Row[]> {
  const b = await backend();
  const subscriber = client(b.url);
  const watches = Array.from({ length: 100 }, (_, i) => new Watch(subscriber, `author-${i}`));
  await Promise.all(watches.map((w) => w.until(() => true)));
  const writer = client(b.url);

  // Counts executions at the engine, which is what a precise read set saves.
  let executions = 0;
  const engine = b.engine();
  const runQuery = engine.runQuery.bind(engine);
  engine.runQuery = (...args: Parameters<typeof runQuery>) => (executions++, runQuery(...args));

  const samples: number[] = [];
  let measuredExecutions = 0;
  for (let i = 0; i < WARMUP + 100; i++) {
    const watch = watches[(i * 37) % watches.length]!;
    const body = `distinct-${i}`;
    const before = executions;
    const seen = watch.until(endsWith(body));
    const start = performance.now();
    const [seenAt] = await Promise.all([seen, writer.mutation(api.messages.send, { author: watch.author, body })]);
    if (i < WARMUP) continue;
    samples.push(seenAt - start);
    measuredExecutions += executions - before;
  }
  return [
    latencyRow("1 of 100 distinct queries updated", samples, 10),
    { name: "query runs per write (100 subscribed)", value: (measuredExecutions / 100).toFixed(2) },
  ];
}

/** 4. An indexed read of a few documents while 100k documents sit in another table. */
async function indexedRead(): Promise<Row[]> {
  const { url } = await backend();
  const c = client(url);
  const [, seedMs] = await time(() => seedFiller(c, 100_000));
  for (let i = 0; i < 5; i++) await c.mutation(api.messages.send, { author: "target", body: `target-${i}` });
  for (let i = 0; i < 5; i++) await c.mutation(api.messages.send, { author: "other", body: `other-${i}` });
  sampleRss();

  const http = httpClient(url);
  const viaWs: number[] = [];
  const viaHttp: number[] = [];
  for (let i = 0; i < WARMUP + 200; i++) {
    const [wsResult, wsMs] = await time(() => c.query(api.messages.byAuthor, { author: "target" }));
    const [httpResult, httpMs] = await time(() => http.query(api.messages.byAuthor, { author: "target" }));
    if (wsResult.length !== 5 || httpResult.length !== 5) throw new Error(`byAuthor(target) returned ${wsResult.length} / ${httpResult.length} documents, expected 5`);
    if (i < WARMUP) continue;
    viaWs.push(wsMs);
    viaHttp.push(httpMs);
  }
  return [
    { name: "seed 100k docs (1,000 per mutation)", value: `${(seedMs / 1000).toFixed(1)} s` },
    latencyRow("indexed read, 100k elsewhere, ws", viaWs, 2),
    latencyRow("indexed read, 100k elsewhere, http", viaHttp, 2),
  ];
}

/** 5. Startup on a data dir holding 50k documents, from a snapshot and from the log alone. */
async function restore(): Promise<Row[]> {
  const empty = track(tempDir("lwcc-bench-empty-"));
  const [emptyBackend, emptyMs] = await time(() => open(empty.dir));
  await emptyBackend.close();

  const data = track(tempDir("lwcc-bench-restore-"));
  const logOnly = track(tempDir("lwcc-bench-log-only-"));
  const writer = await open(data.dir);
  const c = wsClient(writer.url);
  await seedFiller(c, 50_000);
  await c.close();
  // Every acknowledged commit is fsync'd, so a copy now is what a crash would leave: log, no snapshot.
  cpSync(data.dir, logOnly.dir, { recursive: true, filter: (source) => path.basename(source) !== "LOCK" });
  await writer.close();
  sampleRss();

  const rows: Row[] = [{ name: "startup, empty data dir", value: `${emptyMs.toFixed(0)} ms` }];
  for (const [name, dir] of [
    ["restore 50k docs from snapshot", data.dir],
    ["restore 50k docs from log only", logOnly.dir],
  ] as const) {
    const [restored, ms] = await time(() => open(dir));
    sampleRss();
    const count = restored.engine().exportState().documents.length;
    await restored.close();
    if (count !== 50_000) throw new Error(`${name}: restored ${count} documents, expected 50000`);
    rows.push({ name, value: `${ms.toFixed(0)} ms`, target: "<= 500 ms", met: ms <= 500 });
  }
  return rows;
}

async function closeAll() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

const sampler = setInterval(sampleRss, 10);
const rows: Row[] = [];
try {
  for (const scenario of [ownUpdate, fanOut, distinctQueries, indexedRead, restore]) {
    try {
      rows.push(...(await scenario()));
    } finally {
      // Each scenario starts from a quiet process: no sockets or backends left from the last.
      await closeAll();
    }
  }
  rows.push({ name: "peak RSS (whole run, 10 ms samples)", value: `${(peakRss / 1024 / 1024).toFixed(0)} MB` });
  console.log(JSON.stringify(rows));
} catch (error) {
  // A failed scenario can leave a backend running; report and stop rather than hang.
  console.error(error);
  process.exit(1);
} finally {
  clearInterval(sampler);
}
