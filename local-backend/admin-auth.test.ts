/**
 * Who may call what, as Convex decides it: the admin key (`Authorization: Convex <key>`, the sync
 * protocol's Admin token), acting as a user, /api/function, and Convex's errors for refused
 * headers, keys and tokens, over HTTP, the sync protocol and http actions.
 */
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import type { UserIdentity } from "convex/server";
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { api } from "./test/fixture/_generated/api";
import { cleanupsAfterEach, start, testIssuer, waitFor } from "./test/helpers";

const ADMIN_KEY = "local-admin-key";

/** The convex clients' admin methods are marked internal, so their published types leave them out. */
interface AdminAuth {
  setAdminAuth(key: string, actingAs?: Record<string, unknown>): void;
}
type AdminHttpClient = ConvexHttpClient & AdminAuth & { function(fn: unknown): Promise<unknown> };
const adminHttpClient = (url: string) => new ConvexHttpClient(url, { logger: false }) as AdminHttpClient;

// Internal functions, typed as callable: the generated `internal` references are not, outside functions.
const whoamiInternal = makeFunctionReference<"query", Record<string, never>, UserIdentity | null>("admin:whoamiInternal");
const whoamiInternalAction = makeFunctionReference<"action", Record<string, never>, UserIdentity | null>("admin:whoamiInternalAction");
const cleanups = cleanupsAfterEach();

/** A backend with the admin key, or with none for null. */
async function backend(adminKey: string | null = ADMIN_KEY) {
  const b = await start({ adminKey: adminKey ?? undefined });
  cleanups.push(() => b.close());
  return b;
}

async function post(url: string, endpoint: string, body: object, authorization?: string) {
  const response = await fetch(`${url}/api/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const actingAs = (identity: object) => `Convex ${ADMIN_KEY}:${Buffer.from(JSON.stringify(identity)).toString("base64")}`;

/** A bare sync protocol client, to see exactly what the backend answers. */
async function syncSocket(url: string) {
  const socket = new WebSocket(`${url.replace("http", "ws")}/api/1.48.0/sync`);
  const received: Record<string, unknown>[] = [];
  socket.on("message", (data: Buffer) => received.push(JSON.parse(data.toString("utf8")) as Record<string, unknown>));
  await new Promise((resolve) => socket.once("open", resolve));
  cleanups.push(() => socket.close());
  const send = (message: object) => socket.send(JSON.stringify(message));
  send({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0, lastCloseReason: null });
  const next = async (type: string) => {
    for (let i = 0; i < 100; i++) {
      const found = received.find((m) => m.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${type} in ${JSON.stringify(received)}`);
  };
  return { send, next };
}

describe("the admin key over HTTP", () => {
  it("lets the admin call internal functions, as nobody in particular", async () => {
    const b = await backend();
    const admin = adminHttpClient(b.url);
    admin.setAdminAuth(ADMIN_KEY);
    expect(await admin.query(whoamiInternal, {})).toBeNull();
    expect(await admin.action(whoamiInternalAction, {})).toBeNull();

    const anonymous = new ConvexHttpClient(b.url, { logger: false });
    await expect(anonymous.query(whoamiInternal, {})).rejects.toThrow(
      /Could not find public function for 'admin:whoamiInternal'/,
    );
  });

  it("acts as a user, whose tokenIdentifier is issuer|subject unless given", async () => {
    const b = await backend();
    const admin = adminHttpClient(b.url);
    admin.setAdminAuth(ADMIN_KEY, { issuer: "https://issuer.test", subject: "ada", name: "Ada 🙃", org: "x" });
    const expected = { tokenIdentifier: "https://issuer.test|ada", issuer: "https://issuer.test", subject: "ada", name: "Ada 🙃", org: "x" };
    expect(await admin.query(api.admin.whoami, {})).toEqual(expected);
    expect(await admin.query(whoamiInternal, {})).toEqual(expected);

    admin.setAdminAuth(ADMIN_KEY, { tokenIdentifier: "custom|id", issuer: "i", subject: "s" });
    expect(await admin.query(api.admin.whoami, {})).toMatchObject({ tokenIdentifier: "custom|id" });
  });

  it("refuses a wrong key, any key when the backend has none, and malformed acting-as headers", async () => {
    const refused = { code: "BadAdminKey", message: "The provided admin key was invalid for this instance" };
    const b = await backend();
    const call = { path: "admin:whoami", args: [{}] };
    expect(await post(b.url, "query", call, "Convex wrong-key")).toEqual({ status: 401, body: refused });
    expect(await post(b.url, "query", call, `Convex wrong-key:${Buffer.from('{"subject":"s","issuer":"i"}').toString("base64")}`)).toEqual({
      status: 401,
      body: refused,
    });
    const malformed = { status: 400, body: { code: "HeaderParseFailure", message: "Malformed Authorization header." } };
    expect(await post(b.url, "query", call, `Convex ${ADMIN_KEY}:not base64!`)).toEqual(malformed);
    expect(await post(b.url, "query", call, actingAs({ name: "no subject" }))).toEqual(malformed);
    expect(await post(b.url, "query", call, actingAs({ subject: "s", issuer: "i", email: 7 }))).toEqual(malformed);

    const keyless = await backend(null);
    expect(await post(keyless.url, "query", call, `Convex ${ADMIN_KEY}`)).toEqual({ status: 401, body: refused });
  });

  it("refuses admin keys that could be confused with an acting-as header", async () => {
    await expect(start({ adminKey: "with:colon" })).rejects.toThrow(/admin key/);
  });
});

