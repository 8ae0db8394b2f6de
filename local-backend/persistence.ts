/**
 * Keeps the database on disk: every commit is a log record (fsync'd before the mutation is
 * acknowledged), and a snapshot replaces the log when it grows. Restore = snapshot + records.
 */
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { CommitEvent, DatabaseState, Document } from "./engine/convex-test-internals";
import { DurableStore } from "./storage/durable-store";

type SnapshotFile = { ts: string; nextDocId: number; lastCreationTime: number; documents: JSONValue[] };
type CommitRecord = { ts: string; nextDocId: number; lastCreationTime: number; changes: { id: string; doc: JSONValue | null }[] };

/** Snapshot once the log passes this size, so restarts stay fast. */
const SNAPSHOT_AFTER_BYTES = 32 * 1024 * 1024;

export interface Persistence {
  /** The saved database, or null for a new data directory. */
  restore(): DatabaseState | null;
  append(event: CommitEvent): void;
  /** Resolves once every commit appended so far is on disk. */
  durable(): Promise<void>;
  /** Writes a snapshot when the log has grown large. */
  maybeSnapshot(state: () => DatabaseState): Promise<void>;
  close(state: DatabaseState): Promise<void>;
  /** File-storage blobs on disk; undefined when they live in memory only. */
  blobs?: { put(id: string, bytes: Uint8Array): Promise<void>; get(id: string): Promise<Uint8Array | null>; delete(id: string): Promise<void> };
}

export class MemoryPersistence implements Persistence {
  restore() {
    return null;
  }
  append() {}
  durable() {
    return Promise.resolve();
  }
  maybeSnapshot() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

function toSnapshot(state: DatabaseState): SnapshotFile {
  return {
    ts: state.lastCommitTs.toString(),
    nextDocId: state.nextDocId,
    lastCreationTime: state.lastCreationTime,
    documents: state.documents.map((doc) => convexToJson(doc)),
  };
}

export class DiskPersistence implements Persistence {
  private last: Promise<void> = Promise.resolve();
  private snapshotting = false;

  readonly blobs;

  private constructor(
    private readonly store: DurableStore<SnapshotFile, CommitRecord>,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.blobs = {
      put: (id: string, bytes: Uint8Array) => store.putBlob(id, bytes),
      get: (id: string) => store.getBlob(id),
      delete: (id: string) => store.deleteBlob(id),
    };
  }

  static async open(dataDir: string, onFailure: (error: unknown) => void) {
    return new DiskPersistence(await DurableStore.open<SnapshotFile, CommitRecord>(dataDir), onFailure);
  }

  restore(): DatabaseState | null {
    const { snapshot, records } = this.store.recovered();
    if (!snapshot && records.length === 0) return null;
    const documents = new Map<string, Document>();
    for (const json of snapshot?.documents ?? []) {
      const doc = jsonToConvex(json) as Document;
      documents.set(doc._id, doc);
    }
    let state = {
      ts: snapshot?.ts ?? "0",
      nextDocId: snapshot?.nextDocId ?? 10000,
      lastCreationTime: snapshot?.lastCreationTime ?? 0,
    };
    for (const record of records) {
      for (const { id, doc } of record.changes) {
        if (doc === null) documents.delete(id);
        else documents.set(id, jsonToConvex(doc) as Document);
      }
      state = { ts: record.ts, nextDocId: record.nextDocId, lastCreationTime: record.lastCreationTime };
    }
    return {
      documents: [...documents.values()],
      nextDocId: state.nextDocId,
      lastCreationTime: state.lastCreationTime,
      lastCommitTs: BigInt(state.ts),
    };
  }

  append(event: CommitEvent) {
    // Read-only transactions commit too; they change nothing worth an fsync.
    if (event.changes.length === 0) return;
    const record: CommitRecord = {
      ts: event.ts.toString(),
      nextDocId: event.nextDocId,
      lastCreationTime: event.lastCreationTime,
      changes: event.changes.map((change) => ({ id: change.id, doc: change.after ? convexToJson(change.after) : null })),
    };
    // Appends resolve in order, so waiting for the latest covers every earlier commit.
    this.last = this.store.append(record).catch((error: unknown) => {
      this.onFailure(error);
      throw error;
    });
  }

  durable() {
    return this.last;
  }

  async maybeSnapshot(state: () => DatabaseState) {
    if (this.snapshotting || this.store.logSize() < SNAPSHOT_AFTER_BYTES) return;
    this.snapshotting = true;
    try {
      await this.last;
      await this.store.writeSnapshot(toSnapshot(state()));
    } finally {
      this.snapshotting = false;
    }
  }

  async close(state: DatabaseState) {
    await this.last;
    await this.store.writeSnapshot(toSnapshot(state));
    await this.store.close();
  }
}
