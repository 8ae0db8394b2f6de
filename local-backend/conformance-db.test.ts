/**
 * Database, scheduler and environment behaviours of Convex's runtime, through the unmodified
 * clients: system tables only through `db.system`, staged indexes that cannot be queried, full
 * text search's matching, ranking and pages, a self-canceling job, the deployment's URLs in every
 * function, write conflicts and overload failing the request (HTTP 503, WebSocket retry), and
 * Node actions timing out. Fixture: test/fixture/dbRules.ts.
 */
import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Backend } from "./backend";
import { cleanupsAfterEach, eventually, httpClient, sleep, start, wsClient } from "./test/helpers";

type Args = Record<string, unknown>;
const query = <R = unknown>(name: string) => makeFunctionReference<"query", Args, R>(`dbRules:${name}`);
const mutation = <R = unknown>(name: string) => makeFunctionReference<"mutation", Args, R>(`dbRules:${name}`);
const action = <R = unknown>(name: string) => makeFunctionReference<"action", Args, R>(`dbRules:${name}`);
type Page = { page: string[]; isDone: boolean; continueCursor: string };

const cleanups = cleanupsAfterEach();

async function backend(): Promise<Backend> {
  const b = await start();
  cleanups.push(() => b.close());
  return b;
}

async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the call succeeded");
}

describe("system tables", () => {
  it("are read through db.system only, and never written", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const jobId = await client.mutation(mutation<string>("schedule"), {});
    const messageId = await client.mutation(mutation<string>("send"), {});

    expect(await failure(client.query(query("getThroughDb"), { id: jobId }))).toContain(
      "Uncaught Error: System tables can only be accessed with db.system.",
    );
    expect(await failure(client.query(query("getThroughSystem"), { id: messageId }))).toContain(
      "Uncaught Error: User tables cannot be accessed with db.system.",
    );
    for (const how of ["patch", "replace", "delete"]) {
      expect(await failure(client.mutation(mutation("write"), { id: jobId, how }))).toContain("System tables can only be accessed with db.system.");
    }
    expect(await client.query(query("getThroughSystem"), { id: jobId })).toMatchObject({ _id: jobId });
    expect(await client.query(query("getThroughDb"), { id: messageId })).toMatchObject({ _id: messageId });
  });

  it("gives each component its own ids: a component's job is not found in the app", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const appJob = await client.mutation(mutation<string>("schedule"), {});
    const componentJob = await client.mutation(makeFunctionReference<"mutation", Args, string>("counting:bumpLater"), { name: "x", delayMs: 60_000 });
    expect(componentJob).not.toBe(appJob);
    expect(await client.query(query("getThroughSystem"), { id: componentJob })).toBeNull();
  });
});

describe("staged indexes", () => {
  it("exist but cannot be queried until enabled", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const staged = (name: string) => `Index articles.${name} is currently staged and not available to query until it is enabled.`;
    expect(await failure(client.query(query("stagedIndex"), {}))).toContain(staged("by_topic"));
    expect(await failure(client.query(query("stagedSearch"), {}))).toContain(staged("search_topic"));
    expect(await failure(client.action(action("stagedVector"), {}))).toContain(staged("by_embedding"));
  });
});

