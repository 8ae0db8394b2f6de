/**
 * Function console output reaches the caller as Convex's log lines: `logLines` in HTTP API
 * answers and sync protocol responses, which the convex clients print.
 */
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { api } from "./test/fixture/_generated/api";
import { cleanupsAfterEach, start, waitFor } from "./test/helpers";

const cleanups = cleanupsAfterEach();

async function backend() {
  const b = await start();
  cleanups.push(() => b.close());
  return b;
}

async function post(url: string, endpoint: string, body: object) {
  const response = await fetch(`${url}/api/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ format: "convex_encoded_json", ...body }),
  });
  return { status: response.status, body: (await response.json()) as { status: string; value?: unknown; errorMessage?: string; logLines?: string[] } };
}

/** A convex client logger that keeps what the client printed. */
function recordingLogger() {
  const printed: unknown[][] = [];
  const keep = (...args: unknown[]) => printed.push(args);
  return { printed, logger: { logVerbose: () => {}, log: keep, warn: keep, error: keep } };
}

describe("log lines over the HTTP API", () => {
  it("returns each console call as a line with its level and inspected arguments", async () => {
    const b = await backend();
    const { status, body } = await post(b.url, "query", { path: "logging:chatty", args: [{}] });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "success",
      value: "done",
      logLines: ["[LOG] 'hello' { n: 1 }", "[WARN] 'careful'", "[ERROR] 'bad' 42"],
    });
  });

  it("returns the lines of a failed call with its error, and none when nothing was logged", async () => {
    const b = await backend();
    const failed = await post(b.url, "mutation", { path: "logging:chattyFailure", args: [{}] });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: "error", logLines: ["[INFO] 'about to fail'"] });
    expect(failed.body.errorMessage).toContain("oopsie");

    const quiet = await post(b.url, "query", { path: "messages:list", args: [{}] });
    expect(quiet.body).toEqual({ status: "success", value: [] });
  });

  it("never mixes the lines of concurrent calls", async () => {
    const b = await backend();
    const [a, c] = await Promise.all([
      post(b.url, "action", { path: "logging:interleaved", args: [{ tag: "a", count: 5 }] }),
      post(b.url, "action", { path: "logging:interleaved", args: [{ tag: "c", count: 5 }] }),
    ]);
    expect(a.body.logLines).toEqual([0, 1, 2, 3, 4].map((i) => `[LOG] 'a ${i}'`));
    expect(c.body.logLines).toEqual([0, 1, 2, 3, 4].map((i) => `[LOG] 'c ${i}'`));
  });

  it("includes what the functions an action calls log", async () => {
    const b = await backend();
    const { body } = await post(b.url, "action", { path: "logging:nested", args: [{}] });
    expect(body).toEqual({ status: "success", value: "inner result", logLines: ["[LOG] 'outer'", "[LOG] 'inner'"] });
  });

  it("keeps at most 256 lines, the last saying the rest were omitted", async () => {
    const b = await backend();
    const { body } = await post(b.url, "query", { path: "logging:flood", args: [{ count: 300 }] });
    expect(body.logLines).toHaveLength(256);
    expect(body.logLines!.slice(0, 2)).toEqual(["[LOG] 0", "[LOG] 1"]);
    expect(body.logLines![254]).toBe("[LOG] 254");
    expect(body.logLines![255]).toBe("[ERROR] Log overflow (maximum 256). Remaining log lines omitted.");
  });

  it("keeps console timers per call", async () => {
    const b = await backend();
    const { body } = await post(b.url, "action", { path: "logging:timers", args: [{}] });
    const lines = body.logLines!;
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`[WARN] "Timer 'missing' does not exist"`);
    expect(lines[1]).toBe(`[WARN] "Timer 't' already exists"`);
    expect(lines[2]).toMatch(/^\[INFO\] 't: \d+ms' 'extra'$/);
    expect(lines[3]).toMatch(/^\[INFO\] 't: \d+ms'$/);
    // A 20 ms timer may fire a little early.
    expect(Number(/(\d+)ms/.exec(lines[3]!)![1])).toBeGreaterThanOrEqual(15);
  });

  it("gives console.trace the function's own frames", async () => {
    const b = await backend();
    const { body } = await post(b.url, "query", { path: "logging:traced", args: [{}] });
    expect(body.logLines).toHaveLength(1);
    const [first, ...frames] = body.logLines![0]!.split("\n");
    expect(first).toBe("[LOG] 'where' Trace");
    expect(frames[0]).toMatch(/^ {4}at handler \(\/.*fixture[/\\]logging\.ts:\d+:\d+\)$/);
    for (const frame of frames) expect(frame).not.toMatch(/node_modules|\(node:/);
  });

  it("are printed by ConvexHttpClient as Convex prints them", async () => {
    const b = await backend();
    const { printed, logger } = recordingLogger();
    const client = new ConvexHttpClient(b.url, { logger });
    await client.query(api.logging.chatty, {});
    expect(printed).toEqual([
      ["%c[CONVEX Q(logging:chatty)] [LOG]", "color:rgb(0, 145, 255)", "'hello' { n: 1 }"],
      ["%c[CONVEX Q(logging:chatty)] [WARN]", "color:rgb(0, 145, 255)", "'careful'"],
      ["%c[CONVEX Q(logging:chatty)] [ERROR]", "color:rgb(0, 145, 255)", "'bad' 42"],
    ]);
  });
});

describe("log lines over the sync protocol", () => {
  it("reach the client with query results, mutation and action responses", async () => {
    const b = await backend();
    const { printed, logger } = recordingLogger();
    const client = new ConvexClient(b.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger,
      unsavedChangesWarning: false,
    });
    cleanups.push(() => client.close());

    await waitFor<string>((push) => client.onUpdate(api.logging.chatty, {}, push), (value) => value === "done");
    await expect(client.mutation(api.logging.chattyFailure, {})).rejects.toThrow(/oopsie/);
    await client.action(api.logging.nested, {});
    const lines = printed.map((args) => args.join(" "));
    expect(lines).toContain("%c[CONVEX Q(logging:chatty)] [WARN] color:rgb(0, 145, 255) 'careful'");
    expect(lines).toContain("%c[CONVEX M(logging:chattyFailure)] [INFO] color:rgb(0, 145, 255) 'about to fail'");
    expect(lines).toContain("%c[CONVEX A(logging:nested)] [LOG] color:rgb(0, 145, 255) 'inner'");
  });
});
