/**
 * Checkout submit to "subscription active" on an open dashboard, on the embedded backend with its
 * Stripe stand-in: the member's page starts the checkout (action), the browser confirms the test
 * card at the stand-in, the stand-in delivers its signed events to /stripe/webhook, and the clock
 * stops when the live billing:overview subscription shows the plan active. Prints one line of JSON.
 */
import path from "node:path";
import { startBackend } from "../backend";
import { tempDir, wsClient } from "../test/helpers";
import { api } from "../../convex/_generated/api";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WARMUP = 5;
const SAMPLES = 60;
const TARGET_P95_MS = 250;

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

const data = tempDir("lwcc-bench-checkout-");
const backend = await startBackend({ functionsDir: path.join(ROOT, "convex"), dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, exposeStripe: true, log: () => {} });
try {
  const prices = await backend.engine().run("action", "billing:ensurePrices", {}, null, false);
  if (!prices.ok) throw new Error(`Creating the Stripe prices failed: ${prices.message}`);
  const publishableKey = process.env.LOCAL_STRIPE_PUBLISHABLE_KEY!;

  async function once(n: number): Promise<number> {
    const { subject } = await backend.identity.createAccount({ email: `bench-buyer-${n}@example.com`, password: "bench-password-2026", firstName: "Bench", lastName: `Buyer ${n}`, emailVerified: true });
    const client = wsClient(backend.url);
    const token = (await backend.identity.issueTokens(subject)).accessToken;
    client.setAuth(() => Promise.resolve(token));
    try {
      await client.mutation(api.users.ensureCurrent, {});
      const active = new Promise<void>((resolve) => {
        const stop = client.onUpdate(api.billing.overview, {}, (overview) => {
          if (overview.subscription?.status === "active" && overview.tier === "control") {
            stop();
            resolve();
          }
        });
      });
      const start = performance.now();
      const { clientSecret } = await client.action(api.billing.startSubscriptionCheckout, { tier: "control", billingCycle: "monthly", cardholderName: "Bench Buyer", idempotencyKey: `bench-checkout-${n}` });
      const intent = clientSecret.split("_secret_")[0]!;
      const confirmed = await fetch(`${backend.url}/v1/payment_intents/${intent}/confirm`, {
        method: "POST",
        headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": "4242424242424242",
          "payment_method_data[card][exp_month]": "12",
          "payment_method_data[card][exp_year]": "2030",
          "payment_method_data[card][cvc]": "123",
        }),
      });
      if (!confirmed.ok) throw new Error(`The test card was refused: ${await confirmed.text()}`);
      await active;
      return performance.now() - start;
    } finally {
      await client.close();
    }
  }

  for (let i = 0; i < WARMUP; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once(WARMUP + i));
  samples.sort((a, b) => a - b);
  const p95 = percentile(samples, 0.95);
  console.log(
    JSON.stringify([
      {
        name: "checkout submit to plan active, p50 / p95",
        value: `${percentile(samples, 0.5).toFixed(1)} ms / ${p95.toFixed(1)} ms (n=${SAMPLES})`,
        target: `p95 <= ${TARGET_P95_MS} ms`,
        met: p95 <= TARGET_P95_MS,
      },
    ]),
  );
} finally {
  await backend.close();
  data.remove();
}