describe("/api/function", () => {
  it("runs any kind of function by path for the admin, with its log lines", async () => {
    const b = await backend();
    const admin = `Convex ${ADMIN_KEY}`;
    const query = await post(b.url, "function", { path: "logging:chatty", args: {}, format: "convex_encoded_json" }, admin);
    expect(query.body).toMatchObject({ status: "success", value: "done", logLines: ["[LOG] 'hello' { n: 1 }", "[WARN] 'careful'", "[ERROR] 'bad' 42"] });
    const mutation = await post(b.url, "function", { path: "messages:send", args: { author: "a", body: "b" } }, admin);
    expect(mutation.body).toMatchObject({ status: "success" });
    const internalAction = await post(b.url, "function", { path: "admin:whoamiInternalAction", args: {} }, admin);
    expect(internalAction.body).toEqual({ status: "success", value: null });
    const missing = await post(b.url, "function", { path: "admin:nope", args: {} }, admin);
    expect(missing).toEqual({
      status: 200,
      body: {
        status: "error",
        errorMessage: expect.stringMatching(
          /^\[Request ID: [0-9a-f]{16}\] Server Error\nCould not find function for 'admin:nope'\. Did you forget to run `npx convex dev`\?\n$/,
        ) as unknown,
      },
    });

    const client = adminHttpClient(b.url);
    client.setAdminAuth(ADMIN_KEY);
    expect(await client.function(api.logging.nested)).toBe("inner result");
  });

  it("is for the admin only, and acting as a user reaches public functions only", async () => {
    const b = await backend();
    const call = { path: "admin:whoami", args: {} };
    const forbidden = {
      status: 403,
      body: {
        code: "BadDeployKey",
        message:
          "The provided deploy key was invalid for this deployment. Double check that the environment this key was generated for matches the desired deployment.",
      },
    };
    expect(await post(b.url, "function", call)).toEqual(forbidden);
    const asUser = actingAs({ issuer: "i", subject: "s" });
    expect((await post(b.url, "function", call, asUser)).body).toMatchObject({ status: "success", value: { tokenIdentifier: "i|s" } });
    expect((await post(b.url, "function", { path: "admin:whoamiInternal", args: {} }, asUser)).body).toMatchObject({
      status: "error",
      errorMessage: expect.stringContaining("Could not find function for 'admin:whoamiInternal'") as unknown,
    });
  });
});

