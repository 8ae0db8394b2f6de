/**
 * Convex's file storage HTTP routes: POST /api/storage/upload?token=… takes an upload to a URL
 * from `storage.generateUploadUrl()`, and GET /api/storage/<uuid>[?component=…] serves a file by
 * the URL `storage.getUrl()` gave, whole or one byte range, with the headers Convex sends.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GenericId } from "convex/values";
import type { Engine } from "./engine/engine";
import { isUuid, UploadTokenError, type StorageKeys } from "./engine/storage-keys";
import { sha256Base64 } from "./engine/storage-syscalls";
import { CORS_HEADERS, sendJson } from "./http-api";

/** Files never change, so browsers may keep them for 30 days, as Convex lets them. */
const CACHE_CONTROL = "private, max-age=2592000";

/**
 * A stored file is whatever its uploader sent, under whatever type they claimed, on an origin of
 * the web app's own site. Opened as a page it is inert: no type sniffing, and a sandbox (an opaque
 * origin, no scripts), so an uploaded HTML file cannot act for whoever opens its URL. Players,
 * images and downloads read the bytes as before: the policy applies only to documents.
 */
const INERT_FILE_HEADERS = { "x-content-type-options": "nosniff", "content-security-policy": "sandbox" };

/**
 * Convex limits an upload only by time (2 minutes); this backend holds each upload in memory,
 * so it refuses bodies beyond a size instead.
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

export interface StorageHttpHost {
  engine(): Engine;
  keys: StorageKeys;
  /** Resolves once every acknowledged commit is on disk. */
  durable(): Promise<void>;
  maxUploadBytes: number;
}

/** Serves the request when it is one of the storage routes; false otherwise. */
export async function handleStorageRequest(request: IncomingMessage, response: ServerResponse, host: StorageHttpHost): Promise<boolean> {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/api/storage/upload" && request.method === "POST") {
    await upload(request, response, url, host);
    return true;
  }
  const file = /^\/api\/storage\/([^/]+)$/.exec(url.pathname)?.[1];
  if (file === undefined || request.method !== "GET") return false;
  await download(request, response, decodeURIComponent(file), url.searchParams.get("component") ?? "", host);
  return true;
}

/** The body, or null once it grows past `limit` (the rest is then read and dropped). */
function readUpTo(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off("data", onData).off("end", onEnd);
      request.resume();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on("data", onData).once("end", onEnd).once("error", reject);
  });
}

function tooLarge(response: ServerResponse, limit: number) {
  // The client may still be sending: the connection closes after the answer.
  response.setHeader("connection", "close");
  sendJson(response, 413, { code: "FileTooLarge", message: `The file is larger than this backend's upload limit of ${limit} bytes` });
}

async function upload(request: IncomingMessage, response: ServerResponse, url: URL, host: StorageHttpHost) {
  let claim;
  try {
    claim = await host.keys.claimUploadToken(url.searchParams.get("token") ?? "");
  } catch (error) {
    if (!(error instanceof UploadTokenError)) throw error;
    return sendJson(response, 401, { code: error.code, message: error.message });
  }
  let stored = false;
  try {
    // Convex reads the first Digest header only.
    const digest = [request.headers.digest].flat()[0];
    const expected = digest === undefined ? undefined : /^sha-256=([A-Za-z0-9+/]{43}=)$/.exec(digest)?.[1];
    if (digest !== undefined && expected === undefined) {
      return sendJson(response, 400, { code: "BadHeader", message: "Bad header for digest: invalid HTTP header (digest)" });
    }
    if (Number(request.headers["content-length"] ?? 0) > host.maxUploadBytes) return tooLarge(response, host.maxUploadBytes);
    const body = await readUpTo(request, host.maxUploadBytes);
    if (body === null) return tooLarge(response, host.maxUploadBytes);
    const actual = sha256Base64(body);
    if (expected !== undefined && expected !== actual) {
      return sendJson(response, 400, { code: "Sha256Mismatch", message: `Sha256 mismatch. Expected: ${expected} Actual: ${actual}` });
    }
    const engine = host.engine();
    if (!engine.componentPaths().includes(claim.component)) {
      return sendJson(response, 404, { code: "ComponentNotFound", message: `Component "${claim.component}" not found` });
    }
    // Without a Content-Type the file has none, as on Convex.
    const storageId = await engine.storeBlob(new Blob([new Uint8Array(body)], { type: request.headers["content-type"] ?? "" }), claim.component);
    await host.durable();
    stored = true;
    await claim.commit();
    sendJson(response, 200, { storageId });
  } finally {
    if (!stored) claim.release();
  }
}

type ByteRange = { start: number; end: number } | "unsatisfiable" | "whole";

/**
 * What a Range header asks of a file of `size` bytes. A malformed header is ignored (the whole
 * file), several ranges are refused as Convex refuses them, and an empty file is always whole.
 */
function byteRange(header: string | undefined, size: number): ByteRange {
  const specs = header === undefined ? undefined : /^bytes=(.+)$/.exec(header.trim())?.[1]?.split(",");
  const parsed = specs?.map((spec) => /^(\d*)-(\d*)$/.exec(spec.trim()));
  if (!parsed || parsed.some((match) => !match || (match[1] === "" && match[2] === ""))) return "whole";
  if (parsed.length !== 1) return "unsatisfiable";
  if (size === 0) return "whole";
  const [, first = "", last = ""] = parsed[0]!;
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return "whole";
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

async function download(request: IncomingMessage, response: ServerResponse, uuid: string, component: string, host: StorageHttpHost) {
  if (!isUuid(uuid)) {
    return sendJson(response, 400, {
      code: "InvalidStoragePath",
      message: `Invalid storage path: "${uuid}". Please use \`storage.getUrl(storageId: Id<"_storage">)\` to generate a valid URL to retrieve files. See https://docs.convex.dev/file-storage/serve-files for more details`,
    });
  }
  const id = host.keys.storageIdOf(component, uuid);
  const file = id === null ? null : await host.engine().readFile(component, id as GenericId<"_storage">);
  if (!file) return sendJson(response, 404, { code: "FileNotFound", message: `File ${uuid.toLowerCase()} not found` });

  const bytes = Buffer.from(await file.blob.arrayBuffer());
  const headers: Record<string, string | number> = {
    ...CORS_HEADERS,
    ...(file.doc.contentType ? { "content-type": file.doc.contentType } : {}),
    "cache-control": CACHE_CONTROL,
    "accept-ranges": "bytes",
    ...INERT_FILE_HEADERS,
  };
  const range = byteRange(request.headers.range, bytes.length);
  if (range === "unsatisfiable") {
    response.writeHead(416, { ...CORS_HEADERS, "content-range": `bytes */${bytes.length}` });
    return response.end();
  }
  if (range === "whole") {
    response.writeHead(200, { ...headers, digest: `sha-256=${file.doc.sha256}`, "content-length": bytes.length });
    return response.end(bytes);
  }
  const part = bytes.subarray(range.start, range.end + 1);
  response.writeHead(206, { ...headers, "content-range": `bytes ${range.start}-${range.end}/${bytes.length}`, "content-length": part.length });
  response.end(part);
}
