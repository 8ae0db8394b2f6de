/** Retrying by the kind of failure (SPEC §9): the one retry table, and the helpers that follow it. */
import { categorizeFailure, failureFacts, type ErrorCategory } from "@convex/model/observability";

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  attempts: number;
  initialDelayMs: number;
  /** Each further wait is the previous one times this. */
  backoff: number;
  maxDelayMs: number;
  /** Spread the waits at random (see retryDelay), so many browsers do not retry in step. */
  jitter: boolean;
  /** HTTP statuses and error codes after which trying again cannot help. */
  stopOn: readonly (number | string)[];
}

const ONE_ATTEMPT: RetryPolicy = { attempts: 1, initialDelayMs: 0, backoff: 1, maxDelayMs: 0, jitter: false, stopOn: [] };

/** SPEC §9 retry by category. */
export const RETRY_POLICIES: Readonly<Record<ErrorCategory, RetryPolicy>> = {
  network: { attempts: 3, initialDelayMs: 1000, backoff: 2, maxDelayMs: 10_000, jitter: true, stopOn: [401, 403, 404] },
  authentication: ONE_ATTEMPT,
  validation: ONE_ATTEMPT,
  user: ONE_ATTEMPT,
  payment: {
    attempts: 2,
    initialDelayMs: 2000,
    backoff: 1.5,
    maxDelayMs: 5000,
    jitter: true,
    stopOn: ["card_declined", "insufficient_funds"],
  },
  data: { attempts: 2, initialDelayMs: 500, backoff: 2, maxDelayMs: 2000, jitter: false, stopOn: [] },
  system: { attempts: 3, initialDelayMs: 2000, backoff: 2, maxDelayMs: 15_000, jitter: true, stopOn: [] },
  unknown: { attempts: 2, initialDelayMs: 1000, backoff: 2, maxDelayMs: 5000, jitter: true, stopOn: [] },
};

/**
 * The wait after failed attempt `attemptNumber` (1 for the first): initial × backoff^(n-1), capped
 * at maxDelay. Jitter scales that by a random factor in [0.5, 1], so a wait is never longer than
 * planned and never shorter than half of it.
 */
export function retryDelay(policy: RetryPolicy, attemptNumber: number, random: () => number = Math.random): number {
  const planned = Math.min(policy.initialDelayMs * policy.backoff ** (attemptNumber - 1), policy.maxDelayMs);
  return Math.round(policy.jitter ? planned * (0.5 + random() / 2) : planned);
}

export interface RetryOptions {
  /** Which policy a failure follows; by default its own category. */
  category?: (error: unknown) => ErrorCategory;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (retry: { error: unknown; attempt: number; delayMs: number; category: ErrorCategory }) => void;
}

/** The app's clock for retry waits; tests replace its sleep so they need not wait. */
export const retryTimer = {
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

const ownCategory = (error: unknown) => categorizeFailure(failureFacts(error));

function stops(policy: RetryPolicy, error: unknown): boolean {
  const { status, code } = failureFacts(error);
  return (status !== undefined && policy.stopOn.includes(status)) || (code !== undefined && policy.stopOn.includes(code));
}

/**
 * Runs `work` until it succeeds or the policy of its latest failure's category says to stop; the
 * last failure is thrown. Only for work that is safe to repeat.
 */
export async function withRetry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { category = ownCategory, sleep = retryTimer.sleep, random = Math.random, onRetry } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      const kind = category(error);
      const policy = RETRY_POLICIES[kind];
      if (attempt >= policy.attempts || stops(policy, error)) throw error;
      const delayMs = retryDelay(policy, attempt, random);
      onRetry?.({ error, attempt, delayMs, category: kind });
      await sleep(delayMs);
    }
  }
}

/** A server error answer, thrown so a retry can see its status. */
export class HttpError extends Error {
  readonly status: number;

  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
    this.name = "HttpError";
    this.status = response.status;
  }
}

export interface FetchRetryOptions extends RetryOptions {
  fetcher?: typeof fetch;
}

/**
 * fetch that rides out an outage: no answer, or a 5xx, is tried again by the network policy. Any
 * other answer (a 4xx refusal included) is the server's word and returned at once; so is the last
 * 5xx, so callers read responses as they would from fetch. Only for requests safe to repeat.
 */
export async function fetchWithRetry(input: string | URL, init?: RequestInit, options: FetchRetryOptions = {}): Promise<Response> {
  const { fetcher = fetch, ...retry } = options;
  try {
    return await withRetry(
      async () => {
        const response = await fetcher(input, init);
        if (response.status >= 500) throw new HttpError(response);
        return response;
      },
      { category: () => "network", ...retry },
    );
  } catch (error) {
    if (error instanceof HttpError) return error.response;
    throw error;
  }
}
