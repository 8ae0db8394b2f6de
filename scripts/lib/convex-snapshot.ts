/**
 * Turns the embedded backend's documents into the files of a Convex snapshot ZIP, the format
 * `npx convex import` reads (get-convex/convex-backend: crates/exports/src/lib.rs writes it,
 * crates/application/src/snapshot_import/ reads it):
 *
 *   _tables/documents.jsonl            {"name": <table>, "id": <table number>} per table
 *   <table>/documents.jsonl            one document per line, values as "export JSON"
 *   <table>/generated_schema.jsonl     "uniform": the lines are export JSON, nothing to infer
 *   _storage/documents.jsonl           {"_id", "_creationTime", "sha256", "size", "contentType"} per file
 *   _storage/<id>                      the file's bytes
 *
 * convex-test's ids ("000…10034sessions": a zero-padded counter, then the table name) are not
 * Convex ids, so each one gets a valid id of its table's number, derived from it by hash (the same
 * data always exports the same ids), and every occurrence is rewritten: reference fields at any
 * depth, record keys, and ids inside longer strings such as "/session/<id>" links.
 * Only the app's tables move; see docs/deploy.md for what stays behind and why.
 */
import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import type { Value } from "convex/values";
import { Zip, ZipDeflate } from "fflate";
import { LOCAL_ISSUER } from "../../local-backend/identity/accounts";
import { DiskPersistence } from "../../local-backend/persistence";
import { convexIdTableNumber, encodeConvexId, FIRST_USER_TABLE_NUMBER, SYSTEM_TABLE_NUMBERS } from "./convex-id";

export type ExportDocument = Record<string, Value> & { _id: string; _creationTime: number };

export interface SnapshotSource {
  documents: readonly ExportDocument[];
  /** The tables of the app's schema, so empty ones are created and references to them resolve. */
  schemaTables: readonly string[];
  /** A stored file's bytes by its embedded storage id, or null when the file is gone. */
  readFile(storageId: string): Promise<Uint8Array | null>;
}

export interface SnapshotSummary {
  tables: { name: string; number: number; documents: number }[];
  files: number;
  /** Stored files whose bytes were missing; their _storage rows are left out (import needs the bytes). */
  missingFiles: string[];
  /** Scheduled functions stay behind: `npx convex import` skips system tables other than _storage. */
  pendingJobs: { name: string; scheduledTime: number }[];
  /** users rows whose sign-in belonged to the embedded identity provider, cleared so the member can claim them. */
  unlinkedIdentities: number;
  /** Distinct embedded ids that were replaced. */
  idsRewritten: number;
}

export type WriteEntry = (name: string, bytes: Uint8Array) => void;

/** convex-test: the counter, zero-padded to 32 characters with the table name, then the name. */
function isEmbeddedId(id: string, table: string): boolean {
  const digits = id.slice(0, id.length - table.length);
  return id.endsWith(table) && /^\d+$/.test(digits) && String(Number(digits)).padStart(32 - table.length, "0") === digits;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

class IdMap {
  readonly numbers = new Map<string, number>();
  private readonly ids = new Map<string, string>();
  private readonly pattern: RegExp;

  constructor(tables: Iterable<string>) {
    const user = [...new Set(tables)].filter((table) => !table.startsWith("_")).sort();
    user.forEach((table, index) => this.numbers.set(table, FIRST_USER_TABLE_NUMBER + index));
    for (const [table, number] of Object.entries(SYSTEM_TABLE_NUMBERS)) this.numbers.set(table, number);
    // Longest names first, so "sessions" is not taken for the tail of "coachSessions".
    const names = [...this.numbers.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.pattern = new RegExp(`(?<!\\d)\\d+(?:${names.join("|")})(?![A-Za-z0-9_])`, "g");
  }

  get size() {
    return this.ids.size;
  }

  /** The Convex id for an embedded one (also one that no longer exists: a reference stays a valid id of its table). */
  map(embedded: string, table: string): string {
    let id = this.ids.get(embedded);
    if (id === undefined) {
      const internalId = createHash("sha256").update(embedded).digest().subarray(0, 16);
      id = encodeConvexId(this.numbers.get(table)!, internalId);
      this.ids.set(embedded, id);
    }
    return id;
  }

  rewrite(text: string): string {
    return text.replace(this.pattern, (match) => {
      const table = [...this.numbers.keys()].find((name) => isEmbeddedId(match, name));
      return table === undefined ? match : this.map(match, table);
    });
  }

  rewriteValue(value: Value): Value {
    if (typeof value === "string") return this.rewrite(value);
    if (Array.isArray(value)) return value.map((item) => this.rewriteValue(item));
    if (value === null || typeof value !== "object" || value instanceof ArrayBuffer) return value;
    return Object.fromEntries(Object.entries(value as Record<string, Value>).map(([key, item]) => [this.rewrite(key), this.rewriteValue(item)]));
  }
}

/**
 * "Export JSON" (crates/value/src/export.rs, export_clean_lossless): a JSON integer is an int64, so
 * every float64 is written with a fraction or exponent ("5.0"); floats JSON cannot spell and bytes
 * use the internal {"$float"} / {"$bytes"} forms.
 */
export function exportJson(value: Value): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setFloat64(0, value, true);
      return JSON.stringify({ $float: Buffer.from(bytes).toString("base64") });
    }
    if (Object.is(value, -0)) return "-0.0";
    const text = JSON.stringify(value);
    return /[.eE]/.test(text) ? text : `${text}.0`;
  }
  if (value instanceof ArrayBuffer) return JSON.stringify({ $bytes: Buffer.from(value).toString("base64") });
  if (Array.isArray(value)) return `[${value.map(exportJson).join(",")}]`;
  const fields = Object.entries(value as Record<string, Value | undefined>).filter((field): field is [string, Value] => field[1] !== undefined);
  return `{${fields.map(([key, item]) => `${JSON.stringify(key)}:${exportJson(item)}`).join(",")}}`;
}

