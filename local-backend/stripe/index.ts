/**
 * The offline stand-in for Stripe, served by the embedded backend's api server: the REST API under /v1/ that the
 * app's production code reaches through the official `stripe` SDK (pointed here instead of api.stripe.com), the
 * card confirmation the app's local checkout form posts where Stripe Elements would run, a billing portal under
 * /_stripe/portal/, and signed webhooks to the app's own webhook route. Outcomes come from Stripe's test cards; no
 * money moves.
 *
 * With a data dir, keys and state live in `<dataDir>/stripe/` and a restart resumes (undelivered events included);
 * without one, in memory only.
 */
import { mkdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { StripeAccount } from "./billing";
import { createApiHandler } from "./http";
import { loadOrCreateKeys } from "./keys";
import { createPortalHandler } from "./portal";
import { StateStore } from "./store";
import { webhookSender } from "./webhooks";

/** How often time moves subscriptions on (renewals, ends at period end, expiry of unpaid ones). */
const SWEEP_EVERY_MS = 5000;

export interface StripeStandInOptions {
  /** The backend's data dir; the stand-in keeps its files in `<dataDir>/stripe/`. */
  dataDir?: string;
  /** The api server's URL (portal links are made from it). */
  apiUrl: () => string;
  /** Where events are POSTed: the app's Stripe webhook route. */
  webhookUrl: () => string;
  log: (message: string) => void;
  /** First webhook retry delay, doubling per attempt (default 1 s; tests shorten it). */
  webhookRetryBaseMs?: number;
}

export interface StripeStandIn {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Serves /v1/* and /_stripe/*; resolves false for any other request. */
  handleRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /**
   * Renews or ends subscriptions whose period ended by `now`, then delivers the queued events (those left from the
   * last run too). Runs every 5 s; call it once the webhook URL answers, so a restart's backlog goes out at once.
   */
  sweep(now?: number): Promise<void>;
  close(): Promise<void>;
}

export async function createStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const dir = options.dataDir === undefined ? undefined : path.resolve(options.dataDir, "stripe");
  if (dir !== undefined) await mkdir(dir, { recursive: true, mode: 0o700 });
  const keys = await loadOrCreateKeys(dir);
  const store = await StateStore.open(dir);
  const account = new StripeAccount(store.state, (id) => `${options.apiUrl()}/_stripe/portal/${id}`);
  const sender = webhookSender({ store, url: options.webhookUrl, secret: keys.webhookSecret, log: options.log, retryBaseMs: options.webhookRetryBaseMs });
  const host = { account, keys, save: () => store.save(), deliver: () => sender.kick(), log: options.log };
  const handleApi = createApiHandler(host);
  const handlePortal = createPortalHandler(host);

  async function sweep(now = Date.now()) {
    if (account.sweep(now)) await store.save();
    sender.kick();
  }
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => options.log(`stripe: sweep failed: ${String(error)}`));
  }, SWEEP_EVERY_MS);
  timer.unref();

  return {
    ...keys,
    async handleRequest(request, response) {
      const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
      if (pathname.startsWith("/v1/")) await handleApi(request, response);
      else if (pathname.startsWith("/_stripe/")) await handlePortal(request, response);
      else return false;
      return true;
    },
    sweep,
    async close() {
      clearInterval(timer);
      await sender.close();
      await store.idle();
    },
  };
}
