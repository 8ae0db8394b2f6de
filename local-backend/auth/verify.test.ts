import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, type JWK, type JWTPayload, SignJWT, exportJWK, generateKeyPair, generateSecret } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AuthProvider, AuthError, type UserIdentity, createTokenVerifier } from "./verify";

interface KeyPair {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function keyPair(alg: "RS256" | "ES256", kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

const nowSec = () => Math.floor(Date.now() / 1000);

/**
 * Signs `claims` over defaults (sub, iat, exp); pass `undefined` to leave a default claim out, and
 * a `kid` of null to leave the header's out.
 */
function sign(key: KeyPair, alg: string, claims: Record<string, unknown>, kid: string | null = key.jwk.kid ?? null): Promise<string> {
  const payload = { sub: "user-1", iat: nowSec(), exp: nowSec() + 3600, ...claims } as JWTPayload;
  return new SignJWT(payload).setProtectedHeader({ alg, ...(kid === null ? {} : { kid }) }).sign(key.privateKey);
}

const jwksDataUri = (...keys: JWK[]) =>
  `data:text/plain;charset=utf-8;base64,${Buffer.from(JSON.stringify({ keys })).toString("base64")}`;

/** Loopback JWKS/OIDC server: JSON bodies by path, and a request count by path. */
/** A route's body is sent as JSON, or as is when it is a string. */
const routes = new Map<string, { status: number; body: unknown; contentType: string }>();
const hits = new Map<string, number>();
let httpServer: Server;
let base: string;

const serve = (path: string, body: unknown, status = 200, contentType = "application/json") =>
  routes.set(path, { status, body, contentType });
const hitCount = (path: string) => hits.get(path) ?? 0;

let rsa: KeyPair;
let rsa2: KeyPair;
let ec: KeyPair;
let stranger: KeyPair;

beforeAll(async () => {
  [rsa, rsa2, ec, stranger] = await Promise.all([
    keyPair("RS256", "rsa-1"),
    keyPair("RS256", "rsa-2"),
    keyPair("ES256", "ec-1"),
    keyPair("RS256", "rsa-1"), // Same kid as `rsa`, different key: a forged signature.
  ]);
  httpServer = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    hits.set(path, hitCount(path) + 1);
    const route = routes.get(path) ?? { status: 404, body: { error: "not found" }, contentType: "application/json" };
    const text = typeof route.body === "string" ? route.body : JSON.stringify(route.body);
    res.writeHead(route.status, { "content-type": route.contentType }).end(text);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => httpServer.close(resolve));
});

beforeEach(() => {
  routes.clear();
  hits.clear();
  serve("/jwks.json", { keys: [rsa.jwk, ec.jwk] });
  serve("/.well-known/openid-configuration", { issuer: `${base}/`, jwks_uri: `${base}/oidc/jwks.json` });
  serve("/oidc/jwks.json", { keys: [rsa.jwk] });
});

afterEach(() => {
  vi.useRealTimers();
});

const ISSUER = "https://auth.example.test";

const customJwt = (overrides: Partial<Extract<AuthProvider, { type: "customJwt" }>> = {}): AuthProvider => ({
  type: "customJwt",
  issuer: ISSUER,
  jwks: `${base}/jwks.json`,
  algorithm: "RS256",
  applicationID: "my-app",
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => expect.fail("expected verification to fail"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

const KID_MISMATCH = (kid: string) =>
  `Could not decode token. The JWT's 'kid' (key ID) header is '${kid}', does this key match any key in the provider's JWKS?`;

describe("customJwt providers", () => {
  it("verifies an RS256 token with keys from a JWKS URL", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    const identity = await verifier.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "my-app" }));
    expect(identity).toEqual<UserIdentity>({
      tokenIdentifier: `${ISSUER}|user-1`,
      subject: "user-1",
      issuer: ISSUER,
    });
    expect(hitCount("/jwks.json")).toBe(1);
  });

  it("verifies an ES256 token with keys from a JWKS URL", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt({ algorithm: "ES256" })] });
    const identity = await verifier.verify(await sign(ec, "ES256", { iss: ISSUER, aud: "my-app", sub: "ec-user" }));
    expect(identity.tokenIdentifier).toBe(`${ISSUER}|ec-user`);
  });

  it("verifies with keys from a data: URI without any request", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt({ jwks: jwksDataUri(rsa.jwk) })] });
    const identity = await verifier.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "my-app" }));
    expect(identity.subject).toBe("user-1");
    expect(hits.size).toBe(0);
  });

  it("matches issuers like Convex: a trailing slash or a missing https:// still matches", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    for (const iss of [`${ISSUER}/`, "auth.example.test"]) {
      const identity = await verifier.verify(await sign(rsa, "RS256", { iss, aud: "my-app" }));
      expect(identity).toMatchObject({ issuer: iss, tokenIdentifier: `${iss}|user-1` });
    }
  });

  it("picks a provider by audience only when it has an applicationID", async () => {
    const strict = createTokenVerifier({ providers: [customJwt()] });
    for (const aud of ["other-app", undefined]) {
      const error = await rejection(strict.verify(await sign(rsa, "RS256", { iss: ISSUER, aud })));
      expect(error).toMatchObject({ code: "NoAuthProvider", status: 401 });
    }

    const lax = createTokenVerifier({ providers: [customJwt({ applicationID: undefined })] });
    await expect(lax.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "other-app" }))).resolves.toMatchObject({
      subject: "user-1",
    });
    await expect(lax.verify(await sign(rsa, "RS256", { iss: ISSUER }))).resolves.toMatchObject({ subject: "user-1" });
  });

  it("lists the configured providers when none matches", async () => {
    const verifier = createTokenVerifier({
      providers: [customJwt(), customJwt({ issuer: "https://other.test", applicationID: undefined }), { domain: base, applicationID: "web" }],
    });
    const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: "https://unknown.test", aud: "my-app" })));
    expect(error.code).toBe("NoAuthProvider");
    expect(error.message).toBe(
      "No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers: " +
        `[CustomJWT(issuer=${ISSUER}, app_id=my-app), CustomJWT(issuer=https://other.test, app_id=none), OIDC(domain=${base}, app_id=web)]`,
    );

    const none = await rejection(createTokenVerifier({ providers: [] }).verify(await sign(rsa, "RS256", { iss: ISSUER })));
    expect(none).toMatchObject({
      code: "NoAuthProvider",
      message: "No auth provider found matching the given token (no providers configured). Check convex/auth.config.ts.",
    });
  });

  it("uses the first provider that matches", async () => {
    const verifier = createTokenVerifier({
      providers: [customJwt({ jwks: jwksDataUri(ec.jwk), algorithm: "ES256" }), customJwt()],
    });
    const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "my-app" })));
    expect(error).toMatchObject({ code: "InvalidAuthHeader", message: KID_MISMATCH("rsa-1") });
  });
});

