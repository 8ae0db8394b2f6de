/**
 * The local provider's user webhooks, in Clerk's shapes: a changed account becomes a Clerk
 * `user.updated` event (type, object "event", data = Clerk's User object), signed with Svix like
 * Clerk's, and posted to the app's own Clerk webhook route. So a role set here reaches the users
 * table through the same verification, parsing and mutation as one set in Clerk.
 *
 * Deliveries are kept in the identity store until the app accepts them (2xx), retried with backoff
 * and dropped after the last attempt by the shared loop (local-backend/webhook-delivery.ts); a
 * restart resumes what was still owed.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Webhook } from "svix";
import { WebhookDelivery } from "../webhook-delivery";
import type { Account, Delivery, IdentityStore } from "./store";

export type ClerkUserEventType = "user.created" | "user.updated";

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

/** Sends the store's queued user events through the shared delivery loop (local-backend/webhook-delivery.ts). */
export class UserEventSender {
  private readonly delivery: WebhookDelivery<Delivery>;

  constructor(private readonly options: UserEventSenderOptions) {
    const { store, secret } = options;
    this.delivery = new WebhookDelivery<Delivery>({
      queue: {
        first: () => store.deliveries()[0],
        remove: (delivery) => store.commit([{ op: "dropDelivery", id: delivery.id }]),
        retryLater: (delivery, attempts, nextAttemptAt) => store.commit([{ op: "putDelivery", delivery: { ...delivery, attempts, nextAttemptAt } }]),
      },
      url: options.url,
      // Signed at sending, as Svix does, so the timestamp is fresh.
      request(delivery) {
        const timestamp = new Date();
        return {
          headers: {
            "content-type": "application/json",
            "svix-id": delivery.id,
            "svix-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
            "svix-signature": new Webhook(secret).sign(delivery.id, timestamp, delivery.payload),
            "user-agent": "Svix-Webhooks/1.0 (lwcc local identity)",
          },
          body: delivery.payload,
        };
      },
      describe: (delivery) => `webhook ${delivery.id}`,
      log: (message) => options.log(`identity: ${message}`),
      retryBaseMs: options.retryBaseMs,
    });
  }

  /** Starts delivering what is queued, once the app's URL is known. */
  kick(): void {
    if (this.options.url()) this.delivery.kick();
  }

  close(): Promise<void> {
    return this.delivery.close();
  }
}
