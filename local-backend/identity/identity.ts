/**
 * The local identity provider of the embedded backend: accounts with scrypt passwords, RS256 access tokens that
 * Convex verifies through a `customJwt` provider (its JWKS inlined as a data: URI), rotating refresh tokens in an
 * HttpOnly cookie, and HTTP endpoints under /auth/ (see http.ts). Production uses Clerk instead. Like Clerk, it
 * keeps an account's role in its public metadata and tells the app of changes with Clerk-shaped, Svix-signed
 * user webhooks (clerk-events.ts).
 *
 * With a data dir, everything lives in `<dataDir>/identity/`: accounts and sessions in a DurableStore, the signing
 * key in signing-key.json. Without one, it is in memory only.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Accounts, LOCAL_ISSUER, type IssuedTokens, type Jwks, type NewAccount } from "./accounts";
import { newWebhookSecret, UserEventSender } from "./clerk-events";
import { createIdentityHandler } from "./http";
import { loadOrCreateSigningKey } from "./signing-key";
import { IdentityStore, type Account } from "./store";

export { LOCAL_ISSUER, type IssuedTokens, type Jwks, type NewAccount } from "./accounts";
export type { Account, PublicMetadata } from "./store";
export { IdentityError, MESSAGES } from "./errors";
export { REFRESH_COOKIE } from "./http";

export interface IdentityProviderOptions {
  /** The backend's data dir; the provider keeps its files in `<dataDir>/identity/`. */
  dataDir?: string;
  /** Where user webhooks go (the app's Clerk webhook route); none are sent while it is unset or empty. */
  webhookUrl?: () => string;
  /** First webhook retry delay; doubles per attempt (tests shorten it). */
  webhookRetryBaseMs?: number;
  /** Proxies in front of /auth/ whose X-Forwarded-For entries the address limits believe (http.ts); 0 by default. */
  trustedProxyHops?: number;
  log?: (message: string) => void;
}

export interface IdentityProvider {
  /** Bearer secret of POST /auth/admin/accounts/<subject>; new on every start. */
  readonly adminSecret: string;
  /** Svix secret its user webhooks are signed with; new on every start (each delivery is signed when sent). */
  readonly webhookSecret: string;
  jwks(): Jwks;
  /** The JWKS as a data: URI, the form a Convex `customJwt` provider accepts inline. */
  jwksDataUri(): string;
  createAccount(input: NewAccount): Promise<{ subject: string; tokenIdentifier: string }>;
  setActive(subject: string, active: boolean): Promise<void>;
  /** Merges into the account's public metadata (e.g. `{ role: "coach" }`) and sends the user.updated webhook. */
  setPublicMetadata(subject: string, change: { role?: string | null }): Promise<Account>;
  /** Sends the user webhooks still owed; call once the webhook URL answers. */
  deliverEvents(): void;
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
    const webhookSecret = newWebhookSecret();
    const events = new UserEventSender({
      store,
      url: options.webhookUrl ?? (() => ""),
      secret: webhookSecret,
      log: options.log ?? ((message) => console.log(`[identity] ${message}`)),
      retryBaseMs: options.webhookRetryBaseMs,
    });
    const accounts = await Accounts.create(store, await loadOrCreateSigningKey(dir), () => events.kick());
    const adminSecret = randomBytes(32).toString("base64url");
    return {
      adminSecret,
      webhookSecret,
      jwks: () => accounts.jwks(),
      jwksDataUri: () => `data:text/plain;charset=utf-8;base64,${Buffer.from(JSON.stringify(accounts.jwks())).toString("base64")}`,
      async createAccount(input) {
        const { subject } = await accounts.createAccount(input);
        return { subject, tokenIdentifier: `${LOCAL_ISSUER}|${subject}` };
      },
      setActive: (subject, active) => accounts.setActive(subject, active),
      setPublicMetadata: (subject, change) => accounts.setPublicMetadata(subject, change),
      deliverEvents: () => events.kick(),
      issueTokens: (subject) => accounts.issueTokens(subject),
      handleIdentityRequest: createIdentityHandler(accounts, adminSecret, { trustedProxyHops: options.trustedProxyHops }),
      async close() {
        await events.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