describe("value formats", () => {
  it("answers in Convex's clean JSON unless the body asks for another format", async () => {
    const b = await backend();
    const call = { path: "admin:values", args: [{}] };
    expect((await post(b.url, "query", call)).body).toEqual({
      status: "success",
      value: { big: "1234567890123456789", bytes: "AQID", nan: "NaN", text: "t" },
    });
    const encoded = await post(b.url, "query", { ...call, format: "convex_encoded_json" });
    expect(encoded.body.value).toMatchObject({ big: { $integer: expect.any(String) as unknown }, bytes: { $bytes: "AQID" } });
    expect(await post(b.url, "query", { ...call, format: "xml" })).toEqual({
      status: 400,
      body: { code: "BadFormat", message: "format param must be one of [`json`]. Got xml" },
    });
  });
});

describe("refused user tokens and headers over HTTP", () => {
  it("answers Convex's codes and messages", async () => {
    const b = await backend();
    const call = { path: "admin:whoami", args: [{}] };
    expect(await post(b.url, "query", call, "Bearer not.a.jwt")).toEqual({
      status: 401,
      body: {
        code: "InvalidAuthHeader",
        message:
          "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
      },
    });
    expect(await post(b.url, "query", call, "Basic dXNlcjpwYXNz")).toEqual({
      status: 400,
      body: { code: "InvalidAdminKey", message: "Invalid admin key" },
    });
    expect(await post(b.url, "query", call, "abc")).toEqual({
      status: 400,
      body: { code: "InvalidHeaderFailure", message: "Invalid authentication header" },
    });
  });

  it("lets a valid token through", async () => {
    const { token } = await testIssuer();
    const b = await backend();
    const result = await post(b.url, "query", { path: "admin:whoami", args: [{}] }, `Bearer ${await token("ada")}`);
    expect(result.body).toMatchObject({ status: "success", value: { subject: "ada", email: "ada@example.com" } });
  });
});

describe("the sync protocol", () => {
  it("authenticates the admin, acting as a user, for queries, mutations and internal actions", async () => {
    const b = await backend();
    const client = new ConvexClient(b.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
      unsavedChangesWarning: false,
    }) as ConvexClient & AdminAuth;
    cleanups.push(() => client.close());
    client.setAdminAuth(ADMIN_KEY, { issuer: "https://issuer.test", subject: "ada", name: "Ada" });
    const me = await waitFor<unknown>((push) => client.onUpdate(api.admin.whoami, {}, push), (value) => value !== undefined);
    expect(me).toEqual({ tokenIdentifier: "https://issuer.test|ada", issuer: "https://issuer.test", subject: "ada", name: "Ada" });
    expect(await client.action(whoamiInternalAction, {})).toMatchObject({ subject: "ada" });
  });

  it("answers a wrong admin key or a bad token with Convex's AuthError", async () => {
    const b = await backend();
    const admin = await syncSocket(b.url);
    admin.send({ type: "Authenticate", baseVersion: 0, tokenType: "Admin", value: "wrong-key" });
    expect(await admin.next("AuthError")).toMatchObject({
      error: "The provided admin key was invalid for this instance",
      baseVersion: 0,
      authUpdateAttempted: true,
    });

    const user = await syncSocket(b.url);
    user.send({ type: "Authenticate", baseVersion: 0, tokenType: "User", value: "not.a.jwt" });
    expect(await user.next("AuthError")).toMatchObject({
      error: "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
    });
  });
});

describe("http actions", () => {
  async function authHeader(siteUrl: string, authorization?: string) {
    const response = await fetch(`${siteUrl}/auth-header`, { headers: authorization ? { authorization } : {} });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it("receive any Authorization header; only getUserIdentity() fails on one Convex refuses", async () => {
    const b = await backend();
    expect(await authHeader(b.siteUrl, "a")).toEqual({
      status: 200,
      body: { header: "a", identity: { error: "Invalid authentication header" } },
    });
    expect(await authHeader(b.siteUrl, "Bearer helloworld")).toMatchObject({
      status: 200,
      body: { header: "Bearer helloworld", identity: { error: expect.stringMatching(/^Could not parse JWT payload/) as unknown } },
    });
    expect(await authHeader(b.siteUrl)).toEqual({ status: 200, body: { header: null, identity: null } });
    expect((await authHeader(b.siteUrl, actingAs({ issuer: "i", subject: "s" }))).body).toMatchObject({ identity: "i|s" });
  });
});
