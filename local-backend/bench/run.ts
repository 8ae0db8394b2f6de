/**
 * Latency of the embedded backend as an app sees it: real ConvexClients over real WebSockets to a
 * backend in this process (the fan-out's 100 subscribers speak the protocol from a process of their
 * own), each scenario on its own data dir on disk so every commit's fsync counts, measured after
 * WARMUP calls. The functions install the app's components (rate limiter, Resend with its workpools,
 * a workpool) and one of their own, so every figure is with components in use. Prints the rows as one line of JSON on stdout (read by scripts/bench/embedded-backend.mjs).
 */
import { fork } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { startBackend, type Backend } from "../backend";
import { httpClient, tempDir, wsClient } from "../test/helpers";
import { api } from "./functions/_generated/api";
import type { SubscribersMessage } from "./subscribers";

const FUNCTIONS = path.resolve(import.meta.dirname, "functions");
/** Iterations before measuring: the first calls load modules and warm the JIT, as a running backend is. */
const WARMUP = 200;
const TIMEOUT_MS = 15_000;

type Row = { name: string; value: string; target?: string; met?: boolean };
type Messages = FunctionReturnType<typeof api.messages.byAuthor>;

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage.rss()));

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

/** A chat screen's subscription: the newest messages of an author. */
const NEWEST = 50;

/**
 * One subscription to an author's messages, all of them (byAuthor, oldest first) or the newest
 * (latest, newest first); `until` resolves with the arrival time of the first matching result.
 */
class Watch {
  private value: Messages | undefined;
  private waiter: { test: (value: Messages) => boolean; resolve: (at: number) => void; reject: (error: Error) => void } | undefined;

  constructor(
    c: ConvexClient,
    readonly author: string,
    readonly newestOnly = false,
  ) {
    const subscribe = (onValue: (value: Messages) => void, onError: (error: Error) => void) =>
      newestOnly
        ? c.onUpdate(api.messages.latest, { author, count: NEWEST }, onValue, onError)
        : c.onUpdate(api.messages.byAuthor, { author }, onValue, onError);
    cleanups.push(
      subscribe(
        (value) => {
          const at = performance.now();
          this.value = value;
          if (this.waiter?.test(value)) this.settle().resolve(at);
        },
        (error) => this.waiter && this.settle().reject(error),
      ),
    );
  }

