import { appendFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { describe, expect, it, vi } from "vitest";
import { SESSION_HINT_COOKIE } from "../../convex/model/sessionHint";
import { cleanupsAfterEach } from "../test/helpers";
import {
  createIdentityProvider,
  IdentityError,
  LOCAL_ISSUER,
  MESSAGES,
  REFRESH_COOKIE,
  type IdentityProvider,
  type IdentityProviderOptions,
} from "./identity";

const cleanups = cleanupsAfterEach();

const ADA = { email: "  Ada@Example.COM ", password: "correct horse", firstName: " Ada ", lastName: "Lovelace" };
const THIRTY_DAYS = 30 * 24 * 60 * 60;
/** What /auth/token answers when no session is left: no token, and not an error the browser would log. */
const SIGNED_OUT_ANSWER = { status: 200, body: { accessToken: null, code: "SIGNED_OUT", message: "You are signed out." } };

const dataDir = () => cleanups.dataDir("lwcc-identity-");

async function open(dataDir?: string, options: Omit<IdentityProviderOptions, "dataDir"> = {}) {
  const provider = await createIdentityProvider({ dataDir, ...options });
  let closed = false;
  const close = async () => {
    if (!closed) await provider.close();
    closed = true;
  };
  cleanups.push(close);
  return { provider, close };
}

/** The provider behind a real HTTP server on 127.0.0.1, as the backend mounts it. */
async function serve(dataDir?: string, options: Omit<IdentityProviderOptions, "dataDir"> = {}) {
  const { provider, close } = await open(dataDir, options);
  const server = createServer((request, response) => {
    void provider.handleIdentityRequest(request, response).then((handled) => {
      if (handled) return;
      response.writeHead(404, { "x-not-identity": "1" });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await close();
  };
  cleanups.push(stop);
  return { provider, url, stop };
}

/** A browser-like client: keeps the refresh cookie the server sets, sends it back. */
function client(url: string) {
  let cookie: string | undefined;
  const request = async (pathname: string, init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; body?: string } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (cookie) headers.cookie = `${REFRESH_COOKIE}=${cookie}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${url}${pathname}`, { method: init.method ?? "POST", headers, body, redirect: "manual" });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    if (setCookie) cookie = /^[^=]+=([^;]*)/.exec(setCookie)![1] || undefined;
    const text = await response.text();
    return { status: response.status, headers: response.headers, setCookie, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
  };
  return {
    request,
    register: (input: Record<string, unknown> = ADA) => request("/auth/register", { json: input }),
    login: (email: string, password: string) => request("/auth/login", { json: { email, password } }),
    refresh: () => request("/auth/token"),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}

async function verify(provider: IdentityProvider, token: unknown) {
  return (await jwtVerify(String(token), createLocalJWKSet(provider.jwks()), { issuer: LOCAL_ISSUER, audience: "convex" })).payload;
}

describe("local identity provider over HTTP", () => {
  it("registers an account and issues an RS256 access token that verifies against its JWKS", async () => {
    const { provider, url } = await serve();
    const c = client(url);
    const registered = await c.register();
    expect(registered.status).toBe(201);
    const claims = await verify(provider, registered.body!.accessToken);
    expect(claims).toMatchObject({
      iss: LOCAL_ISSUER,
      aud: "convex",
      email: "ada@example.com",
      email_verified: false,
      given_name: "Ada",
      family_name: "Lovelace",
      name: "Ada Lovelace",
    });
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(registered.body!.expiresAt).toBe(claims.exp! * 1000);
    expect(registered.setCookie).toBe(`${REFRESH_COOKIE}=${c.cookie}; Path=/; Max-Age=${THIRTY_DAYS}; HttpOnly; SameSite=Strict`);
    // The readable hint goes with it, for as long, and says nothing but "signed in".
    expect(registered.headers.getSetCookie()).toContain(`${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax`);

    const jwks = await fetch(`${url}/auth/jwks.json`);
    expect(jwks.status).toBe(200);
    const { keys } = (await jwks.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toEqual(provider.jwks().keys);
    expect(Object.keys(keys[0]!).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    const uri = provider.jwksDataUri();
    expect(uri.startsWith("data:text/plain;charset=utf-8;base64,")).toBe(true);
    expect(JSON.parse(Buffer.from(uri.split(",")[1]!, "base64").toString("utf8"))).toEqual(provider.jwks());
  });

  it("marks the cookie Secure only for requests that arrived over https", async () => {
    const { url } = await serve();
    const registered = await client(url).request("/auth/register", { json: ADA, headers: { "x-forwarded-proto": "https" } });
    expect(registered.setCookie).toMatch(/; SameSite=Strict; Secure$/);
  });

  it("signs in with the right password, and gives one answer for a wrong password and an unknown email", async () => {
    const { provider, url } = await serve();
    const c = client(url);
    const sub = decodeJwt(String((await c.register()).body!.accessToken)).sub;

    const ok = await client(url).login("ADA@example.com ", "correct horse");
    expect(ok.status).toBe(200);
    expect((await verify(provider, ok.body!.accessToken)).sub).toBe(sub);
    expect(ok.setCookie).toContain("HttpOnly");

    const invalid = { code: "INVALID_CREDENTIALS", message: "That email and password don't match an account." };
    const wrong = await client(url).login("ada@example.com", "wrong password");
    expect(wrong).toMatchObject({ status: 401, body: invalid, setCookie: undefined });
    expect(await client(url).login("nobody@example.com", "correct horse")).toMatchObject({ status: 401, body: invalid });
    expect((await client(url).login("", "")).body).toMatchObject({
      code: "INVALID_INPUT",
      fields: { email: MESSAGES.invalidEmail, password: MESSAGES.passwordRequired },
    });
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    const { url } = await serve();
    expect((await client(url).register()).status).toBe(201);
    const again = await client(url).register({ ...ADA, email: "ADA@example.com", password: "another password" });
    expect(again).toMatchObject({
      status: 409,
      body: { code: "EMAIL_TAKEN", message: "An account with this email already exists. Sign in instead." },
      setCookie: undefined,
    });
    // The first account's password still works: nothing was overwritten.
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(200);
  });

  it("explains invalid registrations field by field and stores nothing", async () => {
    const { url } = await serve();
    const c = client(url);
    const short = await c.register({ ...ADA, password: "short" });
    expect(short).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", message: "Password is too short", fields: { password: "Password is too short" } },
      setCookie: undefined,
    });
    expect((await c.register({ ...ADA, password: "x".repeat(129) })).body!.fields).toEqual({ password: "Password is too long" });
    const bad = await c.register({ email: "not-an-email", password: "long enough", firstName: "  ", lastName: "x".repeat(101) });
    expect(bad.body!.fields).toEqual({
      email: "Enter a valid email address.",
      firstName: "Enter your first name.",
      lastName: MESSAGES.lastNameTooLong,
    });
    const spoofed = await c.register({ ...ADA, firstName: "Ada\u202Eecalevol", lastName: "Love\r\nlace" });
    expect(spoofed.body!.fields).toEqual({ firstName: MESSAGES.nameCharacters, lastName: MESSAGES.nameCharacters });
    expect((await c.register({})).body!.fields).toEqual({
      email: "Enter a valid email address.",
      password: "Password is too short",
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
    });

    expect((await c.login("ada@example.com", "short")).status).toBe(401);
    expect((await c.register()).status).toBe(201);
  });

  it("answers malformed JSON with 400, other media types with 415 and bodies over 64 KB with 413", async () => {
    const { url } = await serve();
    const c = client(url);
    const malformed = await c.request("/auth/login", { body: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed).toMatchObject({ status: 400, body: { code: "INVALID_INPUT" } });
    expect((await c.request("/auth/login", { body: "[]", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await c.request("/auth/login", { body: JSON.stringify(ADA), headers: { "content-type": "text/plain" } })).status).toBe(415);
    const huge = await c.request("/auth/register", { json: { ...ADA, padding: "x".repeat(70 * 1024) } });
    expect(huge).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect((await c.request("/auth/login", { method: "GET" })).status).toBe(405);
    expect((await c.request("/auth/nothing-here")).status).toBe(404);
    expect((await c.request("/authority")).headers.get("x-not-identity")).toBe("1");
  });

  it("rotates the refresh token on every refresh, and one reused later ends every session of the account", async () => {
    const { provider, url } = await serve();
    const c = client(url);
    await c.register();
    const other = client(url);
    await other.login("ada@example.com", "correct horse");

    const first = c.cookie;
    const refreshed = await c.refresh();
    expect(refreshed.status).toBe(200);
    expect((await verify(provider, refreshed.body!.accessToken)).email).toBe("ada@example.com");
    expect(c.cookie).toBeDefined();
    expect(c.cookie).not.toBe(first);
    const second = c.cookie;

    // A page left while its refresh was on the way (or a second tab) comes back with the old cookie at once: it
    // gets a session of its own, and the one that replaced its token lives on.
    c.cookie = first;
    const late = await c.refresh();
    expect(late.status).toBe(200);
    expect((await verify(provider, late.body!.accessToken)).email).toBe("ada@example.com");
    c.cookie = second;
    const stillSignedIn = await c.refresh();
    expect(stillSignedIn.status).toBe(200);
    const third = c.cookie;

    // Someone replays a rotated token later: refused, and every session of the account dies with it.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 11_000);
    c.cookie = second;
    const reused = await c.refresh();
    expect(reused).toMatchObject(SIGNED_OUT_ANSWER);
    expect(reused.setCookie).toMatch(/^lwcc_refresh=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect(reused.headers.getSetCookie()).toContain(`${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    c.cookie = third;
    expect(await c.refresh()).toMatchObject(SIGNED_OUT_ANSWER);
    expect(await other.refresh()).toMatchObject(SIGNED_OUT_ANSWER);

    expect((await client(url).refresh()).body).toEqual(SIGNED_OUT_ANSWER.body);
  });

  it("refuses a just-rotated token once what replaced it has been signed out", async () => {
    const { url } = await serve();
    const c = client(url);
    await c.register();
    const first = c.cookie;
    expect((await c.refresh()).status).toBe(200);
    expect((await c.request("/auth/logout")).status).toBe(204);
    c.cookie = first;
    expect(await c.refresh()).toMatchObject(SIGNED_OUT_ANSWER);
  });

  it("signs out: JSON logout answers 204, the app's form post to /logout redirects to a local path", async () => {
    const { url } = await serve();
    const c = client(url);
    await c.register();
    const token = c.cookie;
    const out = await c.request("/auth/logout");
    expect(out.status).toBe(204);
    expect(out.setCookie).toContain("Max-Age=0");
    c.cookie = token;
    expect(await c.refresh()).toMatchObject(SIGNED_OUT_ANSWER);

    const form = client(url);
    await form.login("ada@example.com", "correct horse");
    const redirect = await form.request("/logout", { form: { redirectTo: "/" } });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("/");
    expect(redirect.setCookie).toContain("Max-Age=0");
    expect(await form.refresh()).toMatchObject(SIGNED_OUT_ANSWER);

    for (const target of ["//evil.example", "/\\evil.example", "https://evil.example/", "/\t/evil.example"]) {
      const refused = await client(url).request("/logout", { form: { redirectTo: target } });
      expect(refused.status).toBe(204);
    }
    // GET /logout is the web app's page, not ours.
    expect((await client(url).request("/logout", { method: "GET" })).headers.get("x-not-identity")).toBe("1");
  });

  it("deactivates and reactivates accounts through the admin endpoint, which needs the admin secret", async () => {
    const { provider, url } = await serve();
    const c = client(url);
    const sub = decodeJwt(String((await c.register()).body!.accessToken)).sub!;
    const admin = (subject: string, body: unknown, secret: string | null = provider.adminSecret) =>
      client(url).request(`/auth/admin/accounts/${subject}`, { json: body, headers: secret ? { authorization: `Bearer ${secret}` } : {} });

    expect((await admin(sub, { active: false }, null)).status).toBe(401);
    expect((await admin(sub, { active: false }, "wrong")).body).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await admin("no-such-subject", { active: false })).status).toBe(404);
    expect((await admin(sub, { active: "no" })).status).toBe(400);
    expect(provider.adminSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await admin(sub, { active: false })).toMatchObject({ status: 200, body: { subject: sub, active: false } });
    expect(await client(url).login("ada@example.com", "correct horse")).toMatchObject({
      status: 403,
      body: {
        code: "ACCOUNT_DEACTIVATED",
        message: "This account is deactivated. Visit /account/reactivate or contact support to restore it.",
      },
    });
    expect(await c.refresh()).toMatchObject(SIGNED_OUT_ANSWER);

    expect((await admin(sub, { active: true })).status).toBe(200);
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(200);
    // The sessions ended by the deactivation stay ended.
    expect(await c.refresh()).toMatchObject(SIGNED_OUT_ANSWER);
  });

  it("creates an account for someone through the admin endpoint and signs them in once with a ticket", async () => {
    const { provider, url } = await serve();
    const asAdmin = (path: string, json: unknown, secret: string | null = provider.adminSecret) =>
      client(url).request(path, { json, headers: secret ? { authorization: `Bearer ${secret}` } : {} });

    expect((await asAdmin("/auth/admin/accounts", ADA, null)).status).toBe(401);
    expect(await asAdmin("/auth/admin/accounts", { ...ADA, password: "short" })).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", fields: { password: "Password is too short" } },
    });
    const created = await asAdmin("/auth/admin/accounts", ADA);
    expect(created.status).toBe(201);
    const subject = String(created.body!.subject);
    expect((await asAdmin("/auth/admin/accounts", ADA)).body).toMatchObject({ code: "EMAIL_TAKEN" });

    expect((await asAdmin("/auth/admin/sign-in-tokens", { subject, expiresInSeconds: 300 }, "wrong")).status).toBe(401);
    expect((await asAdmin("/auth/admin/sign-in-tokens", { subject: "nobody", expiresInSeconds: 300 })).status).toBe(404);
    const { ticket } = (await asAdmin("/auth/admin/sign-in-tokens", { subject, expiresInSeconds: 300 })).body as { ticket: string };

    const browser = client(url);
    const signedIn = await browser.request("/auth/ticket", { json: { ticket } });
    expect(signedIn.status).toBe(200);
    expect(decodeJwt(String(signedIn.body!.accessToken)).sub).toBe(subject);
    // The ticket started a real session: the cookie refreshes.
    expect((await browser.refresh()).status).toBe(200);
    // Single use, even from another browser.
    expect(await client(url).request("/auth/ticket", { json: { ticket } })).toMatchObject({
      status: 401,
      body: { code: "TICKET_INVALID", message: MESSAGES.ticketInvalid },
    });
    expect((await client(url).request("/auth/ticket", { json: {} })).status).toBe(400);
    // The password the account was made with works as well.
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(200);

    // Deleting (undoing an account made for a booking that failed) ends its sessions and frees the address.
    const remove = (secret: string) =>
      client(url).request(`/auth/admin/accounts/${subject}`, { method: "DELETE", headers: { authorization: `Bearer ${secret}` } });
    expect((await remove("wrong")).status).toBe(401);
    expect(await remove(provider.adminSecret)).toMatchObject({ status: 200, body: { subject, deleted: true } });
    expect((await remove(provider.adminSecret)).status).toBe(404);
    expect(await browser.refresh()).toMatchObject(SIGNED_OUT_ANSWER);
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(401);
    expect((await asAdmin("/auth/admin/accounts", ADA)).status).toBe(201);
  });

  it("refuses an expired ticket and one for an account deactivated since", async () => {
    const { provider, url } = await serve();
    const { subject } = await provider.createAccount(ADA);
    const asAdmin = (json: unknown) =>
      client(url).request("/auth/admin/sign-in-tokens", { json, headers: { authorization: `Bearer ${provider.adminSecret}` } });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { ticket: soon } = (await asAdmin({ subject, expiresInSeconds: 60 })).body as { ticket: string };
      vi.setSystemTime(Date.now() + 61_000);
      expect((await client(url).request("/auth/ticket", { json: { ticket: soon } })).body).toMatchObject({ code: "TICKET_INVALID" });
    } finally {
      vi.useRealTimers();
    }
    const { ticket } = (await asAdmin({ subject, expiresInSeconds: 60 })).body as { ticket: string };
    await provider.setActive(subject, false);
    expect((await client(url).request("/auth/ticket", { json: { ticket } })).body).toMatchObject({ code: "ACCOUNT_DEACTIVATED" });
  });

  it("limits failed sign-ins per email to 5 per 15 minutes; a refused attempt changes nothing", async () => {
    const { url } = await serve();
    await client(url).register();
    for (let i = 0; i < 5; i++) expect((await client(url).login("ada@example.com", "wrong password")).status).toBe(401);
    const limited = await client(url).login("ADA@example.com", "correct horse");
    expect(limited).toMatchObject({
      status: 429,
      body: { code: "RATE_LIMITED", message: "Too many sign-in attempts. Please wait 15 minutes and try again." },
      setCookie: undefined,
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // Refused attempts take no points: 21 attempts from this address so far, yet another account can still try.
    for (let i = 0; i < 15; i++) expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(429);
    expect((await client(url).login("someone@example.com", "wrong password")).status).toBe(401);
  });

  it("resets the failure count on a successful sign-in", async () => {
    const { url } = await serve();
    await client(url).register();
    for (let i = 0; i < 4; i++) expect((await client(url).login("ada@example.com", "wrong password")).status).toBe(401);
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await client(url).login("ada@example.com", "wrong password")).status).toBe(401);
    expect((await client(url).login("ada@example.com", "wrong password")).status).toBe(429);
  });

  it("limits sign-ins per client address to 20 per 15 minutes, and registrations to 10 per hour", async () => {
    const { url } = await serve();
    const attempts = Array.from({ length: 20 }, (_, i) => client(url).login(`user${i}@example.com`, "wrong password"));
    expect((await Promise.all(attempts)).map((a) => a.status)).toEqual(Array(20).fill(401));
    expect((await client(url).login("fresh@example.com", "whatever")).status).toBe(429);

    for (let i = 0; i < 10; i++) expect((await client(url).register({ ...ADA, email: `new${i}@example.com` })).status).toBe(201);
    const limited = await client(url).register({ ...ADA, email: "new10@example.com" });
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(limited.headers.get("retry-after")).not.toBeNull();
  });

  it("ignores X-Forwarded-For unless told to trust a proxy, then counts each visitor behind it apart", async () => {
    const direct = await serve();
    const forged = (i: number) => ({ "x-forwarded-for": `198.51.100.${i}` });
    for (let i = 0; i < 10; i++) expect((await client(direct.url).request("/auth/register", { json: { ...ADA, email: `a${i}@example.com` }, headers: forged(i) })).status).toBe(201);
    expect((await client(direct.url).request("/auth/register", { json: { ...ADA, email: "a10@example.com" }, headers: forged(10) })).status).toBe(429);

    // Behind one trusted proxy (the web app's, which appends the visitor's address).
    const { url } = await serve(undefined, { trustedProxyHops: 1 });
    const visitor = (address: string, written = "") => ({ "x-forwarded-for": written ? `${written}, ${address}` : address });
    for (let i = 0; i < 10; i++) expect((await client(url).request("/auth/register", { json: { ...ADA, email: `b${i}@example.com` }, headers: visitor("192.0.2.5", `10.0.0.${i}`) })).status).toBe(201);
    const limited = await client(url).request("/auth/register", { json: { ...ADA, email: "b10@example.com" }, headers: visitor("192.0.2.5") });
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED", message: MESSAGES.registerRateLimited(60) } });
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect((await client(url).request("/auth/register", { json: { ...ADA, email: "c@example.com" }, headers: visitor("192.0.2.6") })).status).toBe(201);
    // Twenty-one scrypt hashes: slower than the default 5 s on a busy machine.
  }, 30_000);

  it("counts only failed sign-ins against the address: many people behind one address can all sign in", async () => {
    const { url } = await serve();
    await client(url).register();
    for (let i = 0; i < 25; i++) expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(200);
    const guesses = Array.from({ length: 20 }, (_, i) => client(url).login(`user${i}@example.com`, "wrong password"));
    expect((await Promise.all(guesses)).map((a) => a.status)).toEqual(Array(20).fill(401));
    expect((await client(url).login("ada@example.com", "correct horse")).status).toBe(429);
  });
});

describe("local identity provider programmatic API", () => {
  it("creates accounts, issues tokens for them and refuses duplicates and invalid input", async () => {
    const { provider } = await open();
    const created = await provider.createAccount({ ...ADA, emailVerified: true });
    expect(created.tokenIdentifier).toBe(`${LOCAL_ISSUER}|${created.subject}`);
    const tokens = await provider.issueTokens(created.subject);
    expect(await verify(provider, tokens.accessToken)).toMatchObject({ sub: created.subject, email_verified: true });
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await expect(provider.createAccount(ADA)).rejects.toMatchObject({ code: "EMAIL_TAKEN" });
    const invalid = await provider.createAccount({ ...ADA, email: "x", password: "short" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(IdentityError);
    expect((invalid as IdentityError).body().fields).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.passwordTooShort });
    await expect(provider.setActive("nobody", false)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("local identity provider on disk", () => {
  it("keeps accounts, the signing key and revoked sessions across a restart", async () => {
    const dir = dataDir();
    const first = await serve(dir);
    const keeper = client(first.url);
    const registered = await keeper.register();
    const leaver = client(first.url);
    await leaver.login("ada@example.com", "correct horse");
    const leaverToken = leaver.cookie;
    await leaver.request("/auth/logout");
    await first.stop();

    const keyFile = path.join(dir, "identity", "signing-key.json");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const second = await serve(dir);
    expect(second.provider.jwks()).toEqual(first.provider.jwks());
    // An access token issued before the restart still verifies.
    expect((await verify(second.provider, registered.body!.accessToken)).email).toBe("ada@example.com");
    expect((await client(second.url).login("ada@example.com", "correct horse")).status).toBe(200);
    const again = client(second.url);
    again.cookie = keeper.cookie;
    expect((await again.refresh()).status).toBe(200);
    const returning = client(second.url);
    returning.cookie = leaverToken;
    expect(await returning.refresh()).toMatchObject(SIGNED_OUT_ANSWER);
  });

  it("creates a missing data dir, and recovers from a torn write at the end of its log", async () => {
    const dir = path.join(dataDir(), "not", "yet", "there");
    const first = await open(dir);
    const { subject } = await first.provider.createAccount(ADA);
    await first.close();

    const identityDir = path.join(dir, "identity");
    const log = readdirSync(identityDir).find((name) => name.endsWith(".wal"))!;
    appendFileSync(path.join(identityDir, log), Buffer.from([0x13, 0x37, 0x00, 0xff, 0x42]));

    const second = await open(dir);
    const tokens = await second.provider.issueTokens(subject);
    expect((await verify(second.provider, tokens.accessToken)).sub).toBe(subject);
    await second.close();

    const third = await open(dir);
    await expect(third.provider.createAccount(ADA)).rejects.toMatchObject({ code: "EMAIL_TAKEN" });
  });
});
