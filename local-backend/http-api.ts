/**
 * Convex's HTTP API as ConvexHttpClient and `npx convex run` use it: /api/query, /api/mutation,
 * /api/action, /api/query_ts, /api/query_at_ts, and /api/function (admin only: any kind of
 * function, internal ones included).
 *
 * A function's failure is a 200 answer with `status: "error"`, like Convex's; `logLines` carries
 * what the function logged, when it logged anything. Values are returned in the body's `format`:
 * "convex_encoded_json" (what ConvexHttpClient asks for), "json" (the default: int64 as a decimal
 * string, bytes as base64) or "export_json".
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Authenticator, Caller } from "./auth/caller";
import { AuthError } from "./auth/verify";
import type { Engine, Outcome } from "./engine/engine";
import { serverErrorMessage } from "./engine/errors";
import { canonicalizeUdfPath } from "./engine/function-path";
import { requestMetadataOf } from "./request-metadata";
import { decodeTs, encodeTs } from "./sync/protocol";

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "Content-Type, Authorization, Convex-Client",
  "access-control-max-age": "86400",
};

export interface HttpApiHost {
  engine(): Engine;
  auth: Authenticator;
  durable(): Promise<void>;
}

export async function readBody(request: IncomingMessage, limit = 16 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("Request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", ...CORS_HEADERS });
  response.end(JSON.stringify(body));
}

type Format = "encoded" | "clean" | "export";

const FORMATS = new Map<string, Format>([
  ["convex_encoded_json", "encoded"],
  ["convex_json", "encoded"],
  ["json", "clean"],
  ["convex_clean_json", "clean"],
  ["export_json", "export"],
]);

/** A value as the format wants it, from its encoded (wire) JSON. */
function exportValue(json: JSONValue, format: Format): JSONValue {
  return format === "encoded" ? json : exportConvex(jsonToConvex(json), format);
}

function exportConvex(value: Value, format: "clean" | "export"): JSONValue {
  if (typeof value === "bigint") return format === "clean" ? value.toString() : Number(value);
  if (typeof value === "number" && !Number.isFinite(value)) {
    if (format === "export") return convexToJson(value);
    return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  }
  if (value instanceof ArrayBuffer) return format === "clean" ? Buffer.from(value).toString("base64") : convexToJson(value);
  if (Array.isArray(value)) return value.map((item) => exportConvex(item, format));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, exportConvex(item as Value, format)]));
  }
  return value;
}

function reply(response: ServerResponse, outcome: Outcome, format: Format) {
  const logLines = outcome.logLines?.length ? { logLines: outcome.logLines } : {};
  if (outcome.ok) return sendJson(response, 200, { status: "success", value: exportValue(outcome.value, format), ...logLines });
  if (outcome.transient) return sendJson(response, outcome.transient.status, { code: outcome.transient.code, message: outcome.message });
  sendJson(response, 200, {
    status: "error",
    errorMessage: outcome.message,
    ...(outcome.data === undefined ? {} : { errorData: exportValue(outcome.data, format) }),
    ...logLines,
  });
}

/** A request the API refuses before running anything: the HTTP status and Convex's error code. */
class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface CallBody {
  path: string;
  args: JSONValue;
  format: Format;
  componentPath?: unknown;
  ts?: unknown;
}

function parseBody(raw: Buffer): CallBody {
  let body: { path?: unknown; args?: unknown; format?: unknown; componentPath?: unknown; ts?: unknown };
  try {
    body = JSON.parse(raw.toString("utf8")) as typeof body;
  } catch (error) {
    throw new RequestError(400, "BadJsonBody", error instanceof Error ? error.message : "Invalid JSON");
  }
  if (typeof body !== "object" || body === null || typeof body.path !== "string") {
    throw new RequestError(400, "BadRequest", "The body needs a function path");
  }
  if (body.format !== undefined && typeof body.format !== "string") throw new RequestError(400, "BadJsonBody", "format must be a string");
  const format = body.format === undefined ? "clean" : FORMATS.get(body.format);
  if (!format) throw new RequestError(400, "BadFormat", `format param must be one of [\`json\`]. Got ${body.format}`);
  // Arguments come as `[args]` (query, mutation, action) or as the object itself (function).
  const args = ((Array.isArray(body.args) ? body.args[0] : body.args) ?? {}) as JSONValue;
  return { path: body.path, args, format, componentPath: body.componentPath, ts: body.ts };
}

