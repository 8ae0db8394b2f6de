import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import { httpClient, start, waitFor } from "./test/helpers";

const HOUR = 60 * 60 * 1000;
type Job = { state: { kind: string } } | null;
const sendLater = makeFunctionReference<"mutation", { body: string; delayMs: number }, string>("messages:sendLater");
const job = makeFunctionReference<"query", { id: string }, Job>("messages:job");

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function backend(testClock: boolean) {
  const b = await start({ testClock });
  cleanups.push(() => b.close());
  return b;
}

const clock = (url: string, advanceMs?: unknown) =>
  fetch(`${url}/_test/clock`, advanceMs === undefined ? {} : { method: "POST", body: JSON.stringify({ advanceMs }) });

describe("the test clock", () => {
  it("is not served unless asked for", async () => {
    const { url } = await backend(false);
    expect((await clock(url)).status).toBe(404);
  });

  it("moves the backend's time forward, and jobs that became due run at once", async () => {
    const { url } = await backend(true);
    const client = httpClient(url);
    const jobId = await client.mutation(sendLater, { body: "in two hours", delayMs: 2 * HOUR });

    const before = (await (await clock(url)).json()) as { now: number; offsetMs: number };
    const moved = await clock(url, 3 * HOUR);
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as { now: number; offsetMs: number };
    expect(after.offsetMs - before.offsetMs).toBe(3 * HOUR);
    expect(after.now - before.now).toBeGreaterThanOrEqual(3 * HOUR);

    await waitFor<Job>(
      (push) => {
        const timer = setInterval(() => void client.query(job, { id: jobId }).then(push), 50);
        return () => clearInterval(timer);
      },
      (value) => value?.state.kind === "success",
    );
  });

  it("runs a cron job on demand, once it has finished, and only a job crons.ts declares", async () => {
    const { url } = await backend(true);
    const client = httpClient(url);
    const ticks = makeFunctionReference<"query", { kind: string }, number>("events:count");
    const before = await client.query(ticks, { kind: "tick" });
    const run = (job: unknown) => fetch(`${url}/_test/cron`, { method: "POST", body: JSON.stringify({ job }) });
    // Five runs on demand take far less than the five seconds the schedule would need for as many.
    for (let i = 0; i < 5; i++) {
      const answer = await run("tick");
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ran: "tick" });
    }
    expect(await client.query(ticks, { kind: "tick" })).toBeGreaterThanOrEqual(before + 5);
    expect((await run("no such job")).status).toBe(404);
    expect((await run(7)).status).toBe(404);
    const { url: plain } = await backend(false);
    expect((await fetch(`${plain}/_test/cron`, { method: "POST", body: JSON.stringify({ job: "tick" }) })).status).toBe(404);
  });

  it("refuses to go back or to take a non-number, and stays where it was", async () => {
    const { url } = await backend(true);
    const { offsetMs } = (await (await clock(url)).json()) as { offsetMs: number };
    for (const bad of [-1, 1.5, "60000", null]) {
      const answer = await clock(url, bad);
      expect(answer.status).toBe(400);
    }
    expect(((await (await clock(url)).json()) as { offsetMs: number }).offsetMs).toBe(offsetMs);
  });
});
