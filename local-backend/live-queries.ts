/**
 * Subscribed queries, shared: identical subscriptions (same function, arguments, identity and
 * journal) are one entry that runs once per change. A commit re-runs only the entries whose
 * recorded reads it can affect, found through an index by table.
 *
 * Entries of different callers share further when their query is a pass-through (engine.ts
 * PASS_THROUGH): its result is exactly that of one nested query, whose arguments carry what the
 * result may know of the caller (a forum page: staff or not). Such an entry watches its own reads
 * (the caller's users row) itself, and is linked to a shared run of the nested query (same
 * function and arguments), which watches the nested reads for every entry linked to it.
 * A commit that changes only the nested reads re-runs the nested query once, and every linked
 * entry takes its result; one that changes an entry's own reads re-runs that entry in full.
 */
import type { UserIdentity } from "convex/server";
import type { JSONValue } from "convex/values";
import type { CommitEvent } from "./engine/convex-test-internals";
import type { Engine, NestedQuery, QueryOutcome } from "./engine/engine";
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

/** A pass-through entry's tie to the shared run of its nested query: told when the nested reads change. */
interface Link extends Subscriber {
  entry: LiveQuery;
  shared: LiveQuery;
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
  /** A pass-through entry's shared nested run; its result is this entry's while its own reads hold. */
  link: Link | undefined;

  /** `shared`: the run of a pass-through's nested query for its linked entries, without an identity. */
  constructor(
    readonly key: string,
    readonly udfPath: string,
    readonly args: JSONValue,
    readonly identity: UserIdentity | null,
    journal: string | null,
    readonly shared = false,
  ) {
    this.journal = journal;
  }
}

