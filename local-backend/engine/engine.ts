/**
 * Runs a Convex functions folder: loads its modules, executes queries, mutations, actions and
 * http actions on convex-test's engine, records what each query read, and takes over scheduling
 * so that jobs survive restarts and long delays.
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { existsSync } from "node:fs";
import { register as registerModuleHook } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GenericSchema, SchemaDefinition, UserIdentity } from "convex/server";
import { makeFunctionReference } from "convex/server";
import { convexToJson, jsonToConvex, type GenericId, type JSONValue, type Value } from "convex/values";
import { register } from "tsx/esm/api";
import { flattenComponents, loadComponentTree, type ComponentNode } from "../components/graph";
import { convexModulePaths, generatedModulePaths, schemaFile } from "../components/modules";
import {
  createInternals,
  type Accessor,
  type CommitEvent,
  type ComponentModules,
  type DatabaseState,
  type FunctionPath,
  type HostMutationCtx,
  type Internals,
  type Modules,
  type RequestMetadata,
} from "./convex-test-internals";
import { actionDeadline } from "./action-timeout";
import { canonicalizeUdfPath } from "./function-path";
import { asCaller, installCallBoundaries } from "./call-boundaries";
import { withFailingAuth } from "../auth/caller";
import { jsErrorText, requestId, serverErrorMessage, SystemError, toJsError } from "./errors";
import { isolate } from "./isolation";
import { withLogLines } from "./logs";
import { ReadSet } from "./read-set";
import { RetryableError } from "./syscall-rules";
import { StorageKeys } from "./storage-keys";
import { StorageSyscalls } from "./storage-syscalls";
import { testClockShift } from "../test-clock";
import { bundleForRunners } from "./runner/bundle";
import { RunnerPool, type CallerContext } from "./runner/pool";
import { installRunnerProxies, type RunOnRunner } from "./runner/proxies";

export type FunctionKind = "query" | "mutation" | "action";

/**
 * `logLines`: what the call logged, for clients calling through the HTTP API or sync protocol (engine/logs.ts).
 * `transient`: the request failed rather than the function (a write conflict, an overloaded
 * backend; syscall-rules.ts): HTTP answers with its status and code, a WebSocket client reconnects and retries.
 */
export type Outcome = (
  | { ok: true; value: JSONValue }
  | { ok: false; message: string; data?: JSONValue; transient?: { status: number; code: string } }
) & { logLines?: string[] };

export interface QueryOutcome {
  outcome: Outcome;
  /** What the query read; for a pass-through, only what its own function read (see `nested`). */
  reads: ReadSet;
  journal: string | null;
  /** The query passed the result of its one nested query through, unchanged (see PASS_THROUGH). */
  nested?: NestedQuery;
  /** The query read the caller's identity; told only when the run was asked to watch for it. */
  identityRead?: boolean;
}

/**
 * A pass-through query's nested query: the function and arguments its result came from, and what
 * that call read, kept apart from what the outer function read (the caller's identity and users
 * row). Another run of this function with these arguments and the same journal gives the same result.
 */
export interface NestedQuery {
  udfPath: string;
  args: JSONValue;
  reads: ReadSet;
}

/**
 * The property a registered query carries when its handler makes one `ctx.runQuery` and returns
 * its result as it is, deciding nothing on it (convex/functions.ts `sharedMemberQuery`): then its
 * result depends on the caller only through that call's arguments, and live queries may share the
 * nested call's runs between callers. The backend checks each run too: one nested query call, by
 * name, that did not read the identity, whose result the function returned.
 */
export const PASS_THROUGH = "passThrough";

/** A pass-through query's run so far. */
interface PassThroughRun {
  /** Nested query calls the outer function made itself. */
  calls: number;
  udfPath?: string;
  args?: JSONValue;
  /** The nested call's result, as the JSON text it returned. */
  result?: string;
  reads: ReadSet;
  identity: { read: boolean };
}

/** A paginated query's end cursor, kept between runs so its page boundary stays put. */
interface Journal {
  endCursor: string;
}

interface RunContext {
  /** A subscription's re-run: it waits for a runner behind writes and requests. */
  background?: boolean;
  reads?: ReadSet;
  journal?: Journal | null;
  newJournal?: Journal | null;
  /** The query run is a declared pass-through: its nested query call is recorded apart. */
  passThrough?: PassThroughRun;
  /** Where to note that the function running read the caller's identity, when that is watched. */
  identityUse?: { read: boolean };
}

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
  [PASS_THROUGH]?: boolean;
}

