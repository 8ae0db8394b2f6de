/**
 * The one place that reaches into convex-test's private state (pinned at 0.0.60). Everything
 * here is checked by convex-test-internals.test.ts, which fails loudly if a new version moves it.
 *
 * convex-test keeps, per instance, a private "convex global" that holds the in-memory database,
 * the transaction manager and the syscall functions, and one database per component (the app is
 * the component at path ""). The instance installs the global with AsyncLocalStorage.run on every
 * call, and each function runs inside an execution context that names its component: both are
 * captured once, the same way.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexTest } from "convex-test";
import type {
  FunctionReference,
  GenericActionCtx,
  GenericDataModel,
  GenericMutationCtx,
  GenericSchema,
  SchemaDefinition,
  UserIdentity,
} from "convex/server";
import { convexToJson, getConvexSize, getDocumentSize, type Value } from "convex/values";
import type { Change, CommitEvent, Counters } from "./commits";
import { tableOf, type Document, type RangeBound } from "./document-fields";
import { VersionHistory } from "./snapshots";
import { asyncRules, syncRules, type TableIndexes } from "./syscall-rules";
import { TableStore } from "./table-store";
import { Transactions, type Manager } from "./transactions";
import { search, searchPage, type RankedDocument, type SearchIndexDefinition, type SearchSource } from "./text-search";

export type Modules = Record<string, () => Promise<unknown>>;
export type HostMutationCtx = GenericMutationCtx<GenericDataModel>;
export type HostActionCtx = GenericActionCtx<GenericDataModel>;
type AnyReference = FunctionReference<"query" | "mutation" | "action", "public" | "internal">;
export type { Document };
export type { Change, CommitEvent, Counters };

/** Where a function lives: its component ("" for the app) and its path in that component's modules. */
export interface FunctionPath {
  componentPath: string;
  udfPath: string;
}

