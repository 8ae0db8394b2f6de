import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import { httpClient, sleep, start, tempDir } from "./test/helpers";

const store = makeFunctionReference<"action", { text: string }, string>("files:store");
const url = makeFunctionReference<"query", { id: string }, string | null>("files:url");
const uploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("files:uploadUrl");
const remove = makeFunctionReference<"mutation", { id: string }, null>("files:remove");
const metadata = makeFunctionReference<"query", { id: string }, { size: number; contentType?: string } | null>("files:metadata");

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("file storage", () => {
  it("keeps stored files on disk, serves their URLs, takes uploads, and deletes them", async () => {
    const temp = tempDir();
    cleanups.push(temp.remove);
    const first = await start({ dataDir: temp.dir });
    const id = await httpClient(first.url).action(store, { text: "hello file" });
    const firstUrl = await httpClient(first.url).query(url, { id });
    expect(firstUrl).toBe(`${first.url}/api/storage/${id}`);
    expect(await (await fetch(firstUrl!)).text()).toBe("hello file");
    await first.close();

    const second = await start({ dataDir: temp.dir });
    cleanups.push(() => second.close());
    const client = httpClient(second.url);
    const download = await fetch((await client.query(url, { id }))!);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("hello file");

    const upload = await fetch(await client.mutation(uploadUrl, {}), { method: "POST", body: "uploaded", headers: { "content-type": "text/plain" } });
    const { storageId } = (await upload.json()) as { storageId: string };
    const uploaded = await fetch((await client.query(url, { id: storageId }))!);
    expect(uploaded.headers.get("content-type")).toBe("text/plain");
    expect(await uploaded.text()).toBe("uploaded");
    // As on Convex, the upload's content type is in its _storage document, for functions to check.
    expect(await client.query(metadata, { id: storageId })).toMatchObject({ size: 8, contentType: "text/plain" });

    await client.mutation(remove, { id });
    expect(await client.query(url, { id })).toBeNull();
    expect((await fetch(`${second.url}/api/storage/${id}`)).status).toBe(404);
    await sleep(100);
    const blobDir = path.join(temp.dir, "blobs");
    expect(existsSync(blobDir) ? readdirSync(blobDir) : []).not.toContain(id);
  });
});