interface HttpRouterLike {
  isRouter: true;
  lookup(path: string, method: string): [{ _handler?: (ctx: unknown, request: Request) => Promise<Response> }, string, string] | null;
}

export class FunctionNotFound extends SystemError {}

/**
 * How a stored file is named on disk: blobs of components other than the app are kept under
 * their component's path (component names hold no "-").
 */
export function blobKey(component: string, storageId: string): string {
  return component ? `${component.replaceAll("/", "-")}--${storageId}` : storageId;
}

/** A stored file: its `_storage` document (size, sha256, contentType) and its bytes. */
export interface StoredFile {
  doc: { _id: string; sha256: string; size: number; contentType?: string };
  blob: Blob;
}

/** Host transactions run with an action's storage (convex-test's runInComponent), which reads and stores files. */
interface StorageReader {
  get(storageId: string): Promise<Blob | null>;
}
interface StorageWriter {
  store(blob: Blob): Promise<string>;
}

/**
 * A component's `process.env`: its parent's `use(c, { env })` values, where a reference to one of
 * the parent's variables (`app.env.NAME`) reads the parent's environment (the deployment's for the app's children).
 */
function resolveEnvironment(node: ComponentNode, loaded: Map<string, { node: ComponentNode }>): Record<string, string | undefined> {
  const parentPath = node.path.includes("/") ? node.path.slice(0, node.path.lastIndexOf("/")) : "";
  const parent = parentPath ? loaded.get(parentPath)?.node : undefined;
  const parentEnv = parent ? resolveEnvironment(parent, loaded) : process.env;
  return Object.fromEntries(Object.entries(node.env).map(([name, value]) => [name, typeof value === "string" ? value : parentEnv[value.envVar]]));
}

export interface ScheduleRequest {
  /** The component whose `_scheduled_functions` holds the job (the one that scheduled it). */
  component: string;
  jobId: string;
  scheduledTime: number;
}

/** A job of `_scheduled_functions`; `component` names its target when that is another component. */
export interface ScheduledJob {
  _id: string;
  name: string;
  args: Value[];
  scheduledTime: number;
  state: { kind: "pending" | "inProgress" | "success" | "canceled" } | { kind: "failed"; error: string };
  component?: string;
}

/** A cron job of crons.ts in one component. */
export interface CronJob {
  component: string;
  /** crons.export()'s JSON for that component. */
  exported: string;
}

/** Where file-storage blobs live beyond memory (the data directory). */
export interface BlobStore {
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array | null>;
}

export interface EngineOptions {
  functionsDir: string;
  /** A new namespace loads fresh copies of every module (hot reload). */
  namespace: string;
  onCommit: (event: CommitEvent) => void;
  onSchedule: (request: ScheduleRequest) => void;
  blobs?: BlobStore;
  /** Base of the URLs that storage.getUrl and generateUploadUrl hand out; functions see it as CONVEX_CLOUD_URL. */
  storageUrl?: () => string;
  /** Where http actions are served; functions see it as CONVEX_SITE_URL. */
  siteUrl?: () => string;
  /** Signs upload URLs and names files in their URLs; the host's, so its HTTP server checks them. */
  storageKeys?: StorageKeys;
  /** The folder's component tree, when the host already started reading it (loadComponentTree). */
  components?: Promise<ComponentNode>;
  /** A query's or mutation's execution limit, in ms (default EXECUTION_LIMIT_MS). */
  executionLimitMs?: number;
}

/** Registered once per process, before any tsx namespace (see esm-loader-hook.mjs). */
let esmHookRegistered = false;
/** The parent the engine imports modules from: the hook recognises the engine's imports by it. */
const ENTRY_MARKER = `${import.meta.url}?lwcc-esm-entry`;

/** Work started from inside a function call (timers, follow-up runs) must not inherit its context. */
const hostScope = new AsyncResource("lwcc-host");
export function runInHostScope<T>(fn: () => T): T {
  return hostScope.runInAsyncScope(fn);
}

/** Where a function of any component lives, for functions the host runs (scheduled jobs, crons). */
export type { FunctionPath };

