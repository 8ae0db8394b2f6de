/*
 * DurableStore: write-ahead log + snapshots + blobs in one data dir.
 *
 * On-disk layout
 *   LOCK                   pid of the process that has the dir open (lock.ts)
 *   log-000043.wal         log generation 43: records as checksummed frames (frame.ts)
 *   snapshot-000042.snap   one frame holding the snapshot that covers every log generation <= 42
 *   blobs/<id>             file-storage blobs (blob-store.ts)
 *
 * Generation scheme
 *   Appends go to the newest log, generation G. writeSnapshot first rotates: after every record appended before
 *   the call is fsync'd into log-G, it creates log-(G+1) and fsyncs the dir; later appends go there. It then writes
 *   snapshot-G (temp file, fsync, rename, dir fsync) and only then deletes logs <= G and older snapshots.
 *   Recovery loads the newest snapshot S (none: S = 0), ignores and deletes logs <= S, and replays logs S+1, S+2, ...
 *   which must be contiguous. A crash at any step therefore applies every record exactly once:
 *     - before the rename: the previous snapshot (or none) + logs G and G+1 hold everything;
 *     - after the rename: snapshot-G + log-(G+1); the leftover log-G is ignored and deleted.
 *   Only the newest log can end in a torn batch (the one write whose fsync had not returned); recovery truncates
 *   it back to its last good record before any new append.
 */
import { fdatasync, fdatasyncSync, writeSync } from "node:fs";
import { mkdir, open, readFile, readdir, rm, type FileHandle } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { BlobStore } from "./blob-store";
import { decodeSingleFrame, encodeBatch, encodePayload, scanLog, StorageCorruptionError, type EncodedPayload } from "./frame";
import { fsyncDir, writeFileDurably } from "./fs-util";
import { acquireLock } from "./lock";

export { StorageCorruptionError } from "./frame";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RecoveredState<S, R> {
  /** The latest complete snapshot, or null on a fresh data dir. */
  snapshot: S | null;
  /** Every acknowledged log record written after that snapshot, in order. */
  records: R[];
}

export interface DurableStoreOptions {
  /** Extra wait before writing a batch that starts on an idle log, to gather more appends per fsync. Default 0. */
  groupCommitWindowMs?: number;
}

export interface DurableStoreStats {
  appends: number;
  logFsyncs: number;
}

interface PendingRecord extends EncodedPayload {
  resolve: () => void;
  reject: (error: Error) => void;
}

type WriteOp =
  | { kind: "records"; records: PendingRecord[] }
  | { kind: "rotate"; resolve: (coveredGeneration: number) => void; reject: (error: Error) => void };

const LOG_FILE = /^log-(\d+)\.wal$/;
const SNAPSHOT_FILE = /^snapshot-(\d+)\.snap$/;
const SNAPSHOT_TEMP = /^snapshot-\d+\.snap\..+\.tmp$/;

/**
 * A batch's fsync blocks the event loop only when that is cheap: the previous fsync was quick
 * (an idle disk) and ended more than BUSY_GAP_MS ago (an idle log). Otherwise it runs off the
 * event loop, so the commits made meanwhile gather into the next batch.
 */
const BUSY_GAP_MS = 2;
const QUICK_SYNC_MS = 0.5;

const pad = (generation: number) => String(generation).padStart(6, "0");
const logName = (generation: number) => `log-${pad(generation)}.wal`;
const snapshotName = (generation: number) => `snapshot-${pad(generation)}.snap`;

export class DurableStore<S extends Json, R extends Json> {
  private queue: WriteOp[] = [];
  private writer: Promise<void> | null = null;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  private snapshots: Promise<void> = Promise.resolve();
  private readonly blobOps = new Set<Promise<unknown>>();
  private readonly counters: DurableStoreStats = { appends: 0, logFsyncs: 0 };
  /** When the last log fsync ended (performance.now()), and how long it took. */
  private lastSyncEnd = -Infinity;
  private lastSyncMs = 0;

