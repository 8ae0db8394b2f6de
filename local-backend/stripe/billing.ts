/**
 * The stand-in's Stripe account: customers, products, prices, subscriptions with their invoices, PaymentIntents and
 * card PaymentMethods, run the way Stripe Billing runs them (basil and later: periods on subscription items, invoices
 * paid through a PaymentIntent whose client secret is the invoice's `confirmation_secret`). Every method changes
 * the state synchronously and queues the events Stripe would send, in Stripe's order; the caller saves and delivers.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, addYears } from "date-fns";
import type Stripe from "stripe";
import { chargeError, isCardError, readCard, type CardError } from "./cards";
import { invalidParam, missingParam, noSuch, StripeError } from "./errors";
import { event, type RequestInfo } from "./events";
import type { Form, FormValue } from "./form";
import * as objects from "./objects";
import type { Customer, Invoice, InvoiceLine, PaymentIntent, PaymentMethod, Price, Subscription, SubscriptionItem } from "./objects";
import {
  mergeMetadata,
  optionalBoolean,
  optionalForm,
  optionalInteger,
  optionalList,
  optionalString,
  requiredString,
} from "./params";
import type { State } from "./store";

/** Stripe expires a subscription whose first invoice is still unpaid after 23 hours. */
const INCOMPLETE_EXPIRES_AFTER_S = 23 * 60 * 60;
/** How long an idempotency key's answer is kept, as on Stripe. */
const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

type Recurring = { interval: "day" | "week" | "month" | "year"; interval_count: number };
type Stored = { id: string; object: string };

/** The state's collections, by the prefix of the ids they hold (how `expand` resolves an id). */
const COLLECTIONS = {
  cus: "customers",
  prod: "products",
  price: "prices",
  sub: "subscriptions",
  in: "invoices",
  pi: "paymentIntents",
  pm: "paymentMethods",
} as const satisfies Record<string, keyof State>;

/** Fields Stripe leaves out unless they are expanded. */
const INCLUDABLE: Record<string, string[]> = { invoice: ["confirmation_secret"] };

export class StripeAccount {
  constructor(
    readonly state: State,
    private readonly portalUrl: (sessionId: string) => string,
  ) {}

  // --- lookups and rendering ---------------------------------------------------------------------------------------

  get<K extends (typeof COLLECTIONS)[keyof typeof COLLECTIONS]>(collection: K, id: string, what: string, param = "id"): State[K][string] {
    const found = (this.state[collection] as Record<string, State[K][string]>)[id];
    if (!found) throw noSuch(what, id, param);
    return found;
  }

  /** An object as the API returns it: a deep copy, with `expand` paths resolved and unexpanded includables left out. */
  render<T extends Stored>(object: T, expand: string[] = []): T {
    const copy = structuredClone(object) as Stored & Record<string, unknown>;
    for (const path of expand) this.expandPath(copy, path.split("."));
    this.hideIncludables(copy, expand);
    return copy as unknown as T;
  }

