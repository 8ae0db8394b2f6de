/**
 * A function runner: a worker thread that runs functions' own code, while the backend's thread
 * keeps the database, transactions and everything else. What a function asks of Convex (its
 * syscalls) goes to the backend and back, as between Convex's isolates and its database. A
 * runner that never yields (an endless loop) is stopped from outside (pool.ts); the backend's
 * thread, and the other runners, keep serving everyone else.
 *
 * Each call runs in an async context of its own: its console lines go to the backend, which
 * returns them with the call's result; queries and mutations may not use timers or fetch; a
 * component sees only the environment its parent passes.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readlinkSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";
import { actionGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { withForwardedLogs } from "../logs";
import {
  deserializeError,
  headerPairs,
  serializeError,
  WARMING,
  type BlockingReply,
  type BlockingRequest,
  type CallEnvironment,
  type FromRunner,
  type HttpRequestData,
  type RunKind,
  type SerializedError,
  type ToRunner,
} from "./messages";

export interface RunnerData {
  /** For each function module file, the bundled file to load instead (bundle.ts). */
  modules: Map<string, string>;
  blockingPort: MessagePort;
  /** The number of the last blocking syscall answered: its answer is on the port. */
  flag: SharedArrayBuffer;
}

const data = workerData as RunnerData;
const port = parentPort!;
const flag = new Int32Array(data.flag);
const post = (message: FromRunner) => port.postMessage(message);

interface Call {
  callId: number;
  kind: RunKind;
  env: CallEnvironment;
  /** Documents fetched ahead for each open query stream. */
  /** Open streams: the documents fetched and not yet read, and how many more the limit allows. */
  streams: Map<number, { items: string[]; done: boolean; size: number; left: number }>;
}
const calls = new AsyncLocalStorage<Call>();
const running = new Map<number, Call>();

function currentCall(): Call {
  const call = calls.getStore();
  if (!call) throw new Error("The Convex database and auth objects are being used outside of a Convex function call.");
  return call;
}

// ---- Modules -------------------------------------------------------------------------------

const imported = new Map<string, Promise<Record<string, unknown>>>();
const loaded = new Set<string>();

/** A function module: its bundle, or the file itself in node_modules (a component's package). */
function importFile(file: string): Promise<Record<string, unknown>> {
  let module = imported.get(file);
  if (!module) {
    module = import(pathToFileURL(data.modules.get(file) ?? file).href) as Promise<Record<string, unknown>>;
    imported.set(file, module);
    module.then(
      () => loaded.add(file),
      () => imported.delete(file),
    );
  }
  return module;
}

/**
 * A call's module, loaded if it was not yet: loading evaluates a whole module graph at once, and
 * the backend is told, so that it does not take a runner busy loading code for one stuck in a function.
 */
async function moduleForCall(callId: number, file: string): Promise<Record<string, unknown>> {
  if (loaded.has(file)) return importFile(file);
  post({ type: "loading", callId, loading: true });
  try {
    return await importFile(file);
  } finally {
    post({ type: "loading", callId, loading: false });
  }
}

type Handler = (ctx: unknown, ...args: unknown[]) => unknown;

/** What Convex's registered functions expose to its runtime. */
interface Invokable {
  invokeQuery(args: string): Promise<string>;
  invokeMutation(args: string): Promise<string>;
  invokeAction(requestId: string, args: string): Promise<string>;
}

async function handlerAt(callId: number, file: string, exportName: string): Promise<Handler> {
  const fn = (await moduleForCall(callId, file))[exportName] as { _handler?: Handler } | undefined;
  if (typeof fn?._handler !== "function") throw new Error(`No Convex function is exported from ${file} as ${exportName}`);
  return fn._handler;
}

// ---- Syscalls ------------------------------------------------------------------------------

/**
 * Syscalls whose answer may need this runner to run another function (a function called by
 * one this runner is running): they must not block the runner. Every other one blocks it, which
 * costs a fraction of a message round trip.
 */
const REENTRANT = new Set(["1.0/runUdf", "1.0/actions/query", "1.0/actions/mutation", "1.0/actions/action"]);

let lastBlocking = 0;