  private constructor(
    private readonly dir: string,
    private readonly state: RecoveredState<S, R>,
    private log: ActiveLog,
    private readonly blobs: BlobStore,
    private readonly releaseLock: () => Promise<void>,
    private readonly groupCommitWindowMs: number,
  ) {}

  static async open<S extends Json, R extends Json>(
    dir: string,
    options: DurableStoreOptions = {},
  ): Promise<DurableStore<S, R>> {
    const windowMs = options.groupCommitWindowMs ?? 0;
    if (!Number.isFinite(windowMs) || windowMs < 0) {
      throw new RangeError(`groupCommitWindowMs must be a finite number >= 0, got ${windowMs}.`);
    }
    const absoluteDir = resolve(dir);
    await mkdir(absoluteDir, { recursive: true });
    await fsyncDir(dirname(absoluteDir));
    const releaseLock = await acquireLock(absoluteDir);
    try {
      const blobs = await BlobStore.open(absoluteDir);
      const { state, log } = await recover<S, R>(absoluteDir);
      return new DurableStore(absoluteDir, state, log, blobs, releaseLock, windowMs);
    } catch (error) {
      await releaseLock();
      throw error;
    }
  }

  recovered(): RecoveredState<S, R> {
    return this.state;
  }

  /** Resolves once the record is fsync'd. Records are logged in call order, whatever order their fsyncs finish. */
  append(record: R): Promise<void> {
    return new Promise((resolve, reject) => {
      this.assertWritable();
      const payload = encodePayload(toJsonText(record, "record"));
      this.counters.appends++;
      const last = this.queue.at(-1);
      if (last?.kind === "records") last.records.push({ ...payload, resolve, reject });
      else this.queue.push({ kind: "records", records: [{ ...payload, resolve, reject }] });
      this.startWriter();
    });
  }

  /**
   * The snapshot must reflect exactly the records appended before this call: those are the records it replaces.
   * Appends made while it is being written are kept in the next log generation.
   */
  async writeSnapshot(snapshot: S): Promise<void> {
    this.assertWritable();
    const frame = encodeBatch([encodePayload(toJsonText(snapshot, "snapshot"))]);
    // Enqueued synchronously, so the rotation falls exactly between earlier and later appends.
    const covered = new Promise<number>((resolve, reject) => {
      this.queue.push({ kind: "rotate", resolve, reject });
      this.startWriter();
    });
    const persisted = Promise.all([covered, this.snapshots]).then(([generation]) =>
      this.persistSnapshot(generation, frame),
    );
    this.snapshots = persisted.catch(() => undefined);
    await persisted;
  }

  logSize(): number {
    return this.log.size;
  }

  stats(): DurableStoreStats {
    return { ...this.counters };
  }

  putBlob(id: string, bytes: Uint8Array): Promise<void> {
    return this.trackBlobOp(() => this.blobs.put(id, bytes));
  }

  getBlob(id: string): Promise<Uint8Array | null> {
    return this.trackBlobOp(() => this.blobs.get(id));
  }

  deleteBlob(id: string): Promise<void> {
    return this.trackBlobOp(() => this.blobs.delete(id));
  }

  /** Waits for queued appends, snapshots and blob writes, then closes the log and releases the lock. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await this.writer;
    await this.snapshots;
    await Promise.allSettled(this.blobOps);
    await this.log.close();
    await this.releaseLock();
  }

  private assertOpen(): void {
    if (this.closing) throw new Error(`Durable store ${this.dir} is closed.`);
  }

  private assertWritable(): void {
    this.assertOpen();
    if (this.failure) throw this.failure;
  }

  private async trackBlobOp<T>(run: () => Promise<T>): Promise<T> {
    this.assertOpen();
    const op = run();
    this.blobOps.add(op);
    try {
      return await op;
    } finally {
      this.blobOps.delete(op);
    }
  }

  private startWriter(): void {
    // runWriter always awaits before finishing, so it cannot reset `writer` before this assignment happens.
    this.writer ??= this.runWriter();
  }

  /** Group commit: each op taken from the queue is one write + one fsync, however many appends joined it meanwhile. */
  private async runWriter(): Promise<void> {
    await (this.groupCommitWindowMs > 0 ? delay(this.groupCommitWindowMs) : Promise.resolve());
    for (let op = this.queue.shift(); op; op = this.queue.shift()) {
      await this.execute(op);
    }
    this.writer = null;
  }

