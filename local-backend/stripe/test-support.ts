/** Test helpers: the stand-in on its own http server, the real `stripe` SDK pointed at it, and a webhook receiver. */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createStripeStandIn, type StripeStandIn } from "./index";

export type Received = { event: Stripe.Event; status: number };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface Harness {
  standIn: StripeStandIn;
  stripe: Stripe;
  apiUrl: string;
  /** Every delivery attempt, verified with the SDK's constructEvent, and the status the receiver answered. */
  deliveries: Received[];
  /** Deliveries whose signature did not verify. */
  badSignatures: string[];
  /** The status the receiver answers with next (default 200). */
  respond: (() => number) | null;
  logs: string[];
  /** The types of events taken (2xx) so far, in order. */
  taken(): string[];
  close(): Promise<void>;
}

export async function startHarness(options: { dataDir?: string } = {}): Promise<Harness> {
  const verifier = new Stripe("sk_test_verifier");
  let secret = "";
  const deliveries: Received[] = [];
  const badSignatures: string[] = [];
  const logs: string[] = [];
  const control = { respond: null as (() => number) | null };
  const receiver = createServer((request, response) => {
    void body(request).then((raw) => {
      let event: Stripe.Event;
      try {
        event = verifier.webhooks.constructEvent(raw, request.headers["stripe-signature"] as string, secret);
      } catch (error) {
        badSignatures.push(String(error));
        response.writeHead(400).end();
        return;
      }
      const status = control.respond?.() ?? 200;
      deliveries.push({ event, status });
      response.writeHead(status).end();
    });
  });
  const hookUrl = `${await listen(receiver)}/stripe/webhook`;
  let apiUrl = "";
  const standIn = await createStripeStandIn({
    dataDir: options.dataDir,
    apiUrl: () => apiUrl,
    webhookUrl: () => hookUrl,
    log: (line) => logs.push(line),
    webhookRetryBaseMs: 5,
  });
  secret = standIn.webhookSecret;
  const server = createServer((request, response) => {
    void standIn.handleRequest(request, response).then((handled) => {
      if (!handled) response.writeHead(404).end();
    });
  });
  apiUrl = await listen(server);
  await standIn.sweep();
  const stripe = new Stripe(standIn.secretKey, {
    host: "127.0.0.1",
    port: Number(new URL(apiUrl).port),
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
  return {
    standIn,
    stripe,
    apiUrl,
    deliveries,
    badSignatures,
    logs,
    set respond(value: (() => number) | null) {
      control.respond = value;
    },
    get respond() {
      return control.respond;
    },
    taken: () => deliveries.filter((d) => d.status < 300).map((d) => d.event.type),
    async close() {
      await standIn.close();
      server.closeAllConnections();
      receiver.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => receiver.close(r))]);
    },
  };
}

/** What the app's checkout form does where Stripe Elements would run: the browser posts the card with the publishable key. */
export function confirmInBrowser(
  apiUrl: string,
  publishableKey: string,
  clientSecret: string,
  number: string,
  overrides: Record<string, string> = {},
): Promise<Response> {
  const id = clientSecret.split("_secret_")[0]!;
  const form = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": String(new Date().getUTCFullYear() + 3),
    "payment_method_data[card][cvc]": "123",
    "payment_method_data[billing_details][name]": "Ada Lovelace",
    ...overrides,
  });
  return fetch(`${apiUrl}/v1/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/x-www-form-urlencoded", origin: "http://127.0.0.1:4173" },
    body: form,
  });
}
