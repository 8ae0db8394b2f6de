import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Value } from "convex/values";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_ISSUER } from "../../local-backend/identity/accounts";
import { DiskPersistence } from "../../local-backend/persistence";
import { convexIdTableNumber, encodeConvexId } from "../../scripts/lib/convex-id";
import { exportDataDirectory, exportJson, type ExportDocument } from "../../scripts/lib/convex-snapshot";

type SavedState = Parameters<DiskPersistence["close"]>[0];

const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An id as convex-test makes it: the counter zero-padded to 32 characters with the table name. */
const testId = (counter: number, table: string) => String(counter).padStart(32 - table.length, "0") + table;

const maya = testId(10000, "users");
const coach = testId(10001, "users");
const goneUser = testId(10099, "users");
const session = testId(10002, "sessions");
const file = testId(10003, "_storage");
const lostFile = testId(10004, "_storage");
const job = testId(10005, "_scheduled_functions");
const recording = testId(10006, "recordings");
const notification = testId(10007, "notifications");
const FILE_BYTES = new TextEncoder().encode("a recording's bytes");

const doc = (id: string, creationTime: number, fields: Record<string, Value>): ExportDocument => ({ _id: id, _creationTime: creationTime, ...fields });

const APP: ExportDocument[] = [
  doc(maya, 1_700_000_000_000, { email: "maya@example.com", tokenIdentifier: `${LOCAL_ISSUER}|abc`, scores: { [coach]: 3 } }),
  doc(coach, 1_700_000_000_000.001, { email: "coach@example.com", tokenIdentifier: "https://clerk.example.com|user_1" }),
  doc(session, 1_700_000_000_001, {
    memberId: maya,
    coachId: coach,
    cancelledBy: goneUser,
    reminderJobs: [job],
    meetingUrl: `https://meet.jit.si/lwcc-session-${session}`,
    minutes: 60,
    ratio: 0.25,
    count: 7n,
    digest: new Uint8Array([1, 2, 3]).buffer,
  }),
  doc(file, 1_700_000_000_002, { sha256: createHash("sha256").update(FILE_BYTES).digest("base64"), size: FILE_BYTES.length, contentType: "video/webm" }),
  doc(lostFile, 1_700_000_000_003, { sha256: "AAAA", size: 1 }),
  doc(job, 1_700_000_000_004, { name: "bookings:remind", args: [{ sessionId: session }], scheduledTime: 1_700_000_360_000, state: { kind: "pending" } }),
  doc(recording, 1_700_000_000_005, { sessionId: session, storageId: file, uploadedBy: coach }),
  doc(notification, 1_700_000_000_006, {
    userId: maya,
    actions: [{ label: "View booking", url: `/dashboard/bookings/${session}` }],
    data: { sessionId: session },
  }),
];
const SCHEMA_TABLES = ["users", "sessions", "recordings", "notifications", "contactMessages"];

/** Writes a data directory the way the embedded backend leaves it: snapshot, blobs and lock released. */
async function dataDirectory() {
  const dir = mkdtempSync(path.join(tmpdir(), "lwcc-export-"));
  created.push(dir);
  const persistence = await DiskPersistence.open(path.join(dir, "data"), (error) => {
    throw error;
  });
  await persistence.blobs.put(file, FILE_BYTES);
  const state: SavedState = {
    components: {
      "": { documents: APP, nextDocId: 10100, lastCreationTime: 1_700_000_000_006 },
      // A component's tables stay behind (docs/deploy.md).
      resend: { documents: [doc(testId(10000, "emails"), 1_700_000_000_000, { to: "maya@example.com" })], nextDocId: 10001, lastCreationTime: 0 },
    },
    lastCommitTs: 1n,
  };
  await persistence.close(state);
  return { data: path.join(dir, "data"), out: path.join(dir, "export.zip") };
}

function readZip(file: string) {
  const entries = unzipSync(readFileSync(file));
  const text = (name: string) => new TextDecoder().decode(entries[name]);
  const jsonl = (name: string) => text(name).split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { entries, text, jsonl };
}