  private async execute(op: WriteOp): Promise<void> {
    if (this.failure) return rejectOp(op, this.failure);
    try {
      if (op.kind === "records") {
        // Alone, a commit is quickest with a blocking fsync; in a burst, a blocking fsync would stop
        // the commits that could join the next batch, so each would pay for its own.
        const start = performance.now();
        const busy = start - this.lastSyncEnd < BUSY_GAP_MS || this.lastSyncMs > QUICK_SYNC_MS;
        await this.log.append(encodeBatch(op.records), busy);
        this.lastSyncEnd = performance.now();
        this.lastSyncMs = this.lastSyncEnd - start;
        this.counters.logFsyncs++;
        for (const record of op.records) record.resolve();
      } else {
        op.resolve(await this.rotate());
      }
    } catch (error) {
      // After a failed write or fsync the log's durable contents are unknown; only recovery can re-establish them.
      this.failure = new Error(
        `Durable store ${this.dir} stopped accepting writes after a failed log write; reopen it to recover. ` +
          `Cause: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
      rejectOp(op, this.failure);
    }
  }

  private async rotate(): Promise<number> {
    const covered = this.log;
    this.log = await ActiveLog.create(this.dir, covered.generation + 1);
    await covered.close();
    return covered.generation;
  }

  private async persistSnapshot(generation: number, frame: Buffer): Promise<void> {
    await writeFileDurably(join(this.dir, snapshotName(generation)), frame);
    await removeCoveredFiles(this.dir, generation);
  }
}

function rejectOp(op: WriteOp, error: Error): void {
  if (op.kind === "records") for (const record of op.records) record.reject(error);
  else op.reject(error);
}

/** JSON.stringify would silently turn NaN and Infinity into null; refuse instead, so what is read back is what was written. */
function toJsonText(value: Json, what: string): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === "number" && !Number.isFinite(item)) {
      throw new TypeError(`Cannot store ${what}: ${item} has no JSON representation.`);
    }
    return item;
  });
}

/** The log generation receiving appends. Writes are positional, so a recovery truncation needs no seek. */
class ActiveLog {
  private constructor(
    readonly generation: number,
    private readonly handle: FileHandle,
    private bytes: number,
  ) {}

  static async create(dir: string, generation: number): Promise<ActiveLog> {
    const handle = await open(join(dir, logName(generation)), "wx");
    try {
      // The file's directory entry must be durable before any record in it is acknowledged.
      await fsyncDir(dir);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new ActiveLog(generation, handle, 0);
  }

  /** Reopens the newest log, cutting off a torn tail so new records do not land behind garbage. */
  static async reopen(dir: string, generation: number, validEnd: number): Promise<ActiveLog> {
    const handle = await open(join(dir, logName(generation)), "r+");
    try {
      const { size } = await handle.stat();
      if (size > validEnd) {
        await handle.truncate(validEnd);
        await handle.datasync();
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new ActiveLog(generation, handle, validEnd);
  }

  get size(): number {
    return this.bytes;
  }

  /**
   * The write is synchronous (a batch is a few hundred bytes into the page cache). The fsync is too
   * unless `offLoop`: fdatasync takes ~0.15 ms on an idle disk, and the thread pool's round trip
   * doubled a lone commit's latency and added jitter; but a blocking fsync also stops the event
   * loop, so under load (fsyncs of milliseconds) no commit could join a batch meanwhile.
   */
  async append(batch: Buffer, offLoop: boolean): Promise<void> {
    for (let written = 0; written < batch.length; ) {
      written += writeSync(this.handle.fd, batch, written, batch.length - written, this.bytes + written);
    }
    if (offLoop) {
      const fd = this.handle.fd;
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    } else fdatasyncSync(this.handle.fd);
    this.bytes += batch.length;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

function generations(names: readonly string[], pattern: RegExp): number[] {
  return names
    .map((name) => pattern.exec(name)?.[1])
    .filter((digits) => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

async function recover<S extends Json, R extends Json>(
  dir: string,
): Promise<{ state: RecoveredState<S, R>; log: ActiveLog }> {
  const names = await readdir(dir);
  // A temp snapshot was never renamed into place, so nothing depends on it.
  await Promise.all(names.filter((name) => SNAPSHOT_TEMP.test(name)).map((name) => rm(join(dir, name), { force: true })));
  const snapshotGeneration = generations(names, SNAPSHOT_FILE).at(-1) ?? 0;
  const logs = generations(names, LOG_FILE).filter((generation) => generation > snapshotGeneration);
  assertContiguous(dir, snapshotGeneration, logs);

  const snapshot = snapshotGeneration > 0 ? await readSnapshot<S>(dir, snapshotGeneration) : null;
  const newest = logs.at(-1);
  if (newest === undefined) return { state: { snapshot, records: [] }, log: await ActiveLog.create(dir, 1) };

  const records: R[] = [];
  let validEnd = 0;
  for (const generation of logs) {
    const name = logName(generation);
    const buf = await readFile(join(dir, name));
    const scan = scanLog(buf, name);
    if (generation !== newest && scan.validEnd < buf.length) {
      throw new StorageCorruptionError(
        `${name} in ${dir} ends in a damaged record at byte ${scan.validEnd}, but only the newest log ` +
          `(${logName(newest)}) can hold an interrupted write.`,
      );
    }
    for (const payload of scan.payloads) records.push(parseJson(payload, name) as R);
    validEnd = scan.validEnd;
  }
  const log = await ActiveLog.reopen(dir, newest, validEnd);
  await removeCoveredFiles(dir, snapshotGeneration);
  return { state: { snapshot, records }, log };
}

/** Replay needs log S+1, S+2, ... without gaps; a missing one means acknowledged records are gone. */
function assertContiguous(dir: string, snapshotGeneration: number, logs: readonly number[]): void {
  const expectedFirst = snapshotGeneration + 1;
  if (logs.length === 0 && snapshotGeneration > 0) {
    throw new StorageCorruptionError(`${dir} has ${snapshotName(snapshotGeneration)} but ${logName(expectedFirst)} is missing.`);
  }
  logs.forEach((generation, index) => {
    if (generation !== expectedFirst + index) {
      const after = snapshotGeneration > 0 ? `after ${snapshotName(snapshotGeneration)}` : "with no snapshot";
      throw new StorageCorruptionError(
        `${dir} is missing ${logName(expectedFirst + index)} (found ${logName(generation)} ${after}); ` +
          "records in the missing log would be lost.",
      );
    }
  });
}

async function readSnapshot<S extends Json>(dir: string, generation: number): Promise<S> {
  const name = snapshotName(generation);
  return parseJson(decodeSingleFrame(await readFile(join(dir, name)), name), name) as S;
}

function parseJson(payload: Buffer, name: string): Json {
  try {
    return JSON.parse(payload.toString("utf8")) as Json;
  } catch {
    throw new StorageCorruptionError(`${name} holds data that passed its checksum but is not valid JSON.`);
  }
}

/** Deletion need not be durable: recovery ignores and re-deletes files covered by the newest snapshot. */
async function removeCoveredFiles(dir: string, snapshotGeneration: number): Promise<void> {
  if (snapshotGeneration === 0) return;
  const names = await readdir(dir);
  const covered = names.filter((name) => {
    const log = LOG_FILE.exec(name)?.[1];
    const snapshot = SNAPSHOT_FILE.exec(name)?.[1];
    return (log !== undefined && Number(log) <= snapshotGeneration) || (snapshot !== undefined && Number(snapshot) < snapshotGeneration);
  });
  await Promise.all(covered.map((name) => rm(join(dir, name), { force: true })));
}
