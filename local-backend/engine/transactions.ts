/**
 * Transactions that run side by side, as on Convex: queries read a snapshot and never wait,
 * mutations take turns (one writer at a time, so they stay serializable without retries).
 *
 * convex-test runs one transaction at a time: its transaction manager holds a lock for the whole
 * of each query and mutation, and every component database keeps one stack of pending writes.
 * A function that never ends would then hold every other client. Here the manager's per-call
 * state (its lock, its metrics) and each database's pending writes belong to the transaction of
 * the current async context instead, so calls overlap:
 *
 * - A query reads one snapshot all through: the latest commit when the engine was asked to run
 *   it (so a sync Transition's results are all of its timestamp), or an earlier one it asked for.
 *   A level under its own writes holds, for each document a later commit changes, its version at
 *   the snapshot, filled in by each commit as it happens.
 * - A mutation waits for the writer's turn, then reads the latest state, which no one else can
 *   change until it commits or rolls back.
 *
 * convex-test does not say whether a transaction it begins is a query's or a mutation's, so the
 * kind is read from its caller's name (runQueryWithHandler / runMutationWithHandler), which
 * convex-test-internals.test.ts pins.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Document } from "./document-fields";
import type { Versions } from "./snapshots";

export type TransactionKind = "query" | "mutation";

type Writes = Record<string, Document | null>[];

/** What convex-test's transaction manager keeps per call, here kept per transaction. */
interface ManagerState {
  _waitOnCurrentFunction: Promise<void> | null;
  _markTransactionDone: (() => void) | null;
  _metricsTracker: unknown;
}

class Transaction implements ManagerState {
  _waitOnCurrentFunction: Promise<void> | null = null;
  _markTransactionDone: (() => void) | null = null;
  _metricsTracker: unknown = null;
  readonly writes = new Map<object, Writes>();
  snapshotTs: bigint | undefined;
  /** A snapshot the transaction took itself (not reserved by the engine), held until it ends. */
  snapshot: Snapshot | undefined;
  release: (() => void) | undefined;
  ended = false;

  constructor(readonly kind: TransactionKind) {}
}

const current = new AsyncLocalStorage<Transaction>();

function active(): Transaction | undefined {
  const txn = current.getStore();
  return txn && !txn.ended ? txn : undefined;
}

/** One writer at a time, in arrival order. */
class WriterTurn {
  private tail: Promise<void> = Promise.resolve();
  /** Mutations holding or waiting for the turn. */
  private pending = 0;
  private readonly whenIdle = new Set<() => void>();

  take(): Promise<() => void> {
    const previous = this.tail;
    let resolve!: () => void;
    this.tail = new Promise<void>((done) => (resolve = done));
    this.pending++;
    const release = () => {
      resolve();
      if (--this.pending > 0) return;
      for (const wake of this.whenIdle) wake();
      this.whenIdle.clear();
    };
    return previous.then(() => release);
  }

  /** No mutation holds or waits for the turn now. */
  get idle(): boolean {
    return this.pending === 0;
  }

  /** Resolves once no mutation holds or waits for the turn, or after `maxMs`, whichever is first. */
  settled(maxMs: number): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.whenIdle.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxMs);
      this.whenIdle.add(wake);
    });
  }
}

/** What the manager needs of convex-test's. */
export interface Manager extends ManagerState {
  _lastCommitTs: bigint;
  begin(isNested: boolean, limits?: unknown): Promise<void>;
  getSnapshotTs(): bigint;
  _endTransaction(isNested: boolean): void;
}

/**
 * A snapshot held for a query: its timestamp, and per component the versions of the documents
 * changed since, as each commit fills them in.
 */
export class Snapshot {
  readonly levels = new Map<string, Versions>();
  /** A reserved snapshot serves the one query it was reserved for. */
  taken = false;
  constructor(readonly ts: bigint) {}
}

const KIND_BY_CALLER: [RegExp, TransactionKind][] = [
  [/\brunQueryWithHandler\b/, "query"],
  [/\brunMutationWithHandler\b/, "mutation"],
];

/** Function names only: formatting a stack (with source maps) would cost more than the transaction. */
const functionNames = (_error: Error, sites: NodeJS.CallSite[]) => sites.map((site) => site.getFunctionName() ?? "").join("\n");

/** The kind of the transaction convex-test is beginning, from the function that calls begin. */
function kindOfCaller(): TransactionKind {
  const savedLimit = Error.stackTraceLimit;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, never called here
  const savedPrepare = Error.prepareStackTrace;
  Error.stackTraceLimit = 6;
  Error.prepareStackTrace = functionNames;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, kindOfCaller);
  const stack = holder.stack ?? "";
  Error.stackTraceLimit = savedLimit;
  Error.prepareStackTrace = savedPrepare;
  for (const [pattern, kind] of KIND_BY_CALLER) if (pattern.test(stack)) return kind;
  throw new Error("convex-test internals changed: a transaction began from neither runQueryWithHandler nor runMutationWithHandler");
}

