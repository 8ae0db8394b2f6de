/**
 * Reactivation links (SPEC §4, §5, §8, §9): the texts, the signed account links (jose, HS256) and
 * what every way a link can fail means. Shared by the server and the /account/reactivate page.
 * Pure apart from WebCrypto, which Convex's default runtime has in queries and mutations alike.
 */
import { errors, jwtVerify, SignJWT } from "jose";
import { PLAN_PRICES, type CheckoutCycle, type CheckoutTier } from "./billing";

const HOUR_MS = 60 * 60 * 1000;

/** A reactivation link is valid 24 hours (SPEC §9). */
export const REACTIVATION_LINK_TTL_MS = 24 * HOUR_MS;
/** Under this much time left, the page says the link is about to expire. */
export const NEAR_EXPIRY_MS = 2 * HOUR_MS;

export const LINK_PURPOSES = { reactivation: "account_reactivation", keepActive: "keep_account_active", nudge: "commitment_nudge" } as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[keyof typeof LINK_PURPOSES];

export const REACTIVATION_ERROR_TYPES = [
  "expired",
  "invalid_signature",
  "malformed",
  "wrong_purpose",
  "already_used",
  "wrong_account",
  "system_error",
  "default",
] as const;
export type ReactivationErrorType = (typeof REACTIVATION_ERROR_TYPES)[number];

/** SPEC §8, verbatim. */
export const REACTIVATION_MESSAGES = {
  errors: {
    expired: "This reactivation link has expired. Reactivation links are valid for 24 hours.",
    invalid_signature: "This reactivation link is invalid or has been tampered with.",
    malformed: "This reactivation link is malformed or corrupted.",
    wrong_purpose: "This link is not a valid reactivation token.",
    already_used: "This reactivation link has already been used. Each link can only be used once for security.",
    wrong_account: "This reactivation link is for a different account. Please log out and try again.",
    system_error: "A system error occurred. Please try again or contact support if the problem persists.",
    default: "This reactivation link is invalid or has expired.",
  } satisfies Record<ReactivationErrorType, string>,
  securityHeading: "Security Issue Detected",
  securityLogged: "This incident has been logged for security purposes.",
  invalidHeading: "Invalid Reactivation Link",
  genericHeading: "System Error",
  genericBody: "An unexpected error occurred. Please try again or contact support.",
  tryAgain: "Try Again",
  loggedIn: "Logged in",
  notLoggedIn: "Not logged in",
} as const;

/** Tampering and a link used by another account are security violations: logged for admins. */
export const SECURITY_INCIDENT_KINDS = ["invalid_signature", "wrong_account"] as const;
export type SecurityIncidentKind = (typeof SECURITY_INCIDENT_KINDS)[number];

export function isSecurityViolation(type: ReactivationErrorType): type is SecurityIncidentKind {
  return (SECURITY_INCIDENT_KINDS as readonly string[]).includes(type);
}

export type SecurityLevel = "standard" | "elevated" | "violation";

export function securityLevelOf(type: ReactivationErrorType | undefined): SecurityLevel {
  if (type === undefined) return "standard";
  return isSecurityViolation(type) ? "violation" : "elevated";
}

/** The page's heading for a failure (SPEC §8). */
export function failureHeading(type: ReactivationErrorType): string {
  if (type === "system_error") return REACTIVATION_MESSAGES.genericHeading;
  return isSecurityViolation(type) ? REACTIVATION_MESSAGES.securityHeading : REACTIVATION_MESSAGES.invalidHeading;
}

// ---------------------------------------------------------------- signed links

export interface AccountLinkClaims {
  purpose: LinkPurpose;
  /** The users id the link is bound to. */
  sub: string;
  email: string;
  jti: string;
  /** Seconds since the epoch, as in every JWT. */
  exp: number;
  /** What exactly the link does, for purposes with more than one action (a nudge's item and answer). */
  detail?: string;
}

/** The smallest secret accepted: HS256 wants at least 256 bits of key. */
export const MIN_SECRET_LENGTH = 32;

function key(secret: string) {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The account link secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return new TextEncoder().encode(secret);
}

