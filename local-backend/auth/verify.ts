/**
 * Verifies user JWTs against the providers of a Convex `auth.config.ts`, and maps their claims
 * to a Convex `UserIdentity`. Failures are Convex's: the same codes (`InvalidAuthHeader`,
 * `NoAuthProvider`, ...) and messages, in the same order of checks:
 *
 * 1. The unverified payload picks the provider: its `iss` (an `https://` is added when missing,
 *    trailing slashes are ignored) and, when the provider names an applicationID, its `aud`.
 * 2. customJwt: the provider's JWKS (URL or `data:` URI) must load; the token must name a key
 *    ("kid") and be signed by it with the provider's algorithm; then `exp`, `nbf` and `iat`
 *    are checked with 5 s of leeway (`iat` and `nbf` are optional), and `sub` and `exp` must exist.
 * 3. OIDC: discovery (`${domain}/.well-known/openid-configuration`, then its `jwks_uri`), then
 *    an ID token signed with RS256 or EdDSA, with `exp`, `iat` and `sub`.
 *
 * A provider whose JWKS is broken fails only the tokens it would verify, when they arrive.
 * Signatures and key sets are jose's (`compactVerify`, `jwtVerify`, `createRemoteJWKSet`, which
 * caches keys and refetches on an unknown "kid"); `data:` URIs are decoded here, so an injected
 * fetch need not support them. Error messages name a `data:` URI only up to its first ",".
 *
 * Claim mapping follows Convex's OIDC identities for every provider: standard claims become
 * camelCase fields (`email_verified` → `emailVerified`), `address` keeps only the OIDC address
 * object's `formatted` member, and a numeric `updated_at` (seconds) becomes an ISO 8601 string.
 */
import { STATUS_CODES } from "node:http";
import type { AuthConfig, AuthProvider } from "convex/server";
import {
  type FetchImplementation,
  type JWTPayload,
  type JWTVerifyGetKey,
  type ProtectedHeaderParameters,
  compactVerify,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
} from "jose";

export type { AuthConfig, AuthProvider };

type SigningAlgorithm = Extract<AuthProvider, { type: "customJwt" }>["algorithm"];

export interface UserIdentity {
  tokenIdentifier: string;
  subject: string;
  issuer: string;
  [claim: string]: unknown;
}

/** A refused token or Authorization header: Convex's error code, message and HTTP status. */
export class AuthError extends Error {
  override name = "AuthError";
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions & { status?: number },
  ) {
    super(message, options);
    this.status = options?.status ?? 401;
  }
}

export interface TokenVerifierOptions {
  /** Used for OIDC discovery and JWKS requests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface TokenVerifier {
  verify(token: string): Promise<UserIdentity>;
}

/** Convex's leeway for `exp`, `nbf` and `iat`. */
const CLOCK_TOLERANCE_SEC = 5;
const OIDC_ALGORITHMS = ["RS256", "EdDSA"];
const DISCOVERY_TIMEOUT_MS = 5_000;
const JWKS_MEDIA_TYPES = ["application/json", "application/jwk-set+json"];

/** Standard OIDC claims renamed to their `UserIdentity` field, as Convex names them. */
const CLAIM_FIELDS: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};

/** Registered JWT claims: validated here, not part of the identity. */
const REGISTERED_CLAIMS = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

const invalidHeader = (message: string, cause?: unknown) => new AuthError("InvalidAuthHeader", message, { cause });

/** One configured provider: which tokens it claims, and how it verifies them. */
interface Provider {
  /** As Convex lists the configured providers when none matches a token. */
  description: string;
  matches(audiences: string[], issuer: string): boolean;
  verify(token: string, header: ProtectedHeaderParameters, issuer: string): Promise<UserIdentity>;
}

export function createTokenVerifier(config: AuthConfig, options: TokenVerifierOptions = {}): TokenVerifier {
  // Look the global fetch up per call, so a fetch patched after creation (e.g. by test mocks) applies.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  if (!Array.isArray(config.providers)) throw new Error("Auth config must have a providers array");
  const providers = config.providers.map((provider, index) => createProvider(provider, index, fetchImpl));

  return {
    async verify(token) {
      let payload: JWTPayload;
      let header: ProtectedHeaderParameters;
      try {
        payload = decodeJwt(token);
        header = decodeProtectedHeader(token);
      } catch (error) {
        throw invalidHeader(
          "Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.",
          error,
        );
      }
      const { iss } = payload;
      if (typeof iss !== "string") {
        throw invalidHeader(
          "Missing issuer claim ('iss') in JWT payload. The JWT must include an 'iss' claim that matches one of your configured auth providers.",
        );
      }
      const audiences = typeof payload.aud === "string" ? [payload.aud] : (payload.aud ?? []);
      const provider = providers.find((p) => p.matches(audiences, iss));
      if (!provider) throw new AuthError("NoAuthProvider", noProviderMessage(providers));
      return provider.verify(token, header, iss);
    },
  };
}

