/**
 * The stand-in's REST API under /v1/, as the `stripe` SDK calls it: `Authorization: Bearer <key>`, form-encoded
 * bodies (query strings for GET and DELETE), `Idempotency-Key` on POSTs, Stripe's error shapes and statuses. The one
 * browser-facing call, confirming a PaymentIntent with card details, takes the publishable key plus the
 * PaymentIntent's client secret and answers cross-origin requests, as Stripe.js's calls to api.stripe.com do.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StripeAccount } from "./billing";
import { StripeError } from "./errors";
import type { RequestInfo } from "./events";
import { parseForm, type Form } from "./form";
import { API_VERSION } from "./objects";
import { expandPaths, optionalInteger, optionalString } from "./params";

const MAX_BODY_BYTES = 256 * 1024;

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-allow-headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account",
  "access-control-max-age": "300",
};

type KeyKind = "secret" | "publishable";
type Context = { form: Form; params: string[]; request: RequestInfo; now: number; key: KeyKind; expand: string[] };
type Answer = { status?: number; body: unknown };
type Route = { method: "GET" | "POST" | "DELETE"; pattern: RegExp; publishable?: boolean; handle: (context: Context) => Answer };

export interface ApiHost {
  account: StripeAccount;
  keys: { secretKey: string; publishableKey: string };
  /** Resolves once every change so far is on disk. */
  save(): Promise<void>;
  /** Called after each answer that may have queued events. */
  deliver(): void;
  log(message: string): void;
}