  /** Whether `value` shows `body` as the author's newest message. */
  shows(body: string) {
    return (value: Messages) => (this.newestOnly ? value[0]?.body : value.at(-1)?.body) === body;
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

/**
 * 1. A client's own mutation reaching its own subscription: the newest 50 messages, as a chat
 * screen shows them, and the whole list growing past 300 documents to show how size costs.
 */
async function ownUpdate(newestOnly: boolean): Promise<Row[]> {
  const c = client((await backend()).url);
  const watch = new Watch(c, "own", newestOnly);
  await watch.until(() => true);
  const updates: number[] = [];
  const resolves: number[] = [];
  for (let i = 0; i < WARMUP + 300; i++) {
    const body = `own-${i}`;
    const seen = watch.until(watch.shows(body));
    const start = performance.now();
    const resolved = c.mutation(api.messages.send, { author: "own", body }).then(() => performance.now());
    const [seenAt, resolvedAt] = await Promise.all([seen, resolved]);
    if (i < WARMUP) continue;
    updates.push(seenAt - start);
    resolves.push(resolvedAt - start);
  }
  if (!newestOnly) return [latencyRow(`own update, whole list of ${WARMUP + 1}-${WARMUP + 300}`, updates)];
  return [latencyRow(`own update, newest ${NEWEST}`, updates, 3), latencyRow("own mutation resolved", resolves)];
}

/** 2. One write fanned out to 100 connections subscribed to the same chat screen, from another process. */
async function fanOut(): Promise<Row[]> {
  const { url } = await backend();
  const subscribers = fork(path.join(import.meta.dirname, "subscribers.ts"), [url, "100", "messages:latest", JSON.stringify({ author: "fanout", count: NEWEST })]);
  cleanups.push(() => subscribers.kill());
  // Replies awaited from the subscriber process, by key; a failure there fails whichever is awaited.
  const waiting = new Map<string, { resolve: (at: number) => void; reject: (error: Error) => void }>();
  const next = (key: string, what: string) =>
    withTimeout(new Promise<number>((resolve, reject) => waiting.set(key, { resolve, reject })), what);
  subscribers.on("message", (message: SubscribersMessage) => {
    if (message.type === "failed") for (const { reject } of waiting.values()) reject(new Error(`fan-out subscribers: ${message.error}`));
    else if (message.type === "ready") waiting.get("ready")?.resolve(0);
    else if (message.type === "expecting") waiting.get(`expecting ${message.body}`)?.resolve(0);
    else waiting.get(message.body)?.resolve(message.at);
  });
  const ready = next("ready", "100 subscribers to receive their first result");
  await ready;
  const writer = client(url);
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + 50; i++) {
    const body = `fanout-${i}`;
    // The subscribers learn what to look for before the write, outside the timed span.
    const expecting = next(`expecting ${body}`, `the subscribers to expect ${body}`);
    subscribers.send(body);
    await expecting;
    const allUpdated = next(body, `all 100 subscribers to see ${body}`);
    const start = performance.timeOrigin + performance.now();
    const [at] = await Promise.all([allUpdated, writer.mutation(api.messages.send, { author: "fanout", body })]);
    waiting.clear();
    if (i >= WARMUP) samples.push(at - start);
  }
  return [latencyRow(`100 subscribers of newest ${NEWEST} (other process), all updated`, samples, 10)];
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${TIMEOUT_MS} ms for ${what}`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
    const seen = watch.until(watch.shows(body));
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
  for (const author of ["target-a", "target-b", "other"]) {
    for (let i = 0; i < 5; i++) await c.mutation(api.messages.send, { author, body: `${author}-${i}` });
  }
  sampleRss();

  // Each transport in its own loop. Consecutive ws queries alternate between two authors: a
  // one-shot query unsubscribes after it resolves, and the same query again would be answered
  // from the client's cache.
  const read = async (query: (author: string) => Promise<Messages>) => {
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + 200; i++) {
      const author = i % 2 ? "target-a" : "target-b";
      const [result, ms] = await time(() => query(author));
      if (result.length !== 5) throw new Error(`byAuthor(${author}) returned ${result.length} documents, expected 5`);
      if (i >= WARMUP) samples.push(ms);
    }
    return samples;
  };
  const http = httpClient(url);
  const viaWs = await read((author) => c.query(api.messages.byAuthor, { author }));
  const viaHttp = await read((author) => http.query(api.messages.byAuthor, { author }));
  return [
    { name: "seed 100k docs (1,000 per mutation)", value: `${(seedMs / 1000).toFixed(1)} s` },
    latencyRow("indexed read, 100k elsewhere, ws", viaWs, 2),
    latencyRow("indexed read, 100k elsewhere, http", viaHttp, 2),
  ];
}

/**
 * 6. What calling a component costs: an app mutation whose write a component makes
 * (messages:sendThroughComponent) against the same write in the app (messages:send), alternated,
 * timed in the engine so disk and network noise stay out of a sub-millisecond difference.
 */
async function componentCall(): Promise<Row[]> {
  const engine = (await backend()).engine();
  const direct: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < WARMUP + 500; i++) {
    const args = { author: "component", body: `c-${i}` };
    for (const [udfPath, samples] of [
      ["messages:send", direct],
      ["messages:sendThroughComponent", through],
    ] as const) {
      const [outcome, ms] = await time(() => engine.run("mutation", udfPath, args, null));
      if (!outcome.ok) throw new Error(`${udfPath} failed: ${outcome.message}`);
      if (i >= WARMUP) samples.push(ms);
    }
  }
  const p95 = (samples: number[]) => percentile([...samples].sort((a, b) => a - b), 0.95);
  const overhead = p95(through) - p95(direct);
  return [
    latencyRow("app mutation writing in the app (engine)", direct),
    latencyRow("app mutation calling a component mutation (engine)", through),
    { name: "component call overhead, p95", value: `${overhead.toFixed(2)} ms`, target: "<= 1 ms", met: overhead <= 1 },
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
    const count = restored.engine().exportState().components[""]?.documents.length ?? 0;
    await restored.close();
    if (count !== 50_000) throw new Error(`${name}: restored ${count} documents, expected 50000`);
    rows.push({ name, value: `${ms.toFixed(0)} ms`, target: "<= 500 ms", met: ms <= 500 });
  }
  return rows;
}

/**
 * 7. A query stuck in an endless loop (loops:spin) while another client keeps reading: how long
 * the stuck call takes to fail with the timeout, and the other client's latency meanwhile.
 */
async function endlessLoop(): Promise<Row[]> {
  const started = await backend();
  const looper = client(started.url);
  const reader = client(started.url);
  for (let i = 0; i < NEWEST; i++) await reader.mutation(api.messages.send, { author: "reader", body: `r-${i}` });
  // A new count each time: the client answers a query it still holds from its cache, without asking.
  let reads = 0;
  const read = () => reader.query(api.messages.latest, { author: "reader", count: NEWEST + ++reads });
  for (let i = 0; i < WARMUP; i++) await read();
  const quiet: number[] = [];
  for (let i = 0; i < 300; i++) quiet.push((await time(read))[1]);
  const during: number[] = [];
  const failedAfter: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    let ended = false;
    const stuck = looper
      .query(api.loops.spin, {})
      .then(
        () => {
          throw new Error("loops:spin returned");
        },
        (error: unknown) => {
          if (!String(error).includes("timed out")) throw error;
          failedAfter.push(performance.now() - start);
        },
      )
      .finally(() => (ended = true));
    while (!ended) during.push((await time(read))[1]);
    await stuck;
  }
  const slowest = Math.max(...failedAfter);
  return [
    latencyRow("other client's read, nothing looping", quiet),
    latencyRow("other client's read, a query looping", during, 50),
    { name: "looping query fails after (slowest of 5)", value: `${slowest.toFixed(0)} ms`, target: "<= 1,500 ms", met: slowest <= 1500 },
  ];
}

async function closeAll() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

const sampler = setInterval(sampleRss, 10);
const rows: Row[] = [];
try {
  for (const scenario of [() => ownUpdate(true), () => ownUpdate(false), fanOut, distinctQueries, indexedRead, restore, componentCall, endlessLoop]) {
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
