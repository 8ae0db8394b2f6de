/**
 * Resilience and observability constants of SPEC §7-§9, and the one place a failure is given its
 * category. Shared by the browser (src/lib/errors.ts, retry.ts, error-reporting.ts, analytics.ts)
 * and the server (the error-reporting tunnel, analytics ingest, monitoring).
 */
import { PAYMENT_ERROR_CODES } from "./paymentErrors";
import type { ErrorCategory, ErrorSeverity } from "./errorRecords";

/** POST, a Convex http action: error reports in Sentry's envelope format (SPEC §7). */
export const SENTRY_TUNNEL_PATH = "/api/sentry-tunnel";
/** POST, a Convex http action: first-party analytics events when PostHog is not configured. */
export const ANALYTICS_PATH = "/api/analytics";

/**
 * The DSN the browser reports under when no SENTRY_DSN is configured: the tunnel then keeps the
 * reports as error records instead of forwarding them. `.invalid` never resolves, so nothing can
 * ever be sent to it directly.
 */
export const LOCAL_SENTRY_DSN = "https://lwcc@errors.lwcc.invalid/1";
/** Envelopes larger than this are refused with 413 before they are read. */
export const TUNNEL_MAX_BYTES = 1024 * 1024;

/** SPEC §9 error-reporting sample rates; all text and inputs masked in replays. */
export const SENTRY_SAMPLE_RATES = { traces: 0.1, replays: 0.01, replaysOnError: 0.1 } as const;

/** SPEC §8: noise error reporting ignores (resize observer, non-error rejections, chunk loads, cross-origin script errors). */
export const IGNORED_ERROR_PATTERNS: readonly RegExp[] = [
  /ResizeObserver loop/i,
  /Non-Error promise rejection captured/i,
  /Non-Error exception captured/i,
  /ChunkLoadError/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /^Script error\.?$/i,
];

/** SPEC §9: analytics starts 100 ms after hydration, and a pageview is sent 100 ms after each navigation. */
export const ANALYTICS_START_DELAY_MS = 100;
export const PAGEVIEW_DELAY_MS = 100;

/** SPEC §9 route load cognitive level: under 200 ms low, under 500 ms medium, else high. */
export const COGNITIVE_LEVEL_LIMITS_MS = { low: 200, medium: 500 } as const;
export type CognitiveLevel = "low" | "medium" | "high";
export const COGNITIVE_LEVELS: readonly CognitiveLevel[] = ["low", "medium", "high"];

export function cognitiveLevel(loadMs: number): CognitiveLevel {
  if (loadMs < COGNITIVE_LEVEL_LIMITS_MS.low) return "low";
  if (loadMs < COGNITIVE_LEVEL_LIMITS_MS.medium) return "medium";
  return "high";
}

/** What is known about a failure, from a thrown error, a ConvexError's data, or an HTTP answer. */
export interface FailureFacts {
  /** A ConvexError's code, a payment code (card_declined), or a vendor's error code. */
  code?: string;
  /** HTTP status, 0 when the request never got an answer. */
  status?: number;
  /** The error's name (TypeError, ChunkLoadError, ...). */
  name?: string;
  message?: string;
  /** The server refused in words meant for the person: a ConvexError carrying a code. */
  personFacing?: boolean;
  /** The refusal names fields to correct (a ConvexError's data.fields). */
  hasFields?: boolean;
}

export type { ErrorCategory, ErrorSeverity };

const NETWORK_MESSAGES = /Failed to fetch|NetworkError|Load failed|Connection lost|Network request failed/i;
const AUTHENTICATION_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN", "ACCOUNT_DEACTIVATED"]);
const PAYMENT_CODES = new Set<string>(PAYMENT_ERROR_CODES.filter((code) => code !== "network_error" && code !== "other"));
const VALIDATION_CODES = /^INVALID_|_REQUIRED$|_INVALID$/;
const DATA_CODES = /(^|_)NOT_FOUND$/;
const VALIDATION_STATUSES = new Set([400, 409, 422]);

/** SPEC §3 categories: which kind of failure this is, decided the same way in the browser and on the server. */
export function categorizeFailure(facts: FailureFacts): ErrorCategory {
  const { code, status, name, message } = facts;
  if (status === 0 || code === "network_error" || name === "ChunkLoadError" || (message !== undefined && NETWORK_MESSAGES.test(message))) {
    return "network";
  }
  if (status === 401 || status === 403 || (code !== undefined && AUTHENTICATION_CODES.has(code))) return "authentication";
  if (status === 402 || (code !== undefined && PAYMENT_CODES.has(code))) return "payment";
  if (facts.hasFields || (status !== undefined && VALIDATION_STATUSES.has(status)) || (code !== undefined && VALIDATION_CODES.test(code))) {
    return "validation";
  }
  if (status === 404 || (code !== undefined && DATA_CODES.test(code))) return "data";
  if (status !== undefined && status >= 500 && status < 600) return "system";
  if (status === 429 || code === "RATE_LIMITED" || facts.personFacing) return "user";
  return "unknown";
}