describe("Convex ids", () => {
  it("encode and decode for any table number, as deployments spell them", () => {
    for (const table of [1, 127, 128, 539, 540, 10001, 16383, 16384, 2 ** 28, 0xffffffff]) {
      const id = encodeConvexId(table, randomBytes(16));
      expect(convexIdTableNumber(id)).toBe(table);
    }
    // Real deployments' file ids start "kg2", scheduled functions' "kc2", a first table's "j57".
    expect(encodeConvexId(540, new Uint8Array(16))).toMatch(/^kg2/);
    expect(encodeConvexId(539, new Uint8Array(16))).toMatch(/^kc2/);
    expect(encodeConvexId(10001, new Uint8Array(16))).toMatch(/^j5/);
  });

  it("refuses a wrong checksum, a bad character, a wrong length and a zero table", () => {
    const id = encodeConvexId(10001, randomBytes(16));
    const last = id.at(-1) === "0" ? "1" : "0";
    expect(convexIdTableNumber(id.slice(0, -1) + last)).toBeNull();
    expect(convexIdTableNumber(`${id.slice(0, -1)}u`)).toBeNull();
    expect(convexIdTableNumber(id.slice(0, -2))).toBeNull();
    expect(convexIdTableNumber(testId(10000, "users"))).toBeNull();
    expect(convexIdTableNumber(encodeConvexId(1, new Uint8Array(16)).replace(/^0./, "00"))).toBeNull();
  });
});

describe("export JSON", () => {
  it("keeps float64 and int64 apart and spells what JSON cannot", () => {
    expect(exportJson(60)).toBe("60.0");
    expect(exportJson(0.25)).toBe("0.25");
    expect(exportJson(1e21)).toBe("1e+21");
    expect(exportJson(-0)).toBe("-0.0");
    expect(exportJson(7n)).toBe("7");
    expect(exportJson(Number.NaN)).toBe(JSON.stringify({ $float: Buffer.from(new Float64Array([Number.NaN]).buffer).toString("base64") }));
    expect(exportJson(new Uint8Array([1, 2, 3]).buffer)).toBe('{"$bytes":"AQID"}');
    expect(exportJson({ a: [true, null, "x"] })).toBe('{"a":[true,null,"x"]}');
  });
});

