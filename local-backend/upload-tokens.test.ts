/** Upload URLs expire an hour after they were handed out, as Convex's do (on the test clock, which this file installs). */
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { cleanupsAfterEach, httpClient, start } from "./test/helpers";

const uploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("files:uploadUrl");
const list = makeFunctionReference<"query", Record<string, never>, { _id: string }[]>("files:list");

const MINUTE = 60 * 1000;
const cleanups = cleanupsAfterEach();

describe("upload URL expiry", () => {
  it("takes an upload within the hour and refuses it after, storing nothing", async () => {
    const b = await start({ testClock: true });
    cleanups.push(() => b.close());
    const client = httpClient(b.url);
    const advance = (ms: number) => fetch(`${b.url}/_test/clock`, { method: "POST", body: JSON.stringify({ advanceMs: ms }) });
    const post = (to: string) => fetch(to, { method: "POST", body: "file", headers: { "content-type": "text/plain" } });

    const early = await client.mutation(uploadUrl, {});
    const stale = await client.mutation(uploadUrl, {});
    await advance(59 * MINUTE);
    expect((await post(early)).status).toBe(200);
    const fresh = await client.mutation(uploadUrl, {});

    await advance(2 * MINUTE);
    const expired = await post(stale);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: "StorageTokenExpired", message: "Store File Authorization expired" });
    expect(await client.query(list, {})).toHaveLength(1);
    expect((await post(fresh)).status).toBe(200);
  });
});
