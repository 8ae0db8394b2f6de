/**
 * Every e-mail the app sends goes through `queueEmail`, in the transaction of the change that
 * causes it. The Resend component holds each e-mail's delivery state and its state machine, in
 * both modes (integrations/email.ts); the `emailOutbox` row is the app's record and the admins'
 * view of it (model/email.ts `outboxState`), brought up to date whenever that state can move:
 * - after Resend's API answered: `sync` polls the component in production, since it reports no
 *   callback for that step; `deliverLocally` answers at once in the embedded default;
 * - on each delivery event: `recordEvent`, the webhook's handler, fed by Resend's webhook in
 *   production and by the local stand-in's Resend-shaped events offline.
 */
import { vEmailEvent } from "@convex-dev/resend";
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { adminQuery, internalAction, internalMutation, internalQuery } from "./functions";
import {
  acceptLocally,
  applyToComponent,
  componentEmail,
  enqueueWithResend,
  holdLocally,
  recordManualSend,
  resendConfigured,
  sendManually,
  type OutgoingEmail,
} from "./integrations/email";
import { recordDeliveryStatus } from "./model/campaignEvents";
import { leftTheQueue, outboxState, type ComponentEmail, type EmailStatus } from "./model/email";
import { outboxByStatus } from "./model/emailAggregates";
import { recordEmailFailure } from "./model/errorRecords";
import { claimWebhookDelivery } from "./model/webhooks";
import { emailOutboxFields } from "./schema";

const outboxValidator = v.object(withSystemFields("emailOutbox", emailOutboxFields));

/** The component's first batch leaves about a second after the first e-mail; look after that. */
const SYNC_FIRST_DELAY_MS = 5_000;
/** Then doubling, up to this: the component retries for about 15 minutes, with backoff too. */
const SYNC_MAX_DELAY_MS = 10 * 60_000;
/** A component that has not finished by then is not coming back (its retries are long over). */
const SYNC_FOR_MS = 24 * 60 * 60_000;
/** Offline, how long the recipient's server "takes" between Resend's sent and final events. */
const LOCAL_DELIVERY_MS = 1_000;

/**
 * Queues one e-mail in the calling transaction. With an idempotency key, an e-mail already queued
 * under it is not queued again (its id is returned): derive the key from what causes the e-mail.
 */
export async function queueEmail(
  ctx: MutationCtx,
  message: OutgoingEmail & { template: string; campaignRecipientId?: Id<"campaignRecipients"> },
  options: { idempotencyKey?: string } = {},
): Promise<Id<"emailOutbox">> {
  const { idempotencyKey } = options;
  if (idempotencyKey !== undefined) {
    const existing = await ctx.db
      .query("emailOutbox")
      .withIndex("by_idempotency_key", (q) => q.eq("idempotencyKey", idempotencyKey))
      .first();
    if (existing) return existing._id;
  }
  const production = resendConfigured();
  // The component's batches carry no attachments: such an e-mail is sent on its own (sendOnItsOwn).
  const onItsOwn = production && Boolean(message.attachments?.length);
  const componentEmailId = production && !onItsOwn ? await enqueueWithResend(ctx, message, idempotencyKey) : await holdLocally(ctx, message);
  const id = await ctx.db.insert("emailOutbox", {
    to: message.to,
    subject: message.subject,
    text: message.text,
    template: message.template,
    createdAt: Date.now(),
    status: "queued",
    componentEmailId,
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.campaignRecipientId !== undefined ? { campaignRecipientId: message.campaignRecipientId } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  });
  await outboxByStatus.insert(ctx, (await ctx.db.get("emailOutbox", id))!);
  if (onItsOwn) await ctx.scheduler.runAfter(0, internal.email.sendOnItsOwn, { id, attempt: 0 });
  else if (production) await ctx.scheduler.runAfter(SYNC_FIRST_DELAY_MS, internal.email.sync, { id, attempt: 0 });
  else await ctx.scheduler.runAfter(0, internal.email.deliverLocally, { id });
  return id;
}

const NEEDS_A_REASON = new Set<EmailStatus>(["failed", "bounced", "complained"]);

/**
 * Brings one outbox row up to the component's state and returns that state (null for a row
 * without one). `reason` is the event's, for failures the component does not keep a message for;
 * a reason already recorded stays while the e-mail is still failed. A new status also moves the
 * row in `outboxByStatus` and, for a campaign e-mail, reaches its recipient's events.
 */
async function refresh(ctx: MutationCtx, row: Doc<"emailOutbox">, reason?: string): Promise<ComponentEmail | null> {
  if (row.componentEmailId === undefined) return null;
  const email = await componentEmail(ctx, row.componentEmailId);
  if (!email) return null;
  const now = Date.now();
  const state = outboxState(email);
  const error = state.error ?? (NEEDS_A_REASON.has(state.status) ? (reason ?? row.error) : undefined);
  if (state.status !== row.status || state.providerId !== row.providerId || error !== row.error) {
    await ctx.db.patch("emailOutbox", row._id, { status: state.status, providerId: state.providerId, error });
  }
  if (state.status !== row.status) {
    // replaceOrInsert: a row queued before the aggregate existed is counted from now on (backfillOutboxStats does the rest).
    await outboxByStatus.replaceOrInsert(ctx, row, (await ctx.db.get("emailOutbox", row._id))!);
    if (row.campaignRecipientId !== undefined) await recordDeliveryStatus(ctx, row.campaignRecipientId, state.status, now);
  }
  await recordEmailFailure(ctx, row, state.status, error, now);
  return email;
}