describe("full text search", () => {
  async function withArticles() {
    const b = await backend();
    const client = httpClient(b.url);
    const add = (body: string, topic: string) => client.mutation(mutation("addArticle"), { body, topic });
    await add("Tacos al pastor are a pork dish", "mexican");
    await add("All the pasta is served with cheese", "italian");
    await add("Pastor pastor pastor everywhere", "other");
    return client;
  }

  it("matches whole words, and only the last query word as a prefix, best match first", async () => {
    const client = await withArticles();
    // "al" must be a whole word: "All" does not match it, and "pastor" matches no pasta. The
    // rarer word "al" outweighs three times "pastor".
    expect(await client.query(query("search"), { text: "al pastor" })).toEqual(["Tacos al pastor are a pork dish", "Pastor pastor pastor everywhere"]);
    expect(await client.query(query("search"), { text: "pasto" })).toEqual(["Pastor pastor pastor everywhere", "Tacos al pastor are a pork dish"]);
    expect(await client.query(query("search"), { text: "past1r" })).toEqual([]);
    expect(await client.query(query("search"), { text: "al pastor", topic: "mexican" })).toEqual(["Tacos al pastor are a pork dish"]);
  });

  it("sees a mutation's own writes", async () => {
    const client = await withArticles();
    expect(await client.mutation(mutation("addThenSearch"), { body: "Cheese first", text: "cheese" })).toEqual([
      "Cheese first",
      "All the pasta is served with cheese",
    ]);
  });

  it("pages by relevance; a full page is not done, and the next one is empty and done", async () => {
    const client = await withArticles();
    // "pasta" is the rarer word: its one article ranks first.
    const first = await client.query(query<Page>("searchPage"), { text: "past", paginationOpts: { numItems: 2, cursor: null } });
    expect(first).toMatchObject({ isDone: false, page: ["All the pasta is served with cheese", "Pastor pastor pastor everywhere"] });
    const second = await client.query(query<Page>("searchPage"), { text: "past", paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(second).toMatchObject({ isDone: true, page: ["Tacos al pastor are a pork dish"] });

    const filtered = await client.query(query<Page>("searchPage"), { text: "past", topic: "mexican", paginationOpts: { numItems: 1, cursor: null } });
    expect(filtered).toMatchObject({ isDone: false, page: ["Tacos al pastor are a pork dish"] });
    const after = await client.query(query<Page>("searchPage"), {
      text: "past",
      topic: "mexican",
      paginationOpts: { numItems: 1, cursor: filtered.continueCursor },
    });
    expect(after).toMatchObject({ isDone: true, page: [] });
  });
});

describe("pagination", () => {
  it("does not call a page done when it fills up on the last row", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    await client.mutation(mutation("send"), {});
    const first = await client.query(query<{ page: unknown[]; isDone: boolean; continueCursor: string }>("messagesPage"), {
      paginationOpts: { numItems: 1, cursor: null },
    });
    expect(first).toMatchObject({ isDone: false, page: [expect.anything()] });
    const next = await client.query(query<{ page: unknown[]; isDone: boolean }>("messagesPage"), {
      paginationOpts: { numItems: 1, cursor: first.continueCursor },
    });
    expect(next).toMatchObject({ isDone: true, page: [] });
  });
});

describe("scheduler", () => {
  it("leaves a job that canceled itself canceled, and canceling a finished job changes nothing", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const selfCanceling = await client.mutation(mutation<string>("scheduleSelfCanceling"), {});
    const state = (id: string) => client.query(query<{ state: string; completed: boolean } | null>("jobState"), { id });
    await eventually(
      () => state(selfCanceling),
      (job) => job?.state !== "pending",
    );
    expect(await state(selfCanceling)).toEqual({ state: "canceled", completed: true });

    const job = await client.mutation(mutation<string>("schedule"), {});
    await eventually(
      () => state(job),
      (found) => found?.state === "success",
    );
    await client.mutation(mutation("cancel"), { id: job });
    expect(await state(job)).toEqual({ state: "success", completed: true });
  });
});

describe("environment", () => {
  it("gives every function, a component's too, the deployment's URLs", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    expect(await client.action(action("urls"), {})).toEqual({
      cloud: b.url,
      site: b.siteUrl,
      component: { cloud: b.url, site: b.siteUrl },
    });
  });
});

describe("transient failures", () => {
  it("answer HTTP clients with 503 and Convex's code", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const occ = await failure(client.mutation(mutation("conflictUntilMessage"), {}));
    expect(JSON.parse(occ)).toEqual({
      code: "OptimisticConcurrencyControlFailure",
      message: expect.stringContaining("changed while this mutation was being run and on every subsequent retry") as string,
    });
    expect(JSON.parse(await failure(client.mutation(mutation("overloaded"), {})))).toEqual({ code: "Busy", message: "I'm a bit busy." });
    const response = await fetch(`${b.url}/api/mutation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "dbRules:overloaded", args: [{}], format: "json" }),
    });
    expect(response.status).toBe(503);
  });

  it("make a WebSocket client reconnect and send the mutation again until it succeeds", async () => {
    const b = await backend();
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    // Connected first, so the mutation is tried (and fails) before the message exists.
    await client.query(query("getThroughDb"), { id: "0messages" });
    let settled = false;
    const done = client.mutation(mutation<string>("conflictUntilMessage"), {}).finally(() => (settled = true));
    await sleep(300);
    expect(settled).toBe(false);
    await httpClient(b.url).mutation(mutation("send"), {});
    expect(await done).toBe("done");
  });
});

describe("action time limit", () => {
  const saved = process.env.NODE_ACTION_USER_TIMEOUT_SECS;
  afterEach(() => {
    if (saved === undefined) delete process.env.NODE_ACTION_USER_TIMEOUT_SECS;
    else process.env.NODE_ACTION_USER_TIMEOUT_SECS = saved;
  });

  it("fails a Node action that runs past NODE_ACTION_USER_TIMEOUT_SECS", async () => {
    process.env.NODE_ACTION_USER_TIMEOUT_SECS = "1";
    const b = await backend();
    const message = await failure(httpClient(b.url).action(makeFunctionReference<"action", Args, unknown>("nodeSlow:hangs"), {}));
    expect(message).toMatch(/^\[Request ID: [0-9a-f]{16}\] Server Error\nAction `hangs` execution timed out \(maximum duration 1s\)/);
  });
});
