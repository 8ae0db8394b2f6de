/**
 * The backend's function runners (worker threads, worker-main.ts) and the watch kept on them.
 *
 * Each call from outside (a client's query, mutation or action, a scheduled job, a cron, an http
 * request) takes a runner of its own for as long as it runs; functions it calls run on the same
 * runner. So a runner stuck in a loop holds up only the call it is running, and the backend's
 * thread stays free for everyone else. Convex stops a query or mutation after 1 s of execution;
 * here a runner is stopped (terminated and replaced) when its call has used 1 s of the runner's
 * CPU time (waiting on the database, or loading modules, does not count), and any call when it
 * has run JavaScript for 1 s without once yielding to its event loop: an action may still wait
 * on the network for as long as Convex allows actions, but long computations must yield now and
 * then (every few milliseconds), as one runner serves one call at a time. CPU time is read from
 * /proc where there is one, so a runner that was not given a core at all is not taken for stuck;
 * elsewhere wall time stands in for it.
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { closeSync, openSync, readSync } from "node:fs";
import { availableParallelism } from "node:os";
import { MessageChannel, SHARE_ENV, Worker, type MessagePort } from "node:worker_threads";
import { makeFunctionReference } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { SystemError } from "../errors";
import { RetryableError } from "../syscall-rules";
import { appendLogLine } from "../logs";
import {
  deserializeError,
  headerPairs,
  serializeError,
  type BlockingReply,
  type BlockingRequest,
  type CallEnvironment,
  type FromRunner,
  type FunctionLocation,
  type HttpRequestData,
  type HttpResponseData,
  type RunKind,
  type ToRunner,
} from "./messages";
import type { RunnerBundle } from "./bundle";
import type { RunnerData } from "./worker-main";

/** Convex's limit on a query's or mutation's execution time. */
export const EXECUTION_LIMIT_MS = 1000;
/** How often the runners are looked at; a stuck one is stopped within this much of its limit. */
const WATCH_INTERVAL_MS = 100;
const IDLE_RETIRE_MS = 60_000;
/** Loading a module graph is not a function's execution, but it must end too. */
const LOADING_LIMIT_MS = 60_000;

export function timedOut(limitMs: number): SystemError {
  return new SystemError(`Function execution timed out (maximum duration: ${limitMs / 1000}s)`);
}

/** What the host answers syscalls with, in the async context of the call that made them. */
export interface SyscallHost {
  syscall(op: string, json: string): string;
  asyncSyscall(op: string, json: string): Promise<string>;
  jsSyscall(op: string, args: Record<string, unknown>): Promise<unknown>;
}

export interface PoolOptions {
  bundle: RunnerBundle;
  /** Every module file of the app and its components, loaded by each runner while idle. */
  files: string[];
  syscalls: SyscallHost;
  /** The test clock's offset when it is on (test-clock.ts). */
  clockOffsetMs: () => number | undefined;
  /** Runners kept ready; more start when all are busy, up to the lanes' limits. */
  min?: number;
  /** Queries and mutations running at once, and http actions running at once (each). */
  max?: number;
  /** Actions (a client's, a scheduled job's) running at once. */
  maxActions?: number;
  limitMs?: number;
}

/**
 * Calls that wait on different things take runners from lanes of their own: an action or an http
 * action may wait on a vendor for minutes, and however many do (a slow vendor, or an attacker's
 * calls), queries and mutations, which end within their second, still find runners; nor do a
 * client's actions hold up webhooks and the open pixel. Convex limits concurrent actions apart too.
 */
type Lane = "transaction" | "action" | "http";

function laneOf(kind: RunKind): Lane {
  if (kind === "query" || kind === "mutation") return "transaction";
  return kind === "http" ? "http" : "action";
}

interface LaneState {
  limit: number;
  /** Outermost calls of the lane that hold a runner now. */
  busy: number;
  /** Calls waiting for one of the lane's places; a place is handed over as a call ends. */
  waiting: WaitingCalls<() => void>;
}

/**
 * Whose call waits for a runner first: writes and requests ("urgent": mutations, actions, http
 * actions, a client's one-off query, a subscription's first run) go ahead of subscription re-runs
 * ("background"), which a burst of writes would otherwise keep re-queueing in front of the next write.
 */
