/** Accounts, sign-in and refresh sessions of the local identity provider, independent of HTTP. */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { z } from "zod";
import { hasAllowedCharacters, LIMITS } from "../../convex/model/bounds";
import { IdentityError, MESSAGES } from "./errors";
import { hashPassword, verifyPassword, type PasswordHash } from "./passwords";
import type { PublicJwk, SigningKey } from "./signing-key";
import { userEventDelivery } from "./clerk-events";
import type { Account, Change, IdentityStore, PublicMetadata, Session } from "./store";

/** The `iss` of every token; Convex builds tokenIdentifier as `${iss}|${sub}`. */
export const LOCAL_ISSUER = "lwcc-local-identity";
const AUDIENCE = "convex";
const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;
const REFRESH_TOKEN_BYTES = 32;
/**
 * A rotated refresh token presented this soon after rotation is a concurrent refresh, not reuse: a
 * second tab, or a page left while its refresh was on the way, which never received the new cookie.
 */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;
/** Rotations followed to find whether a grace-period token's line of sessions is still signed in. */
const MAX_ROTATIONS_FOLLOWED = 20;
/** How long a sign-in ticket may wait to be redeemed; Clerk lets the caller choose, we ask for minutes. */
export const MAX_TICKET_SECONDS = 10 * 60;
const TICKET_BYTES = 32;

const email = (message: string) => z.string({ error: message }).trim().toLowerCase();
const name = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(LIMITS.name, { error: tooLong })
    .refine((value) => hasAllowedCharacters(value, "line"), { error: MESSAGES.nameCharacters });

const registrationSchema = z.object({
  email: email(MESSAGES.invalidEmail).pipe(z.email({ error: MESSAGES.invalidEmail })),
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(8, { error: MESSAGES.passwordTooShort })
    .max(128, { error: MESSAGES.passwordTooLong }),
  firstName: name(MESSAGES.firstNameRequired, MESSAGES.firstNameTooLong),
  lastName: name(MESSAGES.lastNameRequired, MESSAGES.lastNameTooLong),
});

/** Sign-in checks no password rules: they may have been different when the account was made. */
export const loginSchema = z.object({
  email: email(MESSAGES.invalidEmail).min(1, { error: MESSAGES.invalidEmail }),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired }),
});

/** Clerk-like metadata changes: each key given replaces the stored one; null removes it. */
export const metadataSchema = z
  .object({
    role: z.string({ error: MESSAGES.roleInvalid }).trim().min(1, { error: MESSAGES.roleInvalid }).max(64, { error: MESSAGES.roleInvalid }).nullable().optional(),
  })
  .strict();
export type MetadataChange = z.input<typeof metadataSchema>;

/** Accounts made by the backend itself (seed, provisioning) may start verified and with metadata, e.g. a role. */
export type NewAccount = z.input<typeof registrationSchema> & { emailVerified?: boolean; publicMetadata?: MetadataChange };

export interface IssuedTokens {
  accessToken: string;
  /** When the access token expires, epoch ms. */
  expiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

export type Jwks = { keys: PublicJwk[] };

/** zod's result as the `{ code, message, fields }` error clients show next to each field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  const message = Object.values(fields)[0] ?? MESSAGES.badJson;
  throw new IdentityError(400, "INVALID_INPUT", message, { fields });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const ticketSchema = z.object({ ticket: z.string({ error: MESSAGES.ticketInvalid }).min(1, { error: MESSAGES.ticketInvalid }) });

/** A one-time sign-in ticket, known only by its SHA-256, like Clerk's sign-in tokens (`strategy: "ticket"`). */
type Ticket = { subject: string; expiresAt: number };

export class Accounts {
  /**
   * Kept in memory only: a ticket lives minutes, and one lost to a restart just means signing in with the
   * password the person was shown.
   */
  private readonly tickets = new Map<string, Ticket>();

  private constructor(
    private readonly store: IdentityStore,
    private readonly key: SigningKey,
    /** Checked against when the email is unknown, so the answer takes as long as for a wrong password. */
    private readonly decoy: PasswordHash,
    /** Told when a user webhook was queued, so it is sent. */
    private readonly eventsQueued: () => void,
  ) {}

  static async create(store: IdentityStore, key: SigningKey, eventsQueued: () => void = () => {}): Promise<Accounts> {
    return new Accounts(store, key, await hashPassword(randomUUID()), eventsQueued);
  }

  jwks(): Jwks {
    return { keys: [this.key.publicJwk] };
  }