describe("OIDC providers", () => {
  const oidc = (domain: string): AuthProvider => ({ domain, applicationID: "my-app" });

  it("discovers the JWKS and ignores a trailing slash on domain or issuer", async () => {
    const cases = [
      [base, `${base}/`],
      [`${base}/`, base],
    ] as const;
    for (const [domain, iss] of cases) {
      hits.clear();
      const verifier = createTokenVerifier({ providers: [oidc(domain)] });
      const identity = await verifier.verify(await sign(rsa, "RS256", { iss, aud: ["other", "my-app"] }));
      expect(identity).toEqual<UserIdentity>({ tokenIdentifier: `${iss}|user-1`, subject: "user-1", issuer: iss });
      expect(hitCount("/.well-known/openid-configuration")).toBe(1);
      expect(hitCount("/oidc/jwks.json")).toBe(1);
    }
  });

  it("matches only tokens whose audience contains applicationID", async () => {
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    for (const aud of [undefined, "other-app", ["a", "b"]]) {
      const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: base, aud })));
      expect(error.code).toBe("NoAuthProvider");
    }
  });

  it("caches discovery and keys across tokens", async () => {
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    for (const sub of ["a", "b", "c"]) {
      await verifier.verify(await sign(rsa, "RS256", { iss: base, aud: "my-app", sub }));
    }
    expect(hitCount("/.well-known/openid-configuration")).toBe(1);
    expect(hitCount("/oidc/jwks.json")).toBe(1);
  });

  it("reports a failed discovery with the provider's answer, and retries it on the next token", async () => {
    serve("/.well-known/openid-configuration", { error: "down" }, 503);
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    const token = await sign(rsa, "RS256", { iss: base, aud: "my-app" });
    const error = await rejection(verifier.verify(token));
    expect(error).toMatchObject({
      code: "AuthProviderDiscoveryFailed",
      status: 400,
      message: `Auth provider discovery of ${base} failed: 503 {"error":"down"}`,
    });

    serve("/.well-known/openid-configuration", { issuer: base, jwks_uri: `${base}/oidc/jwks.json` });
    await expect(verifier.verify(token)).resolves.toMatchObject({ subject: "user-1" });
    expect(hitCount("/.well-known/openid-configuration")).toBe(2);
  });

  it("rejects a discovery document for another issuer or without jwks_uri", async () => {
    const token = await sign(rsa, "RS256", { iss: base, aud: "my-app" });
    for (const document of [{ issuer: "https://elsewhere.test", jwks_uri: `${base}/oidc/jwks.json` }, { issuer: base }]) {
      serve("/.well-known/openid-configuration", document);
      const error = await rejection(createTokenVerifier({ providers: [oidc(base)] }).verify(token));
      expect(error).toMatchObject({ code: "AuthProviderDiscoveryFailed", message: `Auth provider discovery of ${base} failed` });
    }
  });

  it("rejects ID tokens without the OIDC claims, or with a bad signature", async () => {
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: base, aud: "my-app", iat: undefined })));
    expect(error).toMatchObject({
      code: "InvalidAuthHeader",
      message: "Could not parse as OIDC ID token. Token might not be an OIDC-compliant JWT.",
    });

    const forged = await rejection(verifier.verify(await sign(stranger, "RS256", { iss: base, aud: "my-app" })));
    expect(forged).toMatchObject({
      code: "Unauthenticated",
      message: "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired.",
    });
  });
});

