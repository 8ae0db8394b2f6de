/**
 * E-mail through the Resend component (`@convex-dev/resend`), with its embedded default.
 *
 * With RESEND_API_KEY set, `enqueueWithResend` hands the e-mail to the component in the caller's
 * transaction: it batches to Resend's /emails/batch, retries with backoff, keeps to Resend's rate
 * limit and sends each idempotency key once. Resend's delivery webhooks are verified here with the
 * `resend` SDK and applied by the component.
 *
 * Without the key nothing leaves the machine. The e-mail is recorded in the same component (as a
 * "manual" e-mail, which its batch worker never sends), and `acceptLocally` answers for Resend by
 * the rule of model/email.ts: it records what the component records after Resend's answer, and
 * returns the events Resend would then post to the webhook, in Resend's shapes, for the same
 * handler to apply.
 */
import { Resend, vEmailEvent, type EmailEvent, type EmailId } from "@convex-dev/resend";
import { parse } from "convex-helpers/validators";
import { Resend as ResendSdk } from "resend";
import { components } from "../_generated/api";
import { env, type ActionCtx, type MutationCtx } from "../_generated/server";
import { selectAdapters } from "../model/adapters";
import { localOutcome, type ComponentEmail } from "../model/email";

export function resendConfigured(): boolean {
  return selectAdapters({ RESEND_API_KEY: env.RESEND_API_KEY }).email === "resend";
}

/** Resend needs both to send webhooks that can be checked. */
export function resendWebhookConfigured(): boolean {
  return resendConfigured() && Boolean(env.RESEND_WEBHOOK_SECRET?.trim());
}

/**
 * Production health check: one cheap authenticated read of Resend's API (its first domain). Null
 * when Resend answered and knows the key (a key with sending access only is refused with
 * restricted_api_key, which proves both); otherwise Resend's reason. The SDK does not throw.
 */
export async function checkResend(signal: AbortSignal): Promise<string | null> {
  const { error } = await new ResendSdk(env.RESEND_API_KEY).domains.list({ limit: 1 }, { signal });
  return error && error.name !== "restricted_api_key" ? error.message : null;
}

const DEFAULT_SENDER = "LWCC <hello@lwcc.example>";
const sender = () => env.RESEND_FROM_EMAIL?.trim() || DEFAULT_SENDER;

