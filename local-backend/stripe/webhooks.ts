/**
 * Delivers the stand-in's queued events to the app's webhook route through the shared delivery loop
 * (local-backend/webhook-delivery.ts), each signed by the SDK's own `generateTestHeaderString` (the
 * same scheme `constructEvent` checks). The queue is in the persisted state, so a restart resumes it.
 */
import Stripe from "stripe";
import { WebhookDelivery } from "../webhook-delivery";
import type { Delivery, StateStore } from "./store";

export interface WebhookSenderOptions {
  store: StateStore;
  url: () => string;
  secret: string;
  log: (message: string) => void;
  /** First retry delay; doubles per attempt (tests shorten it). */
  retryBaseMs?: number;
}

export function webhookSender({ store, url, secret, log, retryBaseMs }: WebhookSenderOptions): WebhookDelivery<Delivery> {
  const queue = () => store.state.deliveries;
  return new WebhookDelivery<Delivery>({
    queue: {
      first: () => queue()[0],
      async remove(delivery) {
        queue().splice(queue().indexOf(delivery), 1);
        await store.save();
      },
      async retryLater(delivery, attempts, nextAttemptAt) {
        Object.assign(delivery, { attempts, nextAttemptAt });
        await store.save();
      },
    },
    url,
    request(delivery) {
      const body = JSON.stringify(delivery.event, null, 2);
      return {
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body,
      };
    },
    describe: (delivery) => `${delivery.event.type} ${delivery.event.id}`,
    log: (message) => log(`stripe: ${message}`),
    retryBaseMs,
  });
}
