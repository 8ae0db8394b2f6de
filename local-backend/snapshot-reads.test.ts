/**
 * /api/query_at_ts reads the database as of a timestamp from /api/query_ts, as
 * ConvexHttpClient.consistentQuery uses it: later inserts, patches and deletes stay out of every
 * read path, and a timestamp older than the kept history (a minute of commits) is refused.
 */
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import type { CommitEvent } from "./engine/convex-test-internals";
import { VersionHistory } from "./engine/snapshots";
import { encodeTs } from "./sync/protocol";
import { cleanupsAfterEach, httpClient, start } from "./test/helpers";

interface Row {
  _id: string;
  author: string;
  body: string;
}
interface Page {
  page: Row[];
  isDone: boolean;
  continueCursor: string;
}

const insert = makeFunctionReference<"mutation", { author: string; body: string }, string>("snapshots:insert");
const edit = makeFunctionReference<"mutation", { id: string; body: string }>("snapshots:edit");
const remove = makeFunctionReference<"mutation", { id: string }>("snapshots:remove");
const get = makeFunctionReference<"query", { id: string }, Row | null>("messages:get");
const scan = makeFunctionReference<"query", Record<string, never>, Row[]>("snapshots:scan");
const byAuthor = makeFunctionReference<"query", { author: string }, Row[]>("messages:byAuthor");
const page = makeFunctionReference<"query", { paginationOpts: { numItems: number; cursor: string | null } }, Page>("snapshots:page");

const bodies = (rows: Row[]) => rows.map((row) => row.body);
const cleanups = cleanupsAfterEach();

describe("reads at a timestamp", () => {
  it("see the database as it was, through get, index ranges, scans and pagination", async () => {
    const b = await start();
    cleanups.push(() => b.close());
    const writer = httpClient(b.url);
    const a = await writer.mutation(insert, { author: "alice", body: "a1" });
    const bee = await writer.mutation(insert, { author: "alice", body: "b1" });
    await writer.mutation(insert, { author: "bob", body: "c1" });

    // The client takes one timestamp on its first consistent read and keeps it.
    const snapshot = httpClient(b.url);
    expect(bodies(await snapshot.consistentQuery(scan, {}))).toEqual(["a1", "b1", "c1"]);
    const first = await snapshot.consistentQuery(page, { paginationOpts: { numItems: 2, cursor: null } });
    expect(bodies(first.page)).toEqual(["a1", "b1"]);

    const d = await writer.mutation(insert, { author: "alice", body: "d1" });
    await writer.mutation(edit, { id: a, body: "a2" });
    await writer.mutation(remove, { id: bee });
    await writer.mutation(insert, { author: "bob", body: "e1" });

    expect(await snapshot.consistentQuery(get, { id: a })).toMatchObject({ body: "a1" });
    expect(await snapshot.consistentQuery(get, { id: bee })).toMatchObject({ body: "b1" });
    expect(await snapshot.consistentQuery(get, { id: d })).toBeNull();
    expect(bodies(await snapshot.consistentQuery(scan, {}))).toEqual(["a1", "b1", "c1"]);
    expect(bodies(await snapshot.consistentQuery(byAuthor, { author: "alice" }))).toEqual(["a1", "b1"]);
    const rest = await snapshot.consistentQuery(page, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(bodies(rest.page)).toEqual(["c1"]);
    expect(rest.isDone).toBe(true);

    // The latest reads see every write, before and after the snapshot's.
    expect(bodies(await writer.query(scan, {}))).toEqual(["a2", "c1", "d1", "e1"]);
    expect(bodies(await httpClient(b.url).consistentQuery(byAuthor, { author: "alice" }))).toEqual(["a2", "d1"]);
  });

  it("refuses a timestamp older than the kept minute of commits, and one not reached yet", async () => {
    const b = await start({ testClock: true });
    cleanups.push(() => b.close());
    const advance = (ms: number) => fetch(`${b.url}/_test/clock`, { method: "POST", body: JSON.stringify({ advanceMs: ms }) });
    const writer = httpClient(b.url);
    const id = await writer.mutation(insert, { author: "alice", body: "old" });
    const snapshot = httpClient(b.url);
    expect(await snapshot.consistentQuery(get, { id })).toMatchObject({ body: "old" });
    await writer.mutation(edit, { id, body: "new" });
    expect(await snapshot.consistentQuery(get, { id })).toMatchObject({ body: "old" });

    // A commit a minute later drops the edit, and with it the versions before it.
    await advance(61_000);
    await writer.mutation(insert, { author: "bob", body: "later" });
    await expect(snapshot.consistentQuery(get, { id })).rejects.toThrow(/"code":"OutOfRetention".*Timestamp \d+ is too early, retry with a higher timestamp/);
    expect(await httpClient(b.url).consistentQuery(get, { id })).toMatchObject({ body: "new" });

    const { ts } = (await (await fetch(`${b.url}/api/query_ts`, { method: "POST" })).json()) as { ts: string };
    // Far ahead: the fixture's one-second cron may commit between the two requests.
    const future = encodeTs(Buffer.from(ts, "base64").readBigUInt64LE() + 10n ** 15n);
    const response = await fetch(`${b.url}/api/query_at_ts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "messages:get", args: [{ id }], ts: future, format: "convex_encoded_json" }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "InternalServerError", message: expect.stringMatching(/is more recent than latest_ts/) as unknown });
  });
});

describe("the version history", () => {
  const commit = (ts: bigint, id: string, before: Record<string, unknown> | null) =>
    ({ ts, changes: [{ component: "", table: "messages", id, before, after: { _id: id } }], counters: {} }) as unknown as CommitEvent;

  it("keeps nothing until a client is handed a timestamp to read at, then every version from there", async () => {
    const history = new VersionHistory(1n);
    history.record(commit(2n, "a", { _id: "a", body: "old" }));
    expect(history.versionsAt(1n, "")).toEqual({});
    // Nothing was kept, so a read before that commit cannot be answered.
    await expect(history.pin(1n, 2n, () => Promise.resolve(null))).rejects.toThrow("is too early");

    history.want();
    history.record(commit(3n, "a", { _id: "a", body: "older than 3" }));
    expect(history.versionsAt(2n, "")).toEqual({ a: { _id: "a", body: "older than 3" } });
    expect(await history.pin(2n, 3n, () => Promise.resolve("read"))).toBe("read");
  });
});