  /** An account made on someone's behalf; the input is checked like a registration. */
  async createAccount(input: NewAccount | Record<string, unknown>): Promise<Account> {
    const publicMetadata = mergeMetadata({}, parseInput(metadataSchema, input.publicMetadata ?? {}));
    const account = { ...(await this.newAccount(input, input.emailVerified === true)), publicMetadata };
    await this.store.commit([{ op: "putAccount", account }]);
    return account;
  }

  /**
   * Merges into the account's public metadata, as Clerk's PATCH /users/{id}/metadata does, and
   * queues the user.updated event that carries it to the app, in the same durable record.
   */
  async setPublicMetadata(subject: string, input: unknown): Promise<Account> {
    const change = parseInput(metadataSchema, input);
    const found = this.store.account(subject);
    if (!found) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    // Strictly later than the last change, so the app never takes this event for an older one.
    const updatedAt = Math.max(Date.now(), found.updatedAt + 1);
    const account = { ...found, publicMetadata: mergeMetadata(found.publicMetadata, change), updatedAt };
    await this.store.commit([
      { op: "putAccount", account },
      { op: "putDelivery", delivery: userEventDelivery("user.updated", account) },
    ]);
    this.eventsQueued();
    return account;
  }

  /** Creates the account and its first session in one durable record: either both exist or neither. */
  async register(input: unknown): Promise<IssuedTokens> {
    const account = await this.newAccount(input, false);
    return this.startSession(account, { alongside: [{ op: "putAccount", account }] });
  }