describe("token checks", () => {
  const verifier = () => createTokenVerifier({ providers: [customJwt()] });
  const claims = { iss: ISSUER, aud: "my-app" };

  it("rejects malformed tokens and tokens without an issuer", async () => {
    const error = await rejection(verifier().verify("not.a.jwt"));
    expect(error).toMatchObject({
      code: "InvalidAuthHeader",
      status: 401,
      message:
        "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
    });

    const noIssuer = await rejection(verifier().verify(await sign(rsa, "RS256", { aud: "my-app" })));
    expect(noIssuer).toMatchObject({
      code: "InvalidAuthHeader",
      message:
        "Missing issuer claim ('iss') in JWT payload. The JWT must include an 'iss' claim that matches one of your configured auth providers.",
    });
  });

  it("allows 5 seconds of clock skew on exp, nbf and iat, and no more", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_800_000_000_000);
    const now = nowSec();
    for (const skewed of [{ exp: now - 4 }, { iat: now + 4 }, { nbf: now + 4 }]) {
      await expect(verifier().verify(await sign(rsa, "RS256", { ...claims, ...skewed }))).resolves.toMatchObject({ subject: "user-1" });
    }
    const cases: [Record<string, number>, string][] = [
      [{ iat: now - 20, exp: now - 10 }, "Token expired 10 seconds ago"],
      [{ iat: now + 10 }, "Token will be valid in 10 seconds"],
      [{ nbf: now + 30 }, "Token will be valid in 30 seconds"],
    ];
    for (const [skewed, reason] of cases) {
      const error = await rejection(verifier().verify(await sign(rsa, "RS256", { ...claims, ...skewed })));
      expect(error).toMatchObject({ code: "InvalidAuthHeader", message: `Could not validate token: ${reason}` });
    }
  });

  it("accepts tokens without iat, and requires sub and exp", async () => {
    await expect(verifier().verify(await sign(rsa, "RS256", { ...claims, iat: undefined }))).resolves.toMatchObject({
      subject: "user-1",
    });
    const noSubject = await rejection(verifier().verify(await sign(rsa, "RS256", { ...claims, sub: undefined })));
    expect(noSubject).toMatchObject({ code: "InvalidAuthHeader", message: "Missing subject" });
    const noExpiry = await rejection(verifier().verify(await sign(rsa, "RS256", { ...claims, exp: undefined })));
    expect(noExpiry).toMatchObject({ code: "InvalidAuthHeader", message: "Missing expiry" });
  });

  it("requires a kid naming a key of the provider that signed the token", async () => {
    const noKid = await rejection(verifier().verify(await sign(rsa, "RS256", claims, null)));
    expect(noKid).toMatchObject({
      code: "InvalidAuthHeader",
      message: "Could not decode token. JWT may be missing a 'kid' (key ID) header.",
    });
    const unknownKid = await rejection(verifier().verify(await sign(rsa, "RS256", claims, "key-2")));
    expect(unknownKid.message).toBe(KID_MISMATCH("key-2"));
    const forged = await rejection(verifier().verify(await sign(stranger, "RS256", claims)));
    expect(forged.message).toBe(KID_MISMATCH("rsa-1"));
  });

  it("rejects algorithms other than the provider's", async () => {
    const error = await rejection(verifier().verify(await sign(ec, "ES256", claims)));
    expect(error).toMatchObject({ code: "InvalidAuthHeader", message: KID_MISMATCH("ec-1") });

    const hmac = await new SignJWT({ ...claims, sub: "user-1", iat: nowSec(), exp: nowSec() + 60 })
      .setProtectedHeader({ alg: "HS256", kid: "rsa-1" })
      .sign(await generateSecret("HS256"));
    expect((await rejection(verifier().verify(hmac))).message).toBe(KID_MISMATCH("rsa-1"));
  });
});

