import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { FIXTURE, httpClient, sleep, start, waitUntil } from "../test/helpers";

const list = makeFunctionReference<"query", Record<string, never>, { body: string }[]>("messages:list");
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare protocol client, to send exactly what a reconnecting ConvexClient sends. */
async function connect(url: string, sessionId: string) {
  const socket = new WebSocket(`${url.replace("http", "ws")}/api/1.48.0/sync`);
  const received: { type: string; requestId?: number; success?: boolean }[] = [];
  socket.on("message", (data: Buffer) => received.push(JSON.parse(data.toString("utf8")) as (typeof received)[number]));
  await new Promise((resolve) => socket.once("open", resolve));
  socket.send(JSON.stringify({ type: "Connect", sessionId, connectionCount: 0, lastCloseReason: "InitialConnect", clientTs: Date.now() }));
  cleanups.push(() => socket.close());
  return { socket, received };
}

describe("sync sessions", () => {
  it("answers a mutation replayed after a reconnect without running it twice", async () => {
    const b = await start();
    cleanups.push(() => b.close());
    const mutation = { type: "Mutation", requestId: 7, udfPath: "messages:send", args: [{ author: "ana", body: "once" }] };
    const first = await connect(b.url, "session-1");
    first.socket.send(JSON.stringify(mutation));
    // Waits on the answer, not on a fixed time: a busy machine may take longer than any guess.
    const answered = (received: typeof first.received) => () => Promise.resolve(received.some((m) => m.type === "MutationResponse"));
    await waitUntil(answered(first.received));
    first.socket.close();
    const second = await connect(b.url, "session-1");
    second.socket.send(JSON.stringify(mutation));
    await waitUntil(answered(second.received));
    expect(second.received.find((m) => m.type === "MutationResponse")).toMatchObject({ requestId: 7, success: true });
    expect((await httpClient(b.url).query(list, {})).filter((m) => m.body === "once")).toHaveLength(1);
  });

  it("refuses a query set that skips a version with a FatalError", async () => {
    const b = await start();
    cleanups.push(() => b.close());
    const { socket, received } = await connect(b.url, "session-2");
    socket.send(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 3, newVersion: 4, modifications: [] }));
    await waitUntil(() => Promise.resolve(received.some((m) => m.type === "FatalError")));
    expect(received.at(-1)).toMatchObject({ type: "FatalError" });
  });

  it("reloads functions when their files change, keeping the data", async () => {
    // Inside the repository, so the copied functions resolve the project's node_modules.
    const scratch = path.resolve(import.meta.dirname, "../test/.tmp");
    mkdirSync(scratch, { recursive: true });
    const dir = mkdtempSync(path.join(scratch, "reload-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(FIXTURE, dir, { recursive: true });
    const b = await start({ functionsDir: dir, watch: true });
    cleanups.push(() => b.close());
    const client = httpClient(b.url);
    await client.mutation(makeFunctionReference<"mutation">("messages:send"), { author: "ana", body: "kept" });
    writeFileSync(
      path.join(dir, "extra.ts"),
      `import { query } from "./_generated/server";\nexport const count = query({ args: {}, handler: async (ctx) => (await ctx.db.query("messages").collect()).length });\n`,
    );
    const count = makeFunctionReference<"query", Record<string, never>, number>("extra:count");
    const deadline = Date.now() + 10_000;
    let result: number | undefined;
    while (result === undefined && Date.now() < deadline) {
      result = await client.query(count, {}).catch(() => undefined);
      if (result === undefined) await sleep(100);
    }
    expect(result).toBe(1);
  });
});