export type RunPriority = "urgent" | "background";

/** While background calls wait, one of them is let through after this many urgent ones, so none waits forever. */
export const URGENT_BEFORE_BACKGROUND = 4;

/** Calls waiting for a runner: urgent ones first, in arrival order, but never starving background ones. */
export class WaitingCalls<T> {
  private readonly urgent: T[] = [];
  private readonly background: T[] = [];
  /** Urgent calls let through in a row while a background one waited. */
  private streak = 0;

  push(item: T, priority: RunPriority) {
    (priority === "urgent" ? this.urgent : this.background).push(item);
  }

  shift(): T | undefined {
    if (this.background.length > 0 && (this.urgent.length === 0 || this.streak >= URGENT_BEFORE_BACKGROUND)) {
      this.streak = 0;
      return this.background.shift();
    }
    if (this.background.length > 0) this.streak++;
    return this.urgent.shift();
  }

  get length() {
    return this.urgent.length + this.background.length;
  }
}

/** The context convex-test gave the function in the backend: its auth, and an action's calls. */
export interface CallerContext {
  auth: { getUserIdentity(): Promise<unknown> };
  runQuery?: (reference: unknown, args: Record<string, Value>) => Promise<unknown>;
  runMutation?: (reference: unknown, args: Record<string, Value>) => Promise<unknown>;
  runAction?: (reference: unknown, args: Record<string, Value>) => Promise<unknown>;
}

const ACTION_CALLS = { "1.0/actions/query": "runQuery", "1.0/actions/mutation": "runMutation", "1.0/actions/action": "runAction" } as const;

/** The reference an action's call names, as the function reference Convex's address stands for. */
function referenceOf(address: { name?: string; reference?: string; functionHandle?: string }): unknown {
  if (address.functionHandle !== undefined) return address.functionHandle;
  if (address.reference !== undefined) return { [Symbol.for("toReferencePath")]: address.reference };
  return makeFunctionReference(address.name ?? "");
}

interface Call {
  id: number;
  kind: RunKind;
  runner: Runner;
  /** The outermost call on the runner, whose limit applies. */
  root: Call;
  resource: AsyncResource;
  ctx: CallerContext;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
  /** When the call started (wall ms); for the root only. */
  startedAt: number;
  /**
   * The runner's CPU time (ns) when the call started, for the root only; on a runner still starting,
   * when it is ready (starting a thread is not the call's execution).
   */
  cpuStart?: number;
  /** CPU time (ns) spent loading modules during the call, which does not count against its limit. */
  loadingNs: number;
  /** When an action's time is up (wall ms), and what it then fails with. */
  deadline?: { at: number; error: () => Error };
  /** A request-level failure a syscall met (a write conflict, an overloaded backend): the call fails with it. */
  transient?: RetryableError;
}

export interface Deadline {
  ms: number;
  error: () => Error;
}

class Runner {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly calls = new Map<number, Call>();
  /** The runner thread's schedstat file, kept open: reading it at every call's start costs a few µs. */
  private cpuStat: number | null = null;
  private readonly cpuBuffer = Buffer.alloc(64);
  isReady = false;
  root: Call | undefined;
  dead = false;
  /** A blocking syscall is being answered: the runner waits on the backend, not running code. */
  blocked = false;
  /**
   * Calls loading their module now, or the runner a module ahead of them (WARMING: a call waits
   * for it), and since when (wall ms, CPU ns): the watch leaves them be.
   */
  readonly loading = new Map<number, { wall: number; cpu: number }>();
  heard = true;
  cpuWhenHeard = 0;
  wallWhenHeard = Date.now();
  idleSince = Date.now();