describe("JWKS fetching", () => {
  const claims = { iss: ISSUER, aud: "my-app" };

  it("fetches the JWKS once for many tokens", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    for (const sub of ["a", "b", "c"]) await verifier.verify(await sign(rsa, "RS256", { ...claims, sub }));
    expect(hitCount("/jwks.json")).toBe(1);
  });

  it("refetches on an unknown kid after jose's 30 s cooldown (key rotation)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    await verifier.verify(await sign(rsa, "RS256", claims));
    serve("/jwks.json", { keys: [rsa2.jwk] }); // The provider rotates to a new key.
    const rotated = await sign(rsa2, "RS256", claims);

    // Within the cooldown an unknown kid does not hammer the provider.
    const error = await rejection(verifier.verify(rotated));
    expect(error.message).toBe(KID_MISMATCH("rsa-2"));
    expect(hitCount("/jwks.json")).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    await expect(verifier.verify(await sign(rsa2, "RS256", claims))).resolves.toMatchObject({ subject: "user-1" });
    expect(hitCount("/jwks.json")).toBe(2);
  });

  it("reports a JWKS endpoint that fails, answers something else, or is not JSON", async () => {
    const url = `${base}/jwks.json`;
    const cases: [() => void, string][] = [
      [
        () => serve("/jwks.json", { error: "boom" }, 500),
        `Could not fetch JWKS from URL '${url}': HTTP 500 Internal Server Error. Check that the URL is correct and accessible.`,
      ],
      [
        () => serve("/jwks.json", "<html></html>", 200, "text/html"),
        `Invalid Content-Type 'text/html' when fetching JWKS from '${url}'. Expected 'application/json' or 'application/jwk-set+json'.`,
      ],
      [
        () => serve("/jwks.json", "{not json", 200, "application/jwk-set+json"),
        `Invalid JWKS response body from '${url}'. The response is not valid JSON or doesn't match the expected JWKS format.`,
      ],
      [
        () => serve("/jwks.json", { nokeys: true }),
        `Invalid JWKS response body from '${url}'. The response is not valid JSON or doesn't match the expected JWKS format.`,
      ],
    ];
    for (const [setUp, message] of cases) {
      setUp();
      const error = await rejection(createTokenVerifier({ providers: [customJwt()] }).verify(await sign(rsa, "RS256", claims)));
      expect(error).toMatchObject({ code: "InvalidAuthHeader", status: 401, message });
    }
  });

  it("uses the injected fetch and reports its failures", async () => {
    const fetchSpy = vi.fn<typeof fetch>((input, init) => fetch(input, init));
    const verifier = createTokenVerifier({ providers: [customJwt()] }, { fetch: fetchSpy });
    await verifier.verify(await sign(rsa, "RS256", claims));
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(fetchSpy.mock.calls[0]![0]).toBe(`${base}/jwks.json`);

    const offline = createTokenVerifier(
      { providers: [customJwt()] },
      { fetch: () => Promise.reject(new TypeError("fetch failed")) },
    );
    const error = await rejection(offline.verify(await sign(rsa, "RS256", claims)));
    expect(error).toMatchObject({
      code: "InvalidAuthHeader",
      message: `Could not fetch JWKS from URL '${base}/jwks.json': fetch failed. Check that the URL is correct and accessible.`,
    });
  });

  it("fails only the tokens of a provider whose key set is broken, when they arrive", async () => {
    const broken = (issuer: string, jwks: string) => customJwt({ issuer, jwks, applicationID: undefined });
    const verifier = createTokenVerifier({
      providers: [
        customJwt({ jwks: jwksDataUri(rsa.jwk) }),
        broken("https://not-json.test", "data:invalid,not-a-valid-jwks"),
        broken("https://not-base64.test", "data:application/json;base64,%%%"),
        broken("https://file.test", "file:///jwks.json"),
      ],
    });
    await expect(verifier.verify(await sign(rsa, "RS256", claims))).resolves.toMatchObject({ subject: "user-1" });
    const failure = async (iss: string) => (await rejection(verifier.verify(await sign(rsa, "RS256", { iss })))).message;
    expect(await failure("https://not-json.test")).toBe(
      "Invalid JWKS response body from 'data:invalid,…'. The response is not valid JSON or doesn't match the expected JWKS format.",
    );
    expect(await failure("https://not-base64.test")).toBe(
      "Invalid JWKS data URL. Check that the data URL is properly formatted and contains valid base64-encoded JSON.",
    );
    expect(await failure("https://file.test")).toBe(
      "Could not fetch JWKS from URL 'file:///jwks.json': not an http(s) URL. Check that the URL is correct and accessible.",
    );
  });

  it("never puts key material in error messages", async () => {
    const dataUri = jwksDataUri(rsa.jwk);
    const inline = createTokenVerifier({ providers: [customJwt({ jwks: dataUri })] });
    const error = await rejection(inline.verify(await sign(stranger, "RS256", claims)));
    expect(error.message).toBe(KID_MISMATCH("rsa-1"));

    const notJwks = `data:application/json;base64,${Buffer.from(JSON.stringify({ key: rsa.jwk })).toString("base64")}`;
    const malformed = await rejection(createTokenVerifier({ providers: [customJwt({ jwks: notJwks })] }).verify(await sign(rsa, "RS256", claims)));
    expect(malformed.message).toMatch(/^Invalid JWKS response body from 'data:application\/json;base64,…'/);
    for (const message of [error.message, malformed.message]) {
      for (const material of [dataUri.split(",")[1]!, notJwks.split(",")[1]!, rsa.jwk.n!]) expect(message).not.toContain(material);
    }
  });
});