/**
 * The facts of anything thrown. ConvexErrors are recognised by shape rather than by class, so the
 * public pages need not load convex/values for it.
 */
export function failureFacts(error: unknown): FailureFacts {
  if (typeof error === "string") return { message: error };
  if (typeof error !== "object" || error === null) return {};
  const thrown = error as { name?: unknown; message?: unknown; status?: unknown; code?: unknown; data?: unknown };
  const facts: FailureFacts = {};
  if (typeof thrown.name === "string") facts.name = thrown.name;
  if (typeof thrown.message === "string") facts.message = thrown.message;
  if (typeof thrown.status === "number") facts.status = thrown.status;
  if (typeof thrown.code === "string") facts.code = thrown.code;
  const data = thrown.data as { code?: unknown; message?: unknown; fields?: unknown } | null | undefined;
  if (typeof data === "object" && data !== null && typeof data.code === "string") {
    facts.code = data.code;
    facts.personFacing = true;
    if (typeof data.message === "string") facts.message = data.message;
    if (typeof data.fields === "object" && data.fields !== null && Object.keys(data.fields).length > 0) facts.hasFields = true;
  }
  return facts;
}

/** How serious a failure of this category is, unless the caller knows better. */
export function defaultSeverity(category: ErrorCategory): ErrorSeverity {
  return FAILURE_TEXTS[category].severity;
}

/** Per category: a record's title when nothing better is known, the next step to offer, and the default severity. */
export const FAILURE_TEXTS = {
  network: { title: "Connection problem", recovery: "Check your internet connection, then try again.", severity: "medium" },
  authentication: { title: "Sign-in needed", recovery: "Please sign in again, then try once more.", severity: "medium" },
  validation: { title: "Please check your details", recovery: "Please check the highlighted details and try again.", severity: "low" },
  payment: {
    title: "Payment not completed",
    recovery: "Please check your card details, or try a different payment method.",
    severity: "high",
  },
  data: { title: "Not found", recovery: "This may have moved or been removed. Please go back and try again.", severity: "medium" },
  system: { title: "Problem on our side", recovery: "Please wait a minute and try again.", severity: "high" },
  user: { title: "Request not completed", recovery: "Please read the message, then try again when you are ready.", severity: "low" },
  unknown: {
    title: "Something went wrong",
    recovery: "Please try again. If it keeps happening, contact support and quote the support code.",
    severity: "medium",
  },
} as const satisfies Record<ErrorCategory, { title: string; recovery: string; severity: ErrorSeverity }>;

/** The next step to offer a person after a failure of this category. */
export function recoveryHint(category: ErrorCategory): string {
  return FAILURE_TEXTS[category].recovery;
}

export const FILTERED = "[Filtered]";
/** Keys whose values are never kept or reported. */
export const SECRET_KEY_PATTERN = /password|passwd|token|secret|authorization|cookie|card|cvc/i;
/** key=value pairs (query strings, form bodies, log lines) whose key names a secret. */
const SECRET_PAIR = /([^\s=&?#;,"']*(?:password|passwd|token|secret|authorization|cookie|card|cvc)[^\s=&?#;,"']*)=([^\s&#;,"']*)/gi;

/** Replaces secret values in free text: `token=abc` and `password=abc` in URLs and messages. */
export function scrubText(text: string): string {
  return text.replace(SECRET_PAIR, (_pair, key: string) => `${key}=${FILTERED}`);
}

/** A copy with every value under a secret-looking key replaced, and secrets in strings scrubbed. */
export function scrub(value: unknown): unknown {
  if (typeof value === "string") return scrubText(value);
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY_PATTERN.test(key) ? FILTERED : scrub(inner)]));
  }
  return value;
}

/** Tags the browser sets on an event it reports from a structured error record, read back by the tunnel. */
export const RECORD_TAGS = { category: "lwcc_category", severity: "lwcc_severity", code: "lwcc_code", reference: "lwcc_reference" } as const;
/** The event context the browser puts the record's own title and message in. */
export const RECORD_CONTEXT = "lwcc_record";

/** The scheduler counts as lagging once a due job has waited longer than this. */
export const SCHEDULER_LAG_WARNING_MS = 60_000;