/** The part of convex-test's public accessor the engine uses, typed for a schema known only at run time. */
export interface Accessor {
  query(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  mutation(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  action(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  action(fn: (ctx: HostActionCtx) => Promise<null>): Promise<null>;
  run<T>(fn: (ctx: HostMutationCtx) => Promise<T>): Promise<T>;
  withIdentity(identity: Partial<UserIdentity>): Accessor;
  withRequestMetadata(metadata: RequestMetadata): Accessor;
}

/** What a function's ctx.meta.getRequestMetadata() reports of the client's request: its address and user agent. */
export interface RequestMetadata {
  ip: string | null;
  userAgent: string | null;
}

/** What convex-test's accessor also has but does not declare: calls by component path. */
interface PathAccessor {
  runInComponent<T>(componentPath: string, fn: (ctx: HostMutationCtx) => Promise<T>): Promise<T>;
  mutationFromPath(path: FunctionPath, args: Record<string, Value>): Promise<Value | undefined>;
  actionFromPath(path: FunctionPath, args: Record<string, Value>): Promise<Value | undefined>;
  registerComponent(componentPath: string, schema: SchemaDefinition<GenericSchema, boolean>, modules: Modules): void;
}

type Syscall = (op: string, json: string) => string;
export type AsyncSyscall = (op: string, json: string) => Promise<string>;
export type JsSyscall = (op: string, args: Record<string, unknown>) => Promise<unknown>;

interface QuerySource {
  type: string;
  tableName?: string;
  indexName?: string;
  range?: RangeBound[];
  order?: "asc" | "desc";
  filters?: SearchSource["filters"];
}

/** A query as the Convex runtime serializes it: its source, then filter and limit stages. */
interface SerializedQuery {
  source: QuerySource;
  operators: { filter?: unknown; limit?: number }[];
}

/** What convex-test's query resolution returns; the rest of its fields pass through untouched. */
interface ResolvedQuery {
  sortedDocs: Document[];
  order: "asc" | "desc";
  filterFn: (doc: Document) => boolean;
}

interface PageRequest {
  query: SerializedQuery;
  cursor: string | null;
  endCursor?: string | null;
  pageSize: number;
}

interface Page {
  page: Document[];
  isDone: boolean;
  continueCursor: string;
  pageStatus: string | null;
}

interface TableSchema extends TableIndexes {
  indexes: { indexDescriptor: string; fields: string[] }[];
  searchIndexes?: SearchIndexDefinition[];
}

interface DatabaseFake {
  _documents: Record<string, Document>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Record<string, Document | null>[];
  _schema: { tables: Map<string, TableSchema> } | null;
  commit(commitTs: bigint): void;
  startTransaction(): void;
  rollbackWrites(): void;
  insert(table: string, value: Record<string, Value>): string;
  get(table: string, id: string): Document | null;
  patch(table: string, id: string, value: Record<string, unknown>): void;
  paginate(request: PageRequest): Page;
  _encodeCursor(doc: Document, fields: string[]): string;
  queryNext(queryId: number): { value: Document | null; done: boolean };
  _iterateDocs(table: string, callback: (doc: Document) => void): void;
  _resolveQuerySource(query: SerializedQuery): ResolvedQuery;
}

interface TransactionManager {
  _lastCommitTs: bigint;
  getMetricsTracker(): { trackRead(bytes: number): void; trackScheduledFunction(argsBytes: number): void } | undefined;
  commit(isNested: boolean): bigint | null;
  begin(isNested: boolean, limits?: unknown): Promise<void>;
  getSnapshotTs(): bigint;
  _endTransaction(isNested: boolean): void;
}

interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake }>;
  transactionManager: TransactionManager;
  syscall: Syscall;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
}

/** convex-test's per-call execution context: which function of which component is running. */
interface ExecutionContext {
  componentPath: string;
  udfPath: string;
  udfType: string;
}

export interface ComponentState extends Counters {
  documents: Document[];
}

export interface DatabaseState {
  /** Every component's documents, by component path ("" for the app). */
  components: Record<string, ComponentState>;
  lastCommitTs: bigint;
}

/** A component to install beside the app, as convex-test's registerComponent takes it. */
export interface ComponentModules {
  path: string;
  schema: SchemaDefinition<GenericSchema, boolean> | undefined;
  modules: Modules;
}

function isConvexGlobal(store: unknown): store is ConvexGlobal {
  return typeof store === "object" && store !== null && "components" in store && "transactionManager" in store;
}

function isExecutionContext(store: unknown): store is ExecutionContext {
  return typeof store === "object" && store !== null && "componentPath" in store && "udfPath" in store && "udfType" in store;
}

export interface Internals {
  t: Accessor & Pick<PathAccessor, "runInComponent" | "mutationFromPath" | "actionFromPath">;
  /** The component of the function running now ("" for the app, or outside any function). */
  currentComponent(): string;
  /** Every committed document of every component, with ids, creation times and counters, to persist. */
  exportState(): DatabaseState;
  /** Replaces the databases with a saved state. Only while nothing runs (start-up). */
  importState(state: DatabaseState): void;
  /** Called after every outermost commit with the documents it changed. */
  onCommit(listener: (event: CommitEvent) => void): void;
  latestCommitTs(): bigint;
  /** The latest commit's timestamp, for a client that will read at it (see snapshots.ts). */
  snapshotTs(): bigint;
  /** Runs a query on the databases as of commit `ts`; throws a RetryableError when `ts` is outside the kept history. */
  atSnapshot<T>(ts: bigint, query: () => Promise<T>): Promise<T>;
  /** Runs a query on the databases as of the latest commit now, whatever commits while it runs. */
  readLatest<T>(query: () => Promise<T>): Promise<T>;
  /** Resolves once no mutation holds or waits for the writer's turn, or after `maxMs`. */
  writesSettled(maxMs: number): Promise<void>;
  /** No mutation holds or waits for the writer's turn now. */
  writesIdle(): boolean;
  /** Wraps the syscalls every function makes, to observe reads and take over scheduling. */
  wrapSyscalls(wrap: { sync: (next: Syscall) => Syscall; async: (next: AsyncSyscall) => AsyncSyscall }): void;
  /** Wraps the syscalls that move file-storage blobs (storeBlob, getBlob). */
  wrapJsSyscall(wrap: (next: JsSyscall) => JsSyscall): void;
  /** Makes a syscall through every wrapper, as a function's own call does. */
  syscall: Syscall;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
  /** What a function of a component sees of the environment (environmentOf in scopeEnvironment's terms). */
  environmentOf(componentPath: string): { component?: Record<string, string | undefined>; platform: Record<string, string | undefined> };
  /** File-storage blobs held in memory, by storage id, of one component. */
  blobs(component: string): Record<string, Blob>;
  /** Inserts into a system table of the running component inside its transaction (scheduling). */
  insertInCurrentTransaction(table: string, value: Record<string, Value>): string;
  /** Counts a function scheduled by the running transaction against its limits; throws past them. */
  trackScheduledFunction(args: Value): void;
  /** The installed component paths, the app ("") first. */
  componentPaths(): string[];
  /** What `process.env` holds for a component's functions (its parent's `use(c, { env })` values). */
  setComponentEnvironment(componentPath: string, env: Record<string, string | undefined>): void;
  /** What every function sees as CONVEX_CLOUD_URL and CONVEX_SITE_URL (read on use: known once listening). */
  setDeploymentUrls(urls: () => { cloud?: string; site?: string }): void;
}

export async function createInternals(
  schema: SchemaDefinition<GenericSchema, boolean> | undefined,
  modules: Modules,
  components: ComponentModules[] = [],
): Promise<Internals> {
  // Convex's documented transaction limits (documents and bytes read and written, index ranges,
  // functions scheduled), enforced with Convex's texts, so code that would fail there fails here.
  const t = convexTest({ schema, modules, transactionLimits: true }) as unknown as Accessor & PathAccessor;
  if (typeof t.registerComponent !== "function" || typeof t.runInComponent !== "function") {
    throw new Error("convex-test internals changed: the accessor has no registerComponent() or runInComponent()");
  }
  for (const component of components) t.registerComponent(component.path, component.schema as SchemaDefinition<GenericSchema, boolean>, component.modules);
  let captured: ConvexGlobal | undefined;
  let globalStorage: AsyncLocalStorage<ConvexGlobal> | undefined;
  let executionContext: AsyncLocalStorage<ExecutionContext> | undefined;
  // Restored right below; only `call` is used on it, always with the right receiver.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const originalRun = AsyncLocalStorage.prototype.run;
  AsyncLocalStorage.prototype.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]): R {
    if (!captured && isConvexGlobal(store)) {
      captured = store;
      globalStorage = this as AsyncLocalStorage<ConvexGlobal>;
    }
    if (!executionContext && isExecutionContext(store)) executionContext = this as AsyncLocalStorage<ExecutionContext>;
    return (originalRun as (...args: unknown[]) => R).call(this, store, ...rest);
  };
  let trackerPrototype: object | null = null;
  try {
    await t.run(() => {
      const tracker = captured?.transactionManager.getMetricsTracker();
      trackerPrototype = tracker ? (Object.getPrototypeOf(tracker) as object) : null;
      return Promise.resolve();
    });
  } finally {
    AsyncLocalStorage.prototype.run = originalRun;
  }
  if (!trackerPrototype) throw new Error("convex-test internals changed: a transaction has no metrics tracker");
  useConvexLimitTexts(trackerPrototype);
  if (!captured) throw new Error("convex-test internals changed: its convex global was not found");
  if (!executionContext || !globalStorage) throw new Error("convex-test internals changed: its execution context was not found");
  const global = captured;
  const context = executionContext;
  if (typeof global.jsSyscall !== "function") throw new Error("convex-test internals changed: no jsSyscall");
  const tm = global.transactionManager;
  for (const method of ["getMetricsTracker", "commit", "begin", "getSnapshotTs", "_endTransaction"] as const) {
    if (typeof tm[method] !== "function") throw new Error(`convex-test internals changed: transaction manager has no ${method}()`);
  }
  if (typeof tm._lastCommitTs !== "bigint") throw new Error("convex-test internals changed: transaction manager has no _lastCommitTs");

  const paths = ["", ...components.map((component) => component.path)];
  const history = new VersionHistory(tm._lastCommitTs);
  const databases = new Map<string, { db: DatabaseFake; store: TableStore }>();
  for (const componentPath of paths) {
    const db = global.components[componentPath]?.db;
    if (!db) throw new Error(`convex-test internals changed: no database for component "${componentPath}"`);
    for (const field of ["_documents", "_storage", "_nextDocId", "_lastCreationTime", "_writes", "_schema"] as const) {
      if (!(field in db)) throw new Error(`convex-test internals changed: database has no ${field}`);
    }
    for (const method of ["get", "insert", "patch", "commit", "startTransaction", "rollbackWrites", "queryNext", "paginate", "_encodeCursor", "_iterateDocs", "_resolveQuerySource"] as const) {
      if (typeof db[method] !== "function") throw new Error(`convex-test internals changed: database has no ${method}()`);
    }
    keepContentTypes(db);
    databases.set(componentPath, { db, store: indexedReads(db) });
  }
  const transactions = new Transactions(tm as unknown as Manager, new Map([...databases].map(([componentPath, { db }]) => [componentPath, db])));
  transactions.install();
  shareIdCounter([...databases.values()].map(({ db }) => db));
  recordContentTypes(global);
  const currentComponent = () => context.getStore()?.componentPath ?? "";
  scopeEnvironment(globalStorage, context);
  const environments = new Map<string, Record<string, string | undefined>>();
  componentEnvironments.set(global, environments);
  const dbOf = (componentPath: string) => {
    const found = databases.get(componentPath);
    if (!found) throw new Error(`No component is installed at "${componentPath}"`);
    return found.db;
  };
  global.syscall = syncRules(global.syscall, () => dbOf(currentComponent()));
  // convex-test names the transactions the host runs (runInComponent) "custom".
  global.asyncSyscall = asyncRules(global.asyncSyscall, () => dbOf(currentComponent()), () => context.getStore()?.udfPath === "custom");
  // Components in a saved state that are no longer installed: kept as they are, never dropped.
  let detached: Record<string, ComponentState> = {};

  const listeners: ((event: CommitEvent) => void)[] = [(event) => transactions.record(event.changes), (event) => history.record(event)];
  const commit = tm.commit.bind(tm);
  tm.commit = (isNested: boolean) => {
    // Nested transactions merge into their parent; only the outermost commit reaches the databases.
    if (isNested) return commit(isNested);
    const pending = [...databases].map(([componentPath, { db, store }]) => {
      const written = Object.keys(db._writes.at(-1) ?? {});
      return { componentPath, db, store, written, before: written.map((id) => db._documents[id] ?? null) };
    });
    const ts = commit(isNested);
    const changes: Change[] = [];
    const counters: Record<string, Counters> = {};
    for (const { componentPath, db, store, written, before } of pending) {
      if (written.length === 0) continue;
      counters[componentPath] = { nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime };
      written.forEach((id, i) => {
        const change = { component: componentPath, id, table: tableOf(id), before: before[i] ?? null, after: db._documents[id] ?? null };
        store.apply(change.table, change.before, change.after);
        changes.push(change);
      });
    }
    const event = { ts: ts ?? tm._lastCommitTs, changes, counters };
    for (const listener of listeners) listener(event);
    return ts;
  };

  return {
    t,
    currentComponent,
    exportState: () => ({
      components: {
        ...detached,
        ...Object.fromEntries(
          [...databases].map(([componentPath, { db }]) => [
            componentPath,
            { documents: Object.values(db._documents), nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime },
          ]),
        ),
      },
      lastCommitTs: tm._lastCommitTs,
    }),
    importState: (state) => {
      detached = {};
      for (const [componentPath, saved] of Object.entries(state.components)) {
        const found = databases.get(componentPath);
        if (!found) {
          detached[componentPath] = saved;
          continue;
        }
        found.db._documents = Object.fromEntries(saved.documents.map((doc) => [doc._id, doc]));
        found.store.load(saved.documents, tableOf);
        found.db._nextDocId = saved.nextDocId;
        found.db._lastCreationTime = saved.lastCreationTime;
      }
      tm._lastCommitTs = state.lastCommitTs;
      history.reset(state.lastCommitTs);
    },
    onCommit: (listener) => listeners.push(listener),
    latestCommitTs: () => tm._lastCommitTs,
    snapshotTs: () => {
      history.want();
      return tm._lastCommitTs;
    },
    atSnapshot: (ts, query) =>
      history.pin(ts, tm._lastCommitTs, () => transactions.readAt(query, { ts, versionsAt: (component) => history.versionsAt(ts, component) })),
    readLatest: (query) => transactions.readAt(query),
    writesSettled: (maxMs) => transactions.writesSettled(maxMs),
    writesIdle: () => transactions.writesIdle(),
    wrapSyscalls: ({ sync, async }) => {
      global.syscall = sync(global.syscall);
      global.asyncSyscall = async(streamFromCache(global, () => dbOf(currentComponent()), global.asyncSyscall));
    },
    wrapJsSyscall: (wrap) => {
      global.jsSyscall = wrap(global.jsSyscall);
    },
    syscall: (op, json) => global.syscall(op, json),
    asyncSyscall: (op, json) => global.asyncSyscall(op, json),
    jsSyscall: (op, args) => global.jsSyscall(op, args),
    environmentOf: (componentPath) => {
      const platform = Object.fromEntries(Object.entries(platformEnvironments.get(global)?.() ?? {}).filter(([, value]) => value !== undefined));
      return componentPath ? { component: { ...environments.get(componentPath) }, platform } : { platform };
    },
    blobs: (componentPath) => dbOf(componentPath)._storage,
    insertInCurrentTransaction: (table, value) => dbOf(currentComponent()).insert(table, value),
    trackScheduledFunction: (args) => global.transactionManager.getMetricsTracker()?.trackScheduledFunction(getConvexSize(args)),
    componentPaths: () => [...databases.keys()],
    setComponentEnvironment: (componentPath, env) => environments.set(componentPath, env),
    setDeploymentUrls: (urls) =>
      platformEnvironments.set(global, () => {
        const { cloud, site } = urls();
        // Before the servers listen there are no URLs yet; the process's own values stand.
        return { CONVEX_CLOUD_URL: cloud || undefined, CONVEX_SITE_URL: site || undefined };
      }),
  };
}