describe("scripts/export-data: an embedded data directory as a `npx convex import` ZIP", () => {
  it("gives every document a valid id of its table, rewrites every reference and keeps the counts", async () => {
    const { data, out } = await dataDirectory();
    const summary = await exportDataDirectory(data, out, SCHEMA_TABLES);
    const zip = readZip(out);

    const tables = zip.jsonl("_tables/documents.jsonl") as { name: string; id: number }[];
    expect(tables.map((t) => t.name).sort()).toEqual([...SCHEMA_TABLES].sort());
    expect(new Set(tables.map((t) => t.id)).size).toBe(tables.length);
    const counts = Object.fromEntries(tables.map(({ name }) => [name, zip.jsonl(`${name}/documents.jsonl`).length]));
    expect(counts).toEqual({ users: 2, sessions: 1, recordings: 1, notifications: 1, contactMessages: 0 });
    expect(summary.tables.map(({ name, documents }) => [name, documents])).toEqual(Object.entries(counts).sort());
    for (const { name, id } of tables) {
      expect(zip.text(`${name}/generated_schema.jsonl`)).toBe('"uniform"\n');
      for (const row of zip.jsonl(`${name}/documents.jsonl`)) expect(convexIdTableNumber(row._id as string)).toBe(id);
    }
    // Only the app's tables: scheduled functions and component tables stay behind.
    expect(Object.keys(zip.entries).filter((name) => /^(_scheduled_functions|emails|_components)\//.test(name))).toEqual([]);
    expect(summary.pendingJobs).toEqual([{ name: "bookings:remind", scheduledTime: 1_700_000_360_000 }]);

    const number = (name: string) => tables.find((t) => t.name === name)!.id;
    const [mayaRow, coachRow] = zip.jsonl("users/documents.jsonl");
    const [sessionRow] = zip.jsonl("sessions/documents.jsonl");
    const [recordingRow] = zip.jsonl("recordings/documents.jsonl");
    const [notificationRow] = zip.jsonl("notifications/documents.jsonl");
    expect(mayaRow!.email).toBe("maya@example.com");
    expect(sessionRow!.memberId).toBe(mayaRow!._id);
    expect(sessionRow!.coachId).toBe(coachRow!._id);
    expect(recordingRow!.sessionId).toBe(sessionRow!._id);
    expect(recordingRow!.uploadedBy).toBe(coachRow!._id);
    expect(notificationRow!.data).toEqual({ sessionId: sessionRow!._id });
    expect(mayaRow!.scores).toEqual({ [coachRow!._id as string]: 3 });
    // Ids inside longer strings: in-app links and the meeting room.
    expect(notificationRow!.actions).toEqual([{ label: "View booking", url: `/dashboard/bookings/${sessionRow!._id as string}` }]);
    expect(sessionRow!.meetingUrl).toBe(`https://meet.jit.si/lwcc-session-${sessionRow!._id as string}`);
    // A reference to a deleted row stays a valid id of its table, matching no row.
    expect(convexIdTableNumber(sessionRow!.cancelledBy as string)).toBe(number("users"));
    expect([mayaRow!._id, coachRow!._id]).not.toContain(sessionRow!.cancelledBy);
    // Scheduled functions do not move, but references to them stay valid ids of their system table.
    expect((sessionRow!.reminderJobs as string[]).map(convexIdTableNumber)).toEqual([539]);

    // Stored files: metadata and bytes under the new id; one whose bytes are gone is reported.
    const [storage] = zip.jsonl("_storage/documents.jsonl");
    expect(storage).toEqual({
      _id: recordingRow!.storageId,
      _creationTime: 1_700_000_000_002,
      sha256: createHash("sha256").update(FILE_BYTES).digest("base64"),
      size: FILE_BYTES.length,
      contentType: "video/webm",
    });
    expect(convexIdTableNumber(storage!._id as string)).toBe(540);
    expect(zip.entries[`_storage/${storage!._id as string}`]).toEqual(FILE_BYTES);
    expect(summary.files).toBe(1);
    expect(summary.missingFiles).toEqual([lostFile]);

    // Sign-ins of the embedded identity provider are cleared so Clerk sign-ins can claim the rows.
    expect(mayaRow).not.toHaveProperty("tokenIdentifier");
    expect(coachRow!.tokenIdentifier).toBe("https://clerk.example.com|user_1");
    expect(summary.unlinkedIdentities).toBe(1);

    // Values keep their Convex types: float64 with a fraction, int64 and bytes as export JSON spells them.
    expect(zip.text("sessions/documents.jsonl")).toMatch(/"minutes":60\.0,.*"ratio":0\.25/);
    expect(zip.text("sessions/documents.jsonl")).toMatch(/"count":7,.*"digest":\{"\$bytes":"AQID"\}/);
    expect(zip.text("sessions/documents.jsonl")).toContain('"_creationTime":1700000000001.0');

    // No embedded id is left anywhere.
    const everything = Object.keys(zip.entries).map((name) => zip.text(name)).join("\n");
    expect(everything).not.toMatch(/\d{10,}(users|sessions|recordings|notifications|_storage|_scheduled_functions)/);
  });

  it("exports the same ids every time, and leaves the data directory readable", async () => {
    const { data, out } = await dataDirectory();
    await exportDataDirectory(data, out, SCHEMA_TABLES);
    const first = readZip(out).text("users/documents.jsonl");
    await exportDataDirectory(data, out, SCHEMA_TABLES);
    expect(readZip(out).text("users/documents.jsonl")).toBe(first);
  });

  it("refuses a missing data directory", async () => {
    await expect(exportDataDirectory(path.join(tmpdir(), "lwcc-no-such-dir"), "unused.zip", [])).rejects.toThrow(/does not exist/);
  });
}, 60_000);
