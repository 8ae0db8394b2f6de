/**
 * The server's structured error records (SPEC §3) and their groups. Each record is one
 * occurrence; its group (same service, code and message) is kept in the same transaction, so the
 * errors tab reads counts and the latest occurrence without counting records.
 */
import type { Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { errorCategoryValidator, errorSeverityValidator } from "../schema";
import type { EmailStatus } from "./email";
import type { ErrorReporting } from "./emailDashboard";
import { SYSTEM_ERROR_TEXTS } from "./messages";

export type ErrorCategory = Infer<typeof errorCategoryValidator>;
export type ErrorSeverity = Infer<typeof errorSeverityValidator>;

/** Lowest first: a group takes the highest severity it has seen. */
export const ERROR_SEVERITIES: readonly ErrorSeverity[] = ["low", "medium", "high", "critical"];

/** Groups listed on the dashboard's errors summary, latest first. */
export const RECENT_ERROR_GROUPS = 20;
/** Critical groups counted at most, so the count stays one bounded read. */
const CRITICAL_GROUPS_COUNTED = 500;
const DAY_MS = 24 * 60 * 60_000;

export interface ErrorRecordInput {
  category: ErrorCategory;
  severity: ErrorSeverity;
  code: string;
  title: string;
  message: string;
  /** Which part of the system failed (email, database, stripe, ...): records are grouped per service. */
  service: string;
  details?: string;
  context?: Record<string, string>;
  recovery?: string;
  /** Whether it was also passed to an outside error tracker; the server's own records are not. */
  reported?: boolean;
  userId?: Id<"users">;
  sessionId?: string;
  /** When it happened, when that was before it was recorded (a browser's report, a probe). */
  timestamp?: number;
  /** The support code the member saw beside the error (reports from the web app). */
  reference?: string;
}

/** SPEC §5: a record needs a non-empty code, title and message (its id is the document's); the service groups it. */
export function validateErrorRecord(input: Pick<ErrorRecordInput, "code" | "title" | "message" | "service">): void {
  const empty = (["code", "title", "message", "service"] as const).filter((field) => input[field].trim() === "");
  if (empty.length > 0) throw new Error(SYSTEM_ERROR_TEXTS.incomplete(empty));
}

/** Occurrences of the same failure share it: service, code and message. */
export function errorFingerprint(input: Pick<ErrorRecordInput, "service" | "code" | "message">): string {
  return JSON.stringify([input.service, input.code, input.message]);
}

export function higherSeverity(a: ErrorSeverity, b: ErrorSeverity): ErrorSeverity {
  return ERROR_SEVERITIES.indexOf(a) >= ERROR_SEVERITIES.indexOf(b) ? a : b;
}

/** Records one occurrence at `now` (unless it carries its own time) and counts it in its group, in the caller's transaction. */
export async function recordError(ctx: MutationCtx, input: ErrorRecordInput, now: number): Promise<Id<"errorRecords">> {
  validateErrorRecord(input);
  const { timestamp = now, reported = false, ...fields } = input;
  const fingerprint = errorFingerprint(input);
  const id = await ctx.db.insert("errorRecords", { ...fields, timestamp, reported, fingerprint });
  const group = await ctx.db
    .query("errorGroups")
    .withIndex("by_fingerprint", (q) => q.eq("fingerprint", fingerprint))
    .unique();
  if (!group) {
    await ctx.db.insert("errorGroups", {
      fingerprint,
      service: input.service,
      code: input.code,
      severity: input.severity,
      message: input.message,
      count: 1,
      firstAt: timestamp,
      lastAt: timestamp,
      lastRecordId: id,
    });
  } else {
    const latest = timestamp >= group.lastAt;
    await ctx.db.patch("errorGroups", group._id, {
      count: group.count + 1,
      severity: higherSeverity(group.severity, input.severity),
      firstAt: Math.min(group.firstAt, timestamp),
      ...(latest ? { lastAt: timestamp, lastRecordId: id } : {}),
    });
  }
  return id;
}

const EMAIL_FAILURES = {
  failed: { code: "EMAIL_FAILED", category: "network", severity: "high", texts: SYSTEM_ERROR_TEXTS.EMAIL_FAILED },
  bounced: { code: "EMAIL_BOUNCED", category: "validation", severity: "medium", texts: SYSTEM_ERROR_TEXTS.EMAIL_BOUNCED },
} as const satisfies Partial<Record<EmailStatus, { code: string; category: ErrorCategory; severity: ErrorSeverity; texts: object }>>;

/**
 * Records an outbox e-mail that has just ended failed or bounced: call it where the row's status is
 * brought up to date, with the row as it was and the status and reason it is getting. Anything
 * else (another status, or one the row already had) records nothing and returns null.
 */
export async function recordEmailFailure(
  ctx: MutationCtx,
  row: Doc<"emailOutbox">,
  status: EmailStatus,
  error: string | undefined,
  now: number,
): Promise<Id<"errorRecords"> | null> {
  if (status === row.status || (status !== "failed" && status !== "bounced")) return null;
  const { code, category, severity, texts } = EMAIL_FAILURES[status];
  return await recordError(
    ctx,
    {
      category,
      severity,
      code,
      title: texts.title,
      message: error?.trim() || texts.message,
      recovery: texts.recovery,
      service: "email",
      context: { outboxId: row._id, to: row.to, template: row.template },
    },
    now,
  );
}

/** SPEC §3 errorReporting: critical failures of the last day, and the latest failures with their counts. */
export async function errorReporting(ctx: QueryCtx, now: number): Promise<ErrorReporting> {
  const critical = await ctx.db
    .query("errorGroups")
    .withIndex("by_severity_and_last", (q) => q.eq("severity", "critical").gt("lastAt", now - DAY_MS))
    .take(CRITICAL_GROUPS_COUNTED);
  const recent = await ctx.db.query("errorGroups").withIndex("by_last").order("desc").take(RECENT_ERROR_GROUPS);
  return {
    criticalErrors: critical.length,
    recentErrors: recent.map((group) => ({
      id: group._id,
      severity: group.severity,
      service: group.service,
      occurredAt: group.lastAt,
      message: group.message,
      count: group.count,
    })),
  };
}
