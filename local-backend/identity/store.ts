/**
 * Accounts, refresh sessions and user webhooks not yet delivered, in memory and (with a data dir) in a DurableStore: every change is one log record,
 * fsync'd before the caller replies; a snapshot replaces the log once it grows.
 *
 * Changes are applied to memory synchronously, before the record is written, so a check and its effect (an email
 * still free, a refresh token not yet rotated) can never interleave with another request's.
 */
import { DurableStore } from "../storage/durable-store";
import type { PasswordHash } from "./passwords";

/** What apps may read about an account, as Clerk's `publicMetadata`: LWCC keeps the role here. */
export type PublicMetadata = { role?: string };

export type Account = {
  subject: string;
  email: string;
  password: PasswordHash;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  active: boolean;
  createdAt: number;
  publicMetadata: PublicMetadata;
  /** Last change to the profile or metadata (Clerk's `updated_at`). */
  updatedAt: number;
};

/** An account as records written before metadata existed hold it. */
type StoredAccount = Omit<Account, "publicMetadata" | "updatedAt"> & Partial<Pick<Account, "publicMetadata" | "updatedAt">>;

/** A signed event waiting to reach the app's webhook; `payload` is the exact body that gets signed. */
export type Delivery = { id: string; payload: string; attempts: number; nextAttemptAt: number };

/**
 * A refresh token, known only by its SHA-256 (`id`). Revoked sessions are kept until they expire, to detect reuse;
 * one revoked by rotation names the session that replaced it.
 */
export type Session = { id: string; subject: string; createdAt: number; expiresAt: number; revokedAt: number | null; replacedBy?: string };

export type Change =
  | { op: "putAccount"; account: Account }
  | { op: "putSession"; session: Session }
  | { op: "revoke"; sessionIds: string[]; at: number; replacedBy?: string }
  | { op: "deleteAccount"; subject: string }
  | { op: "putDelivery"; delivery: Delivery }
  | { op: "dropDelivery"; id: string };
/** What the log and snapshots hold; accounts may predate metadata. */
type StoredChange = Exclude<Change, { op: "putAccount" }> | { op: "putAccount"; account: StoredAccount };
type LogRecord = { changes: StoredChange[] };
type Snapshot = { accounts: StoredAccount[]; sessions: Session[]; deliveries?: Delivery[] };

/** Identity records are small; a restart should not replay more than this. */
const SNAPSHOT_AFTER_BYTES = 1024 * 1024;

export interface IdentityStoreOptions {
  /** Snapshot once the log passes this size (tests lower it). */
  snapshotAfterBytes?: number;
}

export class IdentityStore {
  private readonly accounts = new Map<string, Account>();
  private readonly subjectsByEmail = new Map<string, string>();
  private readonly sessions = new Map<string, Session>();
  /** In the order they were queued (a Map keeps insertion order). */
  private readonly pendingDeliveries = new Map<string, Delivery>();
  private snapshotting = false;

  private constructor(
    private readonly durable: DurableStore<Snapshot, LogRecord> | null,
    private readonly snapshotAfterBytes = SNAPSHOT_AFTER_BYTES,
  ) {}

  static async open(dir: string | undefined, options: IdentityStoreOptions = {}): Promise<IdentityStore> {
    if (dir === undefined) return new IdentityStore(null);
    const durable = await DurableStore.open<Snapshot, LogRecord>(dir);
    const store = new IdentityStore(durable, options.snapshotAfterBytes);
    const { snapshot, records } = durable.recovered();
    for (const account of snapshot?.accounts ?? []) store.apply({ op: "putAccount", account });
    for (const session of snapshot?.sessions ?? []) store.apply({ op: "putSession", session });
    for (const delivery of snapshot?.deliveries ?? []) store.apply({ op: "putDelivery", delivery });
    for (const record of records) for (const change of record.changes) store.apply(change);
    return store;
  }

  account(subject: string): Account | undefined {
    return this.accounts.get(subject);
  }

  accountByEmail(email: string): Account | undefined {
    const subject = this.subjectsByEmail.get(email);
    return subject === undefined ? undefined : this.accounts.get(subject);
  }

  session(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Ids of the account's sessions that are still usable. */
  liveSessionIds(subject: string): string[] {
    return [...this.sessions.values()].filter((s) => s.subject === subject && s.revokedAt === null).map((s) => s.id);
  }

  /** Webhook deliveries still owed, oldest first. */
  deliveries(): Delivery[] {
    return [...this.pendingDeliveries.values()];
  }

  /** Applies the changes now and resolves once they are durable. */
  commit(changes: Change[]): Promise<void> {
    for (const change of changes) this.apply(change);
    if (!this.durable) return Promise.resolve();
    const written = this.durable.append({ changes });
    if (!this.snapshotting && this.durable.logSize() > this.snapshotAfterBytes) {
      this.snapshotting = true;
      // Taken in the same tick as the append: the snapshot covers exactly the records logged so far.
      void this.durable
        .writeSnapshot(this.snapshot())
        .catch(() => undefined) // The log still holds every record; the next commit tries again.
        .finally(() => (this.snapshotting = false));
    }
    return written;
  }

  close(): Promise<void> {
    return this.durable?.close() ?? Promise.resolve();
  }

  private apply(change: StoredChange): void {
    switch (change.op) {
      case "putAccount": {
        const account = withDefaults(change.account);
        this.accounts.set(account.subject, account);
        this.subjectsByEmail.set(account.email, account.subject);
        break;
      }
      case "putSession":
        this.sessions.set(change.session.id, change.session);
        break;
      case "deleteAccount": {
        const account = this.accounts.get(change.subject);
        if (account && this.subjectsByEmail.get(account.email) === change.subject) this.subjectsByEmail.delete(account.email);
        this.accounts.delete(change.subject);
        for (const [id, session] of this.sessions) if (session.subject === change.subject) this.sessions.delete(id);
        break;
      }
      case "revoke":
        for (const id of change.sessionIds) {
          const session = this.sessions.get(id);
          if (session && session.revokedAt === null) {
            this.sessions.set(id, { ...session, revokedAt: change.at, ...(change.replacedBy ? { replacedBy: change.replacedBy } : {}) });
          }
        }
        break;
      case "putDelivery":
        this.pendingDeliveries.set(change.delivery.id, change.delivery);
        break;
      case "dropDelivery":
        this.pendingDeliveries.delete(change.id);
        break;
    }
  }

  /** Expired sessions are dropped here: past expiry a token is refused as unknown, revoked or not. */
  private snapshot(): Snapshot {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
    return { accounts: [...this.accounts.values()], sessions: [...this.sessions.values()], deliveries: this.deliveries() };
  }
}

/** Accounts recorded before metadata existed have none, and were last changed when created. */
function withDefaults(account: StoredAccount): Account {
  return { ...account, publicMetadata: account.publicMetadata ?? {}, updatedAt: account.updatedAt ?? account.createdAt };
}