/** Sends a syscall on the runner's own port and sleeps until the backend posts the answer with its number. */
function blocking(callId: number, op: string, json: string, sync = false): string {
  const id = ++lastBlocking;
  data.blockingPort.postMessage({ id, callId, op, json, sync } satisfies BlockingRequest);
  for (let seen = Atomics.load(flag, 0); seen !== id; seen = Atomics.load(flag, 0)) Atomics.wait(flag, 0, seen);
  for (;;) {
    const reply = receiveMessageOnPort(data.blockingPort)?.message as BlockingReply | undefined;
    if (!reply) throw new Error(`The backend did not answer the syscall ${op}`);
    if (reply.id !== id) continue;
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.value;
  }
}

let nextRequest = 1;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

function request(message: { type: "syscall"; op: string; json: string } | { type: "jsSyscall"; op: string; args: Record<string, unknown> }) {
  const id = nextRequest++;
  const { callId } = currentCall();
  return new Promise<unknown>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    post({ ...message, id, callId });
  });
}

const STREAM_DONE = JSON.stringify({ value: null, done: true });
const FIRST_BATCH = 8;
const LARGEST_BATCH = 256;

/** The most documents a query's stream yields: its smallest limit (`take(n)`, `first()`), if any. */
function limitOf(json: string): number {
  const { query } = JSON.parse(json) as { query: { operators: { limit?: number }[] } };
  return Math.min(...query.operators.flatMap((operator) => (typeof operator.limit === "number" ? [operator.limit] : [])));
}

/**
 * Opens a query's stream with its first batch of documents in the same round trip: as many as its
 * limit (the function reads that many unless it stops early), else a few.
 */
function openStream(call: Call, json: string): string {
  const limit = limitOf(json);
  const size = Number.isFinite(limit) ? Math.max(1, Math.min(limit, LARGEST_BATCH)) : FIRST_BATCH;
  const opened = JSON.parse(blocking(call.callId, "lwcc/queryStreamOpen", JSON.stringify({ json, max: size }), true)) as {
    queryId: number;
    items: string[];
    done: boolean;
  };
  const left = limit - opened.items.length;
  // A stream that gave its limit has ended: no round trip to hear so.
  call.streams.set(opened.queryId, { items: opened.items, done: opened.done || left <= 0, size, left });
  return JSON.stringify({ queryId: opened.queryId });
}

/**
 * `queryStreamNext` asks for one document at a time; documents come over in growing batches
 * instead (a limited query ends its stream at its limit, so nothing is read past it).
 */
function streamNext(call: Call, json: string): string {
  const { queryId } = JSON.parse(json) as { queryId: number };
  let stream = call.streams.get(queryId);
  if (!stream || (stream.items.length === 0 && !stream.done)) {
    const size = stream ? Math.min(stream.size * 2, LARGEST_BATCH) : FIRST_BATCH;
    const batch = JSON.parse(blocking(call.callId, "lwcc/queryStreamNextBatch", JSON.stringify({ queryId, max: size }))) as {
      items: string[];
      done: boolean;
    };
    const left = (stream?.left ?? Infinity) - batch.items.length;
    stream = { items: batch.items, done: batch.done || left <= 0, size, left };
    call.streams.set(queryId, stream);
  }
  return stream.items.shift() ?? STREAM_DONE;
}

(globalThis as unknown as { Convex: unknown }).Convex = {
  syscall(op: string, json: string): string {
    const call = currentCall();
    if (op === "1.0/queryStream") return openStream(call, json);
    // convex-test keeps nothing for a stream to clean up: the runner's batch is all there is.
    if (op === "1.0/queryCleanup") {
      call.streams.delete((JSON.parse(json) as { queryId: number }).queryId);
      return "{}";
    }
    return blocking(call.callId, op, json, true);
  },
  async asyncSyscall(op: string, json: string): Promise<string> {
    const call = currentCall();
    if (op === "1.0/queryStreamNext") return streamNext(call, json);
    if (!REENTRANT.has(op)) return blocking(call.callId, op, json);
    return (await request({ type: "syscall", op, json })) as string;
  },
  jsSyscall(op: string, args: Record<string, unknown>): Promise<unknown> {
    return request({ type: "jsSyscall", op, args });
  },
};

