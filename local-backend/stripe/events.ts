/** Events as Stripe sends them to a webhook endpoint: `data.object` is a snapshot taken when the event happened. */
import type Stripe from "stripe";
import { API_VERSION, newId, seconds } from "./objects";

export type StripeEvent = Pick<Stripe.CustomerCreatedEvent, "id" | "object" | "api_version" | "created" | "livemode" | "pending_webhooks"> & {
  type: Stripe.Event.Type;
  data: { object: { id: string; object: string }; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
};

/** The API request an event came from; null for what time or the billing portal did. */
export type RequestInfo = { id: string | null; idempotencyKey: string | null };

export function event(
  type: Stripe.Event.Type,
  object: { id: string; object: string },
  request: RequestInfo,
  now: number,
  previousAttributes?: Record<string, unknown>,
): StripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: seconds(now),
    data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: request.id, idempotency_key: request.idempotencyKey },
    type,
  };
}