export async function signAccountLink(
  secret: string,
  claims: { purpose: LinkPurpose; userId: string; email: string; jti: string; detail?: string },
  issuedAt: number,
  ttlMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(issuedAt / 1000);
  const exp = iat + Math.floor(ttlMs / 1000);
  const token = await new SignJWT({ purpose: claims.purpose, email: claims.email, ...(claims.detail === undefined ? {} : { detail: claims.detail }) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: exp * 1000 };
}

export type LinkCheck = { ok: true; claims: AccountLinkClaims } | { ok: false; error: ReactivationErrorType };

/** Three base64url parts; anything else is not a JWT at all. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
/** Links are short; a huge "token" is not one and is not worth decoding. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * Verifies a link's signature, expiry and purpose, mapping each failure to its SPEC §8 reason.
 * jose checks the signature before the claims, so a tampered expired link is invalid_signature.
 */
export async function verifyAccountLink(secret: string, token: string, purpose: LinkPurpose, now: number): Promise<LinkCheck> {
  const compact = token.trim();
  if (compact.length === 0 || compact.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(compact)) return { ok: false, error: "malformed" };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(compact, key(secret), {
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub", "jti"],
    }));
  } catch (error) {
    return { ok: false, error: joseFailure(error) };
  }
  if (payload.purpose !== purpose) return { ok: false, error: "wrong_purpose" };
  const { sub, jti, exp, email, detail } = payload;
  if (typeof sub !== "string" || typeof jti !== "string" || typeof exp !== "number" || typeof email !== "string") return { ok: false, error: "malformed" };
  if (detail !== undefined && typeof detail !== "string") return { ok: false, error: "malformed" };
  return { ok: true, claims: { purpose, sub, jti, exp, email, ...(detail === undefined ? {} : { detail }) } };
}

function joseFailure(error: unknown): ReactivationErrorType {
  if (error instanceof errors.JWTExpired) return "expired";
  // A wrong signature, or a header switched to another algorithm ("none" included): tampering.
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) return "invalid_signature";
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWTClaimValidationFailed ||
    error instanceof errors.JOSENotSupported
  )
    return "malformed";
  return "system_error";
}

/** What an unverified token claims, for the incident log of a tampered link; never trusted otherwise. */
export function unverifiedClaims(token: string): { sub?: string; email?: string } {
  try {
    const part = token.trim().split(".")[1] ?? "";
    const json = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    return {
      ...(typeof json.sub === "string" ? { sub: json.sub.slice(0, 64) } : {}),
      ...(typeof json.email === "string" ? { email: json.email.slice(0, 254) } : {}),
    };
  } catch {
    return {};
  }
}

/** First 16 hex digits of the token's SHA-256: enough to recognise a link again, useless to replay it. */
export async function tokenFingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.trim()));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- the page's data

export const UPGRADE_TIERS = ["clarity", "control", "mastery"] as const satisfies readonly CheckoutTier[];
export type UpgradeTier = (typeof UPGRADE_TIERS)[number];
export const UPGRADE_CYCLES = ["monthly", "quarterly"] as const satisfies readonly CheckoutCycle[];
export type UpgradeCycle = (typeof UPGRADE_CYCLES)[number];

/** Cents per cycle; a cycle without a price is absent (its button is then disabled). */
export type StripePricing = Record<UpgradeTier, { monthly?: number; quarterly?: number }>;

/** The upgrade prices, from the server's catalogue (the client's prices are never trusted). */
export function stripePricing(): StripePricing {
  const pricing = Object.fromEntries(UPGRADE_TIERS.map((tier) => [tier, {}])) as StripePricing;
  for (const price of PLAN_PRICES) {
    if ((UPGRADE_TIERS as readonly string[]).includes(price.tier) && (UPGRADE_CYCLES as readonly string[]).includes(price.cycle)) {
      pricing[price.tier as UpgradeTier][price.cycle as UpgradeCycle] = price.amount;
    }
  }
  return pricing;
}

export const DEFAULT_NEXT_URL = "/dashboard";

/** Only a path on this site: "/x", never "//host", a scheme, or a backslash trick. */
export function safeNextUrl(value: string | undefined): string {
  const next = value?.trim() ?? "";
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\") || next.length > 512 || [...next].some((char) => char.charCodeAt(0) < 0x20)) return DEFAULT_NEXT_URL;
  return next;
}

/** Where an upgrade continues: the existing plan checkout (src/routes/checkout.index.tsx reads tier and billing). */
export function checkoutUrl(tier: UpgradeTier, cycle: UpgradeCycle): string {
  return `/checkout?tier=${tier}&billing=${cycle}`;
}

export const REACTIVATE_PATH = "/account/reactivate";
export const KEEP_ACTIVE_PATH = "/account/keep-active";

/** A link for an e-mail: absolute with SITE_URL, else the path to open on this site. */
export function siteLink(siteUrl: string | undefined, path: string): string {
  const origin = siteUrl?.trim().replace(/\/$/, "");
  return origin ? `${origin}${path}` : path;
}