export class Transactions {
  private readonly writer = new WriterTurn();
  /** Snapshots held now, which each commit fills in. */
  private readonly held = new Set<Snapshot>();
  /** The snapshot the engine took for the query about to run in this context. */
  private readonly reserved = new AsyncLocalStorage<Snapshot>();

  constructor(
    private readonly manager: Manager,
    private readonly databases: Map<string, { _writes: Writes }>,
  ) {}

  /** Resolves once no mutation holds or waits for the writer's turn, or after `maxMs`. */
  writesSettled(maxMs: number): Promise<void> {
    return this.writer.settled(maxMs);
  }

  /** No mutation holds or waits for the writer's turn now. */
  writesIdle(): boolean {
    return this.writer.idle;
  }

  /**
   * Runs `read` (one query) on the snapshot of the latest commit now, or on `at` when given with
   * the versions the history knows since then.
   */
  async readAt<T>(read: () => Promise<T>, at?: { ts: bigint; versionsAt: (component: string) => Versions }): Promise<T> {
    const snapshot = new Snapshot(at?.ts ?? this.manager._lastCommitTs);
    for (const component of this.databases.keys()) snapshot.levels.set(component, at ? at.versionsAt(component) : {});
    this.held.add(snapshot);
    try {
      return await this.reserved.run(snapshot, read);
    } finally {
      this.held.delete(snapshot);
    }
  }

  /** Moves convex-test's per-call state into the transaction of the current async context. */
  install() {
    const { manager } = this;
    for (const field of ["_waitOnCurrentFunction", "_markTransactionDone", "_metricsTracker"] as const) {
      Object.defineProperty(manager, field, {
        get: () => active()?.[field] ?? null,
        set: (value: never) => {
          const txn = active();
          if (txn) txn[field] = value;
          else if (value !== null) throw new Error(`convex-test set ${field} outside a transaction`);
        },
        configurable: true,
      });
    }
    for (const db of this.databases.values()) {
      Object.defineProperty(db, "_writes", {
        get: () => {
          const txn = active();
          if (!txn) return [];
          let writes = txn.writes.get(db);
          if (!writes) txn.writes.set(db, (writes = []));
          return writes;
        },
        set: (value: Writes) => {
          const txn = active();
          if (!txn) throw new Error("convex-test replaced pending writes outside a transaction");
          txn.writes.set(db, value);
        },
        configurable: true,
      });
    }
    const begin = manager.begin.bind(manager);
    // Not async: enterWith must run in convex-test's own synchronous call, so that the rest of its
    // transaction (the function, the commit or rollback) runs in the new transaction's context.
    manager.begin = (isNested, limits) => {
      if (isNested) return begin(isNested, limits);
      const txn = new Transaction(kindOfCaller());
      current.enterWith(txn);
      if (txn.kind === "mutation") {
        return this.writer.take().then((release) => {
          txn.release = release;
          return begin(isNested, limits);
        });
      }
      this.beginRead(txn);
      return begin(isNested, limits);
    };
    const getSnapshotTs = manager.getSnapshotTs.bind(manager);
    manager.getSnapshotTs = () => active()?.snapshotTs ?? getSnapshotTs();
    const end = manager._endTransaction.bind(manager);
    manager._endTransaction = (isNested) => {
      end(isNested);
      if (isNested) return;
      const txn = current.getStore();
      if (!txn || txn.ended) return;
      txn.ended = true;
      if (txn.snapshot) this.held.delete(txn.snapshot);
      txn.release?.();
    };
  }

  /**
   * A query reads the snapshot the engine reserved for it, or else (a query an action runs) the
   * latest commit now, whatever commits while it runs.
   */
  private beginRead(txn: Transaction) {
    let snapshot = this.reserved.getStore();
    if (!snapshot || snapshot.taken) {
      snapshot = new Snapshot(this.manager._lastCommitTs);
      for (const component of this.databases.keys()) snapshot.levels.set(component, {});
      this.held.add(snapshot);
      txn.snapshot = snapshot;
    }
    snapshot.taken = true;
    txn.snapshotTs = snapshot.ts;
    for (const [component, db] of this.databases) db._writes.push(snapshot.levels.get(component)!);
  }

  /** Called for each commit, before any other code runs: queries in flight keep what they saw. */
  record(changes: { component: string; id: string; before: Document | null }[]) {
    for (const snapshot of this.held) {
      for (const { component, id, before } of changes) {
        const level = snapshot.levels.get(component);
        if (level && !(id in level)) level[id] = before;
      }
    }
  }

  /** The kind of the transaction running in the current context, if any. */
  kind(): TransactionKind | undefined {
    return active()?.kind;
  }
}