/** Each convex-test instance's component environments, by component path. */
const componentEnvironments = new WeakMap<ConvexGlobal, Map<string, Record<string, string | undefined>>>();
/** Each convex-test instance's deployment variables (CONVEX_CLOUD_URL, CONVEX_SITE_URL), read when used. */
const platformEnvironments = new WeakMap<ConvexGlobal, () => Record<string, string | undefined>>();
/** What every function sees, the app's and each component's alike, as on Convex. */
const PLATFORM_ENV = ["CONVEX_CLOUD_URL", "CONVEX_SITE_URL", "NODE_ENV"];
let environmentScoped = false;

/**
 * On Convex a component's `process.env` holds only what its parent passes it (`use(c, { env })`);
 * here one process runs the app and every component, so `process.env` answers by the component of
 * the function running now. Every function also sees its deployment's URLs. Outside any function
 * it is the process's own environment.
 */
function scopeEnvironment(globalStorage: AsyncLocalStorage<ConvexGlobal>, context: AsyncLocalStorage<ExecutionContext>) {
  if (environmentScoped) return;
  environmentScoped = true;
  const real = process.env;
  /** A variable as the function running now sees it, or undefined where the process's own applies. */
  const lookup = (name: string | symbol): { value: string | undefined } | undefined => {
    const global = globalStorage.getStore();
    if (typeof name !== "string" || !global) return undefined;
    if (PLATFORM_ENV.includes(name)) {
      const value = platformEnvironments.get(global)?.()[name];
      return value === undefined ? undefined : { value };
    }
    const componentPath = context.getStore()?.componentPath;
    return componentPath ? { value: componentEnvironments.get(global)?.get(componentPath)?.[name] } : undefined;
  };
  const read = (name: string | symbol) => {
    const found = lookup(name);
    return found ? found.value : (Reflect.get(real, name) as string | undefined);
  };
  process.env = new Proxy(real, {
    // Writes always go to the process's own environment (process.env takes plain values only).
    set(target, name, value) {
      return Reflect.set(target, name, value);
    },
    get(target, name) {
      const found = lookup(name);
      return found ? found.value : (Reflect.get(target, name) as unknown);
    },
    has(target, name) {
      const found = lookup(name);
      return found ? found.value !== undefined : Reflect.has(target, name);
    },
    ownKeys(target) {
      const global = globalStorage.getStore();
      const componentPath = context.getStore()?.componentPath;
      const own = global && componentPath ? componentEnvironments.get(global)?.get(componentPath) : undefined;
      const keys = global && componentPath ? Object.keys(own ?? {}).filter((key) => own?.[key] !== undefined) : Reflect.ownKeys(target);
      return [...new Set([...keys, ...PLATFORM_ENV.filter((name) => read(name) !== undefined)])];
    },
    getOwnPropertyDescriptor(target, name) {
      const found = lookup(name);
      if (!found) return Reflect.getOwnPropertyDescriptor(target, name);
      return found.value === undefined ? undefined : { value: found.value, writable: true, enumerable: true, configurable: true };
    },
  });
}