  constructor(
    runtime: string,
    data: RunnerData,
    readonly blockingPort: MessagePort,
    readonly flag: Int32Array,
  ) {
    this.worker = new Worker(runtime, {
      workerData: data,
      transferList: [data.blockingPort],
      env: SHARE_ENV,
      // Error frames name the developer's lines, through the bundle's source maps.
      execArgv: ["--enable-source-maps"],
      stdout: false,
      stderr: false,
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      const onReady = (message: FromRunner) => {
        if (message.type !== "ready") return;
        if (message.cpuStat) {
          try {
            this.cpuStat = openSync(message.cpuStat, "r");
          } catch {
            this.cpuStat = null;
          }
        }
        this.isReady = true;
        if (this.root && this.root.cpuStart === undefined) this.root.cpuStart = this.cpuNow();
        this.worker.off("message", onReady);
        resolve();
      };
      this.worker.on("message", onReady);
      this.worker.once("error", reject);
    });
    this.ready.catch(() => {});
    this.worker.once("exit", () => this.closeCpuStat());
  }

  /** The runner thread's CPU time in ns, or wall time where the system does not tell. */
  cpuNow(): number {
    if (this.cpuStat !== null) {
      try {
        const length = readSync(this.cpuStat, this.cpuBuffer, 0, this.cpuBuffer.length, 0);
        return Number(this.cpuBuffer.toString("latin1", 0, length).split(" ")[0]);
      } catch {
        this.closeCpuStat();
      }
    }
    return Date.now() * 1e6;
  }

  private closeCpuStat() {
    if (this.cpuStat === null) return;
    try {
      closeSync(this.cpuStat);
    } catch {
      // Already gone with the thread: nothing to release.
    }
    this.cpuStat = null;
  }

  send(message: ToRunner) {
    this.worker.postMessage(message);
  }
}

/** The call whose function is running, in the backend's async context: functions it calls run on its runner. */
const current = new AsyncLocalStorage<Call>();

let nextCallId = 1;

