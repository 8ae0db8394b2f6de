/**
 * The delivery loop the embedded backend's stand-ins share (Stripe's events, the identity provider's
 * Clerk-shaped user events): one delivery at a time and in order, to the app's webhook route. A
 * failure (network error, non-2xx, or no answer within DELIVERY_TIMEOUT_MS) is retried after 1 s,
 * 2 s, 4 s, ...; after MAX_ATTEMPTS the delivery is dropped with a log line, so one bad event cannot
 * hold back the ones after it for ever. The queue is the caller's, persisted in its own store, so
 * a restart resumes it.
 */

const MAX_ATTEMPTS = 8;
/** A receiver that neither answers nor fails is given up on after this long (the attempt counts as failed). */
const DELIVERY_TIMEOUT_MS = 10_000;

/** Where the deliveries wait, in the caller's store; each change resolves once it is durable. */
export interface DeliveryQueue<D extends { attempts: number; nextAttemptAt: number }> {
  first(): D | undefined;
  /** The delivery left the queue: taken by the receiver, or given up on. */
  remove(delivery: D): Promise<void>;
  retryLater(delivery: D, attempts: number, nextAttemptAt: number): Promise<void>;
}

export interface WebhookDeliveryOptions<D extends { attempts: number; nextAttemptAt: number }> {
  queue: DeliveryQueue<D>;
  url: () => string;
  /** The signed request for one delivery, made at sending so its timestamp is fresh. */
  request: (delivery: D) => { headers: Record<string, string>; body: string };
  /** What a dropped delivery is called in the log line. */
  describe: (delivery: D) => string;
  log: (message: string) => void;
  /** First retry delay; doubles per attempt (tests shorten it). */
  retryBaseMs?: number;
}

export class WebhookDelivery<D extends { attempts: number; nextAttemptAt: number }> {
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;

  constructor(private readonly options: WebhookDeliveryOptions<D>) {}

  /** Starts delivering what is queued, unless a run is already going (it picks up new deliveries itself). */
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
    const { queue, log } = this.options;
    for (let delivery = queue.first(); !this.closed && delivery; delivery = queue.first()) {
      const wait = delivery.nextAttemptAt - Date.now();
      if (wait > 0) {
        await this.sleep(wait);
        continue;
      }
      const failure = await this.send(delivery);
      if (this.closed) return;
      const attempts = delivery.attempts + 1;
      if (failure === null) {
        await queue.remove(delivery);
      } else if (attempts >= MAX_ATTEMPTS) {
        log(`dropped ${this.options.describe(delivery)} after ${attempts} failed deliveries (${failure})`);
        await queue.remove(delivery);
      } else {
        await queue.retryLater(delivery, attempts, Date.now() + (this.options.retryBaseMs ?? 1000) * 2 ** (attempts - 1));
      }
    }
  }

  /** Null when the receiver took the delivery; otherwise why not. */
  private async send(delivery: D): Promise<string | null> {
    const { headers, body } = this.options.request(delivery);
    try {
      const response = await fetch(this.options.url(), {
        method: "POST",
        headers,
        body,
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