/**
 * A Convex id names its table, and each component's tables are its own: an id of one component
 * is found in no other. convex-test numbers each component's documents from the same start, so
 * components draw their numbers from one counter instead. Setting a counter (restoring a saved
 * state) only ever moves the shared one forward.
 */
function shareIdCounter(dbs: DatabaseFake[]) {
  let next = Math.max(...dbs.map((db) => db._nextDocId));
  for (const db of dbs) {
    Object.defineProperty(db, "_nextDocId", {
      get: () => next,
      set: (value: number) => {
        next = Math.max(next, value);
      },
      configurable: true,
    });
  }
}

/**
 * Convex keeps a stored file's content type in `_storage.contentType`, and functions read it to
 * check uploads; convex-test keeps only size and sha256. The type rides along, keyed by the hash
 * convex-test computes the same way, to the `_storage` insert of that file (in whichever component
 * stores it).
 */
const pendingContentTypes = new Map<string, string>();

function keepContentTypes(db: DatabaseFake) {
  const insert = db.insert.bind(db);
  db.insert = (table, value) => {
    const type = table === "_storage" && typeof value.sha256 === "string" ? pendingContentTypes.get(value.sha256) : undefined;
    return insert(table, type ? { ...value, contentType: type } : value);
  };
}

function recordContentTypes(global: ConvexGlobal) {
  const jsSyscall = global.jsSyscall;
  global.jsSyscall = async (op, args) => {
    const blob = op === "storage/storeBlob" ? (args.blob as Blob) : null;
    if (!blob?.type) return jsSyscall(op, args);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await blob.arrayBuffer()));
    const sha256 = btoa(String.fromCharCode(...digest));
    pendingContentTypes.set(sha256, blob.type);
    try {
      return await jsSyscall(op, args);
    } finally {
      pendingContentTypes.delete(sha256);
    }
  };
}