export function createApiHandler(host: ApiHost) {
  const { account } = host;
  const list = (url: string, items: { id: string; object: string }[], context: Context): Answer => {
    const limit = Math.min(100, Math.max(1, optionalInteger(context.form, "limit") ?? 10));
    return { body: { object: "list", data: items.slice(0, limit).map((item) => account.render(item, context.expand.map((path) => path.replace(/^data\./, "")))), has_more: items.length > limit, url } };
  };
  const routes: Route[] = [
    { method: "POST", pattern: /^\/v1\/customers$/, handle: (c) => ({ body: account.render(account.createCustomer(c.form, c.request, c.now), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("customers", c.params[0]!, "customer"), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (c) => ({ body: account.render(account.updateCustomer(c.params[0]!, c.form, c.request, c.now), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/products$/, handle: (c) => ({ body: account.render(account.createProduct(c.form, c.now), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/products\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("products", c.params[0]!, "product"), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/prices$/, handle: (c) => ({ body: account.render(account.createPrice(c.form, c.now), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/prices$/, handle: (c) => list("/v1/prices", account.listPrices(c.form), c) },
    { method: "GET", pattern: /^\/v1\/prices\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("prices", c.params[0]!, "price"), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/subscriptions$/, handle: (c) => ({ body: account.render(account.createSubscription(c.form, c.request, c.now), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/subscriptions$/, handle: (c) => list("/v1/subscriptions", account.listSubscriptions(c.form), c) },
    { method: "GET", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("subscriptions", c.params[0]!, "subscription"), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (c) => ({ body: account.render(account.updateSubscription(c.params[0]!, c.form, c.request, c.now), c.expand) }) },
    { method: "DELETE", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (c) => ({ body: account.render(account.cancelSubscription(c.params[0]!, c.request, c.now), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/invoices\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("invoices", c.params[0]!, "invoice"), c.expand) }) },
    { method: "GET", pattern: /^\/v1\/payment_methods\/([^/]+)$/, handle: (c) => ({ body: account.render(account.get("paymentMethods", c.params[0]!, "PaymentMethod"), c.expand) }) },
    { method: "POST", pattern: /^\/v1\/payment_intents$/, handle: (c) => ({ body: account.render(account.createPaymentIntent(c.form, c.request, c.now), c.expand) }) },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      handle: (c) => ({ body: account.render(paymentIntentFor(c), c.expand) }),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: (c) => {
        paymentIntentFor(c);
        return { body: account.render(account.confirmPaymentIntent(c.params[0]!, c.form, c.request, c.now), c.expand) };
      },
    },
    { method: "POST", pattern: /^\/v1\/billing_portal\/sessions$/, handle: (c) => ({ body: account.render(account.createPortalSession(c.form, c.now), c.expand) }) },
  ];

  /** The PaymentIntent in the path; with the publishable key, only for the holder of its client secret. */
  function paymentIntentFor(context: Context) {
    const id = context.params[0]!;
    const pi = account.get("paymentIntents", id, "payment_intent");
    if (context.key === "publishable") {
      const secret = optionalString(context.form, "client_secret");
      if (secret === undefined || secret === "") {
        throw new StripeError(400, "invalid_request_error", "Missing required param: client_secret.", { code: "parameter_missing", param: "client_secret" });
      }
      if (pi.client_secret === null || !sameSecret(secret, pi.client_secret)) {
        throw new StripeError(400, "invalid_request_error", "The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.", {
          code: "payment_intent_invalid_parameter",
          param: "client_secret",
        });
      }
    }
    return pi;
  }

  function authenticate(request: IncomingMessage): { kind: KeyKind; token: string } {
    const header = request.headers.authorization ?? "";
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (bearer === undefined) {
      throw new StripeError(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    if (sameSecret(bearer, host.keys.secretKey)) return { kind: "secret", token: bearer };
    if (sameSecret(bearer, host.keys.publishableKey)) return { kind: "publishable", token: bearer };
    throw new StripeError(401, "invalid_request_error", `Invalid API Key provided: ${bearer.slice(0, 8)}${"*".repeat(Math.max(0, bearer.length - 12))}${bearer.slice(-4)}`, {
      code: "api_key_invalid",
    });
  }

  return async function handleApiRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://localhost");
    const requestId = `req_${randomBytes(10).toString("hex")}`;
    const idempotencyKey = headerValue(request, "idempotency-key");
    const baseHeaders: Record<string, string> = { ...CORS_HEADERS, "request-id": requestId, "stripe-version": API_VERSION };
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-cache, no-store", ...baseHeaders, ...headers });
      response.end(JSON.stringify(body, null, 2));
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS_HEADERS);
      return void response.end();
    }
    try {
      const method = request.method ?? "GET";
      const matched = routes
        .filter((route) => route.method === method)
        .map((route) => ({ route, match: route.pattern.exec(url.pathname) }))
        .find(({ match }) => match !== null);
      const { kind, token } = authenticate(request);
      if (!matched) {
        throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
      }
      if (kind === "publishable" && !matched.route.publishable) {
        throw new StripeError(401, "invalid_request_error", "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.", {
          code: "secret_key_required",
        });
      }
      const body = method === "POST" ? await readBody(request) : "";
      const form = parseForm(method === "POST" ? new URLSearchParams(body) : url.searchParams);
      const replayKey = method === "POST" && idempotencyKey ? `${token}:${method} ${url.pathname}:${idempotencyKey}` : undefined;
      const fingerprint = createHash("sha256").update(body).digest("base64url");
      const replay = replayKey === undefined ? undefined : host.account.recall(replayKey, fingerprint);
      if (replay) return reply(replay.status, replay.body, { "idempotency-key": idempotencyKey!, "idempotent-replayed": "true" });

      const now = Date.now();
      const context: Context = { form, params: matched.match!.slice(1).map(decodeURIComponent), request: { id: requestId, idempotencyKey: idempotencyKey ?? null }, now, key: kind, expand: expandPaths(form) };
      let status: number;
      let answer: unknown;
      try {
        const result = matched.route.handle(context);
        status = result.status ?? 200;
        answer = result.body;
      } catch (error) {
        // A card error is an answer the request earned (and may have changed state); a bad request changed nothing.
        if (!(error instanceof StripeError) || error.status !== 402) throw error;
        status = error.status;
        answer = error.body();
      }
      if (replayKey !== undefined) host.account.remember(replayKey, fingerprint, status, answer, now);
      await host.save();
      reply(status, answer, idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
      host.deliver();
    } catch (error) {
      if (error instanceof StripeError) return reply(error.status, error.body());
      host.log(`stripe: ${request.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      reply(500, { error: { type: "api_error", message: "An unknown error occurred in the local Stripe stand-in." } });
    }
  };
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new StripeError(413, "invalid_request_error", "The request body is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
