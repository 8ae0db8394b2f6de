/**
 * ctx.meta.getRequestMetadata() on the embedded backend: the client's connection address and user
 * agent reach mutations and actions called over the HTTP API and the sync WebSocket, and http
 * actions; work the host starts itself (scheduled jobs, crons) has none, as on Convex.
 */
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "./backend";
import { httpClient, start, wsClient } from "./test/helpers";

type Metadata = { ip: string | null; userAgent: string | null };
const ofMutation = makeFunctionReference<"mutation", Record<string, never>, Metadata>("requestMetadata:ofMutation");
const ofAction = makeFunctionReference<"action", Record<string, never>, { action: Metadata; nested: Metadata }>("requestMetadata:ofAction");

let backend: Backend;
beforeAll(async () => {
  backend = await start();
}, 60_000);
afterAll(() => backend.close());

describe("request metadata", () => {
  it("gives a mutation and an action called over the HTTP API the connection's address", async () => {
    const client = httpClient(backend.url);
    expect(await client.mutation(ofMutation, {})).toMatchObject({ ip: "127.0.0.1" });
    const { action, nested } = await client.action(ofAction, {});
    expect(action.ip).toBe("127.0.0.1");
    expect(nested).toEqual(action);
  });

  it("gives the calls of a sync WebSocket the address of the request that opened it", async () => {
    const client = wsClient(backend.url);
    try {
      expect(await client.mutation(ofMutation, {})).toMatchObject({ ip: "127.0.0.1" });
      expect((await client.action(ofAction, {})).nested).toMatchObject({ ip: "127.0.0.1" });
    } finally {
      await client.close();
    }
  });

  it("gives an http action the connection's address and user agent, whatever X-Forwarded-For says", async () => {
    const response = await fetch(`${backend.siteUrl}/request-metadata`, { headers: { "user-agent": "lwcc-test/1", "x-forwarded-for": "198.51.100.9" } });
    expect(await response.json()).toEqual({ ip: "127.0.0.1", userAgent: "lwcc-test/1" });
  });

  it("gives work the host runs itself no request", async () => {
    const outcome = await backend.engine().runFunction("mutation", { componentPath: "", udfPath: "requestMetadata:ofMutation" }, {});
    expect(outcome).toMatchObject({ ok: true, value: { ip: null, userAgent: null } });
  });
});