/**
 * convex-test scans and sorts every document of every table for each read. Reads go through a
 * table store instead: binary-searched ranges of sorted indexes (a scan reads by creation time).
 * Without pending writes the rows arrive in order and convex-test only filters and paginates them;
 * a transaction's pending writes are merged in and convex-test sorts that smaller candidate set.
 */
function indexedReads(db: DatabaseFake): TableStore {
  const indexFields = (table: string, index: string) => {
    if (index === "by_creation_time") return ["_creationTime", "_id"];
    if (index === "by_id") return ["_id"];
    const declared = db._schema?.tables.get(table)?.indexes.find((i) => i.indexDescriptor === index);
    return declared ? [...declared.fields, "_creationTime", "_id"] : undefined;
  };
  const store = new TableStore(indexFields);
  store.load(Object.values(db._documents), tableOf);

  const pendingIds = (table: string) => {
    const ids = new Set<string>();
    for (const level of db._writes) for (const id of Object.keys(level)) if (tableOf(id) === table) ids.add(id);
    return ids;
  };
  const withPending = (table: string, committed: Iterable<Document>, visit: (doc: Document) => void) => {
    const pending = pendingIds(table);
    for (const doc of committed) if (!pending.has(doc._id)) visit(doc);
    for (const id of pending) {
      const doc = db.get(table, id);
      if (doc) visit(doc);
    }
  };

  let candidates: Document[] | undefined;
  db._iterateDocs = (table, visit) => {
    if (candidates) candidates.forEach(visit);
    else withPending(table, store.table(table).values(), visit);
  };
  const resolve = db._resolveQuerySource.bind(db);
  const resolveOver = (query: Parameters<typeof resolve>[0], docs: Document[]) => {
    candidates = docs;
    try {
      return resolve(query);
    } finally {
      candidates = undefined;
    }
  };
  /** A search's matches, best first; convex-test still compiles the query's other stages, on no rows. */
  const rankSearch = (query: SerializedQuery): { ranked: RankedDocument[]; resolved: ResolvedQuery } => {
    const source = query.source as SearchSource;
    const [table = "", index] = source.indexName.split(".");
    const definition = db._schema?.tables.get(table)?.searchIndexes?.find((i) => i.indexDescriptor === index);
    const docs: Document[] = [];
    withPending(table, store.table(table).values(), (doc) => docs.push(doc));
    return { ranked: search(source, definition, docs), resolved: resolveOver(query, []) };
  };
  db._resolveQuerySource = (query) => {
    const { type, indexName, range, tableName, order } = query.source;
    if (type === "Search") {
      const { ranked, resolved } = rankSearch(query);
      return { ...resolved, sortedDocs: ranked.map(({ doc }) => doc) };
    }
    const [table, index] =
      type === "FullTableScan" ? [tableName, "by_creation_time"] : type === "IndexRange" ? (indexName?.split(".") ?? []) : [];
    if (!table || !index) return resolve(query);
    const bounds = type === "FullTableScan" ? [] : (range ?? []);
    if (pendingIds(table).size > 0) {
      const inRange = store.range(table, index, bounds);
      if (!inRange) return resolve(query);
      const found: Document[] = [];
      withPending(table, inRange, (doc) => found.push(doc));
      return resolveOver(query, found);
    }
    // Committed rows come from the index already in order (a scan's by creation time), and a
    // limited query without filters (take, first, unique) gets only the rows it returns. convex-test
    // still validates and compiles the query, on no rows.
    const limit = query.operators.find((operator) => operator.limit !== undefined)?.limit;
    const filtered = query.operators.some((operator) => operator.filter !== undefined);
    const window = limit !== undefined && !filtered ? { order: order ?? "asc", limit } : undefined;
    const inRange = store.range(table, index, bounds, window);
    if (!inRange) return resolve(query);
    const resolved = resolveOver(query, []);
    if (!Array.isArray(resolved.sortedDocs) || (resolved.order !== "asc" && resolved.order !== "desc")) {
      throw new Error("convex-test internals changed: a resolved query has no sortedDocs and order");
    }
    return { ...resolved, sortedDocs: !window && resolved.order === "desc" ? inRange.reverse() : inRange };
  };

  const paginate = db.paginate.bind(db);
  db.paginate = (request) => {
    const { source } = request.query;
    if (source.type === "Search") {
      const { ranked, resolved } = rankSearch(request.query);
      return searchPage(ranked, resolved.filterFn, request);
    }
    const page = paginate(request);
    // convex-test ends a page that fills up on the range's last row; Convex's cursor stops after
    // that row instead (it does not look further), so the page is not done.
    const last = page.page.at(-1);
    const [table, index] = source.type === "FullTableScan" ? [source.tableName, "by_creation_time"] : (source.indexName?.split(".") ?? []);
    const fields = table && index ? indexFields(table, index) : undefined;
    if (!page.isDone || request.endCursor || page.pageStatus !== null || page.page.length < request.pageSize || !last || !fields) return page;
    return { ...page, isDone: false, continueCursor: db._encodeCursor(last, fields) };
  };
  return store;
}