// ---- What functions may use ----------------------------------------------------------------

const inTransaction = () => {
  const kind = calls.getStore()?.kind;
  return kind === "query" || kind === "mutation";
};

/** Queries and mutations are deterministic on Convex: no timers, no network (convex-test's words). */
function disallowInTransactions<T extends (...args: never[]) => unknown>(name: string, real: T): T {
  return function (this: unknown, ...args: Parameters<T>) {
    if (inTransaction()) {
      throw new Error(
        `\`${name}\` is not supported in Convex queries or mutations. Move this code to an action; a mutation can start one with \`ctx.scheduler.runAfter(0, ...)\`.`,
      );
    }
    return real.apply(this, args);
  } as T;
}
const realSetInterval = globalThis.setInterval;
const realSetTimeout = globalThis.setTimeout;
const realClearInterval = globalThis.clearInterval;
for (const name of ["fetch", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] as const) {
  (globalThis as Record<string, unknown>)[name] = disallowInTransactions(name, globalThis[name] as never);
}

/** A component's functions see only what its parent passes; every function sees the deployment's URLs. */
const realEnv = process.env;
function lookupEnv(name: string | symbol): { value: string | undefined } | undefined {
  const env = calls.getStore()?.env;
  if (typeof name !== "string" || !env) return undefined;
  if (name in env.platform) return { value: env.platform[name] };
  return env.component ? { value: env.component[name] } : undefined;
}
process.env = new Proxy(realEnv, {
  set: (target, name, value) => Reflect.set(target, name, value),
  get(target, name) {
    const found = lookupEnv(name);
    return found ? found.value : (Reflect.get(target, name) as unknown);
  },
  has(target, name) {
    const found = lookupEnv(name);
    return found ? found.value !== undefined : Reflect.has(target, name);
  },
  ownKeys(target) {
    const env = calls.getStore()?.env;
    const own = env?.component ? Object.keys(env.component).filter((key) => env.component![key] !== undefined) : Reflect.ownKeys(target);
    const platform = env ? Object.keys(env.platform).filter((key) => env.platform[key] !== undefined) : [];
    return [...new Set([...own, ...platform])];
  },
  getOwnPropertyDescriptor(target, name) {
    const found = lookupEnv(name);
    if (!found) return Reflect.getOwnPropertyDescriptor(target, name);
    return found.value === undefined ? undefined : { value: found.value, writable: true, enumerable: true, configurable: true };
  },
});

/** The backend's test clock (test-clock.ts), when on: `Date` runs ahead by the offset each call carries. */
let clockOffsetMs = 0;
let clockInstalled = false;
function followClock(offset: number | undefined) {
  if (offset === undefined) return;
  clockOffsetMs = Math.max(clockOffsetMs, offset);
  if (clockInstalled) return;
  clockInstalled = true;
  const RealDate = Date;
  globalThis.Date = class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + clockOffsetMs);
      else super(...args);
    }

    static override now() {
      return RealDate.now() + clockOffsetMs;
    }
  } as DateConstructor;
}

// ---- Calls ---------------------------------------------------------------------------------

/** A ConvexError leaves `invokeQuery` and friends with its data already as JSON text. */
function serializeCallError(error: unknown): SerializedError {
  const serialized = serializeError(error);
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof error === "object" && error !== null && Symbol.for("ConvexError") in error && typeof data === "string") serialized.data = data;
  return serialized;
}

/** Beats while calls run: the backend takes a silent runner with work in hand for one stuck in a loop. */
let beat: ReturnType<typeof setInterval> | undefined;
function trackRunning(call: Call, add: boolean) {
  if (add) running.set(call.callId, call);
  else running.delete(call.callId);
  if (running.size > 0 && !beat) beat = realSetInterval(() => post({ type: "beat" }), 100);
  if (running.size === 0 && beat) {
    realClearInterval(beat);
    beat = undefined;
  }
}

