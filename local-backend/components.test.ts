/**
 * Components on the embedded backend, through the real convex clients: the fixture app installs a
 * component of ours twice ("counter", "otherCounter"), which installs a child ("tally"); the
 * component has tables, queries, mutations, an action, scheduled jobs, a cron and a declared
 * environment variable.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { cleanupsAfterEach, FIXTURE, httpClient, start, waitFor, waitUntil, wsClient } from "./test/helpers";

type Values = { counter: number; otherCounter: number; tallied: number };
const bump = makeFunctionReference<"mutation", { name: string }, number>("counting:bump");
const bumpOther = makeFunctionReference<"mutation", { name: string }, number>("counting:bumpOther");
const value = makeFunctionReference<"query", { name: string }, Values>("counting:value");
const appCounters = makeFunctionReference<"query", Record<string, never>, number>("counting:appCounters");
const bumpTwice = makeFunctionReference<"action", { name: string }, number>("counting:bumpTwice");
const bumpLater = makeFunctionReference<"mutation", { name: string; delayMs: number }, string>("counting:bumpLater");
const scheduleBump = makeFunctionReference<"mutation", { name: string }, string>("counting:scheduleBump");
const bumpWithCallback = makeFunctionReference<"mutation", { name: string }, null>("counting:bumpWithCallback");
const badCall = makeFunctionReference<"mutation", Record<string, never>, null>("counting:badCall");
const environment = makeFunctionReference<"query", Record<string, never>, { greeting: string | null; appVariable: string | null }>(
  "counting:environment",
);
const eventCount = makeFunctionReference<"query", { kind: string }, number>("events:count");
const storeInComponent = makeFunctionReference<"action", { text: string }, string>("counting:storeInComponent");
const componentFileUrl = makeFunctionReference<"query", { id: string }, string | null>("counting:componentFileUrl");
const componentUploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("counting:componentUploadUrl");
const appFileUrl = makeFunctionReference<"query", { id: string }, string | null>("files:url");

const cleanups = cleanupsAfterEach();

async function backend(options: Parameters<typeof start>[0] = {}) {
  const b = await start(options);
  cleanups.push(() => b.close());
  return b;
}

const dataDir = () => cleanups.dataDir();

describe("components on the embedded backend", () => {
  it("gives each installed component its own tables, which the app cannot read, and reaches nested children", async () => {
    const client = httpClient((await backend()).url);
    expect(await client.mutation(bump, { name: "a" })).toBe(1);
    expect(await client.mutation(bump, { name: "a" })).toBe(2);
    expect(await client.mutation(bumpOther, { name: "a" })).toBe(1);
    expect(await client.query(value, { name: "a" })).toEqual({ counter: 2, otherCounter: 1, tallied: 2 });
    expect(await client.query(appCounters, {})).toBe(0);
  });

  it("runs a component's actions, which call its mutations", async () => {
    const client = httpClient((await backend()).url);
    expect(await client.action(bumpTwice, { name: "b" })).toBe(2);
    expect((await client.query(value, { name: "b" })).counter).toBe(2);
  });

  it("never lets a client call a component's function, public or not", async () => {
    const client = httpClient((await backend()).url);
    for (const path of ["lib:increment", "counter/lib:increment", "components/counter/lib:increment", "lib:applyLater"]) {
      await expect(client.mutation(makeFunctionReference<"mutation">(path), { name: "x", by: 1 })).rejects.toThrow(/Could not find public function/);
    }
  });

  it("refuses a component call with bad arguments with the component's validator error, and writes nothing", async () => {
    const client = httpClient((await backend()).url);
    await expect(client.mutation(badCall, {})).rejects.toThrow(/Validator error: Expected `number`/);
    expect(await client.query(eventCount, { kind: "before-bad-call" })).toBe(0);
    expect((await client.query(value, { name: "x" })).counter).toBe(0);
  });

  it("runs jobs a component schedules, jobs the app schedules on a component, and handles a component calls back", async () => {
    const b = await backend();
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    await client.mutation(bumpLater, { name: "later", delayMs: 200 });
    await client.mutation(scheduleBump, { name: "later" });
    await waitFor<Values>(
      (push) => client.onUpdate(value, { name: "later" }, push),
      (v) => v.counter === 6,
    );
    await client.mutation(bumpWithCallback, { name: "c" });
    await waitFor<number>(
      (push) => client.onUpdate(eventCount, { kind: "callback:c" }, push),
      (count) => count === 1,
    );
  });

  it("keeps the app's live queries working when a component's own action is what changed them", async () => {
    const b = await backend();
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    const errors: Error[] = [];
    const seen: Values[] = [];
    cleanups.push(client.onUpdate(value, { name: "live" }, (v) => seen.push(v), (error) => errors.push(error)));
    await waitUntil(() => Promise.resolve(seen.length > 0));
    // The component's action commits its mutations in the component's context; the app's query must still run in the app.
    await client.action(bumpTwice, { name: "live" });
    await waitUntil(() => Promise.resolve(seen.at(-1)?.counter === 2 || errors.length > 0));
    expect(errors).toEqual([]);
    expect(seen.at(-1)?.counter).toBe(2);
  });

  it("runs a component's crons", async () => {
    const client = httpClient((await backend()).url);
    await waitUntil(async () => (await client.query(value, { name: "cron" })).counter >= 1, 5000);
    // Each installed instance has its own cron.
    await waitUntil(async () => (await client.query(value, { name: "cron" })).otherCounter >= 1, 5000);
  });

  it("gives a component only the environment its parent passes", async () => {
    process.env.LWCC_TEST_ISSUER ??= "http://127.0.0.1/test-issuer";
    const client = httpClient((await backend()).url);
    expect(await client.query(environment, {})).toEqual({ greeting: "hello from the app", appVariable: null });
  });

  it("keeps a component's files in its own storage, on disk, served and uploaded by their URLs", async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const stored = await httpClient(first.url).action(storeInComponent, { text: "component file" });
    await first.close();

    const client = httpClient((await backend({ dataDir: dir })).url);
    const fileUrl = await client.query(componentFileUrl, { id: stored });
    expect(await (await fetch(fileUrl!)).text()).toBe("component file");
    const upload = await fetch(await client.mutation(componentUploadUrl, {}), { method: "POST", body: "uploaded", headers: { "content-type": "text/plain" } });
    const { storageId } = (await upload.json()) as { storageId: string };
    expect(await (await fetch((await client.query(componentFileUrl, { id: storageId }))!)).text()).toBe("uploaded");
    // The app's storage has no such file: ids belong to their component.
    expect(await client.query(appFileUrl, { id: storageId })).toBeNull();
  });

  it("keeps component tables and pending component jobs across a restart", async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const client = httpClient(first.url);
    await client.mutation(bump, { name: "kept" });
    await client.mutation(bumpOther, { name: "kept" });
    await client.mutation(bumpLater, { name: "kept", delayMs: 700 });
    await first.close();

    const second = await backend({ dataDir: dir });
    const after = httpClient(second.url);
    expect(await after.query(value, { name: "kept" })).toMatchObject({ counter: 1, otherCounter: 1 });
    await waitUntil(async () => (await after.query(value, { name: "kept" })).counter === 2);
    expect((await after.query(value, { name: "kept" })).tallied).toBe(2);
  });

  it("keeps components' data and jobs when functions reload (npm run dev)", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    await client.mutation(bump, { name: "reloaded" });
    await client.mutation(bumpLater, { name: "reloaded", delayMs: 500 });
    await b.reload();
    expect((await client.query(value, { name: "reloaded" })).counter).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => (await client.query(value, { name: "reloaded" })).counter === 2);
    expect(await client.mutation(bump, { name: "reloaded" })).toBe(3);
  });

  it("loses no acknowledged component write when killed with SIGKILL", async () => {
    const dir = dataDir();
    const port = 34000 + Math.floor(Math.random() * 2000);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "local-backend/cli.ts", "--functions", FIXTURE, "--data", dir, "--port", String(port)],
      { cwd: path.resolve(import.meta.dirname, ".."), stdio: "ignore" },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    cleanups.push(() => child.kill("SIGKILL"));
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(async () => (await fetch(`${url}/version`).catch(() => null))?.ok === true, 30_000);
    const client = httpClient(url);
    let acknowledged = 0;
    for (let i = 0; i < 20; i++) acknowledged = await client.mutation(bump, { name: "crash" });
    child.kill("SIGKILL");
    await exited;

    const restarted = await backend({ dataDir: dir });
    expect((await httpClient(restarted.url).query(value, { name: "crash" })).counter).toBe(acknowledged);
  }, 60_000);
});