/** What Convex adds to its read limit errors. */
const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

/** convex-test's limit errors, as Convex words them (crates/database reads.rs and writes.rs, and scheduling). */
const LIMIT_TEXTS: [RegExp, (limit: string) => string][] = [
  [/^Scanned too many documents .*\(limit: (\d+)\)/, (n) => `Too many documents read in a single function execution (limit: ${n}). ${OVER_LIMIT_HELP}`],
  [/^Read too much data .*\(limit: (\d+) bytes\)/, (n) => `Too many bytes read in a single function execution (limit: ${n} bytes). ${OVER_LIMIT_HELP}`],
  [/^Too many index ranges read .*\(limit: (\d+)\)/, (n) => `Too many reads in a single function execution (limit: ${n}). ${OVER_LIMIT_HELP}`],
  [/^Wrote too many documents .*\(limit: (\d+)\)/, (n) => `Too many writes in a single function execution (limit: ${n})`],
  [/^Wrote too much data .*\(limit: (\d+) bytes\)/, (n) => `Too many bytes written in a single function execution (limit: ${n} bytes)`],
  // crates/model/src/scheduled_jobs/mod.rs
  [/^Scheduled too many functions .*\(limit: (\d+)\)/, (n) => `Too many functions scheduled by this mutation (limit: ${n})`],
  [
    /^Scheduled function arguments too large .*\(limit: (\d+) bytes\)/,
    (n) => `Too large total size of the arguments of scheduled functions from this mutation (limit: ${n} bytes)`,
  ],
];