  private expandPath(node: unknown, path: string[]): void {
    if (path.length === 0 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) this.expandPath(item, path);
      return;
    }
    const record = node as Record<string, unknown>;
    const [field, ...rest] = path as [string, ...string[]];
    const value = record[field];
    if (typeof value === "string") {
      const collection = COLLECTIONS[value.split("_")[0] as keyof typeof COLLECTIONS];
      const target = collection ? (this.state[collection] as Record<string, Stored>)[value] : undefined;
      if (target) record[field] = structuredClone(target);
    }
    this.expandPath(record[field], rest);
  }

  private hideIncludables(node: unknown, expand: string[], prefix = ""): void {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) this.hideIncludables(item, expand, prefix);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const field of INCLUDABLE[record.object as string] ?? []) {
      if (!expand.includes(`${prefix}${field}`)) delete record[field];
    }
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === "object") this.hideIncludables(value, expand, key === "data" && record.object === "list" ? prefix : `${prefix}${key}.`);
    }
  }

  // --- idempotency -------------------------------------------------------------------------------------------------

  /** The answer kept for an idempotency key; reusing the key with other parameters is refused, as on Stripe. */
  recall(key: string, request: string): { status: number; body: unknown } | undefined {
    const stored = this.state.idempotency[key];
    if (stored && stored.request !== request) {
      throw new StripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one used with the original request.");
    }
    return stored;
  }

  remember(key: string, request: string, status: number, body: unknown, now: number): void {
    this.state.idempotency[key] = { status, body, at: now, request };
  }

  // --- customers, products, prices ---------------------------------------------------------------------------------

  createCustomer(form: Form, request: RequestInfo, now: number): Customer {
    const created = objects.customer(
      {
        email: optionalString(form, "email") ?? null,
        name: optionalString(form, "name") ?? null,
        description: optionalString(form, "description") ?? null,
        metadata: mergeMetadata({}, form),
      },
      now,
    );
    this.state.customers[created.id] = created;
    this.emit("customer.created", created, request, now);
    return created;
  }

  updateCustomer(id: string, form: Form, request: RequestInfo, now: number): Customer {
    const customer = this.get("customers", id, "customer");
    const fields = (["email", "name", "description"] as const).map((field) => [field, optionalString(form, field)] as const);
    const metadata = mergeMetadata(customer.metadata, form);
    const defaultPm = optionalString(optionalForm(form, "invoice_settings") ?? {}, "default_payment_method", "invoice_settings[default_payment_method]");
    if (defaultPm) this.get("paymentMethods", defaultPm, "PaymentMethod", "invoice_settings[default_payment_method]");
    const before = structuredClone(customer);
    for (const [field, value] of fields) if (value !== undefined) customer[field] = value === "" ? null : value;
    customer.metadata = metadata;
    if (defaultPm !== undefined) customer.invoice_settings.default_payment_method = defaultPm === "" ? null : defaultPm;
    this.emitUpdated("customer.updated", before, customer, request, now);
    return customer;
  }

  createProduct(form: Form, now: number): Stripe.Product {
    const created = objects.product(
      {
        name: requiredString(form, "name"),
        description: optionalString(form, "description") ?? null,
        metadata: mergeMetadata({}, form),
        active: optionalBoolean(form, "active") ?? true,
      },
      now,
    );
    this.state.products[created.id] = created;
    return created;
  }

  createPrice(form: Form, now: number): Price {
    const product = requiredString(form, "product");
    this.get("products", product, "product", "product");
    const unitAmount = optionalInteger(form, "unit_amount");
    if (unitAmount === undefined) throw missingParam("unit_amount");
    if (unitAmount < 0) throw invalidParam("unit_amount", "This value must be greater than or equal to 0.");
    const recurringForm = optionalForm(form, "recurring");
    let recurring: Recurring | null = null;
    if (recurringForm) {
      const interval = requiredString(recurringForm, "interval", "recurring[interval]");
      if (!["day", "week", "month", "year"].includes(interval)) {
        throw invalidParam("recurring[interval]", `Invalid recurring[interval]: must be one of day, month, week, or year`);
      }
      const count = optionalInteger(recurringForm, "interval_count", "recurring[interval_count]") ?? 1;
      if (count < 1) throw invalidParam("recurring[interval_count]", "Invalid recurring[interval_count]: must be at least 1");
      recurring = { interval: interval as Recurring["interval"], interval_count: count };
    }
    const lookupKey = optionalString(form, "lookup_key") ?? null;
    const input = {
      product,
      unitAmount,
      currency: requiredString(form, "currency").toLowerCase(),
      recurring,
      lookupKey,
      nickname: optionalString(form, "nickname") ?? null,
      metadata: mergeMetadata({}, form),
      active: optionalBoolean(form, "active") ?? true,
    };
    const holder = lookupKey === null ? undefined : Object.values(this.state.prices).find((p) => p.lookup_key === lookupKey);
    if (holder) {
      // Stripe refuses a taken lookup key unless the new price takes it over.
      if (optionalBoolean(form, "transfer_lookup_key") !== true) throw invalidParam("lookup_key", `A price (\`${holder.id}\`) already uses that lookup key.`);
      holder.lookup_key = null;
    }
    const created = objects.price(input, now);
    this.state.prices[created.id] = created;
    return created;
  }

  listPrices(query: Form): Price[] {
    const lookupKeys = optionalList(query, "lookup_keys");
    const active = optionalBoolean(query, "active");
    const product = optionalString(query, "product");
    return Object.values(this.state.prices)
      .filter((p) => lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key)))
      .filter((p) => active === undefined || p.active === active)
      .filter((p) => product === undefined || p.product === product)
      .sort((a, b) => b.created - a.created);
  }

  // --- subscriptions -----------------------------------------------------------------------------------------------

  createSubscription(form: Form, request: RequestInfo, now: number): Subscription {
    const customer = this.get("customers", requiredString(form, "customer"), "customer", "customer");
    const items = optionalList(form, "items");
    if (items.length === 0) throw missingParam("items");
    if (items.length > 1) throw invalidParam("items", "The local Stripe stand-in supports subscriptions with one item.");
    const itemForm = items[0] as Form;
    const price = this.recurringPrice(requiredString(itemForm, "price", "items[0][price]"), "items[0][price]");
    const quantity = optionalInteger(itemForm, "quantity", "items[0][quantity]") ?? 1;
    const behavior = optionalString(form, "payment_behavior") ?? "allow_incomplete";
    const saveSettings = optionalForm(form, "payment_settings") ?? {};
    const save = optionalString(saveSettings, "save_default_payment_method", "payment_settings[save_default_payment_method]") === "on_subscription";

    const start = objects.seconds(now);
    const sub = objects.subscription({ customer: customer.id, currency: price.currency, metadata: mergeMetadata({}, form), saveDefaultPaymentMethod: save, anchor: start }, now);
    const end = addInterval(start, price.recurring as Recurring, 1);
    const item = objects.subscriptionItem({ subscription: sub.id, price, quantity, periodStart: start, periodEnd: end }, now);
    sub.items.data.push(item);
    const defaultPm = optionalString(form, "default_payment_method");
    if (defaultPm !== undefined) sub.default_payment_method = this.get("paymentMethods", defaultPm, "PaymentMethod", "default_payment_method").id;
    this.state.subscriptions[sub.id] = sub;
    this.emit("customer.subscription.created", sub, request, now);

    const lines = [this.periodLine(sub, item, start, end)];
    const invoice = this.openInvoice(sub, "subscription_create", lines, start, end, request, now);
    if (invoice.status === "paid") this.activate(sub, null, request, now);
    else if (behavior !== "default_incomplete" && this.savedPaymentMethod(sub)) this.chargeOffSession(invoice, request, now);
    return sub;
  }

  updateSubscription(id: string, form: Form, request: RequestInfo, now: number): Subscription {
    const sub = this.get("subscriptions", id, "subscription");
    if (sub.status === "canceled" || sub.status === "incomplete_expired") {
      throw new StripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
    }
    // Everything is read and checked before anything changes: a refused request leaves no trace.
    const metadata = mergeMetadata(sub.metadata, form);
    const cancelAtPeriodEnd = optionalBoolean(form, "cancel_at_period_end");
    const defaultPm = optionalString(form, "default_payment_method");
    if (defaultPm) this.get("paymentMethods", defaultPm, "PaymentMethod", "default_payment_method");
    const behavior = optionalString(form, "proration_behavior") ?? "create_prorations";
    if (!["create_prorations", "always_invoice", "none"].includes(behavior)) {
      throw invalidParam("proration_behavior", `Invalid proration_behavior: must be one of create_prorations, none, or always_invoice`);
    }
    const change = this.itemChange(sub, optionalList(form, "items"));

    const before = structuredClone(sub);
    sub.metadata = metadata;
    if (cancelAtPeriodEnd !== undefined) this.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd, now);
    if (defaultPm !== undefined) sub.default_payment_method = defaultPm === "" ? null : defaultPm;
    let invoiceNow: InvoiceLine[] | null = null;
    if (change) {
      const { lines, newPeriod } = this.changeItem(sub, change.item, change.price, change.quantity, now);
      // A new billing interval always bills at once; otherwise the proration behaviour decides.
      if (newPeriod || behavior === "always_invoice") invoiceNow = lines;
      else if (behavior === "create_prorations") (this.state.pendingLines[sub.id] ??= []).push(...lines);
    }
    this.emitUpdated("customer.subscription.updated", before, sub, request, now);
    if (invoiceNow && invoiceNow.length > 0) {
      const item = sub.items.data[0]!;
      const invoice = this.openInvoice(sub, "subscription_update", invoiceNow, objects.seconds(now), item.current_period_end, request, now);
      if (invoice.status === "open") this.chargeOffSession(invoice, request, now);
    }
    return sub;
  }

  /** The item an update's `items[0]` changes, and to what; undefined when nothing changes. */
  private itemChange(sub: Subscription, items: FormValue[]): { item: SubscriptionItem; price: Price; quantity: number } | undefined {
    if (items.length === 0) return undefined;
    if (items.length > 1) throw invalidParam("items", "The local Stripe stand-in supports subscriptions with one item.");
    const itemForm = items[0] as Form;
    const itemId = requiredString(itemForm, "id", "items[0][id]");
    const item = sub.items.data.find((candidate) => candidate.id === itemId);
    if (!item) throw noSuch("subscription item", itemId, "items[0][id]");
    const priceId = optionalString(itemForm, "price", "items[0][price]");
    const quantity = optionalInteger(itemForm, "quantity", "items[0][quantity]") ?? item.quantity ?? 1;
    const price = priceId === undefined ? item.price : this.recurringPrice(priceId, "items[0][price]");
    if (price.currency !== sub.currency) throw invalidParam("items[0][price]", "The price's currency must match the subscription's currency.");
    return price.id === item.price.id && quantity === item.quantity ? undefined : { item, price, quantity };
  }

  /** The portal's "Cancel plan" / "Keep plan". */
  setCancelAtPeriodEndFromPortal(id: string, cancel: boolean, now: number): Subscription {
    const sub = this.get("subscriptions", id, "subscription");
    if (sub.status === "canceled" || sub.cancel_at_period_end === cancel) return sub;
    const before = structuredClone(sub);
    this.setCancelAtPeriodEnd(sub, cancel, now);
    this.emitUpdated("customer.subscription.updated", before, sub, { id: null, idempotencyKey: null }, now);
    return sub;
  }

  private setCancelAtPeriodEnd(sub: Subscription, cancel: boolean, now: number): void {
    sub.cancel_at_period_end = cancel;
    // As on Stripe: canceled_at is when cancellation was asked for, cancel_at when it takes effect.
    sub.cancel_at = cancel ? (sub.items.data[0]?.current_period_end ?? null) : null;
    sub.canceled_at = cancel ? objects.seconds(now) : null;
    sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: cancel ? "cancellation_requested" : null };
  }

  cancelSubscription(id: string, request: RequestInfo, now: number): Subscription {
    const sub = this.get("subscriptions", id, "subscription");
    if (sub.status === "canceled") {
      throw new StripeError(400, "invalid_request_error", `This subscription has already been canceled: ${sub.id}`, { code: "resource_missing" });
    }
    sub.canceled_at = objects.seconds(now);
    this.end(sub, objects.seconds(now), "cancellation_requested", request, now);
    return sub;
  }

  listSubscriptions(query: Form): Subscription[] {
    const customer = optionalString(query, "customer");
    const status = optionalString(query, "status");
    return Object.values(this.state.subscriptions)
      .filter((s) => customer === undefined || s.customer === customer)
      .filter((s) => (status === undefined ? s.status !== "canceled" : status === "all" || s.status === status))
      .sort((a, b) => b.created - a.created);
  }

  private recurringPrice(id: string, param: string): Price {
    const price = this.get("prices", id, "price", param);
    if (!price.recurring) throw invalidParam(param, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`);
    if (!price.active) throw invalidParam(param, `The price specified is inactive. This field only accepts active prices.`);
    return price;
  }

  /**
   * Moves an item to a new price or quantity and returns the proration lines: the unused rest of the period at the
   * old price credited, the same rest at the new price charged, each rounded to cents. A new billing interval starts
   * a new period now, charged in full.
   */
  private changeItem(sub: Subscription, item: SubscriptionItem, price: Price, quantity: number, now: number): { lines: InvoiceLine[]; newPeriod: boolean } {
    const t = now / 1000;
    const oldPrice = item.price;
    const oldQuantity = item.quantity ?? 1;
    const { current_period_start: start, current_period_end: end } = item;
    const oldRecurring = oldPrice.recurring as Recurring;
    const newRecurring = price.recurring as Recurring;
    const newPeriod = oldRecurring.interval !== newRecurring.interval || oldRecurring.interval_count !== newRecurring.interval_count;
    const unused = Math.min(1, Math.max(0, (end - t) / (end - start)));
    const at = objects.seconds(now);
    const lines: InvoiceLine[] = [];
    const line = (amount: number, linePrice: Price, lineQuantity: number, description: string, periodStart: number, periodEnd: number, proration: boolean) =>
      objects.invoiceLine({
        amount,
        currency: sub.currency,
        description,
        periodStart,
        periodEnd,
        price: linePrice,
        quantity: lineQuantity,
        subscription: sub.id,
        subscriptionItem: item.id,
        proration,
      });
    const credit = Math.round((oldPrice.unit_amount ?? 0) * oldQuantity * unused);
    if (credit !== 0) lines.push(line(-credit, oldPrice, oldQuantity, `Unused time on ${this.describe(oldPrice, oldQuantity)} after ${day(at)}`, at, end, true));

    item.price = price;
    item.plan = objects.plan(price);
    item.quantity = quantity;
    if (newPeriod) {
      const newEnd = addInterval(at, newRecurring, 1);
      item.current_period_start = at;
      item.current_period_end = newEnd;
      sub.billing_cycle_anchor = at;
      if (sub.cancel_at_period_end) sub.cancel_at = newEnd;
      lines.push(line((price.unit_amount ?? 0) * quantity, price, quantity, this.describe(price, quantity), at, newEnd, false));
    } else {
      const charge = Math.round((price.unit_amount ?? 0) * quantity * unused);
      if (charge !== 0) lines.push(line(charge, price, quantity, `Remaining time on ${this.describe(price, quantity)} after ${day(at)}`, at, end, true));
    }
    return { lines, newPeriod };
  }

  private describe(price: Price, quantity: number): string {
    const name = this.state.products[price.product as string]?.name ?? price.nickname ?? price.id;
    return `${quantity} × ${name}`;
  }

  private periodLine(sub: Subscription, item: SubscriptionItem, start: number, end: number): InvoiceLine {
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const money = `${(amount / 100).toFixed(2)} ${item.price.currency.toUpperCase()}`;
    return objects.invoiceLine({
      amount,
      currency: sub.currency,
      description: `${this.describe(item.price, item.quantity ?? 1)} (at ${money} / ${item.price.recurring?.interval ?? "month"})`,
      periodStart: start,
      periodEnd: end,
      price: item.price,
      quantity: item.quantity ?? 1,
      subscription: sub.id,
      subscriptionItem: item.id,
      proration: false,
    });
  }

  /** Cancels now (or at the period end that has come), as DELETE and the sweep do. */
  private end(sub: Subscription, endedAt: number, reason: "cancellation_requested" | "payment_failed", request: RequestInfo, now: number): void {
    sub.status = "canceled";
    sub.ended_at = endedAt;
    sub.canceled_at ??= objects.seconds(now);
    sub.cancel_at_period_end = false;
    sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason };
    delete this.state.pendingLines[sub.id];
    this.emit("customer.subscription.deleted", sub, request, now);
  }

  private activate(sub: Subscription, paymentMethod: string | null, request: RequestInfo, now: number): void {
    const before = structuredClone(sub);
    if (paymentMethod && sub.payment_settings?.save_default_payment_method === "on_subscription") sub.default_payment_method = paymentMethod;
    if (sub.status === "incomplete" || sub.status === "past_due") sub.status = "active";
    this.emitUpdated("customer.subscription.updated", before, sub, request, now);
  }

  private savedPaymentMethod(sub: Subscription): string | null {
    const customer = this.state.customers[sub.customer as string];
    const saved = sub.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
    return typeof saved === "string" ? saved : (saved?.id ?? null);
  }

  // --- invoices and payments ---------------------------------------------------------------------------------------

  /**
   * Creates and finalizes an invoice for the lines (plus prorations waiting for the next invoice). The customer's
   * credit balance pays first; what it leaves is due through a new PaymentIntent, or the invoice is paid at once.
   */
  private openInvoice(
    sub: Subscription,
    reason: Stripe.Invoice.BillingReason,
    lines: InvoiceLine[],
    periodStart: number,
    periodEnd: number,
    request: RequestInfo,
    now: number,
  ): Invoice {
    const customer = this.get("customers", sub.customer as string, "customer");
    const pending = this.state.pendingLines[sub.id] ?? [];
    delete this.state.pendingLines[sub.id];
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const invoice = objects.invoice(
      { customer, subscription: sub, billingReason: reason, lines: [...pending, ...lines], periodStart, periodEnd, number: `${customer.invoice_prefix}-${String(sequence).padStart(4, "0")}` },
      now,
    );
    customer.balance = invoice.ending_balance ?? customer.balance;
    this.state.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    this.emit("invoice.created", invoice, request, now);
    this.emit("invoice.finalized", invoice, request, now);
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, now);
      this.emit("invoice.paid", invoice, request, now);
      this.emit("invoice.payment_succeeded", invoice, request, now);
      return invoice;
    }
    const pi = objects.paymentIntent(
      {
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        description: reason === "subscription_create" ? "Subscription creation" : reason === "subscription_update" ? "Subscription update" : "Subscription cycle",
        metadata: {},
        automaticPaymentMethods: false,
      },
      now,
    );
    this.state.paymentIntents[pi.id] = pi;
    this.state.invoiceOfPaymentIntent[pi.id] = invoice.id;
    invoice.confirmation_secret = { client_secret: pi.client_secret!, type: "payment_intent" };
    this.emit("payment_intent.created", pi, request, now);
    return invoice;
  }

  private markPaid(invoice: Invoice, now: number): void {
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.status_transitions.paid_at = objects.seconds(now);
  }

  /** Charges an open invoice to the subscription's saved card, as a renewal or an `always_invoice` update does. */
  private chargeOffSession(invoice: Invoice, request: RequestInfo, now: number): void {
    const pi = this.paymentIntentOf(invoice);
    const sub = this.state.subscriptions[(invoice.parent?.subscription_details?.subscription as string | undefined) ?? ""];
    const pmId = sub ? this.savedPaymentMethod(sub) : null;
    const pm = pmId ? this.state.paymentMethods[pmId] : undefined;
    if (!pi) return;
    if (!pm) {
      this.fail(pi, null, { code: "payment_method_missing", message: "The customer has no saved payment method to charge." }, request, now);
      return;
    }
    const error = chargeError(this.state.cardOutcomes[pm.id] ?? "generic_decline", false);
    if (error) this.fail(pi, pm, error, request, now);
    else this.succeed(pi, pm, request, now);
  }

  private paymentIntentOf(invoice: Invoice): PaymentIntent | undefined {
    const piId = Object.keys(this.state.invoiceOfPaymentIntent).find((id) => this.state.invoiceOfPaymentIntent[id] === invoice.id);
    return piId ? this.state.paymentIntents[piId] : undefined;
  }

  createPaymentIntent(form: Form, request: RequestInfo, now: number): PaymentIntent {
    const amount = optionalInteger(form, "amount");
    if (amount === undefined) throw missingParam("amount");
    if (amount < 50) throw invalidParam("amount", "Amount must be at least $0.50 usd");
    const customerId = optionalString(form, "customer");
    if (customerId !== undefined) this.get("customers", customerId, "customer", "customer");
    const automatic = optionalForm(form, "automatic_payment_methods");
    const pi = objects.paymentIntent(
      {
        amount,
        currency: requiredString(form, "currency").toLowerCase(),
        customer: customerId ?? null,
        description: optionalString(form, "description") ?? null,
        metadata: mergeMetadata({}, form),
        automaticPaymentMethods: automatic ? optionalBoolean(automatic, "enabled", "automatic_payment_methods[enabled]") === true : false,
      },
      now,
    );
    this.state.paymentIntents[pi.id] = pi;
    this.emit("payment_intent.created", pi, request, now);
    return pi;
  }

  /** The browser's confirmation with card details, in place of Stripe Elements. A decline throws a 402 card error. */
  confirmPaymentIntent(id: string, form: Form, request: RequestInfo, now: number): PaymentIntent {
    const pi = this.get("paymentIntents", id, "payment_intent");
    if (pi.status !== "requires_payment_method" && pi.status !== "requires_confirmation") {
      throw new StripeError(400, "invalid_request_error", `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, {
        code: "payment_intent_unexpected_state",
        payment_intent: this.render(pi),
      });
    }
    const data = optionalForm(form, "payment_method_data");
    if (!data) throw missingParam("payment_method_data");
    if (optionalString(data, "type", "payment_method_data[type]") !== "card") {
      throw invalidParam("payment_method_data[type]", "The local Stripe stand-in takes card payment methods only.");
    }
    const cardForm = optionalForm(data, "card", "payment_method_data[card]");
    if (!cardForm) throw missingParam("payment_method_data[card]");
    const card = readCard(
      {
        number: requiredString(cardForm, "number", "payment_method_data[card][number]"),
        exp_month: requiredString(cardForm, "exp_month", "payment_method_data[card][exp_month]"),
        exp_year: requiredString(cardForm, "exp_year", "payment_method_data[card][exp_year]"),
        cvc: optionalString(cardForm, "cvc", "payment_method_data[card][cvc]"),
      },
      new Date(now),
    );
    if (isCardError(card)) {
      // A live card is declined at the charge; a malformed number, expiry or CVC never gets that far.
      if (card.code === "card_declined") this.fail(pi, null, card, request, now);
      throw this.cardError(card, pi, null);
    }
    const billing = optionalForm(data, "billing_details", "payment_method_data[billing_details]") ?? {};
    const pm = objects.paymentMethod(card, optionalString(billing, "name", "payment_method_data[billing_details][name]") ?? null, null, now);
    this.state.paymentMethods[pm.id] = pm;
    this.state.cardOutcomes[pm.id] = card.outcome;
    const error = chargeError(card.outcome, true);
    if (error) {
      this.fail(pi, pm, error, request, now);
      throw this.cardError(error, pi, pm);
    }
    this.succeed(pi, pm, request, now);
    return pi;
  }

  private cardError(error: CardError, pi: PaymentIntent, pm: PaymentMethod | null): StripeError {
    const { code, decline_code, message, param } = error;
    return new StripeError(402, "card_error", message, {
      code,
      ...(decline_code ? { decline_code } : {}),
      ...(param ? { param } : {}),
      payment_intent: this.render(pi),
      ...(pm ? { payment_method: this.render(pm) } : {}),
    });
  }

  private succeed(pi: PaymentIntent, pm: PaymentMethod, request: RequestInfo, now: number): void {
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.payment_method = pm.id;
    pi.latest_charge = objects.newId("ch");
    pi.last_payment_error = null;
    if (pi.customer) pm.customer = pi.customer as string;
    this.emit("payment_intent.succeeded", pi, request, now);
    const invoice = this.state.invoices[this.state.invoiceOfPaymentIntent[pi.id] ?? ""];
    if (!invoice) return;
    this.markPaid(invoice, now);
    invoice.attempt_count += 1;
    this.emit("invoice.paid", invoice, request, now);
    this.emit("invoice.payment_succeeded", invoice, request, now);
    const sub = this.state.subscriptions[(invoice.parent?.subscription_details?.subscription as string | undefined) ?? ""];
    if (sub && sub.latest_invoice === invoice.id && sub.status !== "canceled") this.activate(sub, pm.id, request, now);
  }

  private fail(pi: PaymentIntent, pm: PaymentMethod | null, error: CardError, request: RequestInfo, now: number): void {
    pi.status = "requires_payment_method";
    pi.payment_method = null;
    pi.last_payment_error = {
      type: "card_error",
      code: error.code,
      ...(error.decline_code ? { decline_code: error.decline_code } : {}),
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      ...(pm ? { payment_method: structuredClone(pm) } : {}),
    };
    this.emit("payment_intent.payment_failed", pi, request, now);
    const invoice = this.state.invoices[this.state.invoiceOfPaymentIntent[pi.id] ?? ""];
    if (!invoice) return;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    this.emit("invoice.payment_failed", invoice, request, now);
    const sub = this.state.subscriptions[(invoice.parent?.subscription_details?.subscription as string | undefined) ?? ""];
    if (sub && sub.status === "active" && sub.latest_invoice === invoice.id) {
      const before = structuredClone(sub);
      sub.status = "past_due";
      this.emitUpdated("customer.subscription.updated", before, sub, request, now);
    }
  }

  // --- billing portal ----------------------------------------------------------------------------------------------

  createPortalSession(form: Form, now: number): objects.PortalSession {
    const customer = this.get("customers", requiredString(form, "customer"), "customer", "customer");
    const session = objects.portalSession({ customer: customer.id, returnUrl: optionalString(form, "return_url") ?? null, url: this.portalUrl }, now);
    this.state.portalSessions[session.id] = session;
    return session;
  }

  // --- time --------------------------------------------------------------------------------------------------------

  /** Renews or ends the subscriptions whose period has ended, and expires unpaid new ones; true if anything changed. */
  sweep(now: number): boolean {
    const at = objects.seconds(now);
    const request = { id: null, idempotencyKey: null };
    let changed = false;
    for (const sub of Object.values(this.state.subscriptions)) {
      if (sub.status === "incomplete" && at - sub.created >= INCOMPLETE_EXPIRES_AFTER_S) {
        this.expire(sub, request, now);
        changed = true;
      }
      if (sub.status !== "active" && sub.status !== "past_due") continue;
      for (;;) {
        const item = sub.items.data[0];
        if (!item || item.current_period_end > at) break;
        changed = true;
        if (sub.cancel_at_period_end) {
          this.end(sub, item.current_period_end, "cancellation_requested", request, now);
          break;
        }
        this.renew(sub, item, request, now);
      }
    }
    for (const [key, answer] of Object.entries(this.state.idempotency)) {
      if (now - answer.at <= IDEMPOTENCY_KEEP_MS) continue;
      delete this.state.idempotency[key];
      changed = true;
    }
    for (const [id, session] of Object.entries(this.state.portalSessions)) {
      if (session.expires_at >= at) continue;
      delete this.state.portalSessions[id];
      changed = true;
    }
    return changed;
  }

  private renew(sub: Subscription, item: SubscriptionItem, request: RequestInfo, now: number): void {
    const before = structuredClone(sub);
    const start = item.current_period_end;
    const end = periodEndAfter(sub.billing_cycle_anchor, item.price.recurring as Recurring, start);
    item.current_period_start = start;
    item.current_period_end = end;
    const invoice = this.openInvoice(sub, "subscription_cycle", [this.periodLine(sub, item, start, end)], start, end, request, now);
    this.emitUpdated("customer.subscription.updated", before, sub, request, now);
    if (invoice.status === "open") this.chargeOffSession(invoice, request, now);
  }

  private expire(sub: Subscription, request: RequestInfo, now: number): void {
    const before = structuredClone(sub);
    sub.status = "incomplete_expired";
    sub.ended_at = objects.seconds(now);
    const invoice = this.state.invoices[(sub.latest_invoice as string | null) ?? ""];
    if (invoice && invoice.status === "open") {
      // The credit balance the invoice took is given back.
      const customer = this.state.customers[sub.customer as string];
      if (customer) customer.balance += invoice.starting_balance - (invoice.ending_balance ?? invoice.starting_balance);
      invoice.status = "void";
      invoice.status_transitions.voided_at = objects.seconds(now);
      const pi = this.paymentIntentOf(invoice);
      if (pi) {
        pi.status = "canceled";
        pi.canceled_at = objects.seconds(now);
        pi.cancellation_reason = "void_invoice";
        this.emit("payment_intent.canceled", pi, request, now);
      }
      this.emit("invoice.voided", invoice, request, now);
    }
    this.emitUpdated("customer.subscription.updated", before, sub, request, now);
  }

  // --- events ------------------------------------------------------------------------------------------------------

  private emit(type: Stripe.Event.Type, object: Stored, request: RequestInfo, now: number, previous?: Record<string, unknown>): void {
    this.state.deliveries.push({ event: event(type, this.render(object), request, now, previous), attempts: 0, nextAttemptAt: 0 });
  }

  /** An `*.updated` event whose `previous_attributes` holds the old value of each top-level field that changed. */
  private emitUpdated(type: Stripe.Event.Type, before: Stored, after: Stored, request: RequestInfo, now: number): void {
    const previous: Record<string, unknown> = {};
    const old = before as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(after)) {
      if (JSON.stringify(old[field]) !== JSON.stringify(value)) previous[field] = old[field] ?? null;
    }
    if (Object.keys(previous).length > 0) this.emit(type, after, request, now, previous);
  }
}

function addInterval(atSeconds: number, recurring: Recurring, times: number): number {
  const date = new TZDate(atSeconds * 1000, "UTC");
  const steps = recurring.interval_count * times;
  const add = { day: addDays, week: addWeeks, month: addMonths, year: addYears }[recurring.interval];
  return objects.seconds(add(date, steps).getTime());
}

/** The first period boundary after `after`, counted from the anchor (so a 31st keeps its day in longer months). */
function periodEndAfter(anchor: number, recurring: Recurring, after: number): number {
  let n = 1;
  while (addInterval(anchor, recurring, n) <= after) n += 1;
  return addInterval(anchor, recurring, n);
}

function day(atSeconds: number): string {
  return new Date(atSeconds * 1000).toISOString().slice(0, 10);
}
