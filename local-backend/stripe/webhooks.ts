/**
 * Delivers queued events to the webhook URL, one at a time and in order, each signed by the SDK's own
 * `generateTestHeaderString` (the same scheme `constructEvent` checks). A failure (network error or non-2xx) is
 * retried after 1 s, 2 s, 4 s, ...; after MAX_ATTEMPTS the event is dropped with a log line, so one bad event cannot
 * hold back the ones after it for ever. The queue is in the persisted state, so a restart resumes it.
 */
import Stripe from "stripe";
import type { StateStore } from "./store";

const MAX_ATTEMPTS = 8;
/** A receiver that neither answers nor fails is given up on after this long (the attempt counts as failed). */
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookSenderOptions {
  store: StateStore;
  url: () => string;
  secret: string;
  log: (message: string) => void;
  /** First retry delay; doubles per attempt (tests shorten it). */
  retryBaseMs?: number;
}

export class WebhookSender {
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Starts delivering what is queued, unless a delivery run is already going (it picks up new events itself). */
  kick(): void {
    if (this.closed) return;
    this.wake?.();
    this.running ??= this.run()
      .catch((error: unknown) => this.options.log(`webhook delivery stopped: ${String(error)}`))
      .finally(() => (this.running = null));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.wake?.();
    await this.running;
  }

  private async run(): Promise<void> {
    const { store, log } = this.options;
    const queue = store.state.deliveries;
    while (!this.closed && queue.length > 0) {
      const delivery = queue[0]!;
      const wait = delivery.nextAttemptAt - Date.now();
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      const failure = await this.send(JSON.stringify(delivery.event, null, 2));
      if (this.closed) return;
      delivery.attempts += 1;
      if (failure === null) {
        queue.shift();
      } else if (delivery.attempts >= MAX_ATTEMPTS) {
        queue.shift();
        log(`stripe: dropped ${delivery.event.type} ${delivery.event.id} after ${delivery.attempts} failed deliveries (${failure})`);
      } else {
        delivery.nextAttemptAt = Date.now() + (this.options.retryBaseMs ?? 1000) * 2 ** (delivery.attempts - 1);
      }
      await store.save();
    }
  }

  /** Null when the receiver took the event; otherwise why not. */
  private async send(payload: string): Promise<string | null> {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret });
    try {
      const response = await fetch(this.options.url(), {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Waits `ms`, or less if new work arrives or the sender closes. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    }).then(() => {
      this.wake = null;
    });
  }
}