const lines = (rows: string[]) => new TextEncoder().encode(rows.map((row) => `${row}\n`).join(""));
const tableOf = (id: string) => id.replace(/^\d+/, "");

export async function writeSnapshot(source: SnapshotSource, write: WriteEntry): Promise<SnapshotSummary> {
  const byTable = new Map<string, ExportDocument[]>();
  for (const doc of source.documents) {
    const table = tableOf(doc._id);
    if (!isEmbeddedId(doc._id, table)) throw new Error(`Document id ${JSON.stringify(doc._id)} is not an embedded-backend id`);
    // A system table this script does not know could hold data that must not be dropped silently.
    if (table.startsWith("_") && !(table in SYSTEM_TABLE_NUMBERS)) throw new Error(`Unknown system table ${table}: the export does not know how to move it`);
    let rows = byTable.get(table);
    if (!rows) byTable.set(table, (rows = []));
    rows.push(doc);
  }
  const ids = new IdMap([...source.schemaTables, ...byTable.keys()]);
  const summary: SnapshotSummary = { tables: [], files: 0, missingFiles: [], pendingJobs: [], unlinkedIdentities: 0, idsRewritten: 0 };

  const userTables = [...ids.numbers].filter(([table]) => !table.startsWith("_"));
  write("_tables/documents.jsonl", lines(userTables.map(([name, id]) => JSON.stringify({ name, id }))));
  for (const [table, number] of userTables) {
    const docs = [...(byTable.get(table) ?? [])].sort((a, b) => a._creationTime - b._creationTime);
    const rows = docs.map((doc) => {
      let fields: Record<string, Value> = doc;
      if (table === "users" && typeof doc.tokenIdentifier === "string" && doc.tokenIdentifier.startsWith(`${LOCAL_ISSUER}|`)) {
        // Only the embedded backend issues these; a row without one is claimed at the member's first
        // sign-in with the same verified e-mail (users.ensureCurrent).
        const { tokenIdentifier: _local, ...rest } = doc;
        fields = rest;
        summary.unlinkedIdentities++;
      }
      const rewritten = ids.rewriteValue(fields);
      const id = (rewritten as { _id: string })._id;
      if (convexIdTableNumber(id) !== number) throw new Error(`Produced id ${id} is not valid for ${table} (${number})`);
      return exportJson(rewritten);
    });
    write(`${table}/documents.jsonl`, lines(rows));
    write(`${table}/generated_schema.jsonl`, lines([JSON.stringify("uniform")]));
    summary.tables.push({ name: table, number, documents: rows.length });
  }

  const files: string[] = [];
  for (const doc of byTable.get("_storage") ?? []) {
    const bytes = await source.readFile(doc._id);
    if (!bytes) {
      summary.missingFiles.push(doc._id);
      continue;
    }
    const id = ids.map(doc._id, "_storage");
    write(`_storage/${id}`, bytes);
    const { sha256, contentType } = doc as { sha256?: string; contentType?: string };
    files.push(JSON.stringify({ _id: id, _creationTime: doc._creationTime, sha256, size: bytes.length, contentType }));
  }
  if (files.length > 0) write("_storage/documents.jsonl", lines(files));
  summary.files = files.length;

  for (const job of byTable.get("_scheduled_functions") ?? []) {
    const kind = (job.state as { kind?: Value } | undefined)?.kind;
    if (kind === "pending" || kind === "inProgress") summary.pendingJobs.push({ name: job.name as string, scheduledTime: job.scheduledTime as number });
  }
  summary.idsRewritten = ids.size;
  return summary;
}

/** ZIP without ZIP64 (fflate writes none): offsets and sizes must stay below 4 GiB. */
const ZIP_LIMIT = 0xffffffff;

/** Streams entries into a ZIP file, one deflated entry at a time. */
async function zipTo<T>(file: string, fill: (write: WriteEntry) => Promise<T>): Promise<T> {
  const fd = openSync(file, "w");
  try {
    let written = 0;
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      written += chunk.length;
      if (written > ZIP_LIMIT) throw new Error("The export passed 4 GiB, more than a ZIP without ZIP64 can hold.");
      writeSync(fd, chunk);
    });
    const result = await fill((name, bytes) => {
      if (bytes.length > ZIP_LIMIT) throw new Error(`${name} is larger than 4 GiB, more than a ZIP without ZIP64 can hold.`);
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(bytes, true);
    });
    zip.end();
    return result;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads an embedded data directory (snapshot + log, as the backend restores it) and writes the
 * snapshot ZIP to `out`. The backend must be stopped: this takes the directory's lock.
 */
export async function exportDataDirectory(dataDir: string, out: string, schemaTables: readonly string[]): Promise<SnapshotSummary> {
  if (!existsSync(dataDir)) throw new Error(`${dataDir} does not exist`);
  const persistence = await DiskPersistence.open(dataDir, (error) => {
    throw error;
  });
  const state = persistence.restore();
  const partial = `${out}.partial`;
  try {
    if (!state) throw new Error(`${dataDir} holds no data`);
    const summary = await zipTo(partial, (write) =>
      writeSnapshot(
        { documents: state.components[""]?.documents ?? [], schemaTables, readFile: (storageId) => persistence.blobs.get(storageId) },
        write,
      ),
    );
    renameSync(partial, out);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    // Closing writes a snapshot of the state just read, as the backend does on shutdown.
    await persistence.close(state ?? { components: {}, lastCommitTs: 0n });
  }
}