describe("identity claims", () => {
  it("maps standard claims to camelCase and passes custom claims through", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    const token = await sign(rsa, "RS256", {
      iss: ISSUER,
      aud: "my-app",
      sub: "user-42",
      nbf: nowSec() - 10,
      jti: "token-id",
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      nickname: "ada",
      preferred_username: "ada.l",
      profile: "https://example.test/ada",
      picture: "https://example.test/ada.png",
      email: "ada@example.test",
      email_verified: true,
      gender: "female",
      birthdate: "1815-12-10",
      zoneinfo: "Europe/London",
      locale: "en-GB",
      phone_number: "+44 20 0000 0000",
      phone_number_verified: false,
      address: { formatted: "12 St James's Square, London", country: "UK" },
      updated_at: 1_700_000_000,
      org_id: "org_1",
      roles: ["admin", "editor"],
      tokenIdentifier: "forged",
    });
    const identity = await verifier.verify(token);
    expect(identity).toEqual<UserIdentity>({
      tokenIdentifier: `${ISSUER}|user-42`,
      subject: "user-42",
      issuer: ISSUER,
      name: "Ada Lovelace",
      givenName: "Ada",
      familyName: "Lovelace",
      nickname: "ada",
      preferredUsername: "ada.l",
      profileUrl: "https://example.test/ada",
      pictureUrl: "https://example.test/ada.png",
      email: "ada@example.test",
      emailVerified: true,
      gender: "female",
      birthday: "1815-12-10",
      timezone: "Europe/London",
      language: "en-GB",
      phoneNumber: "+44 20 0000 0000",
      phoneNumberVerified: false,
      address: "12 St James's Square, London",
      updatedAt: "2023-11-14T22:13:20.000Z",
      org_id: "org_1",
      roles: ["admin", "editor"],
    });
  });

  it("keeps a string address and updated_at as they are", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt({ jwks: jwksDataUri(rsa.jwk) })] });
    const identity = await verifier.verify(
      await sign(rsa, "RS256", {
        iss: ISSUER,
        aud: "my-app",
        address: "1 Main St",
        updated_at: "2024-01-01T00:00:00Z",
      }),
    );
    expect(identity).toMatchObject({ address: "1 Main St", updatedAt: "2024-01-01T00:00:00Z" });
  });
});

describe("auth config validation", () => {
  it.each<[string, unknown, RegExp]>([
    ["an unknown provider type", { type: "oauth", issuer: ISSUER }, /Auth provider 0 has unknown type "oauth"/],
    ["an unsupported algorithm", { ...customJwt(), algorithm: "HS256" }, /has algorithm "HS256"; use RS256 or ES256/],
    ["a customJwt without issuer", { ...customJwt(), issuer: "" }, /needs a non-empty issuer string/],
    ["a customJwt without jwks", { ...customJwt(), jwks: undefined }, /needs a jwks URL or data: URI/],
    ["an OIDC provider without applicationID", { domain: "https://x.test" }, /needs a domain and an applicationID/],
    ["an OIDC provider with a bad domain", { domain: "x.test", applicationID: "a" }, /domain is not a valid URL/],
  ])("rejects %s", (_, provider, message) => {
    expect(() => createTokenVerifier({ providers: [provider as AuthProvider] })).toThrow(message);
  });
});
