import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CommitEvent } from "./convex-test-internals";
import { Engine, type ScheduleRequest } from "./engine";

const FIXTURE = path.resolve(import.meta.dirname, "../test/fixture");
let namespaces = 0;

async function load() {
  const commits: CommitEvent[] = [];
  const scheduled: ScheduleRequest[] = [];
  const engine = await Engine.load({
    functionsDir: FIXTURE,
    namespace: `engine-test-${namespaces++}`,
    onCommit: (event) => commits.push(event),
    onSchedule: (request) => scheduled.push(request),
  });
  return { engine, commits, scheduled };
}

describe("Engine", () => {
  it("runs mutations and queries and reports each commit's changes", async () => {
    const { engine, commits } = await load();
    const sent = await engine.run("mutation", "messages:send", { author: "ana", body: "hi" }, null);
    expect(sent.ok).toBe(true);
    expect(commits.at(-1)!.changes).toMatchObject([{ table: "messages", before: null, after: { author: "ana" } }]);
    const { outcome, reads } = await engine.runQuery("messages:byAuthor", { author: "ana" }, null);
    expect(outcome).toMatchObject({ ok: true, value: [{ author: "ana", body: "hi" }] });
    expect(reads.ranges).toHaveLength(1);
    const other = { component: "", id: "x", table: "messages", before: null, after: { _id: "x", _creationTime: 1, author: "bo", body: "" } };
    expect(reads.isAffectedBy(other)).toBe(false);
    expect(reads.isAffectedBy({ ...other, after: { ...other.after, author: "ana" } })).toBe(true);
  });

  it("lets a mutation's indexed reads see its own pending writes", async () => {
    const { engine } = await load();
    await engine.run("mutation", "messages:send", { author: "ana", body: "one" }, null);
    await engine.run("mutation", "messages:send", { author: "bo", body: "other" }, null);
    expect(await engine.run("mutation", "messages:sendAndCount", { author: "ana", body: "two" }, null)).toEqual({ ok: true, value: 2 });
  });

  it("refuses internal functions to clients and wrong kinds", async () => {
    const { engine } = await load();
    expect(await engine.run("mutation", "messages:secret", { body: "x" }, null)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Could not find public function for 'messages:secret'") as string,
    });
    expect(await engine.run("mutation", "messages:list", {}, null)).toMatchObject({ ok: false });
    expect(await engine.run("mutation", "messages:secret", { body: "x" }, null, false)).toMatchObject({ ok: true });
  });

  it("carries ConvexError data and plain error messages", async () => {
    const { engine } = await load();
    expect(await engine.run("mutation", "messages:fail", {}, null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\[Request ID: [0-9a-f]{16}\] Server Error\nUncaught ConvexError: /) as string,
      data: { code: "NOPE", message: "Not allowed" },
    });
    // As Convex shows it: the request, the error, and the frame in the developer's own file.
    const { outcome } = await engine.runQuery("messages:crash", {}, null);
    expect(outcome).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\[Request ID: [0-9a-f]{16}\] Server Error\nUncaught Error: boom\n {4}at .* \(\.\.\/fixture\/messages\.ts:\d+:\d+\)\n$/) as string,
    });
    expect(outcome).not.toHaveProperty("data");
  });

  it("hands identity to functions", async () => {
    const { engine } = await load();
    const identity = { tokenIdentifier: "https://issuer|u1", subject: "u1", issuer: "https://issuer", email: "a@b.c" };
    expect((await engine.runQuery("messages:whoami", {}, identity)).outcome).toEqual({
      ok: true,
      value: { subject: "u1", tokenIdentifier: "https://issuer|u1", email: "a@b.c" },
    });
  });

  it("records scheduled jobs in the transaction and tells the host", async () => {
    const { engine, scheduled } = await load();
    const result = await engine.run("mutation", "messages:sendLater", { body: "later", delayMs: 60_000 }, null);
    expect(result.ok).toBe(true);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.component).toBe("");
    const job = await engine.runQuery("messages:job", { id: (result as { value: string }).value }, null);
    expect(job.outcome).toMatchObject({ ok: true, value: { name: "messages:secret", state: { kind: "pending" } } });
  });

  it("serves http actions with the real URL and headers", async () => {
    const { engine } = await load();
    const response = await engine.fetch(
      new Request("http://127.0.0.1:9999/echo?x=1", { method: "POST", body: "ping", headers: { "x-lwcc-test": "yes" } }),
      null,
    );
    expect(await response!.json()).toEqual({
      url: "http://127.0.0.1:9999/echo?x=1",
      method: "POST",
      header: "yes",
      body: "ping",
      subject: null,
    });
    expect(await engine.fetch(new Request("http://127.0.0.1:9999/nowhere"), null)).toBeNull();
  });

  it("exports and imports the database with ids and creation times intact", async () => {
    const { engine } = await load();
    await engine.run("mutation", "messages:send", { author: "ana", body: "kept" }, null);
    const state = engine.exportState();
    const { engine: fresh } = await load();
    fresh.importState(state);
    expect((await fresh.runQuery("messages:list", {}, null)).outcome).toEqual((await engine.runQuery("messages:list", {}, null)).outcome);
    const next = await fresh.run("mutation", "messages:send", { author: "ana", body: "new" }, null);
    expect(state.components[""]!.documents.map((d) => d._id)).not.toContain((next as { value: string }).value);
  });
});
