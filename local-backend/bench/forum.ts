/**
 * The community forum on the embedded backend, with a category of 10,000 threads and
 * 100,000 replies: the first page of its thread list, and a reply reaching 100 members who have
 * that thread open. The real convex/ functions, signed-in clients, a data dir on disk. The forum is
 * written by a bench-only module added to a copy of convex/ (./forum/seed.ts), so nothing
 * bench-only is deployed. Prints the rows as one line of JSON on stdout.
 *
 * The thread page a member has open is what usePaginatedQuery subscribes to: the first page,
 * `{ numItems: 20, cursor: null, id }`, of a thread of 11 posts, which a reply grows (its end is
 * the end of the thread). Each measured reply is taken back afterwards, outside the timed span, so
 * every sample is the same page gaining its 12th post.
 */
import { fork } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference, type PaginationResult, type UserIdentity } from "convex/server";
import type { GenericId, JSONValue } from "convex/values";
import { startBackend, type Backend } from "../backend";
import { ReadSet } from "../engine/read-set";
import { httpClient, tempDir, wsClient } from "../test/helpers";
import { api } from "../../convex/_generated/api";
import type { SubscribersMessage } from "./subscribers";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Inside the repo (ignored by git), so the copy's imports resolve against node_modules. */
const WORK = path.join(ROOT, ".bench/forum");
const COPY = path.join(WORK, "convex");
const MODULE = "benchForum";
const THREADS = 10_000;
const REPLIES = 100_000;
/** Threads per seeding mutation (with their ~11 posts and ~11 readers' states each). */
const THREADS_PER_MUTATION = 50;
const PINNED = 2;
const SUBSCRIBERS = 100;
/** Members who post but never sign in here, next to the writer and the subscribers. */
const OTHER_MEMBERS = 199;
/** Replies of the thread the subscribers have open: its page holds the opening post and these. */
const OPEN_THREAD_REPLIES = 10;
const LIST_WARMUP = 50;
const LIST_SAMPLES = 300;
const FANOUT_WARMUP = 20;
const FANOUT_SAMPLES = 100;
/** The 100 members' case runs each query 100 times per reply (and again for the take-back): fewer samples. */
const DISTINCT_WARMUP = 10;
const DISTINCT_SAMPLES = 60;
const ENGINE_WARMUP = 50;
const ENGINE_SAMPLES = 300;
const TIMEOUT_MS = 30_000;

