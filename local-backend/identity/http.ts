/**
 * The provider's HTTP endpoints, served by the backend's api server under /auth/ (plus the web app's POST /logout).
 * JSON in and out; errors are `{ code, message, fields? }`.
 *
 * The refresh token travels only in an HttpOnly cookie. Its Path is "/", not "/auth": the web app signs out with a
 * plain form post to /logout, and a cookie scoped to /auth would never reach it, leaving the session alive.
 * SameSite=Strict keeps it off cross-site requests, and the JSON endpoints insist on a JSON content type, so a
 * cross-site form cannot sign anyone in either. Responses carry no CORS headers: other origins cannot read tokens.
 * Beside it goes a readable "signed in" hint (SESSION_HINT_COOKIE) that only tells the web app a session may exist.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { clientAddress as forwardedClientAddress } from "../../convex/model/clientKey";
import { SESSION_HINT_COOKIE } from "../../convex/model/sessionHint";
import { loginSchema, parseInput, REFRESH_TOKEN_MS, ticketSchema, type Accounts, type IssuedTokens } from "./accounts";
import { IdentityError, MESSAGES } from "./errors";

export const REFRESH_COOKIE = "lwcc_refresh";
const MAX_BODY_BYTES = 64 * 1024;

const adminSchema = z.object({ active: z.boolean({ error: "Send active: true or false." }) });
const signInTokenSchema = z.object({
  subject: z.string({ error: MESSAGES.noSuchAccount }).min(1, { error: MESSAGES.noSuchAccount }),
  expiresInSeconds: z.number({ error: "Send expiresInSeconds as a number." }).int().positive(),
});
const metadataBodySchema = z.object({ publicMetadata: z.record(z.string(), z.unknown(), { error: MESSAGES.metadataRequired }) });

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
type Limit = { limiter: RateLimiterMemory; key: string };

/**
 * `trustedProxyHops`: how many proxies in front of /auth/ append to X-Forwarded-For (the embedded
 * web app's Vite proxy is one); 0 ignores the header. The address limits count the client's
 * address read that way (convex/model/clientKey.ts, as the app's http routes read it).
 */
