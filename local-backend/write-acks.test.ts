/**
 * Nothing is acknowledged before its commit is durable, whichever way it came in, and a session's
 * next mutation does not wait for the previous one's disk sync (only its reply does).
 */
import { makeFunctionReference } from "convex/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CommitEvent } from "./engine/convex-test-internals";
import { DiskPersistence } from "./persistence";
import { cleanupsAfterEach, httpClient, sleep, start, waitUntil, wsClient } from "./test/helpers";

const send = makeFunctionReference<"mutation", { author: string; body: string }, string>("messages:send");
const shout = makeFunctionReference<"action", { author: string; body: string }, string>("messages:shout");

const cleanups = cleanupsAfterEach();

/** Disk syncs as the backend waits for them: held (not reported durable) until `open()`. */
const gate = {
  held: false,
  waiting: [] as (() => void)[],
  commits: 0,
  hold() {
    this.held = true;
  },
  open() {
    this.held = false;
    for (const resume of this.waiting.splice(0)) resume();
  },
};

beforeEach(() => {
  gate.held = false;
  gate.commits = 0;
  const append = DiskPersistence.prototype.append;
  vi.spyOn(DiskPersistence.prototype, "append").mockImplementation(function (this: DiskPersistence, event: CommitEvent) {
    // Only the requests' own writes: the fixture's crons commit too.
    if (event.changes.some((change) => change.table === "messages")) gate.commits++;
    append.call(this, event);
  });
  const durable = DiskPersistence.prototype.durable;
  vi.spyOn(DiskPersistence.prototype, "durable").mockImplementation(function (this: DiskPersistence) {
    const synced = durable.call(this);
    return gate.held ? Promise.all([synced, new Promise<void>((resume) => gate.waiting.push(resume))]).then(() => {}) : synced;
  });
});

afterEach(() => {
  gate.open();
  vi.restoreAllMocks();
});

/**
 * Starts `request` with disk syncs held, waits for its commit, and checks it is still unanswered
 * a while later; then lets the syncs through and returns its answer.
 */
async function answeredOnlyWhenDurable<T>(request: () => Promise<T>): Promise<T> {
  gate.hold();
  let answered = false;
  const answer = request().finally(() => (answered = true));
  await waitUntil(() => Promise.resolve(gate.commits >= 1), 10_000);
  // Long enough for an answer sent without waiting for the disk to arrive.
  await sleep(300);
  expect(answered).toBe(false);
  gate.open();
  return answer;
}

async function backend() {
  const b = await start({ dataDir: cleanups.dataDir() });
  cleanups.push(() => b.close());
  return b;
}

describe("acknowledgements wait for the disk", () => {
  it("answers an http action that wrote only once its write is durable", async () => {
    const b = await backend();
    const response = await answeredOnlyWhenDurable(() => fetch(`${b.siteUrl}/stripe/webhook`, { method: "POST", body: "{}" }));
    expect(response.status).toBe(200);
  });

  it("answers an action that ran a mutation only once its write is durable, over HTTP and WebSocket", async () => {
    const b = await backend();
    await answeredOnlyWhenDurable(() => httpClient(b.url).action(shout, { author: "a", body: "http" }));
    gate.commits = 0;
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    await answeredOnlyWhenDurable(() => client.action(shout, { author: "a", body: "ws" }));
  });

  it("runs a session's next mutation while the previous one's disk sync is pending, and answers both in order once durable", async () => {
    const b = await backend();
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    await client.mutation(send, { author: "warm", body: "up" });
    gate.commits = 0;
    gate.hold();
    const order: string[] = [];
    const first = client.mutation(send, { author: "s", body: "1" }).then(() => order.push("1"));
    const second = client.mutation(send, { author: "s", body: "2" }).then(() => order.push("2"));
    // Both committed while neither is durable: the second did not wait for the first's sync.
    await waitUntil(() => Promise.resolve(gate.commits >= 2), 10_000);
    expect(order).toEqual([]);
    gate.open();
    await Promise.all([first, second]);
    expect(order).toEqual(["1", "2"]);
  });
});