  async login(email: string, password: string): Promise<IssuedTokens> {
    const found = this.store.accountByEmail(email);
    const matches = await verifyPassword(password, found?.password ?? this.decoy);
    // Read again: the account may have been deactivated while the hash was computed.
    const account = found && matches ? this.store.account(found.subject) : undefined;
    if (!account) throw new IdentityError(401, "INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
    if (!account.active) throw new IdentityError(403, "ACCOUNT_DEACTIVATED", MESSAGES.accountDeactivated);
    return this.startSession(account);
  }

  /**
   * Trades a refresh token for new tokens; the old one is revoked. A revoked token coming back later means it was copied:
   * every session of its account is revoked, so the thief's copy dies with the owner's.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
    const now = Date.now();
    const session = refreshToken ? this.store.session(hashToken(refreshToken)) : undefined;
    const signedOut = new IdentityError(401, "SIGNED_OUT", MESSAGES.signedOut);
    if (!session || session.expiresAt <= now) throw signedOut;
    const account = this.store.account(session.subject);
    if (session.revokedAt !== null) {
      if (now - session.revokedAt >= CONCURRENT_REFRESH_GRACE_MS) {
        await this.store.commit([{ op: "revoke", sessionIds: this.store.liveSessionIds(session.subject), at: now }]);
        throw signedOut;
      }
      // Within the grace, the browser that rotated it may simply have lost the answer (a navigation cancelled the
      // request): it gets a session of its own, unless what replaced the token has since been signed out.
      if (account?.active && this.stillSignedIn(session)) return this.startSession(account);
      throw signedOut;
    }
    if (!account?.active) throw signedOut;
    return this.startSession(account, { rotating: session });
  }

  /** Whether a rotated session's line of replacements ends in a live session (not a sign-out or a revocation). */
  private stillSignedIn(session: Session): boolean {
    let current: Session | undefined = session;
    for (let step = 0; current && step < MAX_ROTATIONS_FOLLOWED; step++) {
      if (current.revokedAt === null) return true;
      current = current.replacedBy ? this.store.session(current.replacedBy) : undefined;
    }
    return false;
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    const session = refreshToken ? this.store.session(hashToken(refreshToken)) : undefined;
    // A token revoked already (a double submit) is not treated as reuse: signing out must never do more harm.
    if (session && session.revokedAt === null) {
      await this.store.commit([{ op: "revoke", sessionIds: [session.id], at: Date.now() }]);
    }
  }

  /** Deactivating also ends every session, so no refresh token outlives the decision. */
  async setActive(subject: string, active: boolean): Promise<void> {
    const account = this.store.account(subject);
    if (!account) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    const revoke = active ? [] : [{ op: "revoke" as const, sessionIds: this.store.liveSessionIds(subject), at: Date.now() }];
    await this.store.commit([{ op: "putAccount", account: { ...account, active } }, ...revoke]);
  }

  /** Removes an account and its sessions, as Clerk's DELETE /users/{id} does: undoing one made for a booking that failed. */
  async deleteAccount(subject: string): Promise<void> {
    if (!this.store.account(subject)) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    for (const [id, ticket] of this.tickets) if (ticket.subject === subject) this.tickets.delete(id);
    await this.store.commit([{ op: "deleteAccount", subject }]);
  }

  /** A ticket that signs the account in once, within `expiresInSeconds` (at most MAX_TICKET_SECONDS). */
  createTicket(subject: string, expiresInSeconds: number): { ticket: string; expiresAt: number } {
    if (!this.store.account(subject)) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    const now = Date.now();
    for (const [id, ticket] of this.tickets) if (ticket.expiresAt <= now) this.tickets.delete(id);
    const ticket = randomBytes(TICKET_BYTES).toString("base64url");
    const expiresAt = now + Math.min(Math.max(1, expiresInSeconds), MAX_TICKET_SECONDS) * 1000;
    this.tickets.set(hashToken(ticket), { subject, expiresAt });
    return { ticket, expiresAt };
  }

  /** Redeems a ticket: it is gone before anything is awaited, so two tabs presenting it cannot both sign in. */
  async redeemTicket(ticket: string): Promise<IssuedTokens> {
    const id = hashToken(ticket);
    const found = this.tickets.get(id);
    this.tickets.delete(id);
    if (!found || found.expiresAt <= Date.now()) throw new IdentityError(401, "TICKET_INVALID", MESSAGES.ticketInvalid);
    const account = this.store.account(found.subject);
    if (!account) throw new IdentityError(401, "TICKET_INVALID", MESSAGES.ticketInvalid);
    if (!account.active) throw new IdentityError(403, "ACCOUNT_DEACTIVATED", MESSAGES.accountDeactivated);
    return this.startSession(account);
  }

  async issueTokens(subject: string): Promise<IssuedTokens> {
    const account = this.store.account(subject);
    if (!account) throw new IdentityError(404, "NOT_FOUND", MESSAGES.noSuchAccount);
    return this.startSession(account);
  }

  private async newAccount(input: unknown, emailVerified: boolean): Promise<Account> {
    const { email, password, firstName, lastName } = parseInput(registrationSchema, input);
    const taken = () => new IdentityError(409, "EMAIL_TAKEN", MESSAGES.emailTaken);
    // Checked before hashing to save the work, and again after it, since another request may have won meanwhile.
    if (this.store.accountByEmail(email)) throw taken();
    const hash = await hashPassword(password);
    if (this.store.accountByEmail(email)) throw taken();
    const now = Date.now();
    return {
      subject: randomUUID(),
      email,
      password: hash,
      firstName,
      lastName,
      emailVerified,
      active: true,
      createdAt: now,
      publicMetadata: {},
      updatedAt: now,
    };
  }

  /**
   * Commits synchronously, before any await, so nothing can slip between a caller's checks and this change
   * (e.g. a second refresh with the same token).
   */
  /** A new session, written with `alongside`; `rotating`, the session it replaces, is revoked in the same write. */
  private async startSession(account: Account, { alongside = [], rotating }: { alongside?: Change[]; rotating?: Session } = {}): Promise<IssuedTokens> {
    const now = Date.now();
    const refreshToken = randomBytes(REFRESH_TOKEN_BYTES).toString("base64url");
    const session = { id: hashToken(refreshToken), subject: account.subject, createdAt: now, expiresAt: now + REFRESH_TOKEN_MS, revokedAt: null };
    const revoke: Change[] = rotating ? [{ op: "revoke", sessionIds: [rotating.id], at: now, replacedBy: session.id }] : [];
    const written = this.store.commit([...alongside, ...revoke, { op: "putSession", session }]);
    const [access] = await Promise.all([this.accessToken(account), written]);
    return { ...access, refreshToken, refreshExpiresAt: session.expiresAt };
  }

  private async accessToken(account: Account): Promise<{ accessToken: string; expiresAt: number }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
    const accessToken = await new SignJWT({
      email: account.email,
      email_verified: account.emailVerified,
      given_name: account.firstName,
      family_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`,
    })
      .setProtectedHeader({ alg: "RS256", kid: this.key.kid, typ: "JWT" })
      .setIssuer(LOCAL_ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(account.subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key.privateKey);
    return { accessToken, expiresAt: expiresAt * 1000 };
  }
}

function mergeMetadata(current: PublicMetadata, change: z.output<typeof metadataSchema>): PublicMetadata {
  const next: PublicMetadata = { ...current };
  if (change.role === null) delete next.role;
  else if (change.role !== undefined) next.role = change.role;
  return next;
}