export function createIdentityHandler(accounts: Accounts, adminSecret: string, { trustedProxyHops = 0 }: { trustedProxyHops?: number } = {}) {
  const clientAddress = (request: IncomingMessage) => {
    const forwarded = request.headers["x-forwarded-for"];
    const chain = Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? null);
    return forwardedClientAddress(request.socket.remoteAddress ?? null, chain, trustedProxyHops) ?? "unknown";
  };
  const fifteenMinutes = 15 * 60;
  // Guessing is what the address limit stops: a sign-in that succeeds gives its point back, so
  // people behind one address (an office, a test run) are not locked out by signing in.
  const signInsByAddress = new RateLimiterMemory({ points: 20, duration: fifteenMinutes });
  // Every attempt takes a point up front (so parallel guesses cannot all pass); a correct password clears them.
  const failuresByEmail = new RateLimiterMemory({ points: 5, duration: fifteenMinutes });
  const registrationsByAddress = new RateLimiterMemory({ points: 10, duration: 60 * 60 });
  const adminDigest = digest(adminSecret);

  const routes: Record<string, { method: "GET" | "POST"; handle: Handler }> = {
    "/auth/jwks.json": {
      method: "GET",
      handle: (_request, response) =>
        Promise.resolve(send(response, 200, accounts.jwks(), { "cache-control": "public, max-age=300" })),
    },
    "/auth/register": {
      method: "POST",
      async handle(request, response) {
        await takePoints([{ limiter: registrationsByAddress, key: clientAddress(request) }], MESSAGES.registerRateLimited);
        const tokens = await accounts.register(await readJson(request));
        sendTokens(request, response, 201, tokens);
      },
    },
    "/auth/login": {
      method: "POST",
      async handle(request, response) {
        const { email, password } = parseInput(loginSchema, await readJson(request));
        await takePoints(
          [
            { limiter: signInsByAddress, key: clientAddress(request) },
            { limiter: failuresByEmail, key: email },
          ],
          MESSAGES.signInRateLimited,
        );
        let tokens: IssuedTokens;
        try {
          tokens = await accounts.login(email, password);
        } catch (error) {
          if (error instanceof IdentityError && error.code === "ACCOUNT_DEACTIVATED") await failuresByEmail.delete(email);
          throw error;
        }
        await failuresByEmail.delete(email);
        await signInsByAddress.reward(clientAddress(request), 1);
        sendTokens(request, response, 200, tokens);
      },
    },
    "/auth/token": {
      method: "POST",
      async handle(request, response) {
        let tokens: IssuedTokens;
        try {
          tokens = await accounts.refresh(readCookie(request));
        } catch (error) {
          // "Is anyone signed in?" answered no is not a failure: a 401 would be logged as an error by the
          // browser on every page a stale hint reaches. The answer carries no token and clears both cookies.
          if (error instanceof IdentityError && error.code === "SIGNED_OUT") {
            return send(response, 200, { accessToken: null, ...error.body() }, { "set-cookie": clearCookie(request) });
          }
          if (error instanceof IdentityError) return sendError(response, error, { "set-cookie": clearCookie(request) });
          throw error;
        }
        sendTokens(request, response, 200, tokens);
      },
    },
    /** Signs in with a one-time ticket from /auth/admin/sign-in-tokens (a booking made by someone who had no account yet). */
    "/auth/ticket": {
      method: "POST",
      async handle(request, response) {
        const { ticket } = parseInput(ticketSchema, await readJson(request));
        await takePoints([{ limiter: signInsByAddress, key: clientAddress(request) }], MESSAGES.signInRateLimited);
        const tokens = await accounts.redeemTicket(ticket);
        await signInsByAddress.reward(clientAddress(request), 1);
        sendTokens(request, response, 200, tokens);
      },
    },
    /** Server-to-server: an account made on someone's behalf (Clerk's POST /users). */
    "/auth/admin/accounts": {
      method: "POST",
      async handle(request, response) {
        requireAdmin(request);
        const account = await accounts.createAccount(await readJson(request));
        send(response, 201, { subject: account.subject });
      },
    },
    /** Server-to-server: a one-time sign-in ticket for an account (Clerk's POST /sign_in_tokens). */
    "/auth/admin/sign-in-tokens": {
      method: "POST",
      async handle(request, response) {
        requireAdmin(request);
        const { subject, expiresInSeconds } = parseInput(signInTokenSchema, await readJson(request));
        send(response, 201, accounts.createTicket(subject, expiresInSeconds));
      },
    },
    "/auth/logout": { method: "POST", handle: logout },
    "/logout": { method: "POST", handle: logout },
  };

  /** Ends the cookie's session. A form post may name a same-site path to go to next (303); otherwise 204. */
  async function logout(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const redirectTo = isForm(request) ? new URLSearchParams(body.toString("utf8")).get("redirectTo") : null;
    await accounts.logout(readCookie(request));
    const headers = { "set-cookie": clearCookie(request), "cache-control": "no-store" };
    if (redirectTo !== null && isLocalPath(redirectTo)) response.writeHead(303, { ...headers, location: redirectTo });
    else response.writeHead(204, headers);
    response.end();
  }

  function requireAdmin(request: IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (token === undefined || !timingSafeEqual(digest(token), adminDigest)) {
      throw new IdentityError(401, "UNAUTHORIZED", MESSAGES.adminSecretRequired);
    }
  }

  /** The subject of an admin request, once its bearer token is the admin secret. */
  function adminSubject(request: IncomingMessage, encodedSubject: string): string {
    requireAdmin(request);
    const subject = safeDecode(encodedSubject);
    if (subject === null) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    return subject;
  }

  /** POST switches the account on or off; DELETE removes it. */
  async function account(request: IncomingMessage, response: ServerResponse, encodedSubject: string) {
    const subject = adminSubject(request, encodedSubject);
    if (request.method === "DELETE") {
      await accounts.deleteAccount(subject);
      return send(response, 200, { subject, deleted: true });
    }
    const { active } = parseInput(adminSchema, await readJson(request));
    await accounts.setActive(subject, active);
    send(response, 200, { subject, active });
  }

  /** PATCH { publicMetadata: { role } }: merged like Clerk's metadata update; answers the account's metadata. */
  async function setMetadata(request: IncomingMessage, response: ServerResponse, encodedSubject: string) {
    const subject = adminSubject(request, encodedSubject);
    const { publicMetadata } = parseInput(metadataBodySchema, await readJson(request));
    const account = await accounts.setPublicMetadata(subject, publicMetadata);
    send(response, 200, { subject, publicMetadata: account.publicMetadata, updatedAt: account.updatedAt });
  }

  function sendTokens(request: IncomingMessage, response: ServerResponse, status: number, tokens: IssuedTokens) {
    const cookies = sessionCookies(request, tokens.refreshToken, Math.floor(REFRESH_TOKEN_MS / 1000));
    send(response, status, { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt }, { "set-cookie": cookies });
  }

  /** Serves the request if its path is one of ours; false lets the caller try its other routes. */
  return async function handleIdentityRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    // /logout is the web app's path too; only its form post is ours.
    if (path === "/logout" && request.method !== "POST") return false;
    if (path !== "/logout" && !path.startsWith("/auth/")) return false;
    try {
      const admin = /^\/auth\/admin\/accounts\/([^/]+)(\/metadata)?$/.exec(path);
      const route = !admin
        ? routes[path] && { methods: [routes[path].method], handle: routes[path].handle }
        : admin[2]
          ? { methods: ["PATCH"], handle: (q: IncomingMessage, s: ServerResponse) => setMetadata(q, s, admin[1]!) }
          : { methods: ["POST", "DELETE"], handle: (q: IncomingMessage, s: ServerResponse) => account(q, s, admin[1]!) };
      if (!route) throw new IdentityError(404, "NOT_FOUND", MESSAGES.notFound);
      if (!route.methods.includes(request.method ?? "")) {
        throw new IdentityError(405, "METHOD_NOT_ALLOWED", MESSAGES.methodNotAllowed, { headers: { allow: route.methods.join(", ") } });
      }
      await route.handle(request, response);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      sendError(response, error);
    }
    return true;
  };
}

