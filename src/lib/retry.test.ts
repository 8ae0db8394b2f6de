import type { ErrorCategory } from "@convex/model/observability";
import { ConvexError } from "convex/values";
import { fetchWithRetry, RETRY_POLICIES, retryDelay, withRetry, type RetryOptions } from "./retry";

/** Runs `work` that always fails with `error`, recording the waits instead of waiting. */
async function failures(error: unknown, options: RetryOptions = {}) {
  const delays: number[] = [];
  let attempts = 0;
  const outcome = await withRetry(
    () => {
      attempts++;
      throw error;
    },
    {
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      ...options,
    },
  ).catch((caught: unknown) => caught);
  return { attempts, delays, outcome };
}

const EXAMPLES: Record<ErrorCategory, unknown> = {
  network: new TypeError("Failed to fetch"),
  authentication: new ConvexError({ code: "UNAUTHENTICATED", message: "Please sign in." }),
  validation: new ConvexError({ code: "INVALID_INPUT", message: "Check the form." }),
  payment: new ConvexError({ code: "processing_error", message: "There was an error processing your payment." }),
  data: new ConvexError({ code: "NOT_FOUND", message: "Gone." }),
  system: Object.assign(new Error("Bad gateway"), { status: 502 }),
  user: new ConvexError({ code: "RATE_LIMITED", message: "Too many attempts." }),
  unknown: new Error("boom"),
};

describe("withRetry", () => {
  it.each([
    ["network", 3],
    ["authentication", 1],
    ["validation", 1],
    ["user", 1],
    ["payment", 2],
    ["data", 2],
    ["system", 3],
    ["unknown", 2],
  ] as const)("tries a %s failure %i time(s), then throws it", async (category, attempts) => {
    const error = EXAMPLES[category];
    const result = await failures(error);
    expect(result.attempts).toBe(attempts);
    expect(result.outcome).toBe(error);
  });

  it.each(Object.entries(RETRY_POLICIES))("waits within the %s policy's jitter bounds", async (category, policy) => {
    for (const random of [() => 0, () => 0.999_999, Math.random]) {
      const { delays } = await failures(EXAMPLES[category as ErrorCategory], { random });
      expect(delays).toHaveLength(policy.attempts - 1);
      delays.forEach((delay, index) => {
        const planned = Math.min(policy.initialDelayMs * policy.backoff ** index, policy.maxDelayMs);
        expect(delay).toBeLessThanOrEqual(planned);
        expect(delay).toBeGreaterThanOrEqual(policy.jitter ? planned / 2 : planned);
      });
    }
  });

  it("stops at once on the network policy's stop statuses", async () => {
    for (const status of [401, 403, 404]) {
      const { attempts } = await failures({ status }, { category: () => "network" });
      expect(attempts).toBe(1);
    }
    expect((await failures({ status: 503 }, { category: () => "network" })).attempts).toBe(3);
  });

  it("stops at once on a card decline or missing funds, but retries a processing error", async () => {
    for (const code of ["card_declined", "insufficient_funds"]) {
      expect((await failures(new ConvexError({ code, message: "No." }))).attempts).toBe(1);
    }
    expect((await failures(EXAMPLES.payment)).attempts).toBe(2);
  });

  it("returns a later success, telling onRetry about each retry", async () => {
    const onRetry = vi.fn<NonNullable<RetryOptions["onRetry"]>>();
    let attempt = 0;
    const value = await withRetry(
      () => {
        attempt++;
        if (attempt < 3) throw new Error("Connection lost while action was in flight");
        return Promise.resolve("done");
      },
      { sleep: () => Promise.resolve(), random: () => 0, onRetry },
    );
    expect(value).toBe("done");
    expect(onRetry.mock.calls.map(([retry]) => [retry.attempt, retry.delayMs, retry.category])).toEqual([
      [1, 500, "network"],
      [2, 1000, "network"],
    ]);
  });
});

describe("retryDelay", () => {
  it("backs off, caps at the maximum, and spreads by a factor in [0.5, 1]", () => {
    const { network, payment, data } = RETRY_POLICIES;
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(network, n, () => 0.999_999))).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect(retryDelay(network, 1, () => 0)).toBe(500);
    expect([1, 2, 3].map((n) => retryDelay(payment, n, () => 0.999_999))).toEqual([2000, 3000, 4500]);
    expect([1, 2, 3].map((n) => retryDelay(data, n, () => 0))).toEqual([500, 1000, 2000]);
  });
});

describe("fetchWithRetry", () => {
  const answers = (...steps: (number | "outage")[]) => {
    let calls = 0;
    return vi.fn<typeof fetch>(() => {
      const step = steps[calls++] ?? steps.at(-1)!;
      return step === "outage" ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(new Response(null, { status: step }));
    });
  };
  const instant = { sleep: () => Promise.resolve() };

  it("rides out an outage and a server error", async () => {
    const fetcher = answers("outage", 503, 200);
    const response = await fetchWithRetry("https://lwcc.example/api", undefined, { fetcher, ...instant });
    expect(response.status).toBe(200);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it("returns a refusal at once", async () => {
    for (const status of [400, 401, 404, 429]) {
      const fetcher = answers(status);
      expect((await fetchWithRetry("https://lwcc.example/api", undefined, { fetcher, ...instant })).status).toBe(status);
      expect(fetcher).toHaveBeenCalledTimes(1);
    }
  });

  it("returns the last server error, and throws when no answer ever came", async () => {
    expect((await fetchWithRetry("https://lwcc.example/api", undefined, { fetcher: answers(502), ...instant })).status).toBe(502);
    await expect(fetchWithRetry("https://lwcc.example/api", undefined, { fetcher: answers("outage"), ...instant })).rejects.toThrow(
      "Failed to fetch",
    );
  });
});
