/**
 * What reads at an earlier timestamp need (/api/query_at_ts, ConvexHttpClient.consistentQuery):
 * for each recent commit, the version each document it changed had before it. Like Convex, only a
 * recent window is kept: commits of the last minute, at most 10,000 of them. A timestamp from before
 * the oldest dropped commit is refused with Convex's out-of-retention error (a 503 to retry).
 *
 * Such reads start from a timestamp the client asked for (/api/query_ts), so versions are kept
 * only from the first such request until a minute after the last one: a backend whose clients
 * never read at a timestamp (the app) pays nothing for the history.
 */
import type { CommitEvent } from "./commits";
import type { Document } from "./document-fields";
import { RetryableError } from "./syscall-rules";

export const RETENTION_MS = 60_000;
export const RETENTION_COMMITS = 10_000;

interface Undo {
  ts: bigint;
  /** Each changed document's version before the commit (null: it was inserted), by component and id. */
  before: { component: string; id: string; doc: Document | null }[];
}

/** Each document changed after a snapshot, at its version then (null: not inserted yet), by id. */
export type Versions = Record<string, Document | null>;

export class VersionHistory {
  private commits: Undo[] = [];
  /** The earliest answerable timestamp: reads before it would need a dropped commit's versions. */
  private earliest: bigint;
  /** Snapshots being read now, whose versions pruning keeps until they finish. */
  private readonly pinned: bigint[] = [];
  /** Until when (wall clock, ms) a client may still read at a timestamp it was given. */
  private wantedUntil = 0;

  constructor(start: bigint) {
    this.earliest = start;
  }

  /** Forgets everything: the state before `start` (a loaded one) is unknown. */
  reset(start: bigint) {
    this.commits = [];
    this.earliest = start;
  }

  /** A client was handed a timestamp to read at (/api/query_ts): keep versions from now on. */
  want() {
    this.wantedUntil = Date.now() + RETENTION_MS;
  }

  record(event: CommitEvent) {
    if (Date.now() > this.wantedUntil && this.pinned.length === 0) {
      // No one can read before this commit any more: nothing to keep.
      this.commits = [];
      this.earliest = event.ts;
      return;
    }
    if (event.changes.length > 0) {
      this.commits.push({ ts: event.ts, before: event.changes.map(({ component, id, before }) => ({ component, id, doc: before })) });
    }
    const cutoff = event.ts - BigInt(RETENTION_MS) * 1_000_000n;
    const floor = this.pinned.reduce((min, ts) => (ts < min ? ts : min), event.ts);
    for (let oldest = this.commits[0]; oldest && oldest.ts <= floor; oldest = this.commits[0]) {
      if (oldest.ts >= cutoff && this.commits.length <= RETENTION_COMMITS) break;
      this.commits.shift();
      this.earliest = oldest.ts;
    }
  }

  /** Runs `read` with the versions at `ts` kept for it; throws Convex's errors when `ts` is outside the window. */
  async pin<T>(ts: bigint, latest: bigint, read: () => Promise<T>): Promise<T> {
    if (ts < this.earliest) {
      throw new RetryableError("OutOfRetention", `Timestamp ${ts} is too early, retry with a higher timestamp`);
    }
    if (ts > latest) throw new RetryableError("InternalServerError", `Timestamp ${ts} is more recent than latest_ts ${latest}`, 500);
    this.pinned.push(ts);
    try {
      return await read();
    } finally {
      this.pinned.splice(this.pinned.indexOf(ts), 1);
    }
  }

  /** One component's documents changed after `ts`, each at its version then (its first change's before). */
  versionsAt(ts: bigint, component: string): Versions {
    const versions: Versions = {};
    for (let i = this.commits.length - 1; i >= 0 && this.commits[i]!.ts > ts; i--) {
      for (const { component: changed, id, doc } of this.commits[i]!.before) if (changed === component) versions[id] = doc;
    }
    return versions;
  }
}
