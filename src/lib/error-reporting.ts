/**
 * Error reporting (SPEC §7-§9): Sentry's SDK, sending through our own tunnel. For members it is
 * loaded once the page has settled (errors, traces and replays); a visitor's browser fetches it
 * only when there is a failure to send, so reading the public pages costs nothing. Failures
 * reported before it has loaded wait in a queue. Window errors and unhandled rejections are
 * caught here, once.
 */
import type * as SentrySdk from "@sentry/react";
import type { AnyRouter } from "@tanstack/react-router";
import {
  failureFacts,
  IGNORED_ERROR_PATTERNS,
  LOCAL_SENTRY_DSN,
  RECORD_CONTEXT,
  RECORD_TAGS,
  scrub,
  SENTRY_SAMPLE_RATES,
  SENTRY_TUNNEL_PATH,
} from "@convex/model/observability";
import { rememberError, toErrorRecord, type ErrorRecord, type ErrorRecordOptions } from "./errors";

type Sdk = typeof SentrySdk;
type SentryEvent = SentrySdk.Event;

/** After the load event, this long and then an idle moment pass before the SDK is fetched. */
const LOAD_AFTER_MS = 5000;
/** Reports kept while the SDK loads; beyond this the oldest are dropped (they stay in the local log). */
const QUEUE_LIMIT = 20;

