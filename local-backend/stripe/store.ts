/**
 * The stand-in's state: every Stripe object it made, the webhook deliveries still owed, and the answers kept for
 * idempotency keys. With a data dir it lives in `state.json`, rewritten by atomic rename after each change (the
 * state is small: one test account's worth of objects); without one, in memory only.
 */
import { join } from "node:path";
import { readFileOrNull, writeFileDurably } from "../storage/fs-util";
import type { CardOutcome } from "./cards";
import type { Customer, Invoice, InvoiceLine, PaymentIntent, PaymentMethod, PortalSession, Price, Product, Subscription } from "./objects";
import type { StripeEvent } from "./events";

export type Delivery = { event: StripeEvent; attempts: number; nextAttemptAt: number };
/** An idempotency key's answer; `request` fingerprints the parameters it was first used with. */
export type StoredAnswer = { status: number; body: unknown; at: number; request: string };

export interface State {
  customers: Record<string, Customer>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  /** What charging each PaymentMethod does, from the test card it was made with. */
  cardOutcomes: Record<string, CardOutcome>;
  /** The invoice a PaymentIntent pays (basil's PaymentIntent no longer names it). */
  invoiceOfPaymentIntent: Record<string, string>;
  /** Prorations from `create_prorations` updates, by subscription, billed on its next invoice. */
  pendingLines: Record<string, InvoiceLine[]>;
  portalSessions: Record<string, PortalSession>;
  /** Keyed by `<api key>:<method> <path>:<Idempotency-Key>`. */
  idempotency: Record<string, StoredAnswer>;
  /** Events not yet delivered, oldest first. */
  deliveries: Delivery[];
}

const STATE_FILE = "state.json";

export function emptyState(): State {
  return {
    customers: {},
    products: {},
    prices: {},
    subscriptions: {},
    invoices: {},
    paymentIntents: {},
    paymentMethods: {},
    cardOutcomes: {},
    invoiceOfPaymentIntent: {},
    pendingLines: {},
    portalSessions: {},
    idempotency: {},
    deliveries: [],
  };
}

export class StateStore {
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private constructor(
    readonly state: State,
    private readonly file: string | undefined,
  ) {}

  static async open(dir: string | undefined): Promise<StateStore> {
    const file = dir === undefined ? undefined : join(dir, STATE_FILE);
    const saved = file === undefined ? null : await readFileOrNull(file);
    if (!saved) return new StateStore(emptyState(), file);
    try {
      return new StateStore({ ...emptyState(), ...(JSON.parse(saved.toString("utf8")) as Partial<State>) }, file);
    } catch {
      throw new Error(`${file} is not readable Stripe stand-in state; restore it from a backup or delete it to start afresh.`);
    }
  }

  /**
   * Resolves once the state as it is now is on disk. Writes never overlap: changes made during a write are
   * gathered into one next write.
   */
  save(): Promise<void> {
    if (this.file === undefined) return Promise.resolve();
    if (!this.writing) return (this.writing = this.write());
    this.queued ??= this.writing.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued(): Promise<void> {
    this.queued = null;
    return (this.writing = this.write());
  }

  private async write(): Promise<void> {
    try {
      // Owner-only, like keys.json: it holds client secrets.
      await writeFileDurably(this.file!, JSON.stringify(this.state), { mode: 0o600 });
    } finally {
      if (!this.queued) this.writing = null;
    }
  }

  /** Waits for the writes in flight. */
  async idle(): Promise<void> {
    while (this.writing || this.queued) await (this.queued ?? this.writing)?.catch(() => undefined);
  }
}
