/**
 * Who is calling, from an HTTP `Authorization` header or the sync protocol's `Authenticate`
 * message, as Convex decides it:
 *
 * - `Bearer <JWT>` (sync: tokenType "User"): a user, verified against auth.config.ts (./verify.ts).
 * - `Convex <admin key>` (sync: tokenType "Admin"): the deployment's admin, as `npx convex run`
 *   and the dashboard call. It may call internal functions; ctx.auth.getUserIdentity() is null.
 * - `Convex <admin key>:<base64 of a JSON identity>` (sync: "Admin" with `impersonating`): the
 *   admin acting as that user, whose tokenIdentifier is its own or `${issuer}|${subject}`.
 *
 * The admin key is the one the backend was started with (`adminKey`, `--admin-key`,
 * CONVEX_ADMIN_KEY). A backend started without one refuses every admin key: nothing privileged
 * is reachable, rather than a generated key that would have to be printed (and so logged).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { UserIdentity } from "convex/server";
import { AuthError } from "./verify";

export interface Caller {
  /** What ctx.auth.getUserIdentity() returns. */
  identity: UserIdentity | null;
  /** Holds the admin key: may call internal functions. */
  admin: boolean;
}

export const ANONYMOUS: Caller = { identity: null, admin: false };

/** The sync protocol's Authenticate message, as the convex client sends it. */
export interface AuthenticateMessage {
  tokenType: "User" | "Admin" | "None";
  value?: unknown;
  impersonating?: unknown;
}

export interface Authenticator {
  /** The caller of an HTTP request; a refused header throws an AuthError. */
  fromHeader(header: string | undefined): Promise<Caller>;
  /** The caller a sync session becomes; a refused token throws an AuthError. */
  fromSync(message: AuthenticateMessage): Promise<Caller>;
}

export interface AuthenticatorOptions {
  adminKey?: string;
  verifyToken: (token: string) => Promise<UserIdentity>;
}

/** Rejects admin keys that could not be told apart from an acting-as header. */
export function validateAdminKey(key: string): void {
  if (key === "" || /[\s:]/.test(key)) throw new Error("The admin key must be non-empty, without spaces or ':'");
}

/** Typed fields of an acting-as identity (Convex's UserIdentityAttributes); anything else is a custom claim. */
const STRING_FIELDS = [
  "tokenIdentifier",
  "issuer",
  "subject",
  "name",
  "givenName",
  "familyName",
  "nickname",
  "preferredUsername",
  "profileUrl",
  "pictureUrl",
  "websiteUrl",
  "email",
  "gender",
  "birthday",
  "timezone",
  "language",
  "phoneNumber",
  "address",
  "updatedAt",
];
const BOOLEAN_FIELDS = ["emailVerified", "phoneNumberVerified"];

const malformedHeader = () => new AuthError("HeaderParseFailure", "Malformed Authorization header.", { status: 400 });

/** An acting-as identity, or null when it is not one Convex accepts. */
export function actingAsIdentity(value: unknown): UserIdentity | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const identity: Record<string, unknown> = {};
  for (const [field, claim] of Object.entries(value as Record<string, unknown>)) {
    const typed = STRING_FIELDS.includes(field) ? "string" : BOOLEAN_FIELDS.includes(field) ? "boolean" : undefined;
    if (typed && claim === null) continue;
    if (typed && typeof claim !== typed) return null;
    identity[field] = claim;
  }
  const { tokenIdentifier, issuer, subject } = identity;
  if (tokenIdentifier === undefined && (issuer === undefined || subject === undefined)) return null;
  return { ...identity, tokenIdentifier: tokenIdentifier ?? `${issuer as string}|${subject as string}` } as UserIdentity;
}

/** Convex's dashboard and CLI may prefix a key with its deployment type ("prod:name|key"). */
function withoutTypePrefix(key: string): string {
  const bar = key.indexOf("|");
  if (bar === -1) return key;
  const instance = key.slice(0, bar);
  const colon = instance.indexOf(":");
  if (colon === -1) return key;
  const type = instance.slice(0, colon).toLowerCase();
  return type === "preview" || type === "project" ? key.slice(bar + 1) : `${instance.slice(colon + 1)}|${key.slice(bar + 1)}`;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

export function createAuthenticator({ adminKey, verifyToken }: AuthenticatorOptions): Authenticator {
  if (adminKey !== undefined) validateAdminKey(adminKey);
  const expected = adminKey === undefined ? undefined : digest(withoutTypePrefix(adminKey));

  function admin(key: unknown, identity: UserIdentity | null): Caller {
    // Compared as digests: constant time, whatever the lengths.
    if (!expected || typeof key !== "string" || !timingSafeEqual(digest(key), expected)) {
      throw new AuthError("BadAdminKey", "The provided admin key was invalid for this instance");
    }
    return { identity, admin: true };
  }

  return {
    async fromHeader(header) {
      if (header === undefined) return ANONYMOUS;
      if (header.length < 7) throw new AuthError("InvalidHeaderFailure", "Invalid authentication header", { status: 400 });
      const scheme = header.slice(0, 7).toLowerCase();
      if (scheme === "convex ") {
        const key = withoutTypePrefix(header.slice(7));
        const colon = key.indexOf(":");
        if (colon === -1) return admin(key, null);
        let identity: UserIdentity | null;
        try {
          const encoded = key.slice(colon + 1);
          if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw malformedHeader();
          identity = actingAsIdentity(JSON.parse(Buffer.from(encoded, "base64").toString("utf8")));
        } catch {
          throw malformedHeader();
        }
        if (!identity) throw malformedHeader();
        return admin(key.slice(0, colon), identity);
      }
      // Convex names any other non-Bearer header an invalid admin key.
      if (scheme !== "bearer " || header.length === 7) throw new AuthError("InvalidAdminKey", "Invalid admin key", { status: 400 });
      return { identity: await verifyToken(header.slice(7).trim()), admin: false };
    },

    async fromSync({ tokenType, value, impersonating }) {
      if (tokenType === "User" && typeof value === "string") return { identity: await verifyToken(value), admin: false };
      if (tokenType === "Admin") {
        let identity: UserIdentity | null = null;
        if (impersonating !== undefined && impersonating !== null) {
          identity = actingAsIdentity(impersonating);
          if (!identity) throw new AuthError("InvalidImpersonation", "Malformed impersonating identity.", { status: 400 });
        }
        return admin(typeof value === "string" ? withoutTypePrefix(value) : value, identity);
      }
      return ANONYMOUS;
    },
  };
}

/** An http action's ctx whose auth.getUserIdentity() fails with a refused Authorization header's error. */
export function withFailingAuth<C extends object>(ctx: C, error: Error): C {
  const auth = (ctx as { auth?: object }).auth ?? {};
  const failingAuth = Object.create(auth, {
    getUserIdentity: { value: () => Promise.reject(new Error(error.message)) },
  }) as object;
  return Object.create(ctx, { auth: { value: failingAuth, enumerable: true } }) as C;
}
