/**
 * The one place that reaches into convex-test's private state (pinned at 0.0.60). Everything
 * here is checked by convex-test-internals.test.ts, which fails loudly if a new version moves it.
 *
 * convex-test keeps, per instance, a private "convex global" that holds the in-memory database,
 * the transaction manager and the syscall functions. The instance installs it with
 * AsyncLocalStorage.run on every call, which is how we capture it once.
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
import { convexToJson, getDocumentSize, type Value } from "convex/values";
import { TableStore, type RangeBound } from "./table-store";

export type Modules = Record<string, () => Promise<unknown>>;
export type HostMutationCtx = GenericMutationCtx<GenericDataModel>;
export type HostActionCtx = GenericActionCtx<GenericDataModel>;
type AnyReference = FunctionReference<"query" | "mutation" | "action", "public" | "internal">;

/** The part of convex-test's public accessor the engine uses, typed for a schema known only at run time. */
export interface Accessor {
  query(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  mutation(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  action(ref: AnyReference, args: Record<string, Value>): Promise<Value | undefined>;
  action(fn: (ctx: HostActionCtx) => Promise<null>): Promise<null>;
  run<T>(fn: (ctx: HostMutationCtx) => Promise<T>): Promise<T>;
  withIdentity(identity: Partial<UserIdentity>): Accessor;
}
export type Document = Record<string, Value> & { _id: string; _creationTime: number };

type Syscall = (op: string, json: string) => string;
type AsyncSyscall = (op: string, json: string) => Promise<string>;
export type JsSyscall = (op: string, args: Record<string, unknown>) => Promise<unknown>;

interface QuerySource {
  type: string;
  tableName?: string;
  indexName?: string;
  range?: RangeBound[];
  order?: "asc" | "desc";
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
}

interface DatabaseFake {
  _documents: Record<string, Document>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Record<string, Document | null>[];
  _schema: { tables: Map<string, { indexes: { indexDescriptor: string; fields: string[] }[] }> } | null;
  commit(commitTs: bigint): void;
  insert(table: string, value: Record<string, Value>): string;
  get(table: string, id: string): Document | null;
  queryNext(queryId: number): { value: Document | null; done: boolean };
  _iterateDocs(table: string, callback: (doc: Document) => void): void;
  _resolveQuerySource(query: SerializedQuery): ResolvedQuery;
}

interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake }>;
  transactionManager: { _lastCommitTs: bigint; getMetricsTracker(): { trackRead(bytes: number): void } | undefined };
  syscall: Syscall;
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
}

export interface Change {
  id: string;
  table: string;
  before: Document | null;
  after: Document | null;
}

export interface CommitEvent {
  ts: bigint;
  changes: Change[];
  /** The id counter and last creation time after the commit, so a replay restores both. */
  nextDocId: number;
  lastCreationTime: number;
}

export interface DatabaseState {
  documents: Document[];
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: bigint;
}

/** convex-test encodes the table name after the numeric counter of every id. */
export function tableOf(id: string): string {
  return id.replace(/^[0-9]+/, "");
}

function isConvexGlobal(store: unknown): store is ConvexGlobal {
  return typeof store === "object" && store !== null && "components" in store && "transactionManager" in store;
}

export interface Internals {
  t: Accessor;
  /** Every committed document, with ids, creation times and the id counter, to persist. */
  exportState(): DatabaseState;
  /** Replaces the database with a saved state. Only while nothing runs (start-up). */
  importState(state: DatabaseState): void;
  /** Called after every outermost commit with the documents it changed. */
  onCommit(listener: (event: CommitEvent) => void): void;
  latestCommitTs(): bigint;
  /** Wraps the syscalls every function makes, to observe reads and take over scheduling. */
  wrapSyscalls(wrap: { sync: (next: Syscall) => Syscall; async: (next: AsyncSyscall) => AsyncSyscall }): void;
  /** Wraps the syscalls that move file-storage blobs (storeBlob, getBlob). */
  wrapJsSyscall(wrap: (next: JsSyscall) => JsSyscall): void;
  /** File-storage blobs held in memory, by storage id. */
  blobs: Record<string, Blob>;
  /** Inserts into a system table inside the transaction that is running (scheduling). */
  insertInCurrentTransaction(table: string, value: Record<string, Value>): string;
}

