/**
 * Stripe through its SDK, in both modes (ARCHITECTURE §2): with STRIPE_SECRET_KEY the real API;
 * offline, the embedded backend's stand-in, which answers the same REST calls at LOCAL_STRIPE_URL
 * and signs its webhook events with LOCAL_STRIPE_WEBHOOK_SECRET. The code after this point is the
 * same either way.
 */
import Stripe from "stripe";
import { env } from "../_generated/server";
import { selectAdapters } from "../model/adapters";

export interface StripeGateway {
  stripe: Stripe;
  webhookSecret: string | undefined;
  /** What the checkout page needs: Elements with the publishable key, or the stand-in's confirm endpoint. */
  client: { mode: "stripe"; publishableKey: string } | { mode: "local-gateway"; publishableKey: string; apiUrl: string } | null;
}

// The fetch client works on Convex's default runtime and lets msw answer in tests.
const httpClient = Stripe.createFetchHttpClient();

export function stripeGateway(): StripeGateway | null {
  if (selectAdapters(env).payments === "stripe") {
    return {
      stripe: new Stripe(env.STRIPE_SECRET_KEY!, { httpClient, maxNetworkRetries: 2 }),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      client: env.STRIPE_PUBLISHABLE_KEY ? { mode: "stripe", publishableKey: env.STRIPE_PUBLISHABLE_KEY } : null,
    };
  }
  const base = env.LOCAL_STRIPE_URL;
  if (!base || !env.LOCAL_STRIPE_SECRET_KEY) return null;
  const url = new URL(base);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    stripe: new Stripe(env.LOCAL_STRIPE_SECRET_KEY, {
      httpClient,
      host: url.hostname,
      port: url.port || (protocol === "https" ? 443 : 80),
      protocol,
    }),
    webhookSecret: env.LOCAL_STRIPE_WEBHOOK_SECRET,
    client: env.LOCAL_STRIPE_PUBLISHABLE_KEY ? { mode: "local-gateway", publishableKey: env.LOCAL_STRIPE_PUBLISHABLE_KEY, apiUrl: url.origin } : null,
  };
}

/** Verifies a delivery's signature on the raw body (Web Crypto, so it runs outside Node too). */
export function verifyStripeEvent(gateway: StripeGateway, body: string, signature: string | null): Promise<Stripe.Event> {
  if (!gateway.webhookSecret) throw new Error("The Stripe webhook signing secret is not configured.");
  if (!signature) throw new Error("No Stripe-Signature header.");
  return gateway.stripe.webhooks.constructEventAsync(body, signature, gateway.webhookSecret, undefined, Stripe.createSubtleCryptoProvider());
}

/** A PaymentIntent's id from its client secret (`pi_..._secret_...`, Stripe's documented form). */
export function paymentIntentIdFromSecret(clientSecret: string): string {
  return clientSecret.split("_secret_")[0]!;
}
