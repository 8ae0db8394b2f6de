/**
 * Keeps the database on disk: every commit is a log record (fsync'd before the mutation is
 * acknowledged), and a snapshot replaces the log when it grows. Restore = snapshot + records.
 */
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { CommitEvent, ComponentState, DatabaseState, Document } from "./engine/convex-test-internals";
import { DurableStore } from "./storage/durable-store";

/**
 * The app's documents and counters sit at the top level (the format from before components), each
 * installed component's under `components`, by path.
 */
type SavedComponent = { nextDocId: number; lastCreationTime: number; documents: JSONValue[] };
type SnapshotFile = SavedComponent & { ts: string; components?: Record<string, SavedComponent> };
type CommitRecord = {
  ts: string;
  /** The app's counters, when the commit wrote to the app. */
  nextDocId?: number;
  lastCreationTime?: number;
  /** Other components' counters `[nextDocId, lastCreationTime]`, when the commit wrote to them. */
  components?: Record<string, [number, number]>;
  changes: { id: string; doc: JSONValue | null; component?: string }[];
};

/** convex-test's first id counter: a component that never wrote starts here. */
const FIRST_DOC_ID = 10000;

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

function saved(state: ComponentState): SavedComponent {
  return { nextDocId: state.nextDocId, lastCreationTime: state.lastCreationTime, documents: state.documents.map((doc) => convexToJson(doc)) };
}

function toSnapshot(state: DatabaseState): SnapshotFile {
  const { "": app, ...others } = state.components;
  return {
    ts: state.lastCommitTs.toString(),
    ...saved(app ?? { nextDocId: FIRST_DOC_ID, lastCreationTime: 0, documents: [] }),
    components: Object.fromEntries(Object.entries(others).map(([path, component]) => [path, saved(component)])),
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
    const components = new Map<string, { documents: Map<string, Document>; nextDocId: number; lastCreationTime: number }>();
    const component = (path: string) => {
      let found = components.get(path);
      if (!found) components.set(path, (found = { documents: new Map(), nextDocId: FIRST_DOC_ID, lastCreationTime: 0 }));
      return found;
    };
    const load = (path: string, savedComponent: SavedComponent) => {
      const target = component(path);
      for (const json of savedComponent.documents) {
        const doc = jsonToConvex(json) as Document;
        target.documents.set(doc._id, doc);
      }
      target.nextDocId = savedComponent.nextDocId;
      target.lastCreationTime = savedComponent.lastCreationTime;
    };
    component("");
    if (snapshot) {
      load("", snapshot);
      for (const [path, savedComponent] of Object.entries(snapshot.components ?? {})) load(path, savedComponent);
    }
    let ts = snapshot?.ts ?? "0";
    for (const record of records) {
      for (const { id, doc, component: path = "" } of record.changes) {
        const target = component(path).documents;
        if (doc === null) target.delete(id);
        else target.set(id, jsonToConvex(doc) as Document);
      }
      if (record.nextDocId !== undefined && record.lastCreationTime !== undefined) {
        Object.assign(component(""), { nextDocId: record.nextDocId, lastCreationTime: record.lastCreationTime });
      }
      for (const [path, [nextDocId, lastCreationTime]] of Object.entries(record.components ?? {})) {
        Object.assign(component(path), { nextDocId, lastCreationTime });
      }
      ts = record.ts;
    }
    return {
      components: Object.fromEntries(
        [...components].map(([path, { documents, nextDocId, lastCreationTime }]) => [path, { documents: [...documents.values()], nextDocId, lastCreationTime }]),
      ),
      lastCommitTs: BigInt(ts),
    };
  }

  append(event: CommitEvent) {
    // Read-only transactions commit too; they change nothing worth an fsync.
    if (event.changes.length === 0) return;
    const { "": app, ...others } = event.counters;
    const record: CommitRecord = {
      ts: event.ts.toString(),
      ...(app ? { nextDocId: app.nextDocId, lastCreationTime: app.lastCreationTime } : {}),
      ...(Object.keys(others).length > 0
        ? { components: Object.fromEntries(Object.entries(others).map(([path, c]) => [path, [c.nextDocId, c.lastCreationTime]])) }
        : {}),
      changes: event.changes.map((change) => ({
        id: change.id,
        doc: change.after ? convexToJson(change.after) : null,
        ...(change.component ? { component: change.component } : {}),
      })),
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
