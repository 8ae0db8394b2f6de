/**
 * The local identity provider of the embedded backend: accounts with scrypt passwords, RS256 access tokens that
 * Convex verifies through a `customJwt` provider (its JWKS inlined as a data: URI), rotating refresh tokens in an
 * HttpOnly cookie, and HTTP endpoints under /auth/ (see http.ts). Production uses Clerk instead.
 *
 * With a data dir, everything lives in `<dataDir>/identity/`: accounts and sessions in a DurableStore, the signing
 * key in signing-key.json. Without one, it is in memory only.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Accounts, LOCAL_ISSUER, type IssuedTokens, type Jwks, type NewAccount } from "./accounts";
import { createIdentityHandler } from "./http";
import { loadOrCreateSigningKey } from "./signing-key";
import { IdentityStore } from "./store";

export { LOCAL_ISSUER, type IssuedTokens, type Jwks, type NewAccount } from "./accounts";
export { IdentityError, MESSAGES } from "./errors";
export { REFRESH_COOKIE } from "./http";

export interface IdentityProviderOptions {
  /** The backend's data dir; the provider keeps its files in `<dataDir>/identity/`. */
  dataDir?: string;
}

export interface IdentityProvider {
  /** Bearer secret of POST /auth/admin/accounts/<subject>; new on every start. */
  readonly adminSecret: string;
  jwks(): Jwks;
  /** The JWKS as a data: URI, the form a Convex `customJwt` provider accepts inline. */
  jwksDataUri(): string;
  createAccount(input: NewAccount): Promise<{ subject: string; tokenIdentifier: string }>;
  setActive(subject: string, active: boolean): Promise<void>;
  issueTokens(subject: string): Promise<IssuedTokens>;
  /** Serves /auth/* and POST /logout; resolves false for any other request. */
  handleIdentityRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

export async function createIdentityProvider(options: IdentityProviderOptions = {}): Promise<IdentityProvider> {
  const dir = options.dataDir === undefined ? undefined : path.resolve(options.dataDir, "identity");
  // The store creates the folder (and takes its lock) before the key file is written into it.
  const store = await IdentityStore.open(dir);
  try {
    const accounts = await Accounts.create(store, await loadOrCreateSigningKey(dir));
    const adminSecret = randomBytes(32).toString("base64url");
    return {
      adminSecret,
      jwks: () => accounts.jwks(),
      jwksDataUri: () => `data:text/plain;charset=utf-8;base64,${Buffer.from(JSON.stringify(accounts.jwks())).toString("base64")}`,
      async createAccount(input) {
        const { subject } = await accounts.createAccount(input);
        return { subject, tokenIdentifier: `${LOCAL_ISSUER}|${subject}` };
      },
      setActive: (subject, active) => accounts.setActive(subject, active),
      issueTokens: (subject) => accounts.issueTokens(subject),
      handleIdentityRequest: createIdentityHandler(accounts, adminSecret),
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
