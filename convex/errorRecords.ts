/** The server's error records (model/errorRecords.ts) for the admins' errors tab, and the webhooks' way to add one. */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded, LIMITS } from "./model/bounds";
import { v } from "convex/values";
import { adminQuery, internalMutation } from "./functions";
import { recordError } from "./model/errorRecords";
import { OBSERVABILITY_MESSAGES, SYSTEM_ERROR_TEXTS } from "./model/messages";
import { enforceRateLimits, takeRateLimit } from "./model/rateLimits";
import { errorRecordFields } from "./schema";

const errorRecordValidator = v.object(withSystemFields("errorRecords", errorRecordFields));

/** Every record, newest first; with `service`, that service's only. */
export const recent = adminQuery({
  args: { paginationOpts: bounded.paginationOpts, service: v.optional(bounded.token(LIMITS.code)) },
  returns: paginationResultValidator(errorRecordValidator),
  handler: (ctx, { paginationOpts, service }) => {
    const records =
      service === undefined
        ? ctx.db.query("errorRecords").withIndex("by_timestamp")
        : ctx.db.query("errorRecords").withIndex("by_service_and_timestamp", (q) => q.eq("service", service));
    return records.order("desc").paginate(paginationOpts);
  },
});

/** Support-code lookup: the record a member's reference (shown beside the error in the browser) points at. */
export const byReference = adminQuery({
  args: { reference: bounded.line(LIMITS.code) },
  returns: v.union(errorRecordValidator, v.null()),
  handler: (ctx, { reference }) =>
    ctx.db
      .query("errorRecords")
      .withIndex("by_reference", (q) => q.eq("reference", reference.trim()))
      .first(),
});

export const get = adminQuery({
  args: { id: v.id("errorRecords") },
  returns: v.union(errorRecordValidator, v.null()),
  handler: (ctx, { id }) => ctx.db.get("errorRecords", id),
});

/**
 * A webhook delivery refused before anything was applied (bad signature or body): a forgery, or a
 * signing secret out of step with the provider's. Past the rate limit, forgeries go unrecorded.
 */
export const recordWebhookRefusal = internalMutation({
  args: { provider: v.union(v.literal("clerk"), v.literal("resend"), v.literal("stripe")), reason: v.string() },
  returns: v.null(),
  handler: async (ctx, { provider, reason }) => {
    if (!(await takeRateLimit(ctx, "refusedWebhooksOverall"))) return null;
    const { title, recovery } = SYSTEM_ERROR_TEXTS.WEBHOOK_REFUSED;
    await recordError(
      ctx,
      {
        category: "authentication",
        severity: "high",
        code: "WEBHOOK_REFUSED",
        title,
        message: reason,
        recovery,
        service: provider,
      },
      Date.now(),
    );
    return null;
  },
});

const { category, severity, code, title, message, details, context, timestamp, reported, sessionId, reference } = errorRecordFields;
/** A browser error report as model/sentryEnvelope.ts reads it (BrowserReport). */
const browserReportValidator = v.object({
  category,
  severity,
  code,
  title,
  message,
  details,
  context,
  reported: v.optional(reported),
  sessionId,
  timestamp: v.optional(timestamp),
  reference,
});

/**
 * Admits one envelope of the error-reporting tunnel under its rate limit (RATE_LIMITED past it, and
 * nothing is kept), then keeps its reports as the web app's error records: none when the envelope
 * is forwarded to Sentry instead.
 */
export const ingestBrowserReports = internalMutation({
  args: { reports: v.array(browserReportValidator) },
  returns: v.null(),
  handler: async (ctx, { reports }) => {
    await enforceRateLimits(ctx, [{ name: "errorReportsOverall" }], OBSERVABILITY_MESSAGES.BUSY);
    const now = Date.now();
    for (const report of reports) await recordError(ctx, { ...report, service: "web" }, now);
    return null;
  },
});
