/**
 * Verifies user JWTs against the providers of a Convex `auth.config.ts`, and maps their claims
 * to a Convex `UserIdentity`.
 *
 * Signatures, claims and remote key sets are jose's (`jwtVerify`, `createRemoteJWKSet`, which
 * caches keys and refetches on an unknown "kid"). Two small pieces are hand-written because
 * jose has no API for them:
 * - `data:` URI key sets (`customJwt` providers may inline their JWKS): decoded here, since an
 *   injected or mocked `fetch` need not support `data:` URLs, and it keeps key material local.
 * - OIDC discovery: one GET of `${domain}/.well-known/openid-configuration` for `jwks_uri`.
 *   Its result is cached for the verifier's lifetime (a failed discovery is retried on the next
 *   token); the keys behind `jwks_uri` are a jose remote set, so OIDC keys rotate too.
 *
 * Claim mapping follows the Convex backend: `address` keeps only the OIDC address object's
 * `formatted` member, and a numeric `updated_at` (seconds) becomes an ISO 8601 string.
 */
import type { AuthConfig, AuthProvider } from "convex/server";
import {
  type FetchImplementation,
  type JWTPayload,
  type JWTVerifyGetKey,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
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

export type AuthErrorCode = "NoAuthProvider" | "InvalidToken" | "TokenExpired" | "JwksUnavailable";

export class AuthError extends Error {
  override name = "AuthError";

  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface TokenVerifierOptions {
  /** Used for OIDC discovery and JWKS requests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Leeway for "exp", "nbf" and "iat" checks, in seconds; defaults to 0 (strict). */
  clockToleranceSec?: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<UserIdentity>;
}

const OIDC_ALGORITHMS: SigningAlgorithm[] = ["RS256", "ES256"];
const DISCOVERY_TIMEOUT_MS = 5_000;

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

/** One configured provider, ready to verify: which tokens it claims and how to check them. */
interface Verifier {
  matches(issuer: string): boolean;
  algorithms: SigningAlgorithm[];
  audience: string | undefined;
  getKey: JWTVerifyGetKey;
}

export function createTokenVerifier(config: AuthConfig, options: TokenVerifierOptions = {}): TokenVerifier {
  // Look the global fetch up per call, so a fetch patched after creation (e.g. by test mocks) applies.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clockTolerance = options.clockToleranceSec ?? 0;
  if (!Number.isFinite(clockTolerance) || clockTolerance < 0) {
    throw new Error(`clockToleranceSec must be a non-negative number, got ${clockTolerance}`);
  }
  if (!Array.isArray(config.providers)) throw new Error("Auth config must have a providers array");
  const verifiers = config.providers.map((provider, index) => createVerifier(provider, index, fetchImpl));

  return {
    async verify(token) {
      const { payload, alg } = decode(token);
      const issuer = payload.iss;
      if (typeof issuer !== "string") {
        throw new AuthError("NoAuthProvider", 'No auth provider found matching the given token (no "iss" claim)');
      }
      const verifier = verifiers.find((v) => v.matches(issuer));
      if (verifier === undefined) {
        const message = `No auth provider found matching the given token (issuer ${JSON.stringify(issuer)})`;
        throw new AuthError("NoAuthProvider", message);
      }
      let verified: JWTPayload;
      try {
        ({ payload: verified } = await jwtVerify(token, verifier.getKey, {
          algorithms: verifier.algorithms,
          issuer,
          audience: verifier.audience,
          requiredClaims: ["exp", "iat", "sub"],
          clockTolerance,
        }));
      } catch (error) {
        throw toAuthError(error, alg, verifier.algorithms);
      }
      const { sub } = verified;
      if (typeof sub !== "string" || sub === "") {
        throw new AuthError("InvalidToken", 'Invalid token: "sub" claim must be a non-empty string');
      }
      return toIdentity(verified, issuer, sub);
    },
  };
}

function decode(token: string): { payload: JWTPayload; alg: unknown } {
  try {
    return { payload: decodeJwt(token), alg: decodeProtectedHeader(token).alg };
  } catch (error) {
    throw new AuthError("InvalidToken", "Invalid token: not a well-formed JWT", { cause: error });
  }
}

function createVerifier(provider: unknown, index: number, fetchImpl: typeof fetch): Verifier {
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
      matches: (iss) => iss === issuer,
      algorithms: [algorithm],
      audience: applicationID,
      getKey: jwks.startsWith("data:")
        ? localKeySet(jwks, where)
        : remoteKeySet(httpUrl(jwks, `${where} jwks`), fetchImpl),
    };
  }
  const { domain } = provider;
  if (typeof domain !== "string" || typeof applicationID !== "string" || applicationID === "") {
    throw new Error(`Auth provider ${index} needs a domain and an applicationID (or type: "customJwt")`);
  }
  httpUrl(domain, `Auth provider ${index} domain`);
  const base = trimSlashes(domain);
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discoveredKeySet = () => {
    keySet ??= discoverKeySet(base, fetchImpl).catch((error: unknown) => {
      keySet = undefined; // Retry discovery on the next token instead of caching the failure.
      throw error;
    });
    return keySet;
  };
  return {
    // Providers document domains with or without a trailing "/", and their tokens differ too.
    matches: (iss) => trimSlashes(iss) === base,
    algorithms: OIDC_ALGORITHMS,
    audience: applicationID,
    getKey: async (header, token) => (await discoveredKeySet())(header, token),
  };
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
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

/** A key set inlined as `data:[<mediatype>][;base64],<JWKS JSON>`. Never echoes the URI in errors. */
function localKeySet(uri: string, where: string): JWTVerifyGetKey {
  const comma = uri.indexOf(",");
  if (comma === -1) throw new Error(`${where} jwks data: URI has no "," before its data`);
  const isBase64 = uri.slice("data:".length, comma).split(";").includes("base64");
  const data = uri.slice(comma + 1);
  try {
    const json = isBase64 ? Buffer.from(data, "base64").toString("utf8") : decodeURIComponent(data);
    return createLocalJWKSet(JSON.parse(json) as Parameters<typeof createLocalJWKSet>[0]);
  } catch (error) {
    throw new Error(`${where} jwks data: URI does not hold a valid JWKS JSON document`, { cause: error });
  }
}

/** A jose remote key set (cached; an unknown "kid" refetches) whose fetch failures are JwksUnavailable. */
function remoteKeySet(url: URL, fetchImpl: typeof fetch): JWTVerifyGetKey {
  const fetchKeys: FetchImplementation = async (href, init) => {
    const body = await fetchJson(fetchImpl, href, init, "JWKS");
    if (!isRecord(body) || !Array.isArray(body.keys)) {
      throw new AuthError("JwksUnavailable", `JWKS from ${href} has no "keys" array`);
    }
    return Response.json(body);
  };
  return createRemoteJWKSet(url, { [customFetch]: fetchKeys });
}

async function discoverKeySet(base: string, fetchImpl: typeof fetch): Promise<JWTVerifyGetKey> {
  const discoveryUrl = `${base}/.well-known/openid-configuration`;
  const signal = AbortSignal.timeout(DISCOVERY_TIMEOUT_MS);
  const document = await fetchJson(fetchImpl, discoveryUrl, { signal }, "OIDC discovery");
  if (!isRecord(document) || typeof document.jwks_uri !== "string") {
    throw new AuthError("JwksUnavailable", `OIDC discovery document at ${discoveryUrl} has no "jwks_uri"`);
  }
  // OIDC Discovery §4.3: the document must name the issuer it was fetched for.
  if (typeof document.issuer !== "string" || trimSlashes(document.issuer) !== base) {
    throw new AuthError(
      "JwksUnavailable",
      `OIDC discovery document at ${discoveryUrl} names issuer ${JSON.stringify(document.issuer)}, expected "${base}"`,
    );
  }
  let jwksUrl: URL;
  try {
    jwksUrl = httpUrl(document.jwks_uri, `OIDC discovery "jwks_uri" at ${discoveryUrl}`);
  } catch (error) {
    throw new AuthError("JwksUnavailable", (error as Error).message, { cause: error });
  }
  return remoteKeySet(jwksUrl, fetchImpl);
}

/** GET a JSON document; every failure (network, timeout, status, body) is JwksUnavailable. */
async function fetchJson(fetchImpl: typeof fetch, url: string, init: RequestInit, what: string): Promise<unknown> {
  try {
    const response = await fetchImpl(url, init);
    if (response.status !== 200) {
      throw new AuthError("JwksUnavailable", `${what} request to ${url} returned HTTP ${response.status}`);
    }
    return await response.json();
  } catch (error) {
    if (error instanceof AuthError) throw error;
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "failed";
    throw new AuthError("JwksUnavailable", `${what} request to ${url} ${reason}: ${String(error)}`, { cause: error });
  }
}

function toAuthError(error: unknown, alg: unknown, allowed: SigningAlgorithm[]): unknown {
  if (error instanceof AuthError) return error;
  const invalid = (message: string) => new AuthError("InvalidToken", `Invalid token: ${message}`, { cause: error });
  if (error instanceof errors.JWTExpired) return new AuthError("TokenExpired", "Token expired", { cause: error });
  if (error instanceof errors.JOSEAlgNotAllowed) {
    const expected = allowed.join(" or ");
    return invalid(`signing algorithm ${JSON.stringify(alg)} is not allowed for this provider (expected ${expected})`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalid("signature verification failed");
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalid(`no key in the provider's JWKS matches the token's "kid" and "alg"`);
  }
  // Claim failures carry safe, specific messages such as `missing required "iat" claim`.
  if (error instanceof errors.JOSEError) return invalid(error.message);
  return error;
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
