import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import type { Backend } from "./backend";
import { cleanupsAfterEach, httpClient, sleep, start, waitFor, wsClient } from "./test/helpers";

const store = makeFunctionReference<"action", { text: string }, string>("files:store");
const url = makeFunctionReference<"query", { id: string }, string | null>("files:url");
const uploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("files:uploadUrl");
const remove = makeFunctionReference<"mutation", { id: string }, null>("files:remove");
const metadata = makeFunctionReference<"query", { id: string }, { size: number; sha256: string; contentType?: string } | null>("files:metadata");
const list = makeFunctionReference<"query", Record<string, never>, { _id: string }[]>("files:list");
const urlByStorageId = makeFunctionReference<"query", { storageId: string }, string | null>("files:urlByStorageId");
const metadataByStorageId = makeFunctionReference<"query", { storageId: string }, Record<string, unknown> | null>("files:metadataByStorageId");
const removeByStorageId = makeFunctionReference<"mutation", { storageId: string }, null>("files:removeByStorageId");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cleanups = cleanupsAfterEach();

async function backend(options: Parameters<typeof start>[0] = {}) {
  const b = await start(options);
  cleanups.push(() => b.close());
  return b;
}

const sha256 = (text: string, encoding: "base64" | "hex" = "base64") => createHash("sha256").update(text).digest(encoding);
const post = (to: string, body: BodyInit, headers: Record<string, string> = { "content-type": "text/plain" }) =>
  fetch(to, { method: "POST", body, headers });

async function upload(b: Backend, text: string, contentType = "text/plain"): Promise<string> {
  const response = await post(await httpClient(b.url).mutation(uploadUrl, {}), text, { "content-type": contentType });
  expect(response.status).toBe(200);
  return ((await response.json()) as { storageId: string }).storageId;
}

