import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { cleanupsAfterEach, FIXTURE, httpClient, sleep, start, waitUntil, wsClient } from "./test/helpers";

type Message = { _id: string; _creationTime: number; author: string; body: string };
type Job = { state: { kind: string }; name: string } | null;
const list = makeFunctionReference<"query", Record<string, never>, Message[]>("messages:list");
const send = makeFunctionReference<"mutation", { author: string; body: string }, string>("messages:send");
const sendLater = makeFunctionReference<"mutation", { body: string; delayMs: number }, string>("messages:sendLater");
const cancel = makeFunctionReference<"mutation", { id: string }, null>("messages:cancel");
const job = makeFunctionReference<"query", { id: string }, Job>("messages:job");
const eventCount = makeFunctionReference<"query", { kind: string }, number>("events:count");

const cleanups = cleanupsAfterEach();

const dataDir = () => cleanups.dataDir();


describe("durable embedded backend", () => {
  it("keeps documents, ids, creation times and commit timestamps across a restart", async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const client = httpClient(first.url);
    for (let i = 0; i < 5; i++) await client.mutation(send, { author: "ana", body: `m${i}` });
    const before = await client.query(list, {});
    const ts = first.engine().latestTs();
    await first.close();

    const second = await start({ dataDir: dir });
    cleanups.push(() => second.close());
    const after = await httpClient(second.url).query(list, {});
    expect(after).toEqual(before);
    expect(second.engine().latestTs()).toBeGreaterThanOrEqual(ts);
    const id = await httpClient(second.url).mutation(send, { author: "ana", body: "new" });
    expect(before.map((m) => m._id)).not.toContain(id);
    expect(second.engine().latestTs()).toBeGreaterThan(ts);
  });

  it("runs a scheduled mutation exactly once, after a restart that happened before it was due", async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const jobId = await httpClient(first.url).mutation(sendLater, { body: "from the past", delayMs: 800 });
    await first.close();

    const second = await start({ dataDir: dir });
    cleanups.push(() => second.close());
    const client = httpClient(second.url);
    await waitUntil(async () => (await client.query(job, { id: jobId }))?.state.kind === "success");
    await sleep(300);
    const delivered = (await client.query(list, {})).filter((m) => m.body === "from the past");
    expect(delivered).toHaveLength(1);
  });

  it("does not run a cancelled job", async () => {
    const b = await start();
    cleanups.push(() => b.close());
    const client = httpClient(b.url);
    const jobId = await client.mutation(sendLater, { body: "never", delayMs: 300 });
    await client.mutation(cancel, { id: jobId });
    await sleep(600);
    expect((await client.query(job, { id: jobId }))?.state.kind).toBe("canceled");
    expect((await client.query(list, {})).some((m) => m.body === "never")).toBe(false);
  });

  it("waits out delays longer than a timer can hold instead of firing at once", async () => {
    const b = await start();
    cleanups.push(() => b.close());
    const client = httpClient(b.url);
    const jobId = await client.mutation(sendLater, { body: "far future", delayMs: 2 ** 31 + 60_000 });
    await sleep(300);
    expect((await client.query(job, { id: jobId }))?.state.kind).toBe("pending");
  });

  it("runs crons on schedule and keeps their last run on disk", async () => {
    const dir = dataDir();
    const b = await start({ dataDir: dir });
    cleanups.push(() => b.close());
    const client = httpClient(b.url);
    await waitUntil(async () => (await client.query(eventCount, { kind: "tick" })) >= 2, 6000);
    const state = JSON.parse(readFileSync(path.join(dir, "crons.json"), "utf8")) as Record<string, { lastRunMs?: number }>;
    expect(state.tick?.lastRunMs).toBeGreaterThan(Date.now() - 5000);
  });

  it("loses no acknowledged mutation when killed with SIGKILL during a burst", async () => {
    const dir = dataDir();
    const port = 32000 + Math.floor(Math.random() * 2000);
    // The backend is our direct child, so its exit below means it is gone and reaped.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "local-backend/cli.ts", "--functions", FIXTURE, "--data", dir, "--port", String(port)],
      { cwd: path.resolve(import.meta.dirname, ".."), stdio: "ignore" },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    cleanups.push(() => child.kill("SIGKILL"));
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(async () => (await fetch(`${url}/version`).catch(() => null))?.ok === true, 30_000);

    const client = wsClient(url);
    const acknowledged: string[] = [];
    let killed = false;
    const burst = Array.from({ length: 400 }, (_, i) =>
      client.mutation(send, { author: "burst", body: `b${i}` }).then(
        (id) => {
          if (!killed) acknowledged.push(id);
        },
        () => {},
      ),
    );
    await waitUntil(() => Promise.resolve(acknowledged.length >= 100), 20_000);
    killed = true;
    child.kill("SIGKILL");
    const seen = acknowledged.slice();
    void client.close();
    void Promise.allSettled(burst);
    await exited;
    expect(existsSync(path.join(dir, "LOCK"))).toBe(true);

    const restarted = await start({ dataDir: dir });
    cleanups.push(() => restarted.close());
    const stored = new Set((await httpClient(restarted.url).query(list, {})).map((m) => m._id));
    expect(seen.length).toBeGreaterThanOrEqual(100);
    expect(seen.filter((id) => !stored.has(id))).toEqual([]);
  }, 60_000);
});