export class LiveQueries {
  private readonly entries = new Map<string, LiveQuery>();
  /** The shared runs of pass-through entries' nested queries, by function, arguments and journal. */
  private readonly shared = new Map<string, LiveQuery>();
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
      this.unlink(entry);
      this.unindex(entry);
    }
  }

  /**
   * The entry's current result, running the query when it has none: a linked pass-through entry
   * takes its shared nested run's result, any other runs in full.
   */
  outcome(entry: LiveQuery): Promise<SharedOutcome> {
    if (entry.result) return entry.result;
    return entry.link ? this.fromShared(entry, entry.link.shared) : this.run(entry);
  }

  /**
   * Runs the entry's query. A re-run first lets the mutations waiting for the writer's turn go
   * (for at most RERUN_DEFER_MAX_MS): a burst of writes then costs a subscription one run, and
   * its subscribers one update, not one per write.
   */
  private run(entry: LiveQuery): Promise<SharedOutcome> {
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
        // A shared run is a nested query's, run as one: without an identity, which it must not
        // read, and without a journal, which a nested query's page does not keep (engine.ts).
        if (entry.shared) return engine.runQuery(entry.udfPath, entry.args, null, null, reads, false, rerun, true).then((run) => ({ ...run, journal: null }));
        return engine.runQuery(entry.udfPath, entry.args, entry.identity, entry.journal, reads, true, rerun);
      })
      .then((outcome) => ({ ...outcome, wire: toWire(outcome) }));
    entry.result = result;
    void result.then(
      (outcome) => this.settle(entry, result, outcome),
      () => this.settle(entry, result),
    );
    return result;
  }

  /**
   * A linked entry's result: its shared run's, when that run could be shared (it did not read the
   * identity nor fail; a failure's text names the outer function, so the entry runs in full).
   */
  private fromShared(entry: LiveQuery, shared: LiveQuery): Promise<SharedOutcome> {
    const result: Promise<SharedOutcome> = this.outcome(shared).then((outcome) => {
      // The entry changed meanwhile (its own reads, say the caller was deactivated): its current result counts.
      if (entry.result !== result) return this.outcome(entry);
      if (!outcome.outcome.ok || outcome.identityRead) {
        this.dropShared(shared);
        return this.outcome(entry);
      }
      return outcome;
    });
    entry.result = result;
    return result;
  }

  private isCurrent(entry: LiveQuery) {
    return (entry.shared ? this.shared : this.entries).get(entry.key) === entry;
  }

  private settle(entry: LiveQuery, result: Promise<SharedOutcome>, outcome?: QueryOutcome) {
    if (entry.result !== result) return;
    this.running.delete(entry);
    this.deferred.delete(entry);
    if (!this.isCurrent(entry)) return;
    if (outcome?.journal) entry.journal = outcome.journal;
    // A run reads the snapshot of the moment it was asked for: a commit during the run that
    // touches what it read by the end makes its result stale at once.
    const changed = entry.changedDuringRun;
    entry.changedDuringRun = [];
    const nested = outcome?.nested;
    const affected = (change: CommitEvent["changes"][number]) => entry.reads.isAffectedBy(change) || !!nested?.reads.isAffectedBy(change);
    if (changed.some((changes) => changes.some(affected))) return this.invalidate(entry);
    if (nested && !entry.shared) this.linkTo(entry, nested, outcome, result);
    this.index(entry);
  }

  /**
   * Links a pass-through entry, after a run in full, to the shared run of its nested query,
   * which takes this run's nested result (at least as recent as its own). While that shared run
   * is in flight the entry watches the nested reads itself, and links after its next run.
   */
  private linkTo(entry: LiveQuery, nested: NestedQuery, outcome: QueryOutcome, result: Promise<SharedOutcome>) {
    const key = JSON.stringify([nested.udfPath, nested.args]);
    let shared = this.shared.get(key);
    // A page the function read itself has a journal, which is not the nested query's to share.
    if (outcome.journal !== null || (shared && (this.running.has(shared) || this.deferred.has(shared)))) {
      entry.reads.merge(nested.reads);
      return;
    }
    if (!shared) {
      shared = new LiveQuery(key, nested.udfPath, nested.args, null, null, true);
      this.shared.set(key, shared);
    }
    // The entry's result is the nested one exactly (the engine checked), so its wire form serves the shared run too.
    shared.result = result.then((own) => ({ outcome: own.outcome, reads: nested.reads, journal: null, wire: own.wire }));
    shared.ran = true;
    shared.reads = nested.reads;
    this.index(shared);
    const link: Link = { entry, shared, invalidated: () => this.nestedChanged(entry) };
    entry.link = link;
    shared.subscribers.set(link, 1);
  }

  /** The nested reads of a linked entry changed: it takes the shared run's next result. */
  private nestedChanged(entry: LiveQuery) {
    if (!entry.result || this.running.has(entry) || this.deferred.has(entry)) return;
    entry.result = undefined;
    for (const subscriber of entry.subscribers.keys()) subscriber.invalidated(entry);
  }

  private unlink(entry: LiveQuery) {
    const link = entry.link;
    if (!link) return;
    entry.link = undefined;
    const { shared } = link;
    shared.subscribers.delete(link);
    if (shared.subscribers.size === 0 && this.shared.get(shared.key) === shared) {
      this.shared.delete(shared.key);
      this.unindex(shared);
    }
  }

  /** A shared run that cannot serve its entries: each runs in full again, and links anew if it can. */
  private dropShared(shared: LiveQuery) {
    for (const link of [...shared.subscribers.keys()] as Link[]) this.invalidate(link.entry);
    if (this.shared.get(shared.key) === shared) this.shared.delete(shared.key);
    this.unindex(shared);
  }

  private index(entry: LiveQuery) {
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

  /** The entry must run again; a linked entry runs in full, its own reads having changed. */
  private invalidate(entry: LiveQuery) {
    entry.result = undefined;
    this.running.delete(entry);
    this.deferred.delete(entry);
    this.unlink(entry);
    for (const subscriber of [...entry.subscribers.keys()]) subscriber.invalidated(entry);
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
