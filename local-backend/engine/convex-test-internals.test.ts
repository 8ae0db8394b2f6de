/**
 * Pins what createInternals needs from convex-test. If an upgrade moves any of it, these fail
 * with the name of what moved, before anything subtler breaks.
 */
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { createInternals, type CommitEvent } from "./convex-test-internals";

const FIXTURE = path.resolve(import.meta.dirname, "../test/fixture");
const modules = {
  [path.join(FIXTURE, "_generated/api.js")]: () => import("../test/fixture/_generated/api.js"),
  [path.join(FIXTURE, "_generated/server.js")]: () => import("../test/fixture/_generated/server.js"),
  [path.join(FIXTURE, "messages.ts")]: () => import("../test/fixture/messages"),
};

async function internals() {
  const schema = (await import("../test/fixture/schema")).default;
  return createInternals(schema, modules);
}

const send = makeFunctionReference<"mutation">("messages:send");
const byAuthor = makeFunctionReference<"query">("messages:byAuthor");

describe("convex-test internals used by the embedded backend", () => {
  it("captures the database and reports each commit's changes with the id counter", async () => {
    const inner = await internals();
    const events: CommitEvent[] = [];
    inner.onCommit((event) => events.push(event));
    const id = (await inner.t.mutation(send, { author: "a", body: "x" })) as string;
    expect(events.at(-1)).toMatchObject({ changes: [{ id, table: "messages", before: null }] });
    expect(events.at(-1)!.nextDocId).toBeGreaterThan(10000);
    expect(inner.latestCommitTs()).toBe(events.at(-1)!.ts);
  });

  it("exports and imports state exactly", async () => {
    const a = await internals();
    await a.t.mutation(send, { author: "a", body: "x" });
    const state = a.exportState();
    const b = await internals();
    b.importState(state);
    expect(b.exportState()).toEqual(state);
    expect(await b.t.query(byAuthor, { author: "a" })).toEqual(await a.t.query(byAuthor, { author: "a" }));
  });

  it("routes every syscall through the wrappers", async () => {
    const inner = await internals();
    const seen: string[] = [];
    inner.wrapSyscalls({
      sync: (next) => (op, json) => (seen.push(op), next(op, json)),
      async: (next) => (op, json) => (seen.push(op), next(op, json)),
    });
    await inner.t.mutation(send, { author: "a", body: "x" });
    await inner.t.query(byAuthor, { author: "a" });
    expect(seen).toEqual(expect.arrayContaining(["1.0/insert", "1.0/queryStream"]));
  });
});
