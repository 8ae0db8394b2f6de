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

/** Signs `claims` over defaults (sub, iat, exp); pass `undefined` to leave a default claim out. */
function sign(key: KeyPair, alg: string, claims: Record<string, unknown>): Promise<string> {
  const payload = { sub: "user-1", iat: nowSec(), exp: nowSec() + 3600, ...claims } as JWTPayload;
  return new SignJWT(payload).setProtectedHeader({ alg, kid: key.jwk.kid }).sign(key.privateKey);
}

const jwksDataUri = (...keys: JWK[]) =>
  `data:text/plain;charset=utf-8;base64,${Buffer.from(JSON.stringify({ keys })).toString("base64")}`;

/** Loopback JWKS/OIDC server: JSON bodies by path, and a request count by path. */
const routes = new Map<string, { status: number; body: unknown }>();
const hits = new Map<string, number>();
let httpServer: Server;
let base: string;

const serve = (path: string, body: unknown, status = 200) => routes.set(path, { status, body });
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
    const route = routes.get(path) ?? { status: 404, body: { error: "not found" } };
    res.writeHead(route.status, { "content-type": "application/json" }).end(JSON.stringify(route.body));
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

  it("requires the issuer to match exactly", async () => {
    const verifier = createTokenVerifier({ providers: [customJwt()] });
    const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: `${ISSUER}/`, aud: "my-app" })));
    expect(error.code).toBe("NoAuthProvider");
    expect(error.message).toBe(`No auth provider found matching the given token (issuer "${ISSUER}/")`);
  });

  it("checks the audience only when applicationID is set", async () => {
    const strict = createTokenVerifier({ providers: [customJwt()] });
    const error = await rejection(strict.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "other-app" })));
    expect(error.code).toBe("InvalidToken");
    expect(error.message).toMatch(/^Invalid token: .*"aud"/);

    const lax = createTokenVerifier({ providers: [customJwt({ applicationID: undefined })] });
    await expect(lax.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "other-app" }))).resolves.toMatchObject({
      subject: "user-1",
    });
    await expect(lax.verify(await sign(rsa, "RS256", { iss: ISSUER }))).resolves.toMatchObject({ subject: "user-1" });
  });

  it("uses the first provider whose issuer matches", async () => {
    const verifier = createTokenVerifier({
      providers: [customJwt({ jwks: jwksDataUri(ec.jwk), algorithm: "ES256" }), customJwt()],
    });
    const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: ISSUER, aud: "my-app" })));
    expect(error.code).toBe("InvalidToken");
    expect(error.message).toMatch(/signing algorithm "RS256" is not allowed for this provider \(expected ES256\)/);
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

  it("requires the audience to contain applicationID", async () => {
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    for (const aud of [undefined, "other-app", ["a", "b"]]) {
      const error = await rejection(verifier.verify(await sign(rsa, "RS256", { iss: base, aud })));
      expect(error.code).toBe("InvalidToken");
      expect(error.message).toMatch(/"aud"/);
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

  it("reports an unavailable discovery document and retries it on the next token", async () => {
    serve("/.well-known/openid-configuration", { error: "down" }, 503);
    const verifier = createTokenVerifier({ providers: [oidc(base)] });
    const token = await sign(rsa, "RS256", { iss: base, aud: "my-app" });
    const error = await rejection(verifier.verify(token));
    expect(error.code).toBe("JwksUnavailable");
    expect(error.message).toBe(`OIDC discovery request to ${base}/.well-known/openid-configuration returned HTTP 503`);

    serve("/.well-known/openid-configuration", { issuer: base, jwks_uri: `${base}/oidc/jwks.json` });
    await expect(verifier.verify(token)).resolves.toMatchObject({ subject: "user-1" });
    expect(hitCount("/.well-known/openid-configuration")).toBe(2);
  });

  it("rejects a discovery document for another issuer or without jwks_uri", async () => {
    const token = await sign(rsa, "RS256", { iss: base, aud: "my-app" });
    serve("/.well-known/openid-configuration", { issuer: "https://elsewhere.test", jwks_uri: `${base}/oidc/jwks.json` });
    let error = await rejection(createTokenVerifier({ providers: [oidc(base)] }).verify(token));
    expect(error.code).toBe("JwksUnavailable");
    expect(error.message).toMatch(/names issuer "https:\/\/elsewhere.test", expected/);

    serve("/.well-known/openid-configuration", { issuer: base });
    error = await rejection(createTokenVerifier({ providers: [oidc(base)] }).verify(token));
    expect(error.code).toBe("JwksUnavailable");
    expect(error.message).toMatch(/has no "jwks_uri"/);
  });
});

describe("token checks", () => {
  const verifier = () => createTokenVerifier({ providers: [customJwt()] });
  const claims = { iss: ISSUER, aud: "my-app" };

  it("rejects expired tokens, within the configured clock tolerance", async () => {
    const token = await sign(rsa, "RS256", { ...claims, iat: nowSec() - 120, exp: nowSec() - 60 });
    const error = await rejection(verifier().verify(token));
    expect(error.code).toBe("TokenExpired");
    expect(error.message).toBe("Token expired");

    const tolerant = createTokenVerifier({ providers: [customJwt()] }, { clockToleranceSec: 120 });
    await expect(tolerant.verify(token)).resolves.toMatchObject({ subject: "user-1" });
  });

  it.each(["exp", "iat", "sub"])("requires the %s claim", async (claim) => {
    const error = await rejection(verifier().verify(await sign(rsa, "RS256", { ...claims, [claim]: undefined })));
    expect(error.code).toBe("InvalidToken");
    expect(error.message).toBe(`Invalid token: missing required "${claim}" claim`);
  });

  it("rejects an empty subject", async () => {
    const error = await rejection(verifier().verify(await sign(rsa, "RS256", { ...claims, sub: "" })));
    expect(error.message).toBe('Invalid token: "sub" claim must be a non-empty string');
  });

  it("rejects a token signed by another key under a known kid", async () => {
    const error = await rejection(verifier().verify(await sign(stranger, "RS256", claims)));
    expect(error.code).toBe("InvalidToken");
    expect(error.message).toBe("Invalid token: signature verification failed");
  });

  it("rejects algorithms other than the provider's", async () => {
    let error = await rejection(verifier().verify(await sign(ec, "ES256", claims)));
    expect(error.code).toBe("InvalidToken");
    expect(error.message).toBe(
      'Invalid token: signing algorithm "ES256" is not allowed for this provider (expected RS256)',
    );

    const hmac = await new SignJWT({ ...claims, sub: "user-1", iat: nowSec(), exp: nowSec() + 60 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(await generateSecret("HS256"));
    error = await rejection(verifier().verify(hmac));
    expect(error.message).toMatch(/signing algorithm "HS256" is not allowed/);
    expect(hitCount("/jwks.json")).toBe(0);
  });

  it("rejects malformed tokens and tokens without an issuer", async () => {
    let error = await rejection(verifier().verify("not-a-jwt"));
    expect(error).toMatchObject({ code: "InvalidToken", message: "Invalid token: not a well-formed JWT" });

    error = await rejection(verifier().verify(await sign(rsa, "RS256", { aud: "my-app" })));
    expect(error.code).toBe("NoAuthProvider");
    expect(error.message).toBe('No auth provider found matching the given token (no "iss" claim)');
  });

  it("never puts key material in error messages", async () => {
    const dataUri = jwksDataUri(rsa.jwk);
    const inline = createTokenVerifier({ providers: [customJwt({ jwks: dataUri })] });
    const error = await rejection(inline.verify(await sign(stranger, "RS256", claims)));
    expect(error.message).toBe("Invalid token: signature verification failed");
    for (const material of [dataUri.split(",")[1]!, rsa.jwk.n!]) expect(error.message).not.toContain(material);

    expect(() => createTokenVerifier({ providers: [customJwt({ jwks: "data:;base64,bm90IGpzb24=" })] })).toThrow(
      /^Auth provider 0 \(issuer "https:\/\/auth.example.test"\) jwks data: URI does not hold a valid JWKS JSON document$/,
    );
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
    expect(error.message).toBe(`Invalid token: no key in the provider's JWKS matches the token's "kid" and "alg"`);
    expect(hitCount("/jwks.json")).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    await expect(verifier.verify(await sign(rsa2, "RS256", claims))).resolves.toMatchObject({ subject: "user-1" });
    expect(hitCount("/jwks.json")).toBe(2);
  });

  it("reports an unavailable JWKS endpoint", async () => {
    serve("/jwks.json", { error: "boom" }, 500);
    const error = await rejection(
      createTokenVerifier({ providers: [customJwt()] }).verify(await sign(rsa, "RS256", claims)),
    );
    expect(error.code).toBe("JwksUnavailable");
    expect(error.message).toBe(`JWKS request to ${base}/jwks.json returned HTTP 500`);

    serve("/jwks.json", { nokeys: true });
    const shapeError = await rejection(
      createTokenVerifier({ providers: [customJwt()] }).verify(await sign(rsa, "RS256", claims)),
    );
    expect(shapeError).toMatchObject({ code: "JwksUnavailable", message: `JWKS from ${base}/jwks.json has no "keys" array` });
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
    expect(error.code).toBe("JwksUnavailable");
    expect(error.message).toBe(`JWKS request to ${base}/jwks.json failed: TypeError: fetch failed`);
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
    ["a relative jwks URL", { ...customJwt(), jwks: "/jwks.json" }, /jwks is not a valid URL: "\/jwks.json"/],
    ["a non-http jwks URL", { ...customJwt(), jwks: "file:///jwks.json" }, /jwks must be an http\(s\) URL/],
    ["a data: URI without data", { ...customJwt(), jwks: "data:text/plain" }, /jwks data: URI has no ","/],
    ["an OIDC provider without applicationID", { domain: "https://x.test" }, /needs a domain and an applicationID/],
    ["an OIDC provider with a bad domain", { domain: "x.test", applicationID: "a" }, /domain is not a valid URL/],
  ])("rejects %s", (_, provider, message) => {
    expect(() => createTokenVerifier({ providers: [provider as AuthProvider] })).toThrow(message);
  });

  it("rejects a negative clock tolerance", () => {
    expect(() => createTokenVerifier({ providers: [] }, { clockToleranceSec: -1 })).toThrow(
      /clockToleranceSec must be a non-negative number/,
    );
  });
});
