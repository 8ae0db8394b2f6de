/**
 * Subscribed queries, shared: identical subscriptions (same function, arguments, identity and
 * journal) are one entry that runs once per change. A commit re-runs only the entries whose
 * recorded reads it can affect, found through an index by table.
 */
import type { UserIdentity } from "convex/server";
import type { JSONValue } from "convex/values";
import type { CommitEvent } from "./engine/convex-test-internals";
import type { Engine, QueryOutcome } from "./engine/engine";
import { ReadSet, tableKey } from "./engine/read-set";

export interface Subscriber {
  /** The entry behind one of the subscriber's queries changed. */
  invalidated(entry: LiveQuery): void;
}

/** A query's result with its wire form, serialized once however many sessions send it. */
export interface SharedOutcome extends QueryOutcome {
  /** The QueryUpdated/QueryFailed fields after `queryId`, as JSON text without braces. */
  wire: string;
}

function toWire({ outcome, journal }: QueryOutcome): string {
  const tail = `,"logLines":${JSON.stringify(outcome.logLines ?? [])},"journal":${JSON.stringify(journal)}`;
  if (outcome.ok) return `"type":"QueryUpdated","value":${JSON.stringify(outcome.value)}${tail}`;
  const data = outcome.data === undefined ? "" : `,"errorData":${JSON.stringify(outcome.data)}`;
  return `"type":"QueryFailed","errorMessage":${JSON.stringify(outcome.message)}${data}${tail}`;
}

/** How long a re-run waits at most for the writes in line: subscribers see a change within this much, however busy. */
export const RERUN_DEFER_MAX_MS = 100;

export class LiveQuery {
  /** The latest journal; a paginated query's end cursor moves only when the client asks. */
  journal: string | null;
  result: Promise<SharedOutcome> | undefined;
  /** Reads of the latest run; while a run is in flight, the reads it has made so far. */
  reads = new ReadSet();
  /** Changes committed while the latest run was in flight: it read a snapshot from before them. */
  changedDuringRun: CommitEvent["changes"][] = [];
  tables = new Set<string>();
  /** It has run before: a run now is a re-run, which waits behind writes for a runner. */
  ran = false;
  readonly subscribers = new Map<Subscriber, number>();

  constructor(
    readonly key: string,
    readonly udfPath: string,
    readonly args: JSONValue,
    readonly identity: UserIdentity | null,
    journal: string | null,
  ) {
    this.journal = journal;
  }
}

export class LiveQueries {
  private readonly entries = new Map<string, LiveQuery>();
  private readonly byTable = new Map<string, Set<LiveQuery>>();
  private readonly running = new Set<LiveQuery>();
  /** Entries whose run waits for the writes to settle: it will read every commit made meanwhile. */
  private readonly deferred = new Set<LiveQuery>();

  constructor(private engine: Engine) {}

  /** Functions were reloaded: every entry runs again on the new code. */
  replaceEngine(engine: Engine) {
    this.engine = engine;
    for (const entry of this.entries.values()) this.invalidate(entry);
  }

  acquire(subscriber: Subscriber, udfPath: string, args: JSONValue, identity: UserIdentity | null, journal: string | null) {
    // The whole identity: two callers with one tokenIdentifier may differ in claims (an admin acting as a user).
    const key = JSON.stringify([identity ?? null, udfPath, args, journal]);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = new LiveQuery(key, udfPath, args, identity, journal);
      this.entries.set(key, entry);
    }
    entry.subscribers.set(subscriber, (entry.subscribers.get(subscriber) ?? 0) + 1);
    return entry;
  }

  release(subscriber: Subscriber, entry: LiveQuery) {
    const count = (entry.subscribers.get(subscriber) ?? 0) - 1;
    if (count > 0) entry.subscribers.set(subscriber, count);
    else entry.subscribers.delete(subscriber);
    if (entry.subscribers.size === 0 && this.entries.get(entry.key) === entry) {
      this.entries.delete(entry.key);
      this.unindex(entry);
    }
  }

  /**
   * The entry's current result, running the query when it has none. A re-run first lets the
   * mutations waiting for the writer's turn go (for at most RERUN_DEFER_MAX_MS): a burst of writes
   * then costs a subscription one run, and its subscribers one update, not one per write.
   */
  outcome(entry: LiveQuery): Promise<SharedOutcome> {
    if (!entry.result) {
      const rerun = entry.ran;
      entry.ran = true;
      this.deferred.add(entry);
      const engine = this.engine;
      const result = (rerun ? engine.writesSettled(RERUN_DEFER_MAX_MS) : Promise.resolve())
        .then(() => {
          this.deferred.delete(entry);
          const reads = new ReadSet();
          entry.reads = reads;
          entry.changedDuringRun = [];
          this.running.add(entry);
          return engine.runQuery(entry.udfPath, entry.args, entry.identity, entry.journal, reads, true, rerun);
        })
        .then((outcome) => ({ ...outcome, wire: toWire(outcome) }));
      entry.result = result;
      void result.then(
        (outcome) => this.settle(entry, result, outcome),
        () => this.settle(entry, result),
      );
    }
    return entry.result;
  }

  private settle(entry: LiveQuery, result: Promise<SharedOutcome>, outcome?: QueryOutcome) {
    if (entry.result !== result) return;
    this.running.delete(entry);
    this.deferred.delete(entry);
    if (!this.entries.has(entry.key)) return;
    if (outcome?.journal) entry.journal = outcome.journal;
    // A run reads the snapshot of the moment it was asked for: a commit during the run that
    // touches what it read by the end makes its result stale at once.
    const changed = entry.changedDuringRun;
    entry.changedDuringRun = [];
    if (changed.some((changes) => changes.some((change) => entry.reads.isAffectedBy(change)))) return this.invalidate(entry);
    this.unindex(entry);
    entry.tables = entry.reads.touchedTables();
    for (const table of entry.tables) {
      let set = this.byTable.get(table);
      if (!set) this.byTable.set(table, (set = new Set()));
      set.add(entry);
    }
  }

  private unindex(entry: LiveQuery) {
    for (const table of entry.tables) this.byTable.get(table)?.delete(entry);
    entry.tables = new Set();
  }

  private invalidate(entry: LiveQuery) {
    entry.result = undefined;
    this.running.delete(entry);
    this.deferred.delete(entry);
    for (const subscriber of entry.subscribers.keys()) subscriber.invalidated(entry);
  }

  onCommit(event: CommitEvent) {
    for (const entry of this.running) entry.changedDuringRun.push(event.changes);
    const affected = new Set<LiveQuery>();
    for (const change of event.changes) {
      // A run in flight is left to finish: its snapshot's result is right for its timestamp, and
      // what it read is checked against these changes when it settles.
      for (const entry of this.byTable.get(tableKey(change.component, change.table)) ?? []) {
        if (!affected.has(entry) && !this.running.has(entry) && !this.deferred.has(entry) && entry.reads.isAffectedBy(change)) affected.add(entry);
      }
    }
    for (const entry of affected) this.invalidate(entry);
  }

  get size() {
    return this.entries.size;
  }
}
