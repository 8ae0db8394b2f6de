import { makeFunctionReference } from "convex/server";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupsAfterEach, eventually, httpClient, start } from "../test/helpers";

const byAuthor = makeFunctionReference<"query", { author: string }, { body: string }[]>("messages:byAuthor");

const ENV = ["LOCAL_STRIPE_URL", "LOCAL_STRIPE_SECRET_KEY", "LOCAL_STRIPE_PUBLISHABLE_KEY", "LOCAL_STRIPE_WEBHOOK_SECRET"];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const cleanups = cleanupsAfterEach();
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("embedded backend with the Stripe stand-in", () => {
  it("publishes the stand-in to the functions, serves /v1 on the api server and signs webhooks to the app's route", async () => {
    const backend = await start({ dataDir: cleanups.dataDir(), exposeStripe: true });
    cleanups.push(() => backend.close());
    expect(process.env.LOCAL_STRIPE_URL).toBe(backend.url);
    expect(process.env.LOCAL_STRIPE_SECRET_KEY).toBe(backend.stripe.secretKey);
    expect(process.env.LOCAL_STRIPE_PUBLISHABLE_KEY).toBe(backend.stripe.publishableKey);
    expect(process.env.LOCAL_STRIPE_WEBHOOK_SECRET).toBe(backend.stripe.webhookSecret);

    // What the app's Stripe adapter does with those variables.
    const url = new URL(process.env.LOCAL_STRIPE_URL!);
    const stripe = new Stripe(process.env.LOCAL_STRIPE_SECRET_KEY!, {
      host: url.hostname,
      port: Number(url.port),
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(),
    });
    const customer = await stripe.customers.create({ email: "ada@example.com", metadata: { userId: "u1" } });
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://127.0.0.1:4173/" });
    expect(session.url.startsWith(`${backend.url}/_stripe/portal/`)).toBe(true);
    expect((await fetch(session.url)).status).toBe(200);

    const client = httpClient(backend.url);
    const [delivery] = await eventually(() => client.query(byAuthor, { author: "stripe-webhook" }), (found) => found.length > 0);
    const { signature, payload } = JSON.parse(delivery!.body) as { signature: string; payload: string };
    const event = await stripe.webhooks.constructEventAsync(payload, signature, process.env.LOCAL_STRIPE_WEBHOOK_SECRET!);
    expect(event).toMatchObject({ type: "customer.created", data: { object: { id: customer.id } } });
  });

  it("leaves the functions' environment alone without exposeStripe, and still answers /v1", async () => {
    for (const name of ENV) delete process.env[name];
    const backend = await start();
    cleanups.push(() => backend.close());
    expect(process.env.LOCAL_STRIPE_SECRET_KEY).toBeUndefined();
    const response = await fetch(`${backend.url}/v1/customers`, { method: "POST", headers: { authorization: "Bearer sk_test_wrong" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", code: "api_key_invalid" } });
  });
});