describe("file storage", () => {
  it("keeps stored files on disk, serves their URLs, takes uploads, and deletes them", async () => {
    const dir = cleanups.dataDir();
    const first = await start({ dataDir: dir });
    const id = await httpClient(first.url).action(store, { text: "hello file" });
    const firstUrl = (await httpClient(first.url).query(url, { id }))!;
    // As on Convex, a file's URL names it by an unguessable UUID, not by its id.
    expect(firstUrl).toMatch(new RegExp(`^${first.url}/api/storage/[0-9a-f-]{36}$`));
    expect(firstUrl).not.toContain(id);
    expect(await (await fetch(firstUrl)).text()).toBe("hello file");
    await first.close();

    const second = await backend({ dataDir: dir, port: Number(new URL(first.url).port) });
    const client = httpClient(second.url);
    // The URL outlives the restart: the key that makes it is kept in the data dir.
    expect(await client.query(url, { id })).toBe(firstUrl);
    const download = await fetch(firstUrl);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("hello file");

    const storageId = await upload(second, "uploaded");
    const uploaded = await fetch((await client.query(url, { id: storageId }))!);
    expect(uploaded.headers.get("content-type")).toBe("text/plain");
    expect(await uploaded.text()).toBe("uploaded");
    // As on Convex, the upload's content type and base64 sha256 are in its _storage document.
    expect(await client.query(metadata, { id: storageId })).toMatchObject({ size: 8, contentType: "text/plain", sha256: sha256("uploaded") });

    await client.mutation(remove, { id });
    expect(await client.query(url, { id })).toBeNull();
    const gone = await fetch(firstUrl);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: "FileNotFound" });
    await sleep(100);
    const blobDir = path.join(dir, "blobs");
    expect(existsSync(blobDir) ? readdirSync(blobDir) : []).not.toContain(id);
  });

  it("hands out signed upload URLs and refuses forged ones, storing nothing", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const good = await client.mutation(uploadUrl, {});
    expect(good).toMatch(new RegExp(`^${b.url}/api/storage/upload\\?token=.+`));
    const token = new URL(good).searchParams.get("token")!;
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), component: "counter" })).toString("base64url");
    const forgeries = [
      `${b.url}/api/storage/upload?token=coffee`,
      `${b.url}/api/storage/upload`,
      // The URL shape this backend used to accept, with no token at all.
      `${b.url}/api/storage/upload?component=`,
      `${b.url}/api/storage/upload?token=${header}.${otherPayload}.${signature}`,
      `${b.url}/api/storage/upload?token=${header}.${payload}.${signature.slice(0, -2)}AA`,
    ];
    for (const forged of forgeries) {
      const response = await post(forged, "intruder");
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "StorageTokenInvalid" });
    }
    expect(await client.query(list, {})).toEqual([]);
    // Another backend's token is as good as forged: each backend signs with its own secret.
    const other = await backend();
    expect((await post(await httpClient(other.url).mutation(uploadUrl, {}), "elsewhere").then((r) => r.status))).toBe(200);
    expect((await post(good.replace(b.url, other.url), "crossed")).status).toBe(401);
    expect((await post(good, "mine")).status).toBe(200);
  });

  it("takes one upload per URL, even across a restart, but a refused upload does not use it up", async () => {
    const dir = cleanups.dataDir();
    const first = await start({ dataDir: dir });
    const client = httpClient(first.url);
    const once = await client.mutation(uploadUrl, {});
    const later = await client.mutation(uploadUrl, {});

    const mismatch = await post(once, "other bytes", { "content-type": "text/plain", digest: `sha-256=${sha256("the bytes")}` });
    expect(mismatch.status).toBe(400);
    expect(await client.query(list, {})).toEqual([]);
    expect((await post(once, "the bytes")).status).toBe(200);
    const again = await post(once, "again");
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "StorageTokenInvalid" });
    expect((await post(later, "later")).status).toBe(200);
    await first.close();

    const second = await backend({ dataDir: dir, port: Number(new URL(first.url).port) });
    expect((await post(once, "after restart")).status).toBe(401);
    expect((await post(later, "after restart")).status).toBe(401);
    expect(await httpClient(second.url).query(list, {})).toHaveLength(2);
  });

  it("checks a Digest header against the bytes", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const ok = await post(await client.mutation(uploadUrl, {}), "helloworld", { "content-type": "text/plain", digest: `sha-256=${sha256("helloworld")}` });
    expect(ok.status).toBe(200);
    const { storageId } = (await ok.json()) as { storageId: string };
    expect(await client.query(metadata, { id: storageId })).toMatchObject({ sha256: sha256("helloworld"), size: 10 });

    const mismatch = await post(await client.mutation(uploadUrl, {}), "differentdata", { digest: `sha-256=${sha256("helloworld")}` });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      code: "Sha256Mismatch",
      message: `Sha256 mismatch. Expected: ${sha256("helloworld")} Actual: ${sha256("differentdata")}`,
    });
    const malformed = await post(await client.mutation(uploadUrl, {}), "helloworld", { digest: "md5=abc" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "BadHeader" });
    expect(await client.query(list, {})).toHaveLength(1);
  });

  it("refuses uploads larger than its limit, whether or not they say their length", async () => {
    const b = await backend({ maxUploadBytes: 1024 });
    const client = httpClient(b.url);
    const target = await client.mutation(uploadUrl, {});
    const declared = await post(target, new Uint8Array(1025));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "FileTooLarge" });
    const chunks = [new Uint8Array(600), new Uint8Array(600)];
    const streamed = await fetch(target, {
      method: "POST",
      body: new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await client.query(list, {})).toEqual([]);
    expect((await post(target, new Uint8Array(1024))).status).toBe(200);
  });

  it("serves files with Convex's headers, byte ranges, and Convex's errors", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const storageId = await upload(b, "0123456789", "text/plain");
    const fileUrl = (await client.query(url, { id: storageId }))!;

    const whole = await fetch(fileUrl);
    expect(whole.status).toBe(200);
    const names = ["content-type", "content-length", "cache-control", "accept-ranges", "digest"];
    expect(Object.fromEntries(names.map((name) => [name, whole.headers.get(name)]))).toEqual({
      "content-type": "text/plain",
      "content-length": "10",
      "cache-control": "private, max-age=2592000",
      "accept-ranges": "bytes",
      digest: `sha-256=${sha256("0123456789")}`,
    });

    const range = async (header: string) => {
      const response = await fetch(fileUrl, { headers: { range: header } });
      return { status: response.status, contentRange: response.headers.get("content-range"), body: await response.text() };
    };
    expect(await range("bytes=2-5")).toEqual({ status: 206, contentRange: "bytes 2-5/10", body: "2345" });
    expect(await range("bytes=7-")).toEqual({ status: 206, contentRange: "bytes 7-9/10", body: "789" });
    expect(await range("bytes=-3")).toEqual({ status: 206, contentRange: "bytes 7-9/10", body: "789" });
    expect(await range("bytes=8-100")).toEqual({ status: 206, contentRange: "bytes 8-9/10", body: "89" });
    expect(await range("bytes=10-12")).toMatchObject({ status: 416, contentRange: "bytes */10" });
    expect((await range("bytes=0-1,4-5")).status).toBe(416);
    expect(await range("lines=1-2")).toMatchObject({ status: 200, contentRange: null, body: "0123456789" });
    // An empty file has no ranges; it is answered whole.
    const emptyUrl = (await client.query(url, { id: await upload(b, "") }))!;
    const empty = await fetch(emptyUrl, { headers: { range: "bytes=0-0" } });
    expect([empty.status, empty.headers.get("content-range"), empty.headers.get("content-length")]).toEqual([200, null, "0"]);

    const unknown = await fetch(`${b.url}/api/storage/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "FileNotFound" });
    // A file's UUID belongs to its component: another component's storage has no such file.
    expect((await fetch(`${fileUrl}?component=counter`)).status).toBe(404);
    const notUuid = await fetch(`${b.url}/api/storage/${storageId}`);
    expect(notUuid.status).toBe(400);
    expect(await notUuid.json()).toMatchObject({ code: "InvalidStoragePath" });
  });

  it("serves an uploaded HTML file as an inert document: not sniffed, sandboxed, whole or in part", async () => {
    const b = await backend();
    const fileUrl = (await httpClient(b.url).query(url, { id: await upload(b, "<script>parent.postMessage(document.cookie, '*')</script>", "text/html") }))!;
    for (const headers of [{}, { range: "bytes=0-7" }] as Record<string, string>[]) {
      const response = await fetch(fileUrl, { headers });
      expect(response.headers.get("content-type")).toBe("text/html");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe("sandbox");
    }
  });

  it("answers the older storage calls by id or by UUID, with Convex's errors", async () => {
    const b = await backend();
    const client = httpClient(b.url);
    const storageId = await upload(b, "helloworld");
    const legacy = await client.query(metadataByStorageId, { storageId });
    const uuid = legacy?.storageId as string;
    expect(uuid).toMatch(UUID);
    expect(legacy).toEqual({ storageId: uuid, sha256: sha256("helloworld", "hex"), size: 10, contentType: "text/plain" });
    expect(await client.query(metadataByStorageId, { storageId: uuid })).toEqual(legacy);
    expect(await client.query(urlByStorageId, { storageId: uuid })).toBe(await client.query(url, { id: storageId }));

    await expect(client.mutation(removeByStorageId, { storageId: "nonsense" })).rejects.toThrow(
      /Invalid argument `storageId` for `storage.delete`: Invalid storage ID: "nonsense"/,
    );
    await expect(client.query(urlByStorageId, { storageId: "1234messages" })).rejects.toThrow(/Storage ID cannot be an ID on any table other than '_storage'/);
    await client.mutation(removeByStorageId, { storageId: uuid });
    await expect(client.mutation(removeByStorageId, { storageId: uuid })).rejects.toThrow(`Uncaught Error: storage id ${uuid} not found`);
    await expect(client.mutation(removeByStorageId, { storageId })).rejects.toThrow(`Uncaught Error: storage id ${storageId} not found`);
    expect(await client.query(metadataByStorageId, { storageId: uuid })).toBeNull();
    expect(await client.query(urlByStorageId, { storageId })).toBeNull();
  });

  it("re-runs a subscribed query that asked for a file's URL when the file is deleted", async () => {
    const b = await backend();
    const storageId = await upload(b, "watched");
    const client = wsClient(b.url);
    cleanups.push(() => client.close());
    await waitFor<string | null>((push) => client.onUpdate(url, { id: storageId }, push), (value) => typeof value === "string");
    const deleted = waitFor<string | null>((push) => client.onUpdate(url, { id: storageId }, push), (value) => value === null);
    await httpClient(b.url).mutation(remove, { id: storageId });
    await deleted;
  });
});