export class RunnerPool {
  private readonly runners = new Set<Runner>();
  private readonly idle: Runner[] = [];
  private readonly lanes: Record<Lane, LaneState>;
  private readonly min: number;
  private readonly capacity: number;
  readonly limitMs: number;
  private readonly watch: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    this.min = options.min ?? 2;
    const max = Math.max(this.min, options.max ?? Math.max(4, availableParallelism() * 2));
    const lane = (limit: number): LaneState => ({ limit, busy: 0, waiting: new WaitingCalls() });
    this.lanes = { transaction: lane(max), http: lane(max), action: lane(options.maxActions ?? Math.max(8, availableParallelism() * 4)) };
    this.capacity = Object.values(this.lanes).reduce((total, { limit }) => total + limit, 0);
    this.limitMs = options.limitMs ?? EXECUTION_LIMIT_MS;
    for (let i = 0; i < this.min; i++) this.idle.push(this.spawn());
    // Looked at after the event loop has read the runners' messages (setImmediate runs after I/O),
    // so a backend that was itself late does not take its unread messages for silence.
    this.watch = setInterval(() => setImmediate(() => this.check()), WATCH_INTERVAL_MS);
    this.watch.unref();
  }

  private spawn(): Runner {
    const { port1, port2 } = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    const runner = new Runner(
      this.options.bundle.runtime,
      { modules: this.options.bundle.modules, blockingPort: port2, flag },
      port1,
      new Int32Array(flag),
    );
    this.runners.add(runner);
    runner.worker.on("message", (message: FromRunner) => this.onMessage(runner, message));
    runner.worker.on("error", (error) => this.lose(runner, error));
    runner.worker.on("exit", (code) => this.lose(runner, new SystemError(`A function runner stopped (exit code ${code})`)));
    port1.on("message", (request: BlockingRequest) => this.onBlocking(runner, request));
    port1.unref();
    void runner.ready.then(() => runner.send({ type: "warm", files: this.options.files }));
    return runner;
  }

  /** A runner for a new outermost call, once its lane has a place: an idle one, or a new one. */
  private async checkout(lane: Lane, priority: RunPriority): Promise<Runner> {
    const state = this.lanes[lane];
    if (state.busy < state.limit) state.busy++;
    else await new Promise<void>((resolve) => state.waiting.push(resolve, priority));
    const runner = this.idle.pop() ?? this.spawn();
    // Someone else should not wait for a runner to start.
    if (this.idle.length === 0 && this.runners.size < this.capacity && !this.closed) this.idle.push(this.spawn());
    await runner.ready;
    return runner;
  }

  /** An outermost call ended: its place goes to the lane's next waiting call. */
  private release(lane: Lane) {
    const state = this.lanes[lane];
    const next = state.waiting.shift();
    if (next) next();
    else state.busy--;
  }

  private checkin(runner: Runner) {
    runner.root = undefined;
    if (runner.dead) return;
    if (this.closed) return void runner.worker.terminate();
    runner.idleSince = Date.now();
    this.idle.push(runner);
  }

  /**
   * Runs a registered function's code on a runner; `ctx` answers its auth and an action's calls.
   * An action past its `deadline` is stopped with its runner.
   */
  invoke(
    kind: Exclude<RunKind, "http">,
    location: FunctionLocation,
    args: string,
    env: CallEnvironment,
    ctx: CallerContext,
    deadline?: Deadline,
    priority: RunPriority = "urgent",
  ): Promise<string> {
    return this.start(kind, ctx, deadline, priority, (call) => ({
      type: "invoke",
      callId: call.id,
      kind,
      location,
      args,
      env,
      clockOffsetMs: this.options.clockOffsetMs(),
    })) as Promise<string>;
  }

  /** Serves an http request with the app's router (`file`, its http.ts) on a runner. */
  async invokeHttp(file: string, request: Request, env: CallEnvironment, ctx: CallerContext): Promise<Response> {
    const data: HttpRequestData = {
      method: request.method,
      url: request.url,
      headers: headerPairs(request.headers),
      body: request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer(),
    };
    const response = (await this.start("http", ctx, undefined, "urgent", (call) => ({
      type: "invokeHttp",
      callId: call.id,
      file,
      request: data,
      env,
      clockOffsetMs: this.options.clockOffsetMs(),
    }))) as HttpResponseData;
    const empty = response.status === 101 || response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(empty ? null : response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private async start(
    kind: RunKind,
    ctx: CallerContext,
    deadline: Deadline | undefined,
    priority: RunPriority,
    message: (call: Call) => ToRunner,
  ): Promise<unknown> {
    const parent = current.getStore();
    const nested = parent && !parent.runner.dead ? parent : undefined;
    const runner = nested ? nested.runner : await this.checkout(laneOf(kind), priority);
    return new Promise((resolve, reject) => {
      const call = { id: nextCallId++, kind, runner, ctx, startedAt: Date.now(), cpuStart: !nested && runner.isReady ? runner.cpuNow() : undefined, loadingNs: 0 } as Call;
      if (deadline) call.deadline = { at: Date.now() + deadline.ms, error: deadline.error };
      call.root = nested ? nested.root : call;
      call.settle = (outcome) => {
        if (!runner.calls.delete(call.id)) return;
        runner.loading.delete(call.id);
        if (call.root === call) {
          this.checkin(runner);
          this.release(laneOf(kind));
        }
        // The function may have caught it, but the request still failed (as on Convex, which retries).
        if (call.root.transient) return reject(call.root.transient);
        if (outcome.ok) resolve(outcome.value);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a function may throw any value; Convex's text is made from what it threw
        else reject(outcome.error);
      };
      current.run(call, () => {
        call.resource = new AsyncResource("lwcc-function-call");
      });
      runner.calls.set(call.id, call);
      if (!nested) {
        runner.root = call;
        runner.heard = true;
        runner.wallWhenHeard = call.startedAt;
      }
      if (runner.dead) return call.settle({ ok: false, error: timedOut(this.limitMs) });
      runner.send(message(call));
    });
  }

  private onMessage(runner: Runner, message: FromRunner) {
    runner.heard = true;
    switch (message.type) {
      case "ready":
      case "beat":
        return;
      case "loading": {
        if (message.loading) {
          runner.loading.set(message.callId, { wall: Date.now(), cpu: runner.cpuNow() });
          return;
        }
        // Loading code is not the call's execution: it does not count against its limit.
        const since = runner.loading.get(message.callId);
        runner.loading.delete(message.callId);
        const root = runner.root;
        if (since && root?.cpuStart !== undefined) root.loadingNs += runner.cpuNow() - Math.max(since.cpu, root.cpuStart);
        return;
      }
      case "log": {
        const call = runner.calls.get(message.callId);
        if (call) call.resource.runInAsyncScope(() => appendLogLine(message.line));
        else appendLogLine(message.line);
        return;
      }
      case "syscall":
      case "jsSyscall": {
        const call = runner.calls.get(message.callId);
        const reply = (result: { ok: true; value: unknown } | { ok: false; error: unknown }) => {
          if (runner.dead) return;
          runner.send(
            result.ok
              ? { type: "syscallResult", id: message.id, ok: true, value: result.value }
              : { type: "syscallResult", id: message.id, ok: false, error: serializeError(result.error) },
          );
        };
        if (!call) return reply({ ok: false, error: new Error("The call that made this syscall has ended") });
        const answer =
          message.type === "syscall"
            ? this.answer(call, message.op, message.json, false)
            : call.resource.runInAsyncScope(() => this.options.syscalls.jsSyscall(message.op, message.args));
        void answer.then(
          (value) => reply({ ok: true, value }),
          (error: unknown) => reply({ ok: false, error }),
        );
        return;
      }
      case "result":
      case "httpResult": {
        const call = runner.calls.get(message.callId);
        if (!call) return;
        if (!message.ok) return call.settle({ ok: false, error: deserializeError(message.error) });
        return call.settle({ ok: true, value: message.type === "result" ? message.value : message.response });
      }
      case "stray": {
        const call = message.callId === null ? undefined : runner.calls.get(message.callId);
        const error = deserializeError(message.error);
        const text = `${message.kind}: ${error instanceof Error ? error.message : String(error)}`;
        if (call) call.settle({ ok: false, error: new Error(text, { cause: error }) });
        else appendLogLine(`[ERROR] '${text} (outside any function call)'`);
        return;
      }
    }
  }

  /** Answers a syscall in the context of the call that made it. */
  private answer(call: Call, op: string, json: string, sync: boolean): Promise<string> {
    return this.answerOnce(call, op, json, sync).catch((error: unknown) => {
      if (error instanceof RetryableError) call.root.transient ??= error;
      throw error;
    });
  }

  private answerOnce(call: Call, op: string, json: string, sync: boolean): Promise<string> {
    const { syscalls } = this.options;
    return call.resource.runInAsyncScope(async () => {
      if (op === "1.0/getUserIdentity") return JSON.stringify((await call.ctx.auth.getUserIdentity()) ?? null);
      if (op in ACTION_CALLS) {
        // convex-test's own answer to these takes only a function's name; its action context's
        // calls take any reference (a component's function, a function handle).
        const run = call.ctx[ACTION_CALLS[op as keyof typeof ACTION_CALLS]];
        if (!run) throw new Error(`${op} can only be called from an action`);
        const address = JSON.parse(json) as { name?: string; reference?: string; functionHandle?: string; args: JSONValue };
        const value = await run(referenceOf(address), jsonToConvex(address.args) as Record<string, Value>);
        return JSON.stringify(convexToJson((value ?? null) as Value));
      }
      if (op === "lwcc/queryStreamOpen") {
        const { json: query, max } = JSON.parse(json) as { json: string; max: number };
        const { queryId } = JSON.parse(syscalls.syscall("1.0/queryStream", query)) as { queryId: number };
        return JSON.stringify({ queryId, ...(await this.readBatch(queryId, max)) });
      }
      if (op === "lwcc/queryStreamNextBatch") {
        const { queryId, max } = JSON.parse(json) as { queryId: number; max: number };
        return JSON.stringify(await this.readBatch(queryId, max));
      }
      return sync ? syscalls.syscall(op, json) : syscalls.asyncSyscall(op, json);
    });
  }

  /** Up to `max` documents of a query's stream, and whether it ended. */
  private async readBatch(queryId: number, max: number): Promise<{ items: string[]; done: boolean }> {
    const next = JSON.stringify({ queryId });
    const items: string[] = [];
    while (items.length < max) {
      const item = await this.options.syscalls.asyncSyscall("1.0/queryStreamNext", next);
      // Documents come as `{"done":false,...}` (engine's cache); the end of the stream otherwise.
      if (!item.startsWith('{"done":false') && (JSON.parse(item) as { done: boolean }).done) return { items, done: true };
      items.push(item);
    }
    return { items, done: false };
  }

  private onBlocking(runner: Runner, request: BlockingRequest) {
    runner.heard = true;
    runner.blocked = true;
    const call = runner.calls.get(request.callId);
    const answer = call ? this.answer(call, request.op, request.json, request.sync) : Promise.reject(new Error("The call that made this syscall has ended"));
    const { id } = request;
    void answer
      .then(
        (value): BlockingReply => ({ id, ok: true, value }),
        (error: unknown): BlockingReply => ({ id, ok: false, error: serializeError(error) }),
      )
      .catch((error: unknown): BlockingReply => ({ id, ok: false, error: { name: "Error", message: String(error) } }))
      .then((reply) => {
        runner.blocked = false;
        runner.heard = true;
        if (runner.dead) return;
        runner.blockingPort.postMessage(reply);
        Atomics.store(runner.flag, 0, id);
        Atomics.notify(runner.flag, 0);
      });
  }

  /** Stops runners stuck in their code; retires runners idle for long. */
  private check() {
    const now = Date.now();
    const limitNs = this.limitMs * 1e6;
    for (const runner of this.runners) {
      const root = runner.root;
      if (!root) {
        if (this.idle.length > this.min && now - runner.idleSince > IDLE_RETIRE_MS && this.idle.includes(runner)) {
          this.idle.splice(this.idle.indexOf(runner), 1);
          this.runners.delete(runner);
          void runner.worker.terminate();
        }
        continue;
      }
      const late = [...runner.calls.values()].find((call) => call.deadline && now >= call.deadline.at);
      if (late?.deadline) {
        this.stop(runner, late.deadline.error());
        continue;
      }
      const loadingSince = Math.min(...[...runner.loading.values()].map((since) => since.wall));
      if (now - loadingSince >= LOADING_LIMIT_MS) {
        this.stop(runner, new SystemError(`Loading the functions took more than ${LOADING_LIMIT_MS / 1000}s`));
        continue;
      }
      if (runner.blocked || runner.loading.size > 0) {
        runner.heard = true;
        continue;
      }
      const cpu = runner.cpuNow();
      const heard = runner.heard;
      runner.heard = false;
      if (heard) {
        runner.cpuWhenHeard = cpu;
        runner.wallWhenHeard = now;
      }
      // Code that does not yield: a second of silence in which the runner ran for half of it at least
      // (on a busy machine, a function's honest computing spreads over more wall time; a loop on a
      // core of its own runs all of it), or a second of its CPU.
      const silentCpu = cpu - runner.cpuWhenHeard;
      const stuck = !heard && (silentCpu >= limitNs || (now - runner.wallWhenHeard >= this.limitMs && silentCpu >= limitNs / 2));
      // A query or mutation has its second of execution in all, however often it waits on the database.
      const spent =
        (root.kind === "query" || root.kind === "mutation") && root.cpuStart !== undefined && cpu - root.cpuStart - root.loadingNs >= limitNs;
      if (stuck || spent) this.stop(runner, timedOut(this.limitMs));
    }
  }

  /** Terminates a runner; its calls fail with `error`, and another runner takes its place. */
  private stop(runner: Runner, error: Error) {
    this.lose(runner, error);
    void runner.worker.terminate();
  }

  private lose(runner: Runner, error: Error) {
    if (runner.dead) return;
    runner.dead = true;
    this.runners.delete(runner);
    const index = this.idle.indexOf(runner);
    if (index >= 0) this.idle.splice(index, 1);
    for (const call of [...runner.calls.values()]) call.settle({ ok: false, error });
    // Keep the pool at its size; a waiting call was handed its place as the calls above settled.
    if (!this.closed && this.runners.size < this.min) this.idle.push(this.spawn());
  }

  /** Stops every runner once its call is done; new calls are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    const stops = [...this.runners].filter((runner) => !runner.root).map((runner) => runner.worker.terminate());
    this.idle.length = 0;
    await Promise.all(stops);
  }
}
