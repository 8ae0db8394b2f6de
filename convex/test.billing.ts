/**
 * A paid plan for tests: the Stripe subscription in the msw Stripe account (tests/mocks/stripe.ts)
 * and its row here, as the webhook would have left them. Two dots in the name, so Convex does not
 * deploy this file.
 */
import type Stripe from "stripe";
import type { Id } from "./_generated/dataModel";
import type { T } from "./test.users";
import { stripeMock } from "../tests/mocks/stripe";

let serial = 0;

export async function paidPlan(t: T, userId: Id<"users">, tier: "clarity" | "control" | "mastery" = "control") {
  const stripeSubscriptionId = `sub_test_${++serial}`;
  const stripeItemId = `si_test_${serial}`;
  const price = [...stripeMock.store.prices.values()].find((p) => p.lookup_key === `lwcc_${tier}_monthly`)!;
  const start = Math.floor(Date.now() / 1000);
  stripeMock.store.subscriptions.set(stripeSubscriptionId, {
    id: stripeSubscriptionId,
    object: "subscription",
    customer: `cus_test_${serial}`,
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { userId },
    items: { object: "list", data: [{ id: stripeItemId, object: "subscription_item", price, quantity: 1, current_period_start: start, current_period_end: start + 30 * 86400 }] },
  } as unknown as Stripe.Subscription);
  const now = Date.now();
  await t.run((ctx) =>
    ctx.db.insert("subscriptions", {
      userId,
      tier,
      billingCycle: "monthly",
      status: "active",
      stripeSubscriptionId,
      stripeItemId,
      stripeCustomerId: `cus_test_${serial}`,
      currentPeriodStart: now,
      currentPeriodEnd: now + 30 * 86_400_000,
      expiresAt: now + 30 * 86_400_000,
      cancelAtPeriodEnd: false,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return stripeSubscriptionId;
}
