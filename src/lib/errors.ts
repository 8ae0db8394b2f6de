/**
 * A failure in the browser as a SPEC §3 structured error record, and the last few kept on this
 * device so support can look one up by the code the member reads out.
 */
import {
  categorizeFailure,
  defaultSeverity,
  FAILURE_TEXTS,
  failureFacts,
  FILTERED,
  scrubText,
  SECRET_KEY_PATTERN,
  type ErrorCategory,
  type ErrorSeverity,
} from "@convex/model/observability";

export type ErrorSource = "component" | "route" | "window" | "rejection" | "action";

/** SPEC §3 structured error record, as the browser builds it. */
export interface ErrorRecord {
  /** The support code (LW-7F3K-2Q9D) a member can read out; reports carry it as their reference. */
  id: string;
  category: ErrorCategory;
  severity: ErrorSeverity;
  code: string;
  title: string;
  message: string;
  details?: string;
  context: Record<string, string>;
  recovery: string;
  timestamp: number;
  /** Whether it was handed to error reporting. */
  reported: boolean;
  userId?: string;
  sessionId?: string;
}

export interface ErrorRecordOptions {
  source: ErrorSource;
  userId?: string;
  sessionId?: string;
  context?: Record<string, unknown>;
}

/** Without 0/O and 1/I, so a code read over the phone cannot be misheard; 32 letters, so each byte maps evenly. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const LOCAL_ERRORS_KEY = "lwcc_error_log";
export const LOCAL_ERRORS_KEPT = 20;
/** Enough of a stack to place the failure, small enough for localStorage and a report. */
const DETAILS_MAX_CHARS = 2000;

/** A fresh support code: LW-XXXX-XXXX from 40 random bits. */
export function newReference(): string {
  const code = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => REFERENCE_ALPHABET[byte % 32]).join("");
  return `LW-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Context as strings, with secrets left out by key and token/password parameters blanked in values. */
export function scrubContext(context: Record<string, unknown>): Record<string, string> {
  const scrubbed: Record<string, string> = {};
  for (const [key, value] of Object.entries(context)) {
    if (value === undefined) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    scrubbed[key] = SECRET_KEY_PATTERN.test(key) ? FILTERED : scrubText(text);
  }
  return scrubbed;
}

function codeOf(facts: ReturnType<typeof failureFacts>): string {
  if (facts.code) return facts.code;
  if (facts.status !== undefined) return `HTTP_${facts.status}`;
  return facts.name && facts.name !== "Error" ? facts.name : "UNEXPECTED_ERROR";
}

/** The record of a failure (SPEC §3); id, code, title and message are never empty (SPEC §5). */
export function toErrorRecord(error: unknown, { source, userId, sessionId, context = {} }: ErrorRecordOptions): ErrorRecord {
  const facts = failureFacts(error);
  const category = categorizeFailure(facts);
  const { title, recovery } = FAILURE_TEXTS[category];
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    id: newReference(),
    category,
    severity: defaultSeverity(category),
    code: codeOf(facts),
    title,
    message: scrubText(facts.message?.trim() || title),
    ...(stack ? { details: scrubText(stack.slice(0, DETAILS_MAX_CHARS)) } : {}),
    context: scrubContext({ source, path: typeof window === "undefined" ? undefined : window.location.pathname, ...context }),
    recovery,
    timestamp: Date.now(),
    reported: false,
    ...(userId ? { userId } : {}),
    ...(sessionId ? { sessionId } : {}),
  };
}

/** The records kept on this device, newest first; none when storage cannot be read. */
export function recentLocalErrors(): ErrorRecord[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(LOCAL_ERRORS_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as ErrorRecord[]) : [];
  } catch (error) {
    console.warn("Could not read the local error log", error);
    return [];
  }
}

/** Keeps the record for lookup, dropping the oldest beyond LOCAL_ERRORS_KEPT; a storage failure is only logged. */
export function rememberError(record: ErrorRecord): void {
  try {
    const kept = [record, ...recentLocalErrors().filter((other) => other.id !== record.id)].slice(0, LOCAL_ERRORS_KEPT);
    window.localStorage.setItem(LOCAL_ERRORS_KEY, JSON.stringify(kept));
  } catch (error) {
    console.warn("Could not keep the error in the local error log", error);
  }
}

/** The kept record with this support code, however the member typed it. */
export function findLocalError(reference: string): ErrorRecord | undefined {
  const wanted = reference.trim().toUpperCase();
  return recentLocalErrors().find((record) => record.id === wanted);
}