/** Production: copies the component's state after Resend's API answered (or the retries gave up). */
export const sync = internalMutation({
  args: { id: v.id("emailOutbox"), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { id, attempt }) => {
    const row = await ctx.db.get("emailOutbox", id);
    const email = row ? await refresh(ctx, row) : null;
    if (row && email && !leftTheQueue(email) && Date.now() - row.createdAt < SYNC_FOR_MS) {
      const delay = Math.min(SYNC_FIRST_DELAY_MS * 2 ** (attempt + 1), SYNC_MAX_DELAY_MS);
      await ctx.scheduler.runAfter(delay, internal.email.sync, { id, attempt: attempt + 1 });
    }
    return null;
  },
});

/** Attempts at sending one e-mail on its own before it is recorded as failed. */
const SEND_ATTEMPTS = 6;

/**
 * Production: an e-mail the component's batches cannot carry, sent through Resend's /emails by
 * the SDK under the row's idempotency key (its id when it has none), then recorded in the
 * component, whose webhook handling takes it from there. Rate limits and server errors are
 * retried with backoff, as the component's own batches are.
 */
export const sendOnItsOwn = internalAction({
  args: { id: v.id("emailOutbox"), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { id, attempt }) => {
    const row = await ctx.runQuery(internal.email.outboxRow, { id });
    if (row?.componentEmailId === undefined || row.status !== "queued") return null;
    const result = await sendManually({ to: row.to, subject: row.subject, text: row.text, html: row.html, attachments: row.attachments }, row.idempotencyKey ?? id);
    if (result.kind === "retry" && attempt + 1 < SEND_ATTEMPTS) {
      await ctx.scheduler.runAfter(SYNC_FIRST_DELAY_MS * 2 ** attempt, internal.email.sendOnItsOwn, { id, attempt: attempt + 1 });
      return null;
    }
    await recordManualSend(ctx, row.componentEmailId, result.kind === "retry" ? { kind: "failed", reason: result.reason } : result);
    await ctx.runMutation(internal.email.sync, { id, attempt: 0 });
    return null;
  },
});

export const outboxRow = internalQuery({
  args: { id: v.id("emailOutbox") },
  returns: v.union(outboxValidator, v.null()),
  handler: (ctx, { id }) => ctx.db.get("emailOutbox", id),
});

/** Embedded default: the local stand-in answers for Resend, and its events go to the webhook's handler. */
export const deliverLocally = internalMutation({
  args: { id: v.id("emailOutbox") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const row = await ctx.db.get("emailOutbox", id);
    if (row?.componentEmailId === undefined || row.status !== "queued") return null;
    const events = await acceptLocally(ctx, row.componentEmailId, row, Date.now());
    await refresh(ctx, row);
    for (const [step, event] of events.entries()) {
      await ctx.scheduler.runAfter(step * LOCAL_DELIVERY_MS, internal.email.recordEvent, { eventId: `${event.data.email_id}/${event.type}`, event });
    }
    return null;
  },
});

/**
 * The webhook's handler: one delivery event, applied at most once per delivery id. The id is
 * recorded in the same transaction as the component's change and the outbox row's, so a replay
 * changes nothing. An event about an e-mail whose Resend id `sync` has not copied yet still moves
 * the component; the row catches up at its next sync.
 */
export const recordEvent = internalMutation({
  args: { eventId: v.string(), event: vEmailEvent },
  returns: v.union(v.literal("recorded"), v.literal("duplicate")),
  handler: async (ctx, { eventId, event }) => {
    if (!(await claimWebhookDelivery(ctx, "resend", eventId, Date.now()))) return "duplicate";
    await applyToComponent(ctx, event);
    const row = await ctx.db
      .query("emailOutbox")
      .withIndex("by_provider_id", (q) => q.eq("providerId", event.data.email_id))
      .unique();
    if (row) await refresh(ctx, row, event.type === "email.failed" ? event.data.failed.reason : undefined);
    return "recorded";
  },
});

const BACKFILL_BATCH = 200;

/**
 * Counts outbox rows queued before `outboxByStatus` existed, a batch per run; a row already
 * counted is left as it is. Once after deploying: `npx convex run email:backfillOutboxStats`.
 */
export const backfillOutboxStats = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db.query("emailOutbox").paginate({ numItems: BACKFILL_BATCH, cursor: cursor ?? null });
    for (const row of page) await outboxByStatus.insertIfDoesNotExist(ctx, row);
    if (!isDone) await ctx.scheduler.runAfter(0, internal.email.backfillOutboxStats, { cursor: continueCursor });
    return null;
  },
});

/** Everything sent and how far it got, newest first. */
export const outbox = adminQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(outboxValidator),
  handler: (ctx, { paginationOpts }) => ctx.db.query("emailOutbox").withIndex("by_created").order("desc").paginate(paginationOpts),
});