/** The handle convex-test resolves to a function of any component (its own handle format). */
function functionHandle({ componentPath, udfPath }: FunctionPath): string {
  return `function://${componentPath};${udfPath}`;
}

/**
 * The function a schedule syscall names, as convex-test resolves it: by handle (any component),
 * by name (the scheduling component) or by reference (`_reference/childComponent/<name>/<path>`,
 * a child of the scheduling component).
 */
function scheduledTarget(request: { name?: string; reference?: string; functionHandle?: string }, current: string): FunctionPath {
  if (request.functionHandle) {
    const [componentPath = "", udfPath = ""] = request.functionHandle.replace(/^function:\/\//, "").split(";");
    return { componentPath, udfPath: canonicalizeUdfPath(udfPath).canonical };
  }
  if (request.name) return { componentPath: current, udfPath: canonicalizeUdfPath(request.name).canonical };
  const parts = (request.reference ?? "").split("/");
  if (parts[0] !== "_reference" || parts[1] !== "childComponent" || parts.length < 5) {
    throw new Error(`Cannot schedule ${JSON.stringify(request)}: not a function name, reference or handle`);
  }
  const child = parts[2]!;
  const functionPath = parts.slice(3);
  const exportName = functionPath.pop()!;
  return { componentPath: current ? `${current}/${child}` : child, udfPath: `${functionPath.join("/")}:${exportName}` };
}

interface LoadedComponent {
  node: ComponentNode;
  loadModule: (modulePath: string) => Promise<Record<string, unknown>>;
}

export class Engine {
  private readonly context = new AsyncLocalStorage<RunContext>();

  /**
   * Every entry into the engine starts from the host's context. A caller may be running inside a
   * function (a commit of a component's mutation tells live queries to re-run): convex-test would
   * otherwise take that function's component for the new call and look the function up there.
   */
  private enter<T>(ctx: RunContext, fn: () => T): T {
    return runInHostScope(() => this.context.run(ctx, fn));
  }

  private constructor(
    private readonly internals: Internals,
    private readonly components: Map<string, LoadedComponent>,
    private readonly importFile: (file: string) => Promise<Record<string, unknown>>,
    private readonly functionsDir: string,
    private readonly onSchedule: (request: ScheduleRequest) => void,
    private readonly pool: RunnerPool,
    private readonly httpFile: string | undefined,
  ) {}

  /** Stops the function runners once their calls are done (the backend closes, or functions reloaded). */
  close(): Promise<void> {
    return this.pool.close();
  }

  static async load(options: EngineOptions): Promise<Engine> {
    const dir = path.resolve(options.functionsDir);
    const generated = path.join(dir, "_generated");
    if (!existsSync(path.join(generated, "server.js")) || !existsSync(path.join(generated, "api.js"))) {
      throw new Error(`${generated} is missing; generate it with: npm run codegen -- ${options.functionsDir}`);
    }
    const tsconfig = path.join(dir, "tsconfig.json");
    if (!esmHookRegistered) {
      registerModuleHook(new URL("./esm-loader-hook.mjs", import.meta.url));
      esmHookRegistered = true;
      // Error frames name the developer's lines, as Convex maps them through the bundle's source map.
      process.setSourceMapsEnabled(true);
    }
    const tsconfigFile = existsSync(tsconfig) ? tsconfig : false;
    const scoped = register({ namespace: `lwcc-esm-${options.namespace}`, tsconfig: tsconfigFile });
    // Functions' code runs on the runners; set once the database (internals) exists.
    const runners: { run?: RunOnRunner; engine?: Engine } = {};
    const run: RunOnRunner = (...args) => {
      if (!runners.run) throw new Error("A function was called before the backend finished loading");
      return runners.run(...args);
    };
    // Every import goes through tsx's loader hooks (a worker round trip), even for a cached
    // module, so each module is imported once per engine.
    const imported = new Map<string, Promise<Record<string, unknown>>>();
    const importFile = (file: string) => {
      let module = imported.get(file);
      if (!module) {
        // Components installed from packages ship compiled JavaScript that never changes while the
        // backend runs: Node loads them itself, once per process, instead of through tsx's loader.
        module = (
          file.includes(`${path.sep}node_modules${path.sep}`) ? import(pathToFileURL(file).href) : scoped.import(file, ENTRY_MARKER)
        ).then((namespace: Record<string, unknown>) => {
          installRunnerProxies(namespace, file, run);
          installCallBoundaries(namespace, path.dirname(dir));
          return namespace;
        });
        imported.set(file, module);
        module.catch(() => imported.delete(file));
      }
      return module;
    };

    // The app is the component at path ""; each installed component has its own modules and schema.
    const tree = await (options.components ?? loadComponentTree(dir));
    const loaded = new Map<string, LoadedComponent & { modules: Modules; schema: ComponentModules["schema"] }>();
    // Schemas are imported together: each import is a round trip to tsx's loader.
    const nodes = flattenComponents(tree);
    const schemas = await Promise.all(
      nodes.map(async (node) => {
        const file = schemaFile(node.dir);
        return file ? ((await importFile(file)).default as SchemaDefinition<GenericSchema, boolean>) : undefined;
      }),
    );
    nodes.forEach((node, i) => {
      const files = [...convexModulePaths(node.dir), ...generatedModulePaths(node.dir)];
      const modules: Modules = Object.fromEntries(files.map((rel) => [path.join(node.dir, rel), () => importFile(path.join(node.dir, rel))]));
      const byModulePath = new Map(files.map((rel) => [rel.replace(/\.[^.]+$/, ""), path.join(node.dir, rel)]));
      const loadModule = async (modulePath: string) => {
        const file = byModulePath.get(modulePath);
        if (!file) throw new FunctionNotFound(`Could not find module "${modulePath}"`);
        return importFile(file);
      };
      loaded.set(node.path, { node, modules, schema: schemas[i], loadModule });
    });
    const root = loaded.get("")!;
    const components = [...loaded.values()].filter(({ node }) => node.path !== "");
    const internals = await createInternals(
      root.schema,
      root.modules,
      components.map(({ node, schema, modules }) => ({ path: node.path, schema, modules })),
    );
    for (const { node } of components) internals.setComponentEnvironment(node.path, resolveEnvironment(node, loaded));
    internals.setDeploymentUrls(() => ({ cloud: options.storageUrl?.(), site: options.siteUrl?.() }));
    const files = [...loaded.values()].flatMap(({ modules }) => Object.keys(modules));
    const pool = new RunnerPool({
      bundle: await bundleForRunners(files, tsconfigFile),
      files,
      syscalls: internals,
      clockOffsetMs: testClockShift,
      limitMs: options.executionLimitMs,
    });
    runners.run = async (kind, location, args, ctx) => {
      const env = internals.environmentOf(internals.currentComponent());
      const deadline = kind === "action" ? actionDeadline(location.file, location.exportName) : undefined;
      const store = runners.engine?.context.getStore();
      const priority = store?.background ? "background" : "urgent";
      const identityUse = store?.identityUse;
      const caller: CallerContext = identityUse
        ? {
            ...ctx,
            auth: {
              getUserIdentity: () => {
                identityUse.read = true;
                return ctx.auth.getUserIdentity();
              },
            },
          }
        : ctx;
      const result = await pool.invoke(kind, location, JSON.stringify(convexToJson([args])), env, caller, deadline, priority);
      return jsonToConvex(JSON.parse(result) as JSONValue);
    };
    const httpFile = Object.keys(root.modules).find((file) => /^http\.[cm]?[jt]sx?$/.test(path.relative(root.node.dir, file)));
    const engine = new Engine(
      internals,
      new Map([...loaded].map(([key, { node, loadModule }]) => [key, { node, loadModule }])),
      importFile,
      dir,
      options.onSchedule,
      pool,
      httpFile,
    );
    runners.engine = engine;
    internals.onCommit((event) => runInHostScope(() => options.onCommit(event)));
    const storage = new StorageSyscalls({
      keys: options.storageKeys ?? StorageKeys.ephemeral(),
      baseUrl: options.storageUrl ?? (() => ""),
      component: () => internals.currentComponent(),
    });
    engine.installSyscallHooks(storage);
    if (options.blobs) engine.persistBlobs(options.blobs);
    // Outermost, so the blob hooks below see `_storage` ids, never UUIDs.
    internals.wrapJsSyscall(storage.wrapJs(internals.asyncSyscall));
    return engine;
  }

  private installSyscallHooks(storage: StorageSyscalls) {
    this.internals.wrapSyscalls({
      sync: (next) => (op, json) => {
        this.context.getStore()?.reads?.record(op, json, this.internals.currentComponent());
        return next(op, json);
      },
      async: (next) => (op, json) => {
        if (op === "1.0/schedule") return Promise.resolve(this.schedule(json));
        // Storage reads go back through the whole chain, so a query records them.
        if (storage.handles(op)) return storage.async(op, json, this.internals.asyncSyscall, next);
        const ctx = this.context.getStore();
        if (op === "1.0/runUdf" && ctx?.reads) {
          if (ctx.passThrough) return this.nestedQuery(ctx, ctx.passThrough, next, json);
          // As on Convex, a function a query calls paginates without the subscription's journal:
          // its page keeps no end between runs, and sets none for the caller.
          return this.context.run({ ...ctx, journal: null }, () => next(op, json));
        }
        ctx?.reads?.record(op, json, this.internals.currentComponent());
        if (op === "1.0/queryPage" && ctx?.reads) return this.journaledPage(ctx, next, json);
        return next(op, json);
      },
    });
  }

  /**
   * Blobs are written to disk before `storage.store` returns, and read back on first use after a
   * restart, so memory holds only the files in use.
   */
  private persistBlobs(blobs: BlobStore) {
    this.internals.wrapJsSyscall((next) => async (op, args) => {
      const component = this.internals.currentComponent();
      if (op === "storage/getBlob") {
        const id = args.storageId as string;
        const inMemory = this.internals.blobs(component);
        if (!inMemory[id]) {
          const bytes = await blobs.get(blobKey(component, id));
          if (bytes) inMemory[id] = new Blob([new Uint8Array(bytes)]);
        }
        return next(op, args);
      }
      const result = await next(op, args);
      if (op === "storage/storeBlob") {
        const blob = args.blob as Blob;
        await blobs.put(blobKey(component, result as string), new Uint8Array(await blob.arrayBuffer()));
      }
      return result;
    });
  }

  /** A component's stored file, its `_storage` document and bytes; null when there is no such file. */
  async readFile(component: string, storageId: GenericId<"_storage">): Promise<StoredFile | null> {
    if (!this.components.has(component)) return null;
    // A Blob is not a Convex value, so it leaves the transaction by closure, not as its result.
    let file: StoredFile | null = null;
    await this.enter({}, () =>
      this.internals.t.runInComponent(component, async (ctx) => {
        const doc = await ctx.db.system.get(storageId);
        const blob = doc && (await (ctx.storage as unknown as StorageReader).get(storageId));
        if (doc && blob) file = { doc, blob };
        return null;
      }),
    );
    return file;
  }

  /** Stores an uploaded file the way `storage.store` does, in a component's storage, and returns its id. */
  async storeBlob(blob: Blob, component = ""): Promise<string> {
    if (!this.components.has(component)) throw new FunctionNotFound(`No component is installed at "${component}"`);
    return this.enter({}, () =>
      this.internals.t.runInComponent(component, (ctx) => (ctx.storage as unknown as StorageWriter).store(blob)),
    );
  }

  /**
   * Records the job in the running transaction, in the scheduling component's `_scheduled_functions`
   * (so that component can cancel it); the host arms its timer.
   */
  private schedule(json: string): string {
    const request = JSON.parse(json) as { name?: string; reference?: string; functionHandle?: string; args: JSONValue; ts: number };
    const component = this.internals.currentComponent();
    const target = scheduledTarget(request, component);
    const scheduledTime = request.ts * 1000;
    const args = jsonToConvex(request.args);
    this.internals.trackScheduledFunction(args);
    const jobId = this.internals.insertInCurrentTransaction("_scheduled_functions", {
      args: [args],
      name: target.udfPath,
      scheduledTime,
      state: { kind: "pending" },
      ...(target.componentPath !== component ? { component: target.componentPath } : {}),
    });
    runInHostScope(() => this.onSchedule({ component, jobId, scheduledTime }));
    return JSON.stringify(convexToJson(jobId));
  }

  /**
   * A pass-through query's nested query call: it runs in a context of its own, so that what it
   * reads, and whether it reads the identity, is recorded apart from the outer function's reads.
   */
  private async nestedQuery(ctx: RunContext, pass: PassThroughRun, next: (op: string, json: string) => Promise<string>, json: string) {
    pass.calls++;
    const request = JSON.parse(json) as { udfType?: string; name?: string; reference?: string; functionHandle?: string; args: JSONValue };
    const byName = request.udfType === "query" && request.name !== undefined && request.reference === undefined && request.functionHandle === undefined;
    // Not a pass-through after all: this call's reads are the outer function's own.
    if (pass.calls > 1 || !byName) return next("1.0/runUdf", json);
    // Without the journal, as any nested call (above).
    const nested: RunContext = { ...ctx, reads: pass.reads, passThrough: undefined, identityUse: pass.identity, journal: null };
    const result = await this.context.run(nested, () => next("1.0/runUdf", json));
    pass.udfPath = canonicalizeUdfPath(request.name!).canonical;
    pass.args = request.args;
    pass.result = result;
    return result;
  }

  /**
   * Keeps a subscribed page's end where it was: its first run records the end cursor, later
   * runs read up to it, so rows inserted before it grow the page instead of shifting items.
   */
  private async journaledPage(ctx: RunContext, next: (op: string, json: string) => Promise<string>, json: string) {
    const request = JSON.parse(json) as { endCursor: string | null };
    if (request.endCursor === null && ctx.journal) request.endCursor = ctx.journal.endCursor;
    let raw: string;
    try {
      raw = await next("1.0/queryPage", JSON.stringify(request));
    } catch (error) {
      if (error instanceof SyntaxError) throw new Error("InvalidCursor: the pagination cursor is malformed", { cause: error });
      throw error;
    }
    const page = JSON.parse(raw) as { continueCursor: string; isDone: boolean };
    if (request.endCursor !== null) {
      page.continueCursor = request.endCursor;
      page.isDone = request.endCursor === "_end_cursor";
    }
    ctx.newJournal = { endCursor: page.continueCursor };
    return JSON.stringify(page);
  }

  /** `client`: the caller's request, for ctx.meta.getRequestMetadata(); without it the function sees null ip and user agent, as for a scheduled job. */
  private accessor(identity: UserIdentity | null, client?: RequestMetadata): Accessor {
    const signedIn = identity ? this.internals.t.withIdentity(identity) : this.internals.t;
    return client ? signedIn.withRequestMetadata(client) : signedIn;
  }

  private async lookup(udfPath: string, component = "") {
    const { module, exportName, canonical } = canonicalizeUdfPath(udfPath);
    const loadModule = this.components.get(component)?.loadModule;
    if (!loadModule) return { canonical, fn: undefined, kind: undefined };
    const exports = await loadModule(module).catch((error: unknown): Record<string, unknown> => {
      if (error instanceof FunctionNotFound) return {};
      throw error;
    });
    const fn = exports[exportName] as RegisteredFunction | undefined;
    const kind: FunctionKind | undefined = fn?.isQuery ? "query" : fn?.isMutation ? "mutation" : fn?.isAction ? "action" : undefined;
    return { canonical, fn, kind };
  }

  /** What a function of any component is registered as, or undefined when there is no such function. */
  async kindOf({ componentPath, udfPath }: FunctionPath): Promise<FunctionKind | undefined> {
    return (await this.lookup(udfPath, componentPath)).kind;
  }

  /** Finds a function and checks its kind and, for calls from clients, that it is public. */
  async resolve(udfPath: string, kind: FunctionKind, fromClient: boolean): Promise<string> {
    return (await this.find(udfPath, kind, fromClient)).canonical;
  }

  private async find(udfPath: string, kind: FunctionKind, fromClient: boolean) {
    const { canonical, fn, kind: registeredAs } = await this.lookup(udfPath);
    if (!fn || !registeredAs || (fromClient && !fn.isPublic)) {
      const shown = canonical.endsWith(":default") ? canonical.slice(0, -":default".length) : canonical;
      throw new FunctionNotFound(`Could not find public function for '${shown}'. Did you forget to run \`npx convex dev\`?`);
    }
    if (registeredAs !== kind) {
      throw new FunctionNotFound(`Trying to execute ${canonical} as ${kind}, but it is defined as ${registeredAs}.`);
    }
    return { canonical, passThrough: fn[PASS_THROUGH] === true };
  }

  /** A failed call as clients receive it; frame paths are relative to the functions folder's parent, like the bundle's. */
  private errorOutcome(error: unknown): Outcome {
    if (error instanceof RetryableError) return { ok: false, message: error.message, transient: { status: error.status, code: error.code } };
    const jsError = toJsError(error, path.dirname(this.functionsDir));
    return { ok: false, message: serverErrorMessage(jsError), ...(jsError.data === undefined ? {} : { data: jsError.data }) };
  }

  /** Resolves once no mutation holds or waits for the writer's turn, or after `maxMs`. */
  writesSettled(maxMs: number): Promise<void> {
    return this.internals.writesSettled(maxMs);
  }

  /** No mutation holds or waits for the writer's turn now. */
  writesIdle(): boolean {
    return this.internals.writesIdle();
  }

  /**
   * Runs a client's query; `reads` fills in as it runs, so a caller can watch a query in flight.
   * `background`: a subscription's re-run, which lets writes and requests take a runner first.
   * `watchIdentity`: tell whether the function read the caller's identity (`identityRead`).
   */
  async runQuery(
    udfPath: string,
    args: JSONValue,
    identity: UserIdentity | null,
    journal: string | null = null,
    reads = new ReadSet(),
    fromClient = true,
    background = false,
    watchIdentity = false,
  ): Promise<QueryOutcome> {
    const ctx: RunContext = { reads, journal: journal ? (JSON.parse(journal) as Journal) : null, background };
    if (watchIdentity) ctx.identityUse = { read: false };
    const outcome = await this.enter(ctx, () =>
      this.internals.readLatest(() => withLogLines(() => this.execute("query", udfPath, args, identity, fromClient))),
    );
    const result: QueryOutcome = { outcome, reads, journal: ctx.newJournal ? JSON.stringify(ctx.newJournal) : null };
    if (ctx.identityUse) result.identityRead = ctx.identityUse.read;
    const pass = ctx.passThrough;
    if (pass) {
      const passedThrough =
        pass.calls === 1 && pass.result !== undefined && !pass.identity.read && outcome.ok && pass.result === JSON.stringify(outcome.value);
      if (passedThrough) result.nested = { udfPath: pass.udfPath!, args: pass.args!, reads: pass.reads };
      else reads.merge(pass.reads);
    }
    return result;
  }

  /** Runs a client's query on the database as of commit `ts` (/api/query_at_ts), within the last minute's history. */
  runQueryAt(ts: bigint, udfPath: string, args: JSONValue, identity: UserIdentity | null, fromClient = true): Promise<Outcome> {
    // Inside the host scope, which would otherwise drop the snapshot's async context.
    return this.enter({ reads: new ReadSet() }, () =>
      this.internals
        .atSnapshot(ts, () => withLogLines(() => this.execute("query", udfPath, args, identity, fromClient)))
        .catch((error: unknown) => this.errorOutcome(error)),
    );
  }

  /** `client`: the address and user agent of the request that made the call (request-metadata.ts), which the function may read. */
  run(kind: "mutation" | "action", udfPath: string, args: JSONValue, identity: UserIdentity | null, fromClient = true, client?: RequestMetadata) {
    return this.enter({}, () => withLogLines(() => this.execute(kind, udfPath, args, identity, fromClient, client)));
  }

  private async execute(
    kind: FunctionKind,
    udfPath: string,
    args: JSONValue,
    identity: UserIdentity | null,
    fromClient: boolean,
    client?: RequestMetadata,
  ): Promise<Outcome> {
    try {
      const { canonical, passThrough } = await this.find(udfPath, kind, fromClient);
      const store = this.context.getStore();
      if (kind === "query" && passThrough && store?.reads) store.passThrough = { calls: 0, reads: store.reads.apart(), identity: { read: false } };
      const ref = makeFunctionReference<typeof kind>(canonical);
      const call = () => this.accessor(identity, client)[kind](ref, jsonToConvex(args) as Record<string, Value>);
      const value = await isolate(call);
      return { ok: true, value: convexToJson(value ?? null) };
    } catch (error) {
      return this.errorOutcome(error);
    }
  }

  /** Runs work as one mutation transaction with the full mutation context (host only), in the app or a component. */
  transaction<T>(fn: (ctx: HostMutationCtx) => Promise<T>, component = ""): Promise<T> {
    return this.enter({}, () => this.internals.t.runInComponent(component, fn));
  }

  /**
   * A reference the host can call from a transaction of any component (ctx.runMutation): a
   * function handle, which reaches the function wherever it lives, as scheduled jobs do on Convex.
   */
  handle(path: FunctionPath): string {
    return functionHandle(path);
  }

  /** Runs a function of any component for the host (scheduled jobs, crons), without an identity. */
  runFunction(kind: "mutation" | "action", path: FunctionPath, args: JSONValue): Promise<Outcome> {
    return this.enter({}, async (): Promise<Outcome> => {
      try {
        const convexArgs = jsonToConvex(args) as Record<string, Value>;
        const value = await isolate(() =>
          kind === "mutation" ? this.internals.t.mutationFromPath(path, convexArgs) : this.internals.t.actionFromPath(path, convexArgs),
        );
        return { ok: true, value: convexToJson(value ?? null) };
      } catch (error) {
        return this.errorOutcome(error);
      }
    });
  }

  /** The installed components' paths, the app ("") first. */
  componentPaths(): string[] {
    return this.internals.componentPaths();
  }

  /** The default export of an optional module (crons, http) of a component, or undefined when there is none. */
  private async optionalDefault(modulePath: string, component = ""): Promise<unknown> {
    const loadModule = this.components.get(component)?.loadModule;
    if (!loadModule) return undefined;
    try {
      return (await loadModule(modulePath)).default;
    } catch (error) {
      if (error instanceof FunctionNotFound) return undefined;
      throw error;
    }
  }

  /** The cron jobs of every component's crons.ts, as `crons.export()` describes them. */
  async cronJobs(): Promise<CronJob[]> {
    const jobs: CronJob[] = [];
    for (const component of this.componentPaths()) {
      const crons = (await this.optionalDefault("crons", component)) as { export?: () => string } | undefined;
      if (crons?.export) jobs.push({ component, exported: crons.export() });
    }
    return jobs;
  }

  /** auth.config.ts's default export (it has two dots, so it is not a function module). */
  async authConfig(): Promise<unknown> {
    const file = ["auth.config.ts", "auth.config.js"].map((f) => path.join(this.functionsDir, f)).find((f) => existsSync(f));
    return file ? (await this.importFile(file)).default : undefined;
  }

  /**
   * Serves a request with the http action that http.ts routes it to, or null when none does. An
   * Error for `identity` (a bad Authorization header) still serves it; ctx.auth.getUserIdentity() throws it.
   * `client`: the connection's address and user agent, for ctx.meta.getRequestMetadata().
   */
  async fetch(request: Request, identity: UserIdentity | null | Error, client?: RequestMetadata): Promise<Response | null> {
    const router = (await this.optionalDefault("http")) as HttpRouterLike | undefined;
    if (!router?.isRouter || !this.httpFile) return null;
    const url = new URL(request.url);
    const route = router.lookup(url.pathname, request.method);
    if (!route?.[0]._handler) return null;
    const httpFile = this.httpFile;
    let response: Response | undefined;
    try {
      await this.enter({}, () =>
        isolate(() =>
          this.accessor(identity instanceof Error ? null : identity, client).action(async (ctx) => {
            const caller = identity instanceof Error ? withFailingAuth(ctx, identity) : ctx;
            response = await asCaller(() => this.pool.invokeHttp(httpFile, request, this.internals.environmentOf(""), caller as CallerContext));
            return null;
          }),
        ),
      );
    } catch (error) {
      // Convex answers a failed http action with 500 and the error as JSON.
      const jsError = toJsError(error, path.dirname(this.functionsDir));
      const body = {
        code: `[Request ID: ${requestId()}] Server Error: ${jsError.message}`,
        trace: jsErrorText(jsError),
        ...(jsError.data === undefined ? {} : { data: jsError.data }),
      };
      return Response.json(body, { status: 500 });
    }
    return response ?? null;
  }

  exportState(): DatabaseState {
    return this.internals.exportState();
  }

  importState(state: DatabaseState): void {
    this.internals.importState(state);
  }

  latestTs(): bigint {
    return this.internals.latestCommitTs();
  }

  /** The latest commit's timestamp, handed to a client that will read at it (/api/query_ts). */
  snapshotTs(): bigint {
    return this.internals.snapshotTs();
  }
}