function noProviderMessage(providers: Provider[]): string {
  if (providers.length === 0) {
    return "No auth provider found matching the given token (no providers configured). Check convex/auth.config.ts.";
  }
  const listed = providers.map((p) => p.description).join(", ");
  return `No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers: [${listed}]`;
}

/** Convex adds the https:// that some issuers leave out, and ignores trailing slashes. */
function normalizeIssuer(issuer: string): string {
  const withProtocol = issuer.startsWith("https://") || issuer.startsWith("http://") ? issuer : `https://${issuer}`;
  return withProtocol.replace(/\/+$/, "");
}

function matcher(issuer: string, applicationID: string | undefined) {
  const expected = normalizeIssuer(issuer);
  return (audiences: string[], iss: string) =>
    (applicationID === undefined || audiences.includes(applicationID)) && normalizeIssuer(iss) === expected;
}

function createProvider(provider: unknown, index: number, fetchImpl: typeof fetch): Provider {
  // auth.config.ts is user code, so check its shape at runtime rather than trust the type.
  if (!isRecord(provider)) throw new Error(`Auth provider ${index} must be an object`);
  const { type, applicationID } = provider;
  if (type !== undefined) {
    if (type !== "customJwt") {
      throw new Error(`Auth provider ${index} has unknown type ${JSON.stringify(type)} (expected "customJwt")`);
    }
    const { issuer, jwks, algorithm } = provider;
    if (typeof issuer !== "string" || issuer === "") {
      throw new Error(`Auth provider ${index} (customJwt) needs a non-empty issuer string`);
    }
    const where = `Auth provider ${index} (issuer ${JSON.stringify(issuer)})`;
    if (algorithm !== "RS256" && algorithm !== "ES256") {
      throw new Error(`${where} has algorithm ${JSON.stringify(algorithm)}; use RS256 or ES256`);
    }
    if (applicationID !== undefined && typeof applicationID !== "string") {
      throw new Error(`${where} has a non-string applicationID`);
    }
    if (typeof jwks !== "string") throw new Error(`${where} needs a jwks URL or data: URI`);
    return {
      description: `CustomJWT(issuer=${issuer}, app_id=${applicationID ?? "none"})`,
      matches: matcher(issuer, applicationID),
      verify: customJwtVerifier(jwks, algorithm, fetchImpl),
    };
  }
  const { domain } = provider;
  if (typeof domain !== "string" || typeof applicationID !== "string" || applicationID === "") {
    throw new Error(`Auth provider ${index} needs a domain and an applicationID (or type: "customJwt")`);
  }
  httpUrl(domain, `Auth provider ${index} domain`);
  return {
    description: `OIDC(domain=${domain}, app_id=${applicationID})`,
    matches: matcher(domain, applicationID),
    verify: oidcVerifier(normalizeIssuer(domain), applicationID, fetchImpl),
  };
}

function httpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw new Error(`${what} is not a valid URL: "${value}"`, { cause: error });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${what} must be an http(s) URL: "${value}"`);
  }
  return url;
}

/** A key set that can be loaded ahead of use, so loading fails before the token's own checks. */
interface KeySet {
  load(): Promise<void>;
  getKey: JWTVerifyGetKey;
}

function customJwtVerifier(jwks: string, algorithm: SigningAlgorithm, fetchImpl: typeof fetch) {
  const keys = jwks.startsWith("data:") ? dataUriKeySet(jwks) : remoteKeySet(jwks, fetchImpl);
  return async (token: string, header: ProtectedHeaderParameters, issuer: string): Promise<UserIdentity> => {
    await keys.load();
    const { kid } = header;
    if (typeof kid !== "string") throw invalidHeader("Could not decode token. JWT may be missing a 'kid' (key ID) header.");
    const undecodable = (cause?: unknown) =>
      invalidHeader(`Could not decode token. The JWT's 'kid' (key ID) header is '${kid}', does this key match any key in the provider's JWKS?`, cause);
    let claims: JWTPayload;
    try {
      const { payload } = await compactVerify(token, keys.getKey, { algorithms: [algorithm] });
      claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload;
    } catch (error) {
      if (error instanceof AuthError) throw error; // The key set could not be refreshed.
      throw undecodable(error);
    }
    const { sub, exp, nbf, iat } = claims;
    if ([exp, nbf, iat].some((t) => t !== undefined && typeof t !== "number") || (sub !== undefined && typeof sub !== "string")) {
      throw undecodable();
    }
    checkTimes(exp, nbf, iat);
    if (sub === undefined) throw invalidHeader("Missing subject");
    if (exp === undefined) throw invalidHeader("Missing expiry");
    return toIdentity(claims, issuer, sub);
  };
}

/** Convex's temporal checks: the messages of its JWT library, 5 s of leeway. */
function checkTimes(exp: number | undefined, nbf: number | undefined, iat: number | undefined) {
  const now = Math.floor(Date.now() / 1000);
  const invalid = (reason: string) => invalidHeader(`Could not validate token: ${reason}`);
  if (exp !== undefined && now - exp > CLOCK_TOLERANCE_SEC) throw invalid(`Token expired ${now - exp} seconds ago`);
  for (const start of [nbf, iat]) {
    if (start !== undefined && start - now > CLOCK_TOLERANCE_SEC) throw invalid(`Token will be valid in ${start - now} seconds`);
  }
}

/** How an error message names a key set's location: a `data:` URI only up to its data. */
function shown(jwks: string): string {
  return jwks.startsWith("data:") ? `${jwks.slice(0, jwks.indexOf(",") + 1)}…` : jwks;
}

function invalidJwksBody(jwks: string, cause?: unknown) {
  return invalidHeader(
    `Invalid JWKS response body from '${shown(jwks)}'. The response is not valid JSON or doesn't match the expected JWKS format.`,
    cause,
  );
}

