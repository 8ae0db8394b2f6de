/**
 * The local provider's user webhooks, in Clerk's shapes: a changed account becomes a Clerk
 * `user.updated` event (type, object "event", data = Clerk's User object), signed with Svix like
 * Clerk's, and posted to the app's own Clerk webhook route. So a role set here reaches the users
 * table through the same verification, parsing and mutation as one set in Clerk.
 *
 * Deliveries are kept in the identity store until the app accepts them (2xx): a failure is retried
 * after 1 s, 2 s, 4 s, ...; after MAX_ATTEMPTS the event is dropped with a log line, so one bad
 * event cannot hold back the rest. A restart resumes what was still owed.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Webhook } from "svix";
import type { Account, Delivery, IdentityStore } from "./store";

export type ClerkUserEventType = "user.created" | "user.updated";

const MAX_ATTEMPTS = 8;
/** A receiver that neither answers nor fails is given up on after this long (the attempt counts as failed). */
const DELIVERY_TIMEOUT_MS = 10_000;

/** A Svix signing secret in Clerk's form: "whsec_" and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The account as Clerk's Backend API and webhooks show a User (fields the provider has no notion of are empty). */
export function clerkUser(account: Account) {
  const emailId = `idn_${account.subject}`;
  return {
    object: "user",
    id: account.subject,
    external_id: null,
    username: null,
    first_name: account.firstName,
    last_name: account.lastName,
    image_url: "",
    has_image: false,
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    email_addresses: [
      {
        id: emailId,
        object: "email_address",
        email_address: account.email,
        reserved: false,
        verification: { status: account.emailVerified ? "verified" : "unverified", strategy: "admin", attempts: null, expire_at: null },
        linked_to: [],
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    public_metadata: account.publicMetadata,
    private_metadata: {},
    unsafe_metadata: {},
    banned: !account.active,
    locked: false,
    last_sign_in_at: null,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

/** A Clerk user event about the account, queued as one delivery (committed with the change that caused it). */
export function userEventDelivery(type: ClerkUserEventType, account: Account): Delivery {
  const event = {
    type,
    object: "event",
    timestamp: account.updatedAt,
    instance_id: "ins_lwcc_local",
    event_attributes: { http_request: { client_ip: "", user_agent: "" } },
    data: clerkUser(account),
  };
  return { id: `msg_${randomUUID().replaceAll("-", "")}`, payload: JSON.stringify(event), attempts: 0, nextAttemptAt: 0 };
}

export interface UserEventSenderOptions {
  store: IdentityStore;
  /** The app's Clerk webhook URL; nothing is sent while it is empty. */
  url: () => string;
  secret: string;
  log: (message: string) => void;
  /** First retry delay; doubles per attempt (tests shorten it). */
  retryBaseMs?: number;
}

export class UserEventSender {
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;

  constructor(private readonly options: UserEventSenderOptions) {}

  /** Starts delivering what is queued, unless a run is already going (it picks up new events itself). */
  kick(): void {
    if (this.closed || !this.options.url()) return;
    this.wake?.();
    this.running ??= this.run()
      .catch((error: unknown) => this.options.log(`identity webhook delivery stopped: ${String(error)}`))
      .finally(() => (this.running = null));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.wake?.();
    await this.running;
  }

  private async run(): Promise<void> {
    const { store, log } = this.options;
    for (let delivery = store.deliveries()[0]; !this.closed && delivery; delivery = store.deliveries()[0]) {
      const wait = delivery.nextAttemptAt - Date.now();
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      const failure = await this.send(delivery);
      if (this.closed) return;
      const attempts = delivery.attempts + 1;
      if (failure === null) {
        await store.commit([{ op: "dropDelivery", id: delivery.id }]);
      } else if (attempts >= MAX_ATTEMPTS) {
        log(`identity: dropped webhook ${delivery.id} after ${attempts} failed deliveries (${failure})`);
        await store.commit([{ op: "dropDelivery", id: delivery.id }]);
      } else {
        const nextAttemptAt = Date.now() + (this.options.retryBaseMs ?? 1000) * 2 ** (attempts - 1);
        await store.commit([{ op: "putDelivery", delivery: { ...delivery, attempts, nextAttemptAt } }]);
      }
    }
  }

  /** Null when the app took the event; otherwise why not. Signed at sending, as Svix does, so the timestamp is fresh. */
  private async send(delivery: Delivery): Promise<string | null> {
    const timestamp = new Date();
    try {
      const response = await fetch(this.options.url(), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "svix-id": delivery.id,
          "svix-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "svix-signature": new Webhook(this.options.secret).sign(delivery.id, timestamp, delivery.payload),
          "user-agent": "Svix-Webhooks/1.0 (lwcc local identity)",
        },
        body: delivery.payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Waits `ms`, or less if new work arrives or the sender closes. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    }).then(() => {
      this.wake = null;
    });
  }
}