/** Rewords the limit errors of convex-test's metrics tracker (one class for every transaction). */
function useConvexLimitTexts(prototype: object) {
  const tracker = prototype as Record<string, unknown>;
  for (const method of ["trackRead", "trackWrite", "trackIndexRange", "trackScheduledFunction"]) {
    const original = tracker[method];
    if (typeof original !== "function") throw new Error(`convex-test internals changed: the metrics tracker has no ${method}()`);
    tracker[method] = function (this: unknown, ...args: unknown[]) {
      try {
        return (original as (...args: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        for (const [pattern, text] of LIMIT_TEXTS) {
          const limit = pattern.exec(error.message)?.[1];
          if (limit !== undefined) throw new Error(text(limit), { cause: error });
        }
        throw error;
      }
    };
  }
}

/**
 * A query's documents are fetched one `queryStreamNext` syscall each, and a live query reads the
 * same committed documents on every re-run. This serves that syscall as convex-test does (same
 * result, same read accounting) but encodes each committed document once. Committed documents
 * are never changed in place (writes replace them), so the cached text stays right.
 */
function streamFromCache(global: ConvexGlobal, currentDb: () => DatabaseFake, next: AsyncSyscall): AsyncSyscall {
  const encoded = new WeakMap<Document, { text: string; size: number }>();
  return (op, json) => {
    if (op !== "1.0/queryStreamNext") return next(op, json);
    const { queryId } = JSON.parse(json) as { queryId: number };
    const db = currentDb();
    const { value, done } = db.queryNext(queryId);
    if (done || value === null) return Promise.resolve(JSON.stringify(convexToJson({ value, done })));
    let cached = encoded.get(value);
    if (cached === undefined) {
      cached = { text: JSON.stringify(convexToJson(value)), size: getDocumentSize(value) };
      if (db._documents[value._id] === value) encoded.set(value, cached);
    }
    global.transactionManager.getMetricsTracker()?.trackRead(cached.size);
    return Promise.resolve(`{"done":false,"value":${cached.text}}`);
  };
}