const ENDPOINT = /^\/api\/(query|mutation|action|query_ts|query_at_ts|function)$/;

/** Serves one /api/* request; returns false when the path is not part of the API. */
export async function handleApiRequest(request: IncomingMessage, response: ServerResponse, host: HttpApiHost) {
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  const kind = ENDPOINT.exec(path)?.[1];
  if (!kind) return false;
  if (request.method !== "POST") {
    sendJson(response, 405, { code: "MethodNotAllowed", message: `${path} accepts POST` });
    return true;
  }
  if (kind === "query_ts") {
    sendJson(response, 200, { ts: encodeTs(host.engine().snapshotTs()) });
    return true;
  }
  try {
    await call(kind, request, response, host);
  } catch (error) {
    if (error instanceof AuthError || error instanceof RequestError) {
      sendJson(response, error.status, { code: error.code, message: error.message });
    } else {
      throw error;
    }
  }
  return true;
}

async function call(kind: string, request: IncomingMessage, response: ServerResponse, host: HttpApiHost) {
  const header = request.headers.authorization;
  // Like Convex: the header's form, then the body, then the token or key it holds.
  if (header !== undefined && header.length < 7) {
    throw new RequestError(400, "InvalidHeaderFailure", "Invalid authentication header");
  }
  const body = parseBody(await readBody(request));
  const caller = await host.auth.fromHeader(header);
  const engine = host.engine();
  if (kind === "function") {
    const outcome = await callAny(engine, caller, body);
    // It may have been a mutation: answered once durable, like /api/mutation.
    await host.durable();
    return reply(response, outcome, body.format);
  }
  if (kind === "query_at_ts") {
    const ts = decodeTs(body.ts);
    if (ts === null) throw new RequestError(400, "BadJsonBody", "ts must be a timestamp from /api/query_ts");
    return reply(response, await engine.runQueryAt(ts, body.path, body.args, caller.identity, !caller.admin), body.format);
  }
  if (kind === "query") {
    const { outcome } = await engine.runQuery(body.path, body.args, caller.identity, null, undefined, !caller.admin);
    // It may have read a commit whose disk sync is still pending.
    await host.durable();
    return reply(response, outcome, body.format);
  }
  const outcome = await engine.run(kind as "mutation" | "action", body.path, body.args, caller.identity, !caller.admin, requestMetadataOf(request));
  // A mutation's commit, or those an action made, are acknowledged only once durable.
  await host.durable();
  reply(response, outcome, body.format);
}

/** /api/function: the admin runs a function of any kind by its path. */
async function callAny(engine: Engine, caller: Caller, body: CallBody): Promise<Outcome> {
  if (!caller.admin) {
    throw new RequestError(
      403,
      "BadDeployKey",
      "The provided deploy key was invalid for this deployment. Double check that the environment this key was generated for matches the desired deployment.",
    );
  }
  if (body.componentPath !== undefined && body.componentPath !== null && body.componentPath !== "") {
    throw new RequestError(400, "BadRequest", "The embedded backend runs only the app's functions through /api/function, not a component's");
  }
  const { canonical } = canonicalizeUdfPath(body.path);
  const kind = await engine.kindOf({ componentPath: "", udfPath: canonical });
  // Like Convex, only the admin itself (not acting as a user) reaches internal functions here.
  const visible = kind && (caller.identity === null || (await engine.resolve(canonical, kind, true).then(() => true, () => false)));
  if (!visible) {
    const shown = canonical.endsWith(":default") ? canonical.slice(0, -":default".length) : canonical;
    const message = `Could not find function for '${shown}'. Did you forget to run \`npx convex dev\`?`;
    return { ok: false, message: serverErrorMessage({ message, frames: "" }) };
  }
  if (kind === "query") return (await engine.runQuery(canonical, body.args, caller.identity, null, undefined, false)).outcome;
  return engine.run(kind, canonical, body.args, caller.identity, false);
}