async function runCall(
  callId: number,
  kind: RunKind,
  env: CallEnvironment,
  clock: number | undefined,
  work: () => Promise<FromRunner>,
): Promise<void> {
  followClock(clock);
  const call: Call = { callId, kind, env, streams: new Map() };
  trackRunning(call, true);
  let answer: FromRunner;
  try {
    if (warming) await warming;
    answer = await calls.run(call, () => withForwardedLogs((line) => post({ type: "log", callId, line }), work));
  } catch (error) {
    answer = { type: kind === "http" ? "httpResult" : "result", callId, ok: false, error: serializeCallError(error) };
  } finally {
    trackRunning(call, false);
  }
  post(answer);
}

async function serveHttp(callId: number, file: string, data: HttpRequestData): Promise<FromRunner & { type: "httpResult" }> {
  const router = (await moduleForCall(callId, file)).default as {
    lookup(path: string, method: string): [{ invokeHttpAction(request: Request): Promise<Response> }, string, string] | null;
  };
  const url = new URL(data.url);
  const route = router.lookup(url.pathname, data.method);
  if (!route) throw new Error(`No http action is routed for ${data.method} ${url.pathname}`);
  const request = new Request(data.url, {
    method: data.method,
    headers: data.headers,
    ...(data.body && data.method !== "GET" && data.method !== "HEAD" ? { body: data.body } : {}),
  });
  const response = await route[0].invokeHttpAction(request);
  const body = response.body ? await response.arrayBuffer() : null;
  return {
    type: "httpResult",
    callId: 0,
    ok: true,
    response: { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers), body },
  };
}

port.on("message", (message: ToRunner) => {
  switch (message.type) {
    case "invoke": {
      const { callId, kind, location, args, env, clockOffsetMs: clock } = message;
      void runCall(callId, kind, env, clock, async () => {
        const handler = (await handlerAt(callId, location.file, location.exportName)) as never;
        // Convex's own wrappers build the function's ctx (db, auth, storage, scheduler, runQuery...)
        // over the syscalls; arguments and return values are checked by the backend.
        const value =
          kind === "query"
            ? await (queryGeneric(handler) as unknown as Invokable).invokeQuery(args)
            : kind === "mutation"
              ? await (mutationGeneric(handler) as unknown as Invokable).invokeMutation(args)
              : await (actionGeneric(handler) as unknown as Invokable).invokeAction(String(callId), args);
        return { type: "result", callId, ok: true, value };
      });
      return;
    }
    case "invokeHttp": {
      const { callId, file, request: data, env, clockOffsetMs: clock } = message;
      void runCall(callId, "http", env, clock, async () => ({ ...(await serveHttp(callId, file, data)), callId }));
      return;
    }
    case "syscallResult": {
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(deserializeError(message.error));
      return;
    }
    case "warm":
      void warm(message.files);
      return;
  }
});

/** The module being loaded ahead now, if any: a call that arrives meanwhile starts once it is in. */
let warming: Promise<unknown> | null = null;

/**
 * Loads every module ahead, one at a time and only while no call runs, so calls do not wait for it
 * later. The backend is told, so that the load's CPU time is not taken for the execution of a call
 * waiting for it (on a busy machine it took queries past their second).
 */
async function warm(files: string[]) {
  for (const file of files) {
    while (running.size > 0) await new Promise((resolve) => realSetTimeout(resolve, 50));
    if (loaded.has(file)) continue;
    post({ type: "loading", callId: WARMING, loading: true });
    warming = importFile(file).catch(() => undefined);
    await warming;
    warming = null;
    post({ type: "loading", callId: WARMING, loading: false });
  }
}

/** Errors a function's own async work leaves uncaught fail that function's call (isolation.ts does the same in the backend). */
for (const kind of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(kind, (error: unknown) => {
    post({ type: "stray", callId: calls.getStore()?.callId ?? null, kind, error: serializeError(error) });
  });
}

/** Where Linux tells this thread's CPU time (the first field of schedstat, in ns). */
function cpuStatFile(): string | null {
  try {
    return path.resolve("/proc", readlinkSync("/proc/thread-self"), "schedstat");
  } catch {
    return null;
  }
}
post({ type: "ready", cpuStat: cpuStatFile() });