/** The sender as a name and an address ("LWCC <hello@lwcc.example>"), e.g. an invitation's organizer. */
export function senderAddress(): { name: string; email: string } {
  const from = sender();
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  return named ? { name: named[1]!.trim() || "LWCC", email: named[2]! } : { name: "LWCC", email: from };
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part besides the text (campaigns: tracked links and the open pixel). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: { name: string; value: string }[];
  /** Text files sent with it, e.g. a booking's invitation. The component's batches carry none (sendManually does). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

type Ctx = Pick<MutationCtx, "runQuery" | "runMutation">;

/** Built per call, so the key is read from the environment at the time of sending. */
function resend(): Resend {
  // Test mode would only allow Resend's test addresses; members have real ones.
  return new Resend(components.resend, { apiKey: env.RESEND_API_KEY ?? "", testMode: false });
}

/** Production: queued in the component, in the caller's transaction. Returns the component's id. */
export async function enqueueWithResend(ctx: Ctx, message: OutgoingEmail, idempotencyKey?: string): Promise<string> {
  return await resend().sendEmail(ctx, {
    from: sender(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.headers?.length ? { headers: message.headers } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** Embedded default: the component's record of the e-mail, without anything that would send it. */
export async function holdLocally(ctx: Ctx, message: OutgoingEmail): Promise<string> {
  return await ctx.runMutation(components.resend.lib.createManualEmail, {
    from: sender(),
    to: message.to,
    subject: message.subject,
    ...(message.headers?.length ? { headers: message.headers } : {}),
  });
}

/** Text as Resend takes an attachment's content: base64 of its UTF-8 bytes. */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Resend's refusals that say "not now" rather than "never"; no answer at all counts as one. */
const TRANSIENT_ERRORS = new Set(["rate_limit_exceeded", "concurrent_idempotent_requests", "application_error", "internal_server_error"]);

export type ManualSendResult = { kind: "sent"; resendId: string } | { kind: "retry"; reason: string } | { kind: "failed"; reason: string };

/**
 * Production, for what the component's batches cannot carry (attachments): one e-mail through
 * Resend's /emails endpoint with the SDK, as the component's README shows for sendEmailManually.
 * Resend keeps the idempotency key for 24 hours, so a retried send is not delivered twice. A
 * rate limit or a server error may be retried; any other refusal is final.
 */
export async function sendManually(message: OutgoingEmail, idempotencyKey: string): Promise<ManualSendResult> {
  const { data, error } = await new ResendSdk(env.RESEND_API_KEY).emails.send(
    {
      from: sender(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
      ...(message.headers?.length ? { headers: Object.fromEntries(message.headers.map(({ name, value }) => [name, value])) } : {}),
      ...(message.attachments?.length
        ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: base64(file.content) })) }
        : {}),
    },
    { idempotencyKey },
  );
  if (data) return { kind: "sent", resendId: data.id };
  const transient = TRANSIENT_ERRORS.has(error?.name ?? "application_error");
  return { kind: transient ? "retry" : "failed", reason: error?.message ?? "Resend did not answer." };
}

/** Records Resend's answer to a manual send in the component, as its own batches would. */
export async function recordManualSend(ctx: Pick<ActionCtx, "runMutation">, emailId: string, result: Exclude<ManualSendResult, { kind: "retry" }>): Promise<void> {
  await ctx.runMutation(
    components.resend.lib.updateManualEmail,
    result.kind === "sent" ? { emailId, status: "sent", resendId: result.resendId } : { emailId, status: "failed", errorMessage: result.reason },
  );
}

/** The component's record of one e-mail; null once the component cleaned it up. */
export async function componentEmail(ctx: Ctx, emailId: string): Promise<ComponentEmail | null> {
  return await resend().get(ctx, emailId as EmailId);
}

/**
 * Embedded default: Resend's answer to one held e-mail. A refused address ends failed, as the
 * component records a 422; an accepted one is sent under a local id (recognisably not Resend's),
 * and the events Resend would post for it are returned for the webhook handler.
 */
export async function acceptLocally(ctx: Ctx, emailId: string, message: Pick<OutgoingEmail, "to" | "subject">, now: number): Promise<EmailEvent[]> {
  const outcome = localOutcome(message.to);
  if (outcome.kind === "refused") {
    await ctx.runMutation(components.resend.lib.updateManualEmail, { emailId, status: "failed", errorMessage: outcome.reason });
    return [];
  }
  const resendId = `local-${emailId}`;
  await ctx.runMutation(components.resend.lib.updateManualEmail, { emailId, status: "sent", resendId });
  const createdAt = new Date(now).toISOString();
  const data = { created_at: createdAt, email_id: resendId, from: sender(), to: [message.to], subject: message.subject };
  const sent: EmailEvent = { type: "email.sent", created_at: createdAt, data };
  if (outcome.kind === "undeliverable") return [sent, { type: "email.failed", created_at: createdAt, data: { ...data, failed: { reason: outcome.reason } } }];
  return [sent, { type: "email.delivered", created_at: createdAt, data }];
}

/** Hands a verified event to the component, which moves its record of the e-mail (or ignores an unknown one). */
export async function applyToComponent(ctx: Ctx, event: EmailEvent): Promise<void> {
  await ctx.runMutation(components.resend.lib.handleEmailEvent, { event });
}

/** The e-mail events the component tracks; Resend's other events (contacts, domains...) are not ours. */
const TRACKED_EVENTS = new Set<string>(vEmailEvent.members.map((member) => member.fields.type.value));

export type WebhookDelivery =
  | { kind: "event"; eventId: string; event: EmailEvent }
  | { kind: "ignored" }
  | { kind: "refused"; reason: string };

/**
 * One delivery of Resend's webhook: its signature checked over the raw body (Resend signs with
 * Svix; the SDK refuses a wrong signature or a timestamp more than five minutes off), then its
 * body read in the shape the component accepts. `eventId` is the delivery's svix-id, stable
 * across Resend's retries, for de-duplication.
 */
export function readResendWebhook(body: string, headers: Headers): WebhookDelivery {
  const eventId = headers.get("svix-id") ?? "";
  let payload: unknown;
  try {
    payload = new ResendSdk(env.RESEND_API_KEY).webhooks.verify({
      payload: body,
      headers: { id: eventId, timestamp: headers.get("svix-timestamp") ?? "", signature: headers.get("svix-signature") ?? "" },
      webhookSecret: env.RESEND_WEBHOOK_SECRET ?? "",
    });
  } catch (error) {
    // The SDK parses the body only after the signature matched.
    return { kind: "refused", reason: error instanceof SyntaxError ? "Malformed event" : "Invalid webhook signature" };
  }
  const type = typeof payload === "object" && payload !== null && "type" in payload ? payload.type : undefined;
  if (typeof type === "string" && !TRACKED_EVENTS.has(type)) return { kind: "ignored" };
  try {
    return { kind: "event", eventId, event: parse(vEmailEvent, payload) };
  } catch {
    return { kind: "refused", reason: "Malformed event" };
  }
}
