/**
 * Pins what createInternals needs from convex-test. If an upgrade moves any of it, these fail
 * with the name of what moved, before anything subtler breaks.
 */
import path from "node:path";
import { convexTest } from "convex-test";
import type { GenericId } from "convex/values";
import { makeFunctionReference, type GenericDataModel, type GenericMutationCtx, type GenericQueryCtx } from "convex/server";
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
    expect(events.at(-1)).toMatchObject({ changes: [{ component: "", id, table: "messages", before: null }] });
    expect(events.at(-1)!.counters[""]!.nextDocId).toBeGreaterThan(10000);
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

describe("indexed reads served from the table store", () => {
  /** Each query as an app would write it; convex-test without our store is the oracle. */
  const queries: Record<string, (ctx: GenericQueryCtx<GenericDataModel>) => Promise<unknown>> = {
    "full scan": (ctx) => ctx.db.query("messages").collect(),
    "full scan, newest 3": (ctx) => ctx.db.query("messages").order("desc").take(3),
    "index equality": (ctx) => ctx.db.query("messages").withIndex("by_author", (q) => q.eq("author", "b")).collect(),
    "index equality, newest 2": (ctx) =>
      ctx.db
        .query("messages")
        .withIndex("by_author", (q) => q.eq("author", "b"))
        .order("desc")
        .take(2),
    "index equality, first": (ctx) => ctx.db.query("messages").withIndex("by_author", (q) => q.eq("author", "c")).first(),
    "index, filtered then limited": (ctx) =>
      ctx.db
        .query("messages")
        .withIndex("by_author", (q) => q.gte("author", "b"))
        .filter((q) => q.neq(q.field("body"), "b1"))
        .take(2),
    "index range": (ctx) =>
      ctx.db
        .query("messages")
        .withIndex("by_author", (q) => q.gt("author", "a").lte("author", "c"))
        .order("desc")
        .collect(),
    "index with filter": (ctx) =>
      ctx.db
        .query("messages")
        .withIndex("by_author", (q) => q.eq("author", "c"))
        .filter((q) => q.neq(q.field("body"), "c1"))
        .collect(),
    "creation time range": async (ctx) => {
      const all = await ctx.db.query("messages").collect();
      return ctx.db
        .query("messages")
        .withIndex("by_creation_time", (q) => q.gt("_creationTime", all[2]!._creationTime as number))
        .order("desc")
        .collect();
    },
    "paginated, descending": (ctx) =>
      ctx.db
        .query("messages")
        .withIndex("by_author", (q) => q.eq("author", "b"))
        .order("desc")
        .paginate({ numItems: 2, cursor: null }),
  };

  async function seeded<T extends { mutation: (ref: typeof send, args: { author: string; body: string }) => Promise<unknown> }>(t: T) {
    for (const [author, body] of [["c", "c1"], ["a", "a1"], ["b", "b1"], ["c", "c2"], ["b", "b2"], ["d", "d1"], ["b", "b3"], ["c", "c3"]]) {
      await t.mutation(send, { author: author!, body: body! });
    }
    return t;
  }

  /** Ids and bodies in order: creation times (and cursors holding them) come from the clock and differ between instances. */
  const shape = (value: unknown) => JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === "_creationTime" || key === "continueCursor" ? undefined : item))) as unknown;

  it("answers every query shape exactly as convex-test does, in order", async () => {
    const schema = (await import("../test/fixture/schema")).default;
    const ours = await seeded((await internals()).t);
    const oracle = await seeded(convexTest(schema, modules));
    for (const [name, query] of Object.entries(queries)) {
      expect(shape(await ours.run(query)), name).toEqual(shape(await oracle.run(query)));
    }
  });

  it("merges a mutation's pending writes into ordered reads", async () => {
    const schema = (await import("../test/fixture/schema")).default;
    const ours = await seeded((await internals()).t);
    const oracle = await seeded(convexTest(schema, modules));
    const writeThenRead = async (ctx: GenericMutationCtx<GenericDataModel>) => {
      await ctx.db.insert("messages", { author: "b", body: "b4" });
      const first = await ctx.db.query("messages").withIndex("by_author", (q) => q.eq("author", "b")).first();
      if (first) await ctx.db.delete(first._id as GenericId<"messages">);
      const results: Record<string, unknown> = {};
      for (const [name, query] of Object.entries(queries)) results[name] = await query(ctx);
      return results;
    };
    expect(shape(await ours.run(writeThenRead))).toEqual(shape(await oracle.run(writeThenRead)));
  });
});