/** A key set from parsed JSON, or Convex's "Invalid JWKS response body" error. */
function localKeySet(json: unknown, jwks: string): JWTVerifyGetKey {
  if (!isRecord(json) || !Array.isArray(json.keys)) throw invalidJwksBody(jwks);
  try {
    return createLocalJWKSet(json as unknown as Parameters<typeof createLocalJWKSet>[0]);
  } catch (error) {
    throw invalidJwksBody(jwks, error);
  }
}

/** A key set inlined as `data:[<mediatype>][;base64],<JWKS JSON>`, decoded on first use. */
function dataUriKeySet(uri: string): KeySet {
  let keys: JWTVerifyGetKey | undefined;
  const load = () => {
    keys ??= decodeDataUri(uri);
    return keys;
  };
  return {
    // A decoding failure rejects, like a remote set's failed fetch.
    load: () =>
      new Promise<void>((resolve) => {
        load();
        resolve();
      }),
    getKey: (header, token) => load()(header, token),
  };
}

function decodeDataUri(uri: string): JWTVerifyGetKey {
  const invalidUrl = (cause?: unknown) =>
    invalidHeader(
      "Invalid JWKS data URL. Check that the data URL is properly formatted and contains valid base64-encoded JSON.",
      cause,
    );
  const comma = uri.indexOf(",");
  if (comma === -1) throw invalidUrl();
  const isBase64 = uri.slice("data:".length, comma).split(";").includes("base64");
  let text: string;
  try {
    const data = decodeURIComponent(uri.slice(comma + 1));
    if (isBase64) {
      const base64 = data.replace(/\s/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw new Error("not base64");
      text = Buffer.from(base64, "base64").toString("utf8");
    } else {
      text = data;
    }
  } catch (error) {
    throw invalidUrl(error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidJwksBody(uri, error);
  }
  return localKeySet(json, uri);
}

/** A jose remote key set (cached; an unknown "kid" refetches) whose failures are Convex's errors. */
function remoteKeySet(jwks: string, fetchImpl: typeof fetch): KeySet {
  const fetchKeys: FetchImplementation = async (href, init) => {
    const response = await fetchImpl(href, init).catch((error: unknown) => {
      throw invalidHeader(`Could not fetch JWKS from URL '${jwks}': ${describe(error)}. Check that the URL is correct and accessible.`, error);
    });
    if (response.status !== 200) {
      const reason = STATUS_CODES[response.status] ?? "Unknown";
      throw invalidHeader(
        `Could not fetch JWKS from URL '${jwks}': HTTP ${response.status} ${reason}. Check that the URL is correct and accessible.`,
      );
    }
    const contentType = response.headers.get("content-type");
    if (!isJwksMediaType(contentType)) {
      throw invalidHeader(
        `Invalid Content-Type '${contentType ?? "unknown"}' when fetching JWKS from '${jwks}'. Expected 'application/json' or 'application/jwk-set+json'.`,
      );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw invalidJwksBody(jwks, error);
    }
    localKeySet(json, jwks);
    return Response.json(json);
  };
  // Malformed URLs fail when a token needs them, like any other unreachable key set.
  let url: URL | undefined;
  try {
    url = httpUrl(jwks, "jwks");
  } catch {
    url = undefined;
  }
  const remote = url ? createRemoteJWKSet(url, { [customFetch]: fetchKeys }) : undefined;
  const unreachable = () =>
    invalidHeader(`Could not fetch JWKS from URL '${jwks}': not an http(s) URL. Check that the URL is correct and accessible.`);
  return {
    load: async () => {
      if (!remote) throw unreachable();
      if (!remote.fresh) await remote.reload();
    },
    getKey: (header, token) => {
      if (!remote) throw unreachable();
      return remote(header, token);
    },
  };
}

function isJwksMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const [essence = "", ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  const charset = params.find((param) => param.startsWith("charset="));
  return JWKS_MEDIA_TYPES.includes(essence) && (charset === undefined || charset.slice("charset=".length).replace(/"/g, "") === "utf-8");
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  return String(error);
}

function oidcVerifier(issuer: string, applicationID: string, fetchImpl: typeof fetch) {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discovered = (tokenIssuer: string) => {
    keySet ??= discoverKeySet(issuer, tokenIssuer, fetchImpl).catch((error: unknown) => {
      keySet = undefined; // Retry discovery on the next token instead of caching the failure.
      throw error;
    });
    return keySet;
  };
  return async (token: string, _header: ProtectedHeaderParameters, tokenIssuer: string): Promise<UserIdentity> => {
    const getKey = await discovered(tokenIssuer);
    const unverified = decodeJwt(token);
    if (typeof unverified.exp !== "number" || typeof unverified.iat !== "number" || typeof unverified.sub !== "string") {
      throw invalidHeader("Could not parse as OIDC ID token. Token might not be an OIDC-compliant JWT.");
    }
    let verified: JWTPayload;
    try {
      ({ payload: verified } = await jwtVerify(token, getKey, {
        algorithms: OIDC_ALGORITHMS,
        issuer: tokenIssuer,
        audience: applicationID,
        clockTolerance: CLOCK_TOLERANCE_SEC,
      }));
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AuthError(
        "Unauthenticated",
        "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired.",
        { cause: error },
      );
    }
    return toIdentity(verified, tokenIssuer, unverified.sub);
  };
}

/**
 * OIDC discovery, then the provider's keys (a jose remote set, so they rotate too). Every failure
 * is Convex's AuthProviderDiscoveryFailed, with the response when the provider answered one.
 */
async function discoverKeySet(issuer: string, tokenIssuer: string, fetchImpl: typeof fetch): Promise<JWTVerifyGetKey> {
  const failed = (detail?: string, cause?: unknown) =>
    new AuthError("AuthProviderDiscoveryFailed", `Auth provider discovery of ${tokenIssuer} failed${detail ? `: ${detail}` : ""}`, {
      status: 400,
      cause,
    });
  const get = async (url: string) => {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) }).catch((error: unknown) => {
      throw failed(undefined, error);
    });
    if (response.status !== 200) throw failed(`${response.status} ${await response.text().catch(() => "")}`);
    return response.json().catch((error: unknown): never => {
      throw failed(undefined, error);
    }) as Promise<unknown>;
  };
  const document = await get(`${issuer}/.well-known/openid-configuration`);
  // OIDC Discovery §4.3: the document must name the issuer it was fetched for.
  if (!isRecord(document) || typeof document.jwks_uri !== "string" || typeof document.issuer !== "string") throw failed();
  if (normalizeIssuer(document.issuer) !== issuer) throw failed();
  let jwksUrl: URL;
  try {
    jwksUrl = httpUrl(document.jwks_uri, "jwks_uri");
  } catch (error) {
    throw failed(undefined, error);
  }
  const fetchKeys: FetchImplementation = async (href) => {
    const json = await get(href);
    if (!isRecord(json) || !Array.isArray(json.keys)) throw failed();
    return Response.json(json);
  };
  const remote = createRemoteJWKSet(jwksUrl, { [customFetch]: fetchKeys });
  await remote.reload();
  return remote;
}

function toIdentity(payload: JWTPayload, issuer: string, subject: string): UserIdentity {
  const identity: Record<string, unknown> = {};
  for (const [claim, value] of Object.entries(payload)) {
    if (REGISTERED_CLAIMS.has(claim)) continue;
    const field = CLAIM_FIELDS[claim];
    if (field === undefined) {
      identity[claim] = value;
      continue;
    }
    const mapped = claim === "address" ? address(value) : claim === "updated_at" ? updatedAt(value) : value;
    if (mapped !== undefined) identity[field] = mapped;
  }
  // Set last so a custom claim can never impersonate these.
  return { ...identity, tokenIdentifier: `${issuer}|${subject}`, subject, issuer };
}

function address(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return isRecord(value) && typeof value.formatted === "string" ? value.formatted : undefined;
}

function updatedAt(value: unknown): unknown {
  return typeof value === "number" && Number.isFinite(value) ? new Date(value * 1000).toISOString() : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