/** SPEC §8: noise that is never reported (resize observer, non-error rejections, chunk loads, script errors). */
export function shouldIgnore(message: string | undefined): boolean {
  return message !== undefined && IGNORED_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * The event with nothing secret left in it: no request cookies or headers, no value under a key
 * that names a password, token, secret, authorization or cookie (extra, contexts, breadcrumbs and
 * everywhere else), and no token= or password= in any text or URL.
 */
export function scrubEvent<T extends SentryEvent>(event: T): T {
  const { request, ...rest } = event;
  const scrubbed = scrub(rest) as T;
  if (request) {
    const { cookies: _cookies, headers: _headers, ...kept } = request;
    scrubbed.request = scrub(kept) as T["request"];
  }
  return scrubbed;
}

function isNoise(event: SentryEvent): boolean {
  const texts = [event.message, ...(event.exception?.values ?? []).flatMap((value) => [value.value, `${value.type}: ${value.value}`])];
  return texts.some(shouldIgnore);
}

function sentryOptions(sdk: Sdk, router: AnyRouter | undefined): SentrySdk.BrowserOptions {
  return {
    dsn: import.meta.env.VITE_SENTRY_DSN || LOCAL_SENTRY_DSN,
    tunnel: SENTRY_TUNNEL_PATH,
    environment: import.meta.env.MODE,
    tracesSampleRate: SENTRY_SAMPLE_RATES.traces,
    // Whole transactions, so beforeSendTransaction below scrubs them (span streaming would skip it).
    traceLifecycle: "static",
    replaysSessionSampleRate: SENTRY_SAMPLE_RATES.replays,
    replaysOnErrorSampleRate: SENTRY_SAMPLE_RATES.replaysOnError,
    integrations: (defaults) => [
      // Window errors and rejections come through our own listeners, which record them first.
      ...defaults.filter((integration) => integration.name !== "GlobalHandlers"),
      // Transactions named by route pattern, so ids in paths never become transaction names.
      router ? sdk.tanstackRouterBrowserTracingIntegration(router) : sdk.browserTracingIntegration(),
      sdk.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    ignoreErrors: [...IGNORED_ERROR_PATTERNS],
    beforeSend: (event) => (isNoise(event) ? null : scrubEvent(event)),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb) as typeof breadcrumb,
  };
}

function capture(sdk: Sdk, record: ErrorRecord, error: unknown) {
  sdk.captureException(error, {
    tags: {
      [RECORD_TAGS.category]: record.category,
      [RECORD_TAGS.severity]: record.severity,
      [RECORD_TAGS.code]: record.code,
      [RECORD_TAGS.reference]: record.id,
      lwcc_source: record.context.source,
    },
    contexts: { [RECORD_CONTEXT]: { ...record } },
  });
}

/** Runs `work` once the page has loaded, LOAD_AFTER_MS has passed and the browser is idle. */
function whenSettled(work: () => void) {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(work, { timeout: LOAD_AFTER_MS }) : work());
  const later = () => setTimeout(idle, LOAD_AFTER_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

export interface ErrorReporterOptions {
  /** Fetches the SDK; the dynamic import by default, so it is a chunk of its own. */
  load?: () => Promise<Sdk>;
  /** When to fetch it unasked; after the page has settled by default. */
  schedule?: (work: () => void) => void;
}

export function createErrorReporter({ load = () => import("@sentry/react"), schedule = whenSettled }: ErrorReporterOptions = {}) {
  let sdk: Sdk | null = null;
  let router: AnyRouter | undefined;
  let started = false;
  let loading: Promise<void> | null = null;
  const queue: { record: ErrorRecord; error: unknown }[] = [];

  function loadNow(): void {
    loading ??= load()
      .then((loaded) => {
        loaded.init(sentryOptions(loaded, router));
        sdk = loaded;
        for (const { record, error } of queue.splice(0)) capture(loaded, record, error);
      })
      .catch((error: unknown) => console.warn("Error reporting could not start", error));
  }

  let warmed = false;
  /** Fetches the SDK once the page has settled, without waiting for a failure. */
  function warm(): void {
    if (warmed || loading) return;
    warmed = true;
    schedule(loadNow);
  }

  return {
    /**
     * Begins reporting: the SDK is fetched at the first report, and once the page has settled when
     * `eager` (someone is signed in). False if already begun.
     */
    start: (options: { router?: AnyRouter; eager?: boolean } = {}): boolean => {
      if (started) return false;
      started = true;
      router = options.router;
      if (queue.length > 0) loadNow();
      else if (options.eager ?? true) warm();
      return true;
    },

    /** Someone signed in: traces and replays are worth the SDK from now on. */
    warm: () => {
      if (started) warm();
    },

    /** Sends the record's failure, or queues it until the SDK is there; false for noise, which is never sent. */
    report: (record: ErrorRecord, error: unknown): boolean => {
      if (shouldIgnore(record.message) || shouldIgnore(failureFacts(error).name)) return false;
      if (sdk) {
        capture(sdk, record, error);
        return true;
      }
      queue.push({ record, error });
      if (queue.length > QUEUE_LIMIT) queue.shift();
      if (started) loadNow();
      return true;
    },
  };
}

const reporter = createErrorReporter();

/** Reports a failure already recorded; see createErrorReporter().report. */
export const reportError = reporter.report;

/** The same thrown object seen twice (a re-render, a boundary and a listener) is one failure. */
const captured = new WeakMap<object, ErrorRecord>();

/**
 * The one way a failure is handled: its record is built, reported, and kept on this device, and
 * returned so its support code can be shown.
 */
export function captureFailure(error: unknown, options: ErrorRecordOptions): ErrorRecord {
  const known = typeof error === "object" && error !== null ? captured.get(error) : undefined;
  if (known) return known;
  const record = toErrorRecord(error, options);
  record.reported = reportError(record, error);
  rememberError(record);
  if (typeof error === "object" && error !== null) captured.set(error, record);
  return record;
}

/** Window errors and unhandled rejections, noise left out; non-Error rejections are noise (SPEC §8). */
export function installGlobalHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (shouldIgnore(event.message) || !event.error) return;
    captureFailure(event.error, { source: "window" });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!(event.reason instanceof Error) || shouldIgnore(event.reason.message)) return;
    captureFailure(event.reason, { source: "rejection" });
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}

/**
 * Starts error reporting for the app: listeners now; the SDK once the page has settled when someone
 * is signed in (`eager`), else at the first failure. Never blocks rendering.
 */
export function startErrorReporting(router?: AnyRouter, options: { eager?: boolean } = {}): void {
  if (reporter.start({ router, eager: options.eager })) installGlobalHandlers();
}

/** A visitor signed in: the SDK is fetched once the page has settled. */
export const warmErrorReporting = reporter.warm;
