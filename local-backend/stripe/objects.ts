/**
 * Stripe objects in the shapes the `stripe` SDK declares for API 2026-10-28.endive, as they travel on the wire
 * (decimal fields are strings there; the SDK turns them into its Decimal type when it reads them). Every field the
 * type requires is present, with the value Stripe gives when the feature behind it is not in use.
 */
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { ReadCard } from "./cards";

/** A type as JSON carries it: the SDK's Decimal is a decimal string. */
export type Wire<T> = T extends Stripe.Decimal
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

export type Customer = Stripe.Customer;
export type Product = Stripe.Product;
export type Price = Wire<Stripe.Price>;
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type Subscription = Wire<Stripe.Subscription> & { items: { data: SubscriptionItem[] } };
export type InvoiceLine = Wire<Stripe.InvoiceLineItem>;
export type Invoice = Wire<Stripe.Invoice> & { lines: { data: InvoiceLine[] } };
export type PaymentIntent = Stripe.PaymentIntent;
export type PaymentMethod = Stripe.PaymentMethod;
/** A portal session; `expires_at` is ours (Stripe keeps it private), the page refuses the session after it. */
export type PortalSession = Stripe.BillingPortal.Session & { expires_at: number };
export type Metadata = Record<string, string>;

export const API_VERSION = "2026-10-28.endive";

/** A Stripe-style id: the object's prefix and 24 random characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

export function customer(input: { email: string | null; name: string | null; description: string | null; metadata: Metadata }, now: number): Customer {
  return {
    id: newId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: seconds(now),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function product(input: { name: string; description: string | null; metadata: Metadata; active: boolean }, now: number): Product {
  return {
    id: newId("prod"),
    object: "product",
    active: input.active,
    created: seconds(now),
    default_price: null,
    description: input.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: seconds(now),
    url: null,
  };
}

export type PriceInput = {
  product: string;
  unitAmount: number;
  currency: string;
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number } | null;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Metadata;
  active: boolean;
};

export function price(input: PriceInput, now: number): Price {
  return {
    id: newId("price"),
    object: "price",
    active: input.active,
    billing_scheme: "per_unit",
    created: seconds(now),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: input.nickname,
    product: input.product,
    recurring: input.recurring && { ...input.recurring, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? "recurring" : "one_time",
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
}

/** The legacy `plan` every subscription item still carries, made from its (recurring) price. */
export function plan(from: Price): Wire<Stripe.Plan> {
  return {
    id: from.id,
    object: "plan",
    active: from.active,
    amount: from.unit_amount,
    amount_decimal: from.unit_amount_decimal,
    billing_scheme: from.billing_scheme,
    created: from.created,
    currency: from.currency,
    interval: from.recurring?.interval ?? "month",
    interval_count: from.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: from.metadata,
    meter: null,
    nickname: from.nickname,
    product: from.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function subscriptionItem(input: { subscription: string; price: Price; quantity: number; periodStart: number; periodEnd: number }, now: number): SubscriptionItem {
  return {
    id: newId("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: seconds(now),
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: plan(input.price),
    price: input.price,
    quantity: input.quantity,
    subscription: input.subscription,
    tax_rates: [],
  };
}

export function subscription(
  input: { customer: string; currency: string; metadata: Metadata; saveDefaultPaymentMethod: boolean; anchor: number },
  now: number,
): Subscription {
  const id = newId("sub");
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: seconds(now),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: { object: "list", data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: input.saveDefaultPaymentMethod ? "on_subscription" : "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: seconds(now),
    status: "incomplete",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

export type LineInput = {
  amount: number;
  currency: string;
  description: string;
  periodStart: number;
  periodEnd: number;
  price: Price;
  quantity: number;
  subscription: string;
  subscriptionItem: string;
  proration: boolean;
};

export function invoiceLine(input: LineInput): InvoiceLine {
  return {
    id: newId("il"),
    object: "line_item",
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    discount_amounts: [],
    discountable: !input.proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: input.proration ? newId("ii") : null,
        proration: input.proration,
        proration_details: { credited_items: null },
        subscription: input.subscription,
        subscription_item: input.subscriptionItem,
      },
    },
    period: { start: input.periodStart, end: input.periodEnd },
    pretax_credit_amounts: [],
    pricing: { type: "price_details", price_details: { price: input.price.id, product: input.price.product as string }, unit_amount_decimal: input.price.unit_amount_decimal },
    quantity: input.quantity,
    quantity_decimal: String(input.quantity),
    subscription: input.subscription,
    subtotal: input.amount,
    taxes: [],
  };
}

export function invoice(
  input: {
    customer: Customer;
    subscription: Subscription;
    billingReason: Stripe.Invoice.BillingReason;
    lines: InvoiceLine[];
    periodStart: number;
    periodEnd: number;
    number: string;
  },
  now: number,
): Invoice {
  const id = newId("in");
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  // A credit balance (negative) pays what it can; what is left over stays on the customer.
  const startingBalance = input.customer.balance;
  const amountDue = Math.max(0, total + startingBalance);
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "LWCC (test mode)",
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    confirmation_secret: null,
    created: seconds(now),
    currency: input.subscription.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: seconds(now),
    ending_balance: Math.min(0, total + startingBalance),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: input.lines.map((line) => ({ ...line, invoice: id })), has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: input.subscription.id, metadata: { ...input.subscription.metadata } },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: "open",
    status_transitions: { finalized_at: seconds(now), marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

export function paymentIntent(
  input: { amount: number; currency: string; customer: string | null; description: string | null; metadata: Metadata; automaticPaymentMethods: boolean },
  now: number,
): PaymentIntent {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`,
    confirmation_method: "automatic",
    created: seconds(now),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
}

export function paymentMethod(card: ReadCard, billingName: string | null, customerId: string | null, now: number): PaymentMethod {
  return {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: billingName, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: seconds(now),
    customer: customerId,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function portalSession(input: { customer: string; returnUrl: string | null; url: (id: string) => string }, now: number): PortalSession {
  const id = newId("bps");
  return {
    id,
    object: "billing_portal.session",
    configuration: "bpc_local_default",
    created: seconds(now),
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: input.url(id),
    expires_at: seconds(now) + 60 * 60,
  };
}
