/**
 * Many real clients writing at once: 500 ConvexClients over WebSocket to a backend in a process
 * of its own (data dir on disk), each subscribed to the newest message and sending 2 mutations,
 * 1,000 in all at once. Then the same burst again, with the backend killed (SIGKILL) halfway: after
 * a restart on the same data dir, every write that had been acknowledged must be there.
 * Prints the rows as one line of JSON on stdout (read by scripts/bench/write-burst.mjs).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { startBackend } from "../backend";
import { httpClient, tempDir, wsClient } from "../test/helpers";
import { api } from "./functions/_generated/api";

const FUNCTIONS = path.resolve(import.meta.dirname, "functions");
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENTS = Number(process.env.BURST_CLIENTS ?? 500);
const WRITES_EACH = 2;
const TIMEOUT_MS = 120_000;

type Row = { name: string; value: string; target?: string; met?: boolean };
type Newest = { _id: string; body: string }[];

/** The backend as its own process (local-backend/cli.ts), resolving once it serves. */
async function spawnBackend(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "local-backend/cli.ts", "--functions", FUNCTIONS, "--data", dataDir, "--port", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // Never left running (and holding the bench's output open) when this process ends.
  process.once("exit", () => child.kill("SIGKILL"));
  child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const ready = /ready at (http:\/\/\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    void exited.then(() => reject(new Error(`the backend exited before it was ready:\n${output}`)));
  });
  child.stdout.resume();
  return { child, url, exited };
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${TIMEOUT_MS} ms`)), TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Clients each subscribed to the newest message of `author`; `newest[i]` is client i's latest view.
 * The backend is warmed first: a runner still loading the bundle's modules while it runs its
 * first call counts that loading against the call's second.
 */
async function connect(url: string, author: string) {
  const http = httpClient(url);
  for (let i = 0; i < 20; i++) await http.query(api.messages.latest, { author, count: 1 }).catch(() => null);
  const clients: ConvexClient[] = [];
  const newest: (string | undefined)[] = [];
  const first: Promise<void>[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client = wsClient(url);
    clients.push(client);
    first.push(
      new Promise((resolve) =>
        client.onUpdate(
          api.messages.latest,
          { author, count: 1 },
          (value: Newest) => {
            newest[i] = value[0]?._id;
            resolve();
          },
          (error) => console.error(`client ${i}: ${error.message}`),
        ),
      ),
    );
  }
  await withTimeout(Promise.all(first), "subscribing");
  return { clients, newest };
}

/** Every client sends WRITES_EACH mutations at once; `onAck` hears each acknowledged id. */
function burst(clients: ConvexClient[], author: string, onAck: (id: string) => void) {
  let errors = 0;
  const writes = clients.flatMap((client, c) =>
    Array.from({ length: WRITES_EACH }, (_, w) =>
      client.mutation(api.messages.send, { author, body: `${c}-${w}` }).then(onAck, () => {
        errors++;
      }),
    ),
  );
  return { done: Promise.all(writes), errors: () => errors };
}

async function measured(): Promise<Row[]> {
  const data = tempDir("lwcc-bench-burst-");
  const backend = await spawnBackend(data.dir);
  const { clients, newest } = await connect(backend.url, "burst");
  try {
    let acknowledged = 0;
    const started = performance.now();
    const writes = burst(clients, "burst", () => acknowledged++);
    await withTimeout(writes.done, "the burst");
    const writesMs = performance.now() - started;
    const last = (await httpClient(backend.url).query(api.messages.latest, { author: "burst", count: 1 }))[0]?._id;
    await withTimeout(
      (async () => {
        while (newest.some((id) => id !== last)) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      "catching up",
    );
    const caughtUpMs = performance.now() - started;
    const total = CLIENTS * WRITES_EACH;
    const perSecond = (acknowledged / writesMs) * 1000;
    return [
      { name: "clients (WebSocket, each subscribed)", value: String(CLIENTS) },
      { name: "concurrent writes", value: String(total) },
      { name: "writes acknowledged per second", value: `${perSecond.toFixed(0)} (${writesMs.toFixed(0)} ms)`, target: ">= 1,000", met: perSecond >= 1000 },
      { name: "errors", value: String(writes.errors()), target: "0", met: writes.errors() === 0 },
      { name: "every client caught up (last write shown)", value: `yes, ${caughtUpMs.toFixed(0)} ms after the first write`, met: true },
    ];
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    backend.child.kill("SIGTERM");
    await backend.exited;
    data.remove();
  }
}

async function killed(): Promise<Row[]> {
  const data = tempDir("lwcc-bench-burst-kill-");
  const backend = await spawnBackend(data.dir);
  const { clients } = await connect(backend.url, "kill");
  const acknowledged: string[] = [];
  let dead = false;
  try {
    const writes = burst(clients, "kill", (id) => {
      if (!dead) acknowledged.push(id);
    });
    void writes.done;
    const half = (CLIENTS * WRITES_EACH) / 2;
    await withTimeout(
      (async () => {
        while (acknowledged.length < half) await new Promise((resolve) => setTimeout(resolve, 1));
      })(),
      "half the burst",
    );
    backend.child.kill("SIGKILL");
    dead = true;
    await backend.exited;
  } finally {
    for (const client of clients) void client.close();
  }
  const seen = acknowledged.slice();
  const restarted = await startBackend({ functionsDir: FUNCTIONS, dataDir: data.dir, port: 0, sitePort: 0, log: () => {} });
  try {
    const stored = new Set<string>((await httpClient(restarted.url).query(api.messages.byAuthor, { author: "kill" })).map((m) => m._id));
    const lost = seen.filter((id) => !stored.has(id)).length;
    return [
      { name: "kill -9 mid-burst: acknowledged before the kill", value: String(seen.length) },
      { name: "kill -9 mid-burst: acknowledged and lost", value: String(lost), target: "0", met: lost === 0 },
    ];
  } finally {
    await restarted.close();
    data.remove();
  }
}

try {
  const rows = [...(await measured()), ...(await killed())];
  console.log(JSON.stringify(rows));
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
