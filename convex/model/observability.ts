/**
 * Resilience and observability constants of SPEC §7-§9, and the one place a failure is given its
 * category. Shared by the browser (src/lib/errors.ts, retry.ts, error-reporting.ts, analytics.ts)
 * and the server (the error-reporting tunnel, analytics ingest, monitoring).
 */
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
}

export type { ErrorCategory, ErrorSeverity };

/** The scheduler counts as lagging once a due job has waited longer than this. */
export const SCHEDULER_LAG_WARNING_MS = 60_000;
