/**
 * Many subscribers of one query in their own process, so the backend's fan-out is measured the
 * way it happens in production: each subscriber's decoding runs on its own machine, not on the
 * backend's CPU. Each one speaks the sync protocol over its own WebSocket; the process reports
 * the moment the last subscriber received the body the parent announced before its write.
 *
 * Forked by run.ts with: <backend url> <subscriber count> <udf path> <args as JSON>, and optionally
 * a fifth argument, the path of a JSON array of access tokens: subscriber i signs in with token
 * i % length before subscribing (one token: one member on 100 connections; 100: 100 members). The
 * query may return a list of `{ body }` or a page of them (a paginated query's `page`).
 *
 * The parent sends a body before its write (a string): "updated" reports when the last subscriber
 * received a result holding it. It may then send `{ gone: body }` after taking the write back:
 * "gone" reports when every subscriber received a result without it.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { version } from "convex";
import { WebSocket } from "ws";

export type SubscribersMessage =
  | { type: "ready" }
  | { type: "expecting"; body: string }
  | { type: "updated"; body: string; at: number }
  | { type: "gone"; body: string; at: number }
  | { type: "failed"; error: string };

type Doc = { body?: string };

interface Transition {
  type: string;
  modifications?: { type: string; value?: Doc[] | { page: Doc[] }; errorMessage?: string }[];
}

const [url, countText, udfPath, argsJson, tokensFile] = process.argv.slice(2);
const tokens = tokensFile ? (JSON.parse(readFileSync(tokensFile, "utf8")) as string[]) : [];
const count = Number(countText);
const send = (message: SubscribersMessage) => process.send!(message);
/** Wall-clock milliseconds, comparable with the parent's. */
const now = () => performance.timeOrigin + performance.now();

const firstResults = new Set<number>();
/** The subscribers that have seen the current expectation met (each counted once). */
const seen = new Set<number>();
/** The body the next update must carry (or, once gone, must not), set by the parent before each write. */
let expected: string | undefined;
let gone = false;

/**
 * Subscriber 0 parses every Transition and checks that the result holds the new body; the
 * others look for it in the text, so the measuring side stays light next to the backend.
 */
function received(subscriber: number, raw: string) {
  if (!raw.includes('"type":"Transition"')) return;
  if (!firstResults.has(subscriber)) {
    if (raw.includes('"type":"QueryFailed"')) return send({ type: "failed", error: `the first result failed: ${raw.slice(0, 300)}` });
    firstResults.add(subscriber);
    if (firstResults.size === count) send({ type: "ready" });
    return;
  }
  if (expected === undefined || seen.has(subscriber)) return;
  const holds = raw.includes(JSON.stringify(expected));
  // Gone counts only a new result (a Transition may carry none).
  if (gone ? holds || !raw.includes('"type":"QueryUpdated"') : !holds) return;
  if (subscriber === 0) {
    const message = JSON.parse(raw) as Transition;
    const modification = message.modifications?.find((m) => m.type === "QueryUpdated" || m.type === "QueryFailed");
    if (modification?.type === "QueryFailed") return send({ type: "failed", error: modification.errorMessage ?? "query failed" });
    const docs = Array.isArray(modification?.value) ? modification.value : (modification?.value?.page ?? []);
    if (!gone && !docs.some((doc) => doc.body === expected)) {
      return send({ type: "failed", error: `the update does not hold ${expected}: ${raw.slice(0, 200)}` });
    }
  }
  seen.add(subscriber);
  if (seen.size === count) {
    seen.clear();
    send({ type: gone ? "gone" : "updated", body: expected, at: now() });
    expected = undefined;
  }
}

process.on("message", (message: string | { gone: string }) => {
  seen.clear();
  gone = typeof message !== "string";
  expected = typeof message === "string" ? message : message.gone;
  if (!gone) send({ type: "expecting", body: expected });
});

const sockets = Array.from({ length: count }, (_, subscriber) => {
  const socket = new WebSocket(`${url!.replace(/^http/, "ws")}/api/${version}/sync`);
  socket.on("open", () => {
    socket.send(JSON.stringify({ type: "Connect", sessionId: randomUUID(), connectionCount: 0, lastCloseReason: null }));
    if (tokens.length > 0) {
      socket.send(JSON.stringify({ type: "Authenticate", baseVersion: 0, tokenType: "User", value: tokens[subscriber % tokens.length] }));
    }
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
