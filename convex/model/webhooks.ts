/** Webhook deliveries are applied once: the delivery id is claimed in the transaction of its effect (ARCHITECTURE §4). */
import type { MutationCtx } from "../_generated/server";

export type WebhookProvider = "clerk" | "resend" | "stripe";

/** Records a delivery; false when it was already applied, so the caller changes nothing. */
export async function claimWebhookDelivery(ctx: MutationCtx, provider: WebhookProvider, eventId: string, now: number): Promise<boolean> {
  const seen = await ctx.db
    .query("webhookEvents")
    .withIndex("by_provider_and_event", (q) => q.eq("provider", provider).eq("eventId", eventId))
    .unique();
  if (seen) return false;
  await ctx.db.insert("webhookEvents", { provider, eventId, receivedAt: now });
  return true;
}