/**
 * Checks every limit before taking a point from any, so a refused attempt changes no counter.
 * (Two parallel requests can both pass the check; the take then refuses the one over the limit.)
 */
async function takePoints(limits: Limit[], message: (minutes: number) => string): Promise<void> {
  for (const { limiter, key } of limits) {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) throw rateLimited(state, message);
  }
  try {
    for (const { limiter, key } of limits) await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(error, message);
    throw error;
  }
}

function rateLimited(state: RateLimiterRes, message: (minutes: number) => string): IdentityError {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return new IdentityError(429, "RATE_LIMITED", message(Math.ceil(seconds / 60)), { headers: { "retry-after": String(seconds) } });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: IdentityError, headers: Record<string, string | string[]> = {}) {
  send(response, error.status, error.body(), { ...error.extra.headers, ...headers });
}

/** The body, refused (413) past MAX_BODY_BYTES; the connection is then closed rather than read to its end. */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const tooLarge = new IdentityError(413, "PAYLOAD_TOO_LARGE", MESSAGES.tooLarge, { headers: { connection: "close" } });
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) throw tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw tooLarge;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  if (mediaType(request) !== "application/json") throw new IdentityError(415, "UNSUPPORTED_MEDIA_TYPE", MESSAGES.notJson);
  const body = await readBody(request);
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below, like any body that is not an object.
  }
  throw new IdentityError(400, "INVALID_INPUT", MESSAGES.badJson);
}

function mediaType(request: IncomingMessage): string {
  return (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

function isForm(request: IncomingMessage): boolean {
  return mediaType(request) === "application/x-www-form-urlencoded";
}

/** A path on this site. Browsers read "//host" and "/\host" (even with tabs or newlines inside) as another host. */
function isLocalPath(target: string): boolean {
  const unsafe = [...target].some((char) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  return target.startsWith("/") && !target.startsWith("//") && !unsafe;
}

function readCookie(request: IncomingMessage): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.split("=");
    if (name?.trim() === REFRESH_COOKIE) return value.join("=").trim() || undefined;
  }
  return undefined;
}

/** The refresh cookie and the readable hint, set and cleared together. */
function sessionCookies(request: IncomingMessage, refreshToken: string, maxAgeSeconds: number): string[] {
  const secure = isHttps(request) ? "; Secure" : "";
  const hint = maxAgeSeconds > 0 ? "1" : "";
  return [
    `${REFRESH_COOKIE}=${refreshToken}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
    `${SESSION_HINT_COOKIE}=${hint}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`,
  ];
}

function clearCookie(request: IncomingMessage): string[] {
  return sessionCookies(request, "", 0);
}

/** Over TLS directly, or behind a proxy that terminated it. */
function isHttps(request: IncomingMessage): boolean {
  const forwarded = request.headers["x-forwarded-proto"];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return proto === "https" || (request.socket as TLSSocket).encrypted === true;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