export async function createInternals(schema: SchemaDefinition<GenericSchema, boolean>, modules: Modules): Promise<Internals> {
  const t = convexTest(schema, modules);
  let captured: ConvexGlobal | undefined;
  // Restored right below; only `call` is used on it, always with the right receiver.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const originalRun = AsyncLocalStorage.prototype.run;
  AsyncLocalStorage.prototype.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]): R {
    if (!captured && isConvexGlobal(store)) captured = store;
    return (originalRun as (...args: unknown[]) => R).call(this, store, ...rest);
  };
  try {
    await t.run(async () => {});
  } finally {
    AsyncLocalStorage.prototype.run = originalRun;
  }
  if (!captured) throw new Error("convex-test internals changed: its convex global was not found");
  const global = captured;
  const component = global.components[""];
  if (!component) throw new Error("convex-test internals changed: no root component database");
  const db = component.db;
  if (typeof global.jsSyscall !== "function") throw new Error("convex-test internals changed: no jsSyscall");
  for (const field of ["_documents", "_storage", "_nextDocId", "_lastCreationTime", "_writes", "_schema"] as const) {
    if (!(field in db)) throw new Error(`convex-test internals changed: database has no ${field}`);
  }
  if (typeof global.transactionManager.getMetricsTracker !== "function") {
    throw new Error("convex-test internals changed: transaction manager has no getMetricsTracker()");
  }
  for (const method of ["get", "insert", "commit", "queryNext", "_iterateDocs", "_resolveQuerySource"] as const) {
    if (typeof db[method] !== "function") throw new Error(`convex-test internals changed: database has no ${method}()`);
  }
  const store = indexedReads(db);
  keepContentTypes(global, db);
  if (typeof global.transactionManager._lastCommitTs !== "bigint") {
    throw new Error("convex-test internals changed: transaction manager has no _lastCommitTs");
  }

  const listeners: ((event: CommitEvent) => void)[] = [];
  const commit = db.commit.bind(db);
  db.commit = (commitTs: bigint) => {
    // Nested transactions merge into their parent; only the outermost commit reaches the database.
    const outermost = db._writes.length === 1;
    const written = outermost ? Object.keys(db._writes[0] ?? {}) : [];
    const before = written.map((id) => db._documents[id] ?? null);
    commit(commitTs);
    if (!outermost) return;
    const changes = written.map((id, i) => ({
      id,
      table: tableOf(id),
      before: before[i] ?? null,
      after: db._documents[id] ?? null,
    }));
    for (const change of changes) store.apply(change.table, change.before, change.after);
    const event = { ts: commitTs, changes, nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime };
    for (const listener of listeners) listener(event);
  };

  return {
    t: t as unknown as Accessor,
    exportState: () => ({
      documents: Object.values(db._documents),
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      lastCommitTs: global.transactionManager._lastCommitTs,
    }),
    importState: (state) => {
      db._documents = Object.fromEntries(state.documents.map((doc) => [doc._id, doc]));
      store.load(state.documents, tableOf);
      db._nextDocId = state.nextDocId;
      db._lastCreationTime = state.lastCreationTime;
      global.transactionManager._lastCommitTs = state.lastCommitTs;
    },
    onCommit: (listener) => listeners.push(listener),
    latestCommitTs: () => global.transactionManager._lastCommitTs,
    wrapSyscalls: ({ sync, async }) => {
      global.syscall = sync(global.syscall);
      global.asyncSyscall = async(streamFromCache(global, db, global.asyncSyscall));
    },
    wrapJsSyscall: (wrap) => {
      global.jsSyscall = wrap(global.jsSyscall);
    },
    get blobs() {
      return db._storage;
    },
    insertInCurrentTransaction: (table, value) => db.insert(table, value),
  };
}

/**
 * Convex keeps a stored file's content type in `_storage.contentType`, and functions read it to
 * check uploads; convex-test keeps only size and sha256. The type rides along, keyed by the hash
 * convex-test computes the same way, to the `_storage` insert of that file.
 */
function keepContentTypes(global: ConvexGlobal, db: DatabaseFake) {
  const types = new Map<string, string>();
  const insert = db.insert.bind(db);
  db.insert = (table, value) => {
    const type = table === "_storage" && typeof value.sha256 === "string" ? types.get(value.sha256) : undefined;
    return insert(table, type ? { ...value, contentType: type } : value);
  };
  const jsSyscall = global.jsSyscall;
  global.jsSyscall = async (op, args) => {
    const blob = op === "storage/storeBlob" ? (args.blob as Blob) : null;
    if (!blob?.type) return jsSyscall(op, args);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await blob.arrayBuffer()));
    const sha256 = btoa(String.fromCharCode(...digest));
    types.set(sha256, blob.type);
    try {
      return await jsSyscall(op, args);
    } finally {
      types.delete(sha256);
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
  const store = new TableStore((table, index) => {
    if (index === "by_creation_time") return ["_creationTime", "_id"];
    if (index === "by_id") return ["_id"];
    const declared = db._schema?.tables.get(table)?.indexes.find((i) => i.indexDescriptor === index);
    return declared ? [...declared.fields, "_creationTime", "_id"] : undefined;
  });
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
  db._resolveQuerySource = (query) => {
    const { type, indexName, range, tableName, order } = query.source;
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
  return store;
}

/**
 * A query's documents are fetched one `queryStreamNext` syscall each, and a live query reads the
 * same committed documents on every re-run. This serves that syscall as convex-test does (same
 * result, same read accounting) but encodes each committed document once. Committed documents
 * are never changed in place (writes replace them), so the cached text stays right.
 */
function streamFromCache(global: ConvexGlobal, db: DatabaseFake, next: AsyncSyscall): AsyncSyscall {
  const encoded = new WeakMap<Document, { text: string; size: number }>();
  return (op, json) => {
    if (op !== "1.0/queryStreamNext") return next(op, json);
    const { queryId } = JSON.parse(json) as { queryId: number };
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
