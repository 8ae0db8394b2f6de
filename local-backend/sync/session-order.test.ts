import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { Engine } from "../engine/engine";
import type { LiveQueries } from "../live-queries";
import { SyncSession, type SessionHost } from "./session";

/** A socket that records what the session sends. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    sent: [] as { type: string }[],
    send(text: string) {
      socket.sent.push(JSON.parse(text) as { type: string });
    },
    close() {},
  });
  return socket;
}

describe("SyncSession ordering", () => {
  it("follows every successful MutationResponse with a Transition, even while another pass runs", async () => {
    const result = { wire: `"type":"QueryUpdated","value":1,"logLines":[],"journal":null` };
    let releaseQuery: () => void = () => {};
    // The first run answers at once; the re-run is slow and finds the same result.
    const runs = [
      Promise.resolve(result),
      new Promise<typeof result>((resolve) => {
        releaseQuery = () => resolve(result);
      }),
    ];
    const engine = {
      latestTs: () => 5n,
      run: () => Promise.resolve({ ok: true, value: null }),
    } as unknown as Engine;
    const entry = {};
    const liveQueries = {
      acquire: () => entry,
      release: () => {},
      outcome: () => runs.shift(),
    } as unknown as LiveQueries;
    const host: SessionHost = {
      engine: () => engine,
      liveQueries,
      auth: { fromHeader: () => Promise.reject(new Error("unused")), fromSync: () => Promise.reject(new Error("unused")) },
      durable: () => Promise.resolve(),
      mutationResponses: () => new Map(),
      log: () => {},
    };
    const socket = fakeSocket();
    const session = new SyncSession(socket as unknown as WebSocket, host);
    const receive = (message: object) => socket.emit("message", Buffer.from(JSON.stringify(message)));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    receive({ type: "Connect", sessionId: "s", connectionCount: 0, lastCloseReason: null });
    receive({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "q:q", args: [{}] }] });
    await settle();
    // A slow re-run that will change nothing keeps a flush pass busy...
    session.invalidated(entry as never);
    await settle();
    // ...while a mutation's reply goes out; its Transition must still follow.
    receive({ type: "Mutation", requestId: 0, udfPath: "m:m", args: [{}] });
    await settle();
    releaseQuery();
    await settle();

    const types = socket.sent.map((m) => m.type);
    const reply = types.indexOf("MutationResponse");
    expect(reply).toBeGreaterThanOrEqual(0);
    expect(types.slice(reply + 1)).toContain("Transition");
    socket.emit("close");
  });
});