type Row = { name: string; value: string; target?: string; met?: boolean };
type Snapshot = Record<string, unknown>;

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

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${TIMEOUT_MS} ms for ${what}`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Replies per thread: 0 to 20, 10 on average, exactly REPLIES in all; the newest thread has OPEN_THREAD_REPLIES. */
function replyCounts(): number[] {
  const counts = Array.from({ length: THREADS }, (_, i) => (i * 2) % 21);
  counts[THREADS - 1] = OPEN_THREAD_REPLIES;
  let missing = REPLIES - counts.reduce((sum, n) => sum + n, 0);
  for (let i = 0; missing !== 0; i = (i + 1) % (THREADS - 1)) {
    const step = Math.sign(missing);
    if (counts[i]! + step < 0 || counts[i]! + step > 20) continue;
    counts[i]! += step;
    missing -= step;
  }
  return counts;
}

async function run(backend: Backend, kind: "mutation", name: string, args: Record<string, unknown>) {
  const outcome = await backend.engine().run(kind, `${MODULE}:${name}`, args as never, null, false);
  if (!outcome.ok) throw new Error(`${MODULE}:${name} failed: ${outcome.message}`);
  return outcome.value;
}

/** 100 connections subscribed in a process of their own (./subscribers.ts), driven by `expect` and `gone`. */
async function subscribers(url: string, udfPath: string, args: unknown, tokens: string[]) {
  const tokensFile = path.join(WORK, `tokens-${udfPath.replace(/\W/g, "-")}-${tokens.length}.json`);
  writeFileSync(tokensFile, JSON.stringify(tokens));
  const child = fork(path.join(import.meta.dirname, "subscribers.ts"), [
    url,
    String(SUBSCRIBERS),
    udfPath,
    JSON.stringify(args),
    tokensFile,
  ]);
  const waiting = new Map<string, { resolve: (at: number) => void; reject: (error: Error) => void }>();
  const next = (key: string, what: string) =>
    withTimeout(new Promise<number>((resolve, reject) => waiting.set(key, { resolve, reject })), what);
  child.on("message", (message: SubscribersMessage) => {
    if (message.type === "failed")
      for (const { reject } of waiting.values()) reject(new Error(`subscribers of ${udfPath}: ${message.error}`));
    else if (message.type === "ready") waiting.get("ready")?.resolve(0);
    else if (message.type === "expecting") waiting.get(`expecting ${message.body}`)?.resolve(0);
    else waiting.get(`${message.type} ${message.body}`)?.resolve(message.at);
  });
  await next("ready", `${SUBSCRIBERS} subscribers of ${udfPath} to receive their first result`);
  return {
    /** Announces `body`; once the subscribers expect it, `seen` resolves with the wall-clock time the last one had it. */
    async expect(body: string): Promise<{ seen: Promise<number> }> {
      const expecting = next(`expecting ${body}`, `the subscribers to expect ${body}`);
      child.send(body);
      await expecting;
      return { seen: next(`updated ${body}`, `all ${SUBSCRIBERS} subscribers of ${udfPath} to see ${body}`) };
    },
    /** Resolves when every subscriber has a result without `body`. */
    gone(body: string) {
      const gone = next(`gone ${body}`, `all ${SUBSCRIBERS} subscribers of ${udfPath} to lose ${body}`);
      child.send({ gone: body });
      return gone;
    },
    close() {
      child.kill();
      rmSync(tokensFile, { force: true });
    },
  };
}

/** A ReadSet that also counts the syscalls a query makes, by operation (a pass-through's nested query's too). */
class CountingReads extends ReadSet {
  constructor(readonly ops = new Map<string, number>()) {
    super();
  }

  override apart() {
    return new CountingReads(this.ops);
  }

  override record(op: string, argsJson: string, component: string) {
    this.ops.set(op, (this.ops.get(op) ?? 0) + 1);
    super.record(op, argsJson, component);
  }
}

/**
 * A query run in the engine alone (no socket, no token check): its time, and its reads by kind, to
 * tell the function's own cost from the transport's and the fan-out's.
 */
async function engineQuery(
  backend: Backend,
  name: string,
  udfPath: string,
  args: JSONValue,
  identity: UserIdentity | null,
): Promise<Row[]> {
  const samples: number[] = [];
  let reads = new CountingReads();
  let cpu: NodeJS.CpuUsage | undefined;
  for (let i = 0; i < ENGINE_WARMUP + ENGINE_SAMPLES; i++) {
    if (i === ENGINE_WARMUP) cpu = process.cpuUsage();
    reads = new CountingReads();
    const start = performance.now();
    const { outcome } = await backend.engine().runQuery(udfPath, args, identity, null, reads);
    const ms = performance.now() - start;
    if (!outcome.ok) throw new Error(`${udfPath} failed in the engine: ${outcome.message}`);
    if (i >= ENGINE_WARMUP) samples.push(ms);
  }
  const { user, system } = process.cpuUsage(cpu);
  const ops = [...reads.ops].map(([op, n]) => `${n} ${op.replace(/^1\.0\//, "")}`).join(", ");
  // CPU time per run is what other processes on the machine cannot inflate.
  const cpuPerRun = (user + system) / 1000 / ENGINE_SAMPLES;
  return [
    latencyRow(`  ${name}, engine only`, samples),
    { name: `  ${name}, CPU per run; syscalls`, value: `${cpuPerRun.toFixed(2)} ms; ${ops || "none"}` },
  ];
}

/** Wall-clock milliseconds, comparable with the subscriber process's. */
const wallNow = () => performance.timeOrigin + performance.now();

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
cpSync(path.join(ROOT, "convex"), COPY, { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
cpSync(path.join(import.meta.dirname, "forum/seed.ts"), path.join(COPY, `${MODULE}.ts`));
const data = tempDir("lwcc-bench-forum-");
const backend = await startBackend({ functionsDir: COPY, dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
const cleanups: (() => unknown)[] = [];
try {
  // The writer and the 100 readers sign in; the other members only wrote posts.
  const now = Date.now();
  const accountsStart = performance.now();
  const people = Array.from({ length: SUBSCRIBERS + 1 + OTHER_MEMBERS }, (_, i) => ({
    email: `bench-forum-${i}@example.com`,
    firstName: "Bench",
    lastName: `Member ${i}`,
    forumName: `Bench member ${i}`,
  }));
  const accounts = await Promise.all(
    people
      .slice(0, SUBSCRIBERS + 1)
      .map((person) => backend.identity.createAccount({ ...person, password: "bench-password-2026", emailVerified: true })),
  );
  const tokens = await Promise.all(accounts.map(async ({ subject }) => (await backend.identity.issueTokens(subject)).accessToken));
  const accountsMs = performance.now() - accountsStart;
  const [writerToken, ...readerTokens] = tokens as [string, ...string[]];

  const seedStart = performance.now();
  const memberIds = (await run(backend, "mutation", "members", {
    now,
    members: people.map((person, i) => ({ ...person, ...(accounts[i] ? { tokenIdentifier: accounts[i].tokenIdentifier } : {}) })),
  })) as GenericId<"users">[];
  const categoryId = (await run(backend, "mutation", "categories", {})) as GenericId<"forumCategories">;
  const counts = replyCounts();
  let threadIds: GenericId<"forumThreads">[] = [];
  for (let from = 0; from < THREADS; from += THREADS_PER_MUTATION) {
    threadIds = (await run(backend, "mutation", "threads", {
      categoryId,
      memberIds,
      now,
      from,
      total: THREADS,
      pinned: PINNED,
      replies: counts.slice(from, from + THREADS_PER_MUTATION),
    })) as GenericId<"forumThreads">[];
  }
  const seedMs = performance.now() - seedStart;
  const openThreadId = threadIds.at(-1)!;

  // 1. The first page of the category's thread list, as a member opening the category sees it.
  const reader = httpClient(backend.url);
  reader.setAuth(readerTokens[0]!);
  const listArgs = { categoryId, paginationOpts: { numItems: 20, cursor: null } };
  // Typed loosely, so the bench type-checks against the contract as well as the handlers.
  const first = (await reader.query(api.forum.threads, listArgs)) as PaginationResult<{ pinned: boolean }>;
  if (first.page.length !== 20 || !first.page[0]!.pinned || first.isDone) {
    throw new Error(
      `The first page of threads has ${first.page.length} threads (first pinned: ${first.page[0]?.pinned}, isDone: ${first.isDone})`,
    );
  }
  for (let i = 0; i < LIST_WARMUP; i++) await reader.query(api.forum.threads, listArgs);
  const listSamples: number[] = [];
  for (let i = 0; i < LIST_SAMPLES; i++) {
    const start = performance.now();
    await reader.query(api.forum.threads, listArgs);
    listSamples.push(performance.now() - start);
  }

  // Where the time goes: the same functions in the engine alone, a trivial query, and reads by count.
  const readerIdentity: UserIdentity = {
    tokenIdentifier: accounts[1]!.tokenIdentifier,
    subject: accounts[1]!.subject,
    issuer: accounts[1]!.tokenIdentifier.split("|")[0]!,
  };
  const page = { numItems: 20, cursor: null, id: 1 };
  const firstIds = (first.page as unknown as { _id: GenericId<"forumThreads"> }[]).map((thread) => thread._id);
  // (Before the engine-only runs: an HTTP connection left idle that long may be reset.)
  const opened = (await reader.query(api.forum.posts, { threadId: openThreadId, paginationOpts: page })) as PaginationResult<{
    body: string;
  }>;
  if (opened.page.length !== OPEN_THREAD_REPLIES + 1 || !opened.isDone) {
    throw new Error(`The open thread's page has ${opened.page.length} posts (isDone: ${opened.isDone})`);
  }
  const pingId = (await run(backend, "mutation", "pingInit", {})) as GenericId<"newsletterSubscribers">;
  const profile: Row[] = [
    ...(await engineQuery(backend, "forum:threads first 20", "forum:threads", listArgs, readerIdentity)),
    ...(await engineQuery(
      backend,
      "forum:posts, open thread page (11 posts)",
      "forum:posts",
      { threadId: openThreadId, paginationOpts: page },
      readerIdentity,
    )),
    ...(await engineQuery(backend, "trivial query (1 get)", `${MODULE}:ping`, { id: pingId }, null)),
    ...(await engineQuery(backend, "100 gets by id", `${MODULE}:reads`, { users: memberIds.slice(0, 100), states: [] }, null)),
    ...(await engineQuery(
      backend,
      "20 one-row index lookups",
      `${MODULE}:reads`,
      { users: [], states: firstIds.map((threadId) => ({ userId: memberIds[1]!, threadId })) },
      null,
    )),
  ];

  // 2. A reply reaching 100 members who have the thread open, then the floor: a trivial write to 100 trivial subscriptions.
  const writer = wsClient(backend.url);
  cleanups.push(() => writer.close());
  writer.setAuth(() => Promise.resolve(writerToken));

  // Counts query runs at the engine (live queries re-running), as run.ts does.
  let queryRuns = 0;
  const engine = backend.engine();
  const runQuery = engine.runQuery.bind(engine);
  engine.runQuery = (...args: Parameters<typeof runQuery>) => (queryRuns++, runQuery(...args));

  async function replies(tokensOfSubscribers: string[], label: string, warmup: number, count: number) {
    const watchers = await subscribers(backend.url, "forum:posts", { threadId: openThreadId, paginationOpts: page }, tokensOfSubscribers);
    cleanups.push(() => watchers.close());
    const samples: number[] = [];
    let runs = 0;
    for (let i = 0; i < warmup + count; i++) {
      const body = `Bench reply ${label} ${i}: thanks, that helps.`;
      const before = (await run(backend, "mutation", "snapshot", { threadId: openThreadId })) as Snapshot;
      const { seen } = await watchers.expect(body);
      const start = wallNow();
      const runsBefore = queryRuns;
      const [at, postId] = await Promise.all([seen, writer.mutation(api.forum.reply, { threadId: openThreadId, body })]);
      if (i >= warmup) samples.push(at - start);
      if (i >= warmup) runs += queryRuns - runsBefore;
      const gone = watchers.gone(body);
      await run(backend, "mutation", "undoReply", { postId, snapshot: before });
      await gone;
    }
    watchers.close();
    return { samples, runsPerReply: runs / count };
  }

  const distinct = await replies(readerTokens, "members", DISTINCT_WARMUP, DISTINCT_SAMPLES);
  const shared = await replies([readerTokens[0]!], "one-member", FANOUT_WARMUP, FANOUT_SAMPLES);

  const pingWrite = makeFunctionReference<"mutation", { id: GenericId<"newsletterSubscribers">; body: string }, null>(
    `${MODULE}:pingWrite`,
  );
  const pingers = await subscribers(backend.url, `${MODULE}:ping`, { id: pingId }, readerTokens);
  cleanups.push(() => pingers.close());
  const floor: number[] = [];
  for (let i = 0; i < FANOUT_WARMUP + FANOUT_SAMPLES; i++) {
    const body = `ping-${i}`;
    const { seen } = await pingers.expect(body);
    const start = wallNow();
    const [at] = await Promise.all([seen, writer.mutation(pingWrite, { id: pingId, body })]);
    if (i >= FANOUT_WARMUP) floor.push(at - start);
  }

  const rows: Row[] = [
    {
      name: "seed 10,000 threads, 110,000 posts (50 threads/mutation)",
      value: `${(seedMs / 1000).toFixed(1)} s (+ ${(accountsMs / 1000).toFixed(1)} s for 101 sign-in accounts)`,
    },
    latencyRow("forum:threads first 20 (10k threads, 100k replies)", listSamples, 10),
    latencyRow("reply -> 100 members' open thread page", distinct.samples, 100),
    { name: "  query runs per reply (100 members)", value: distinct.runsPerReply.toFixed(1) },
    latencyRow("reply -> 1 member on 100 connections (shared)", shared.samples),
    { name: "  query runs per reply (1 member)", value: shared.runsPerReply.toFixed(1) },
    latencyRow("floor: trivial write -> 100 members' trivial query", floor),
    ...profile,
  ];
  console.log(JSON.stringify(rows));
} catch (error) {
  // The backend's process guards take unhandled rejections, so a failure is reported here.
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await backend.close();
  data.remove();
  rmSync(WORK, { recursive: true, force: true });
}
