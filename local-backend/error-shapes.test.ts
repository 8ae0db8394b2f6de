/**
 * Failures as Convex reports them, through the unmodified clients: the request id and "Server
 * Error" line, `Uncaught <name>: <message>` with the developer's frames, chains of calls read
 * outermost first, argument validation and missing functions named as Convex names them, and
 * http actions answering 500 with the error as JSON. And a function's failure stays that
 * function's: errors a Node action leaves uncaught fail the action, not the backend.
 */
import { ConvexError } from "convex/values";
import { makeFunctionReference } from "convex/server";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, httpClient, wsClient } from "./test/helpers";

const query = (name: string) => makeFunctionReference<"query", Record<string, unknown>, unknown>(name);
const action = (name: string) => makeFunctionReference<"action", Record<string, unknown>, unknown>(name);

/**
 * The backend runs in its own process, as `npm start` runs it: error frames and stray errors are
 * then exactly what a developer sees, not what the test runner's stack handling makes of them.
 */
let backend: ChildProcess;
const urls = { api: "", site: "" };
beforeAll(async () => {
  backend = spawn(process.execPath, ["--import", "tsx", "local-backend/cli.ts", "--functions", FIXTURE, "--port", "0", "--site-port", "0"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    let output = "";
    backend.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /ready at (\S+) \(http actions at (\S+)\)/.exec(output);
      if (match) resolve(match);
    });
    backend.once("exit", (code) => reject(new Error(`the backend exited (${code}) before it was ready:\n${output}`)));
  });
  [, urls.api = "", urls.site = ""] = ready;
}, 60_000);
afterAll(() => {
  backend.kill("SIGTERM");
});

const SERVER_ERROR = /^\[Request ID: [0-9a-f]{16}\] Server Error\n/;

async function failure(call: Promise<unknown>): Promise<Error & { data?: unknown }> {
  try {
    await call;
  } catch (error) {
    return error as Error & { data?: unknown };
  }
  throw new Error("the call succeeded");
}

describe("error shapes", () => {
  it("reports a ConvexError with its data, and a plain error with the developer's frame", async () => {
    const client = httpClient(urls.api);
    const convexError = await failure(client.query(query("failures:convexError"), {}));
    expect(convexError).toBeInstanceOf(ConvexError);
    expect(convexError.data).toEqual({ code: "NOPE" });
    expect(convexError.message).toMatch(SERVER_ERROR);
    expect(convexError.message).toMatch(/\nUncaught ConvexError: \{"code":"NOPE"\}\n {4}at .+ \(\.\.\/fixture\/failures\.ts:\d+:\d+\)\n$/);

    const plain = await failure(client.query(query("failures:plainError"), {}));
    expect(plain).not.toBeInstanceOf(ConvexError);
    expect(plain.message).toMatch(/\nUncaught Error: plain\n {4}at .+ \(\.\.\/fixture\/failures\.ts:\d+:\d+\)\n$/);
  });

  it("reads a chain of calls outermost first, and the caller still sees a ConvexError with the callee's data", async () => {
    const client = httpClient(urls.api);
    const chained = await failure(client.action(action("failures:callsFailingQuery"), {}));
    expect(chained).toBeInstanceOf(ConvexError);
    expect(chained.data).toEqual({ code: "NOPE" });
    expect(chained.message).toMatch(
      /\nUncaught ConvexError: Uncaught ConvexError: \{"code":"NOPE"\}\n {4}at .+ \(\.\.\/fixture\/failures\.ts:\d+:\d+\)\n\n {4}at async .+ \(\.\.\/fixture\/failures\.ts:\d+:\d+\)\n$/,
    );
    expect(await client.action(action("failures:catchesFailingQuery"), {})).toEqual({ isConvexError: true, data: { code: "NOPE" } });
  });

  it("names argument validation failures and missing functions as Convex does, on both protocols", async () => {
    const client = wsClient(urls.api);
    try {
      const invalid = await failure(client.query(query("failures:typed"), { name: 1 }));
      expect(invalid.message).toMatch(/ArgumentValidationError: /);
      const missing = await failure(client.query(query("failures:nothingHere"), {}));
      expect(missing.message).toContain("Could not find public function for 'failures:nothingHere'. Did you forget to run `npx convex dev`?");
    } finally {
      await client.close();
    }
    const http = httpClient(urls.api);
    expect((await failure(http.query(query("failures:typed"), {}))).message).toMatch(SERVER_ERROR);
    expect((await failure(http.query(query("failures"), {}))).message).toContain("Could not find public function for 'failures'.");
  });

  it("answers a failed http action with 500 and the error as JSON", async () => {
    const response = await fetch(`${urls.site}/failing`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; data?: unknown; trace?: string };
    expect(body.code).toMatch(/^\[Request ID: [0-9a-f]{16}\] Server Error: Uncaught ConvexError: Not here$/);
    expect(body.data).toBe("Not here");
    expect(body.trace).toMatch(/^Uncaught ConvexError: Not here\n/);
  });
});

describe("a Node action's stray errors", () => {
  it("fail that action with uncaughtException, and the backend keeps serving", async () => {
    const client = httpClient(urls.api);
    for (let i = 0; i < 2; i++) {
      const thrown = await failure(client.action(action("nodeFailures:throwsInCallback"), {}));
      expect(thrown.message).toMatch(/\nUncaught Error: uncaughtException: Yikes\n/);
    }
    // A reserved name that never resolves: the lookup fails on this machine, nothing leaves it.
    const unreachable = await failure(client.action(action("nodeFailures:unreachableHost"), {}));
    expect(unreachable.message).toMatch(/uncaughtException: getaddrinfo E[A-Z_]+ lwcc-no-such-host\.invalid/);
    expect(await client.query(query("failures:typed"), { name: "still here" })).toBe("still here");
    expect(backend.exitCode).toBeNull();
  });
});
