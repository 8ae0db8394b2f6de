/**
 * Many subscribers of one query in their own process, so the backend's fan-out is measured the
 * way it happens in production: each subscriber's decoding runs on its own machine, not on the
 * backend's CPU. Each one speaks the sync protocol over its own WebSocket; the process reports
 * the moment the last subscriber received the body the parent announced before its write.
 *
 * Forked by run.ts with: <backend url> <subscriber count> <udf path> <args as JSON>.
 */
import { randomUUID } from "node:crypto";
import { version } from "convex";
import { WebSocket } from "ws";

export type SubscribersMessage =
  | { type: "ready" }
  | { type: "expecting"; body: string }
  | { type: "updated"; body: string; at: number }
  | { type: "failed"; error: string };

interface Transition {
  type: string;
  modifications?: { type: string; value?: { body?: string }[]; errorMessage?: string }[];
}

const [url, countText, udfPath, argsJson] = process.argv.slice(2);
const count = Number(countText);
const send = (message: SubscribersMessage) => process.send!(message);
/** Wall-clock milliseconds, comparable with the parent's. */
const now = () => performance.timeOrigin + performance.now();

const firstResults = new Set<number>();
const seen = new Map<string, number>();
/** The body the next update must carry, set by the parent before each write. */
let expected: string | undefined;

/**
 * Subscriber 0 parses every Transition and checks that the result holds the new body; the
 * others look for it in the text, so the measuring side stays light next to the backend.
 */
function received(subscriber: number, raw: string) {
  if (!firstResults.has(subscriber)) {
    if (!raw.includes('"type":"Transition"')) return;
    firstResults.add(subscriber);
    if (firstResults.size === count) send({ type: "ready" });
    return;
  }
  if (expected === undefined || !raw.includes(JSON.stringify(expected))) return;
  if (subscriber === 0) {
    const message = JSON.parse(raw) as Transition;
    const modification = message.modifications?.find((m) => m.type === "QueryUpdated" || m.type === "QueryFailed");
    if (modification?.type === "QueryFailed") return send({ type: "failed", error: modification.errorMessage ?? "query failed" });
    if (!modification?.value?.some((doc) => doc.body === expected)) {
      return send({ type: "failed", error: `the update does not hold ${expected}: ${raw.slice(0, 200)}` });
    }
  }
  const subscribersWithIt = (seen.get(expected) ?? 0) + 1;
  seen.set(expected, subscribersWithIt);
  if (subscribersWithIt === count) {
    seen.delete(expected);
    send({ type: "updated", body: expected, at: now() });
  }
}

process.on("message", (body: string) => {
  expected = body;
  send({ type: "expecting", body });
});

const sockets = Array.from({ length: count }, (_, subscriber) => {
  const socket = new WebSocket(`${url!.replace(/^http/, "ws")}/api/${version}/sync`);
  socket.on("open", () => {
    socket.send(JSON.stringify({ type: "Connect", sessionId: randomUUID(), connectionCount: 0, lastCloseReason: null }));
    socket.send(
      JSON.stringify({
        type: "ModifyQuerySet",
        baseVersion: 0,
        newVersion: 1,
        modifications: [{ type: "Add", queryId: 0, udfPath, args: [JSON.parse(argsJson!)] }],
      }),
    );
  });
  socket.on("message", (data) => received(subscriber, (data as Buffer).toString("utf8")));
  socket.on("error", (error) => send({ type: "failed", error: String(error) }));
  return socket;
});

process.on("disconnect", () => {
  for (const socket of sockets) socket.terminate();
});
