/** Convex's HTTP API (/api/query, /api/mutation, /api/action) as ConvexHttpClient uses it. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { UserIdentity } from "convex/server";
import type { JSONValue } from "convex/values";
import type { Engine, Outcome } from "./engine/engine";
import { encodeTs } from "./sync/protocol";

/** ConvexHttpClient reads this status as "the function failed" and throws its error. */
const FUNCTION_FAILED = 560;

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "Content-Type, Authorization, Convex-Client",
  "access-control-max-age": "86400",
};

export interface HttpApiHost {
  engine(): Engine;
  verifyToken(token: string): Promise<UserIdentity>;
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

/** The caller's identity from `Authorization: Bearer`, or null; a bad token throws. */
export async function bearerIdentity(request: IncomingMessage, host: Pick<HttpApiHost, "verifyToken">) {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer (.+)$/.exec(header);
  if (!match) throw new Error("The Authorization header must be 'Bearer <token>'");
  return host.verifyToken(match[1]!);
}

function reply(response: ServerResponse, outcome: Outcome) {
  if (outcome.ok) return sendJson(response, 200, { status: "success", value: outcome.value, logLines: [] });
  sendJson(response, FUNCTION_FAILED, {
    status: "error",
    errorMessage: outcome.message,
    ...(outcome.data === undefined ? {} : { errorData: outcome.data }),
    logLines: [],
  });
}

/** Serves one /api/* request; returns false when the path is not part of the API. */
export async function handleApiRequest(request: IncomingMessage, response: ServerResponse, host: HttpApiHost) {
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  const kind = /^\/api\/(query|mutation|action|query_ts|query_at_ts)$/.exec(path)?.[1] as
    | "query"
    | "mutation"
    | "action"
    | "query_ts"
    | "query_at_ts"
    | undefined;
  if (!kind) return false;
  if (request.method !== "POST") {
    sendJson(response, 405, { code: "MethodNotAllowed", message: `${path} accepts POST` });
    return true;
  }
  if (kind === "query_ts") {
    sendJson(response, 200, { ts: encodeTs(host.engine().latestTs()) });
    return true;
  }
  let identity: UserIdentity | null;
  try {
    identity = await bearerIdentity(request, host);
  } catch (error) {
    sendJson(response, 401, { code: "Unauthenticated", message: error instanceof Error ? error.message : String(error) });
    return true;
  }
  let body: { path?: unknown; args?: unknown };
  try {
    body = JSON.parse((await readBody(request)).toString("utf8")) as typeof body;
  } catch (error) {
    sendJson(response, 400, { code: "BadJsonBody", message: error instanceof Error ? error.message : "Invalid JSON" });
    return true;
  }
  if (typeof body.path !== "string") {
    sendJson(response, 400, { code: "BadRequest", message: "The body needs a function path" });
    return true;
  }
  const args = (Array.isArray(body.args) ? body.args[0] : body.args) as JSONValue | undefined;
  const engine = host.engine();
  if (kind === "query" || kind === "query_at_ts") {
    // Reads are always at the latest commit: the embedded backend keeps no history.
    reply(response, (await engine.runQuery(body.path, args ?? {}, identity)).outcome);
  } else {
    const outcome = await engine.run(kind, body.path, args ?? {}, identity);
    if (outcome.ok && kind === "mutation") await host.durable();
    reply(response, outcome);
  }
  return true;
}
