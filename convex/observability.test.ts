/** POST /api/sentry-tunnel and POST /api/analytics (http.ts), end to end through convex-test. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SENTRY_ENVELOPE_URL, SENTRY_TEST_DSN, sentryRateLimited } from "../tests/mocks/sentry";
import { server } from "../tests/mocks/server";
import { http } from "msw";
import { OBSERVABILITY_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { ANALYTICS_PATH, LOCAL_SENTRY_DSN, SENTRY_TUNNEL_PATH, TUNNEL_MAX_BYTES } from "./model/observability";
import { FILTERED } from "./model/observability";
import { newConvexTest } from "./test.setup";
import type { T } from "./test.users";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const records = (t: T) => t.run((ctx) => ctx.db.query("errorRecords").collect());
const routeStats = (t: T) => t.run((ctx) => ctx.db.query("routeStatsDaily").collect());

const EVENT_ID = "9ec79c33ec9942ab8353589fcb2e04dc";

function event(overrides: Record<string, unknown> = {}) {
  return {
    event_id: EVENT_ID,
    timestamp: Date.now() / 1000,
    release: "lwcc@1.2.3",
    environment: "production",
    request: { url: "https://lwcc.example/account/reactivate?token=abc123&next=/dashboard" },
    tags: { route: "/account/reactivate", lwcc_category: "payment", lwcc_severity: "high", lwcc_code: "card_declined", lwcc_reference: "LW-7K2Q-9XTA" },
    exception: {
      values: [
        {
          type: "PaymentError",
          value: "Your card was declined. password=hunter2",
          stacktrace: {
            frames: [
              { function: "submit", filename: "https://lwcc.example/assets/checkout.js?v=1", lineno: 10, colno: 5 },
              { function: "charge", filename: "https://lwcc.example/assets/pay.js", lineno: 42, colno: 7 },
            ],
          },
        },
      ],
    },
    extra: { password: "hunter2", authToken: "tok_123" },
    ...overrides,
  };
}

function envelope(items: Array<{ type: string; payload: unknown }>, dsn = LOCAL_SENTRY_DSN) {
  const lines = [JSON.stringify({ dsn, event_id: EVENT_ID, sent_at: new Date().toISOString() })];
  for (const { type, payload } of items) {
    const body = typeof payload === "string" ? payload : JSON.stringify(payload);
    lines.push(JSON.stringify({ type, length: new TextEncoder().encode(body).length }), body);
  }
  return lines.join("\n");
}

const post = (t: T, body: string, headers: Record<string, string> = {}) =>
  t.fetch(SENTRY_TUNNEL_PATH, { method: "POST", headers: { "content-type": "application/x-sentry-envelope", ...headers }, body });

describe("POST /api/sentry-tunnel without SENTRY_DSN", () => {
  it("keeps an event as the web app's error record, with its tags, and no secret", async () => {
    const t = newConvexTest();
    const response = await post(t, envelope([{ type: "event", payload: event() }]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: EVENT_ID });
    const [record] = await records(t);
    expect(record).toMatchObject({
      service: "web",
      reported: false,
      category: "payment",
      severity: "high",
      code: "card_declined",
      reference: "LW-7K2Q-9XTA",
      title: "PaymentError",
      message: `Your card was declined. password=${FILTERED}`,
      details: "at charge (/assets/pay.js:42:7)\nat submit (/assets/checkout.js:10:5)",
      context: { route: "/account/reactivate", path: "/account/reactivate", release: "lwcc@1.2.3", environment: "production" },
    });
    const stored = JSON.stringify(record);
    for (const secret of ["hunter2", "abc123", "tok_123"]) expect(stored).not.toContain(secret);
  });

  it("falls back to unknown and medium for tags it does not know, and drops other item types", async () => {
    const t = newConvexTest();
    const response = await post(
      t,
      envelope([
        { type: "event", payload: event({ tags: { lwcc_category: "cosmic", lwcc_severity: "apocalyptic" } }) },
        { type: "transaction", payload: { type: "transaction" } },
        { type: "replay_recording", payload: "\u0000\u0001binary" },
        { type: "client_report", payload: { discarded_events: [] } },
      ]),
    );
    expect(response.status).toBe(200);
    const all = await records(t);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ category: "unknown", severity: "medium", code: "PaymentError" });
    expect(all[0]!.reference).toBeUndefined();
  });

  it("accepts an envelope of sessions and replays and stores nothing", async () => {
    const t = newConvexTest();
    const response = await post(t, envelope([{ type: "session", payload: { sid: "s" } }, { type: "replay_event", payload: {} }]));
    expect(response.status).toBe(200);
    expect(await records(t)).toEqual([]);
  });

  it("refuses a malformed envelope, another DSN, and a body too large, storing nothing", async () => {
    const t = newConvexTest();
    const refusals = [
      [await post(t, "not json\n{}"), 400, "MALFORMED_ENVELOPE"],
      [await post(t, `${JSON.stringify({ dsn: LOCAL_SENTRY_DSN })}\n{"type":"event","length":500}\n{}`), 400, "MALFORMED_ENVELOPE"],
      [await post(t, envelope([{ type: "event", payload: "[1, 2]" }])), 400, "MALFORMED_ENVELOPE"],
      [await post(t, envelope([{ type: "event", payload: event() }], "https://key@evil.example/1")), 403, "FOREIGN_DSN"],
      [await post(t, envelope([{ type: "event", payload: event() }], SENTRY_TEST_DSN)), 403, "FOREIGN_DSN"],
      [await post(t, envelope([{ type: "event", payload: event({ extra: { blob: "x".repeat(TUNNEL_MAX_BYTES) } }) }])), 413, "TOO_LARGE"],
      [await post(t, "{}", { "content-length": String(TUNNEL_MAX_BYTES + 1) }), 413, "TOO_LARGE"],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ code, message: OBSERVABILITY_MESSAGES[code] });
    }
    expect(await records(t)).toEqual([]);
  });

  it("lets a burst of 2,000 reports through its rate limit, then answers 429 with Retry-After", async () => {
    // The clock stands still, so the bucket does not refill during the burst.
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const body = envelope([{ type: "session", payload: {} }]);
    for (let i = 0; i < 2_000; i++) expect((await post(t, body)).status).toBe(200);
    const refused = await post(t, envelope([{ type: "event", payload: event() }]));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await records(t)).toEqual([]);
  }, 60_000);
});

describe("POST /api/sentry-tunnel with SENTRY_DSN", () => {
  it("forwards that project's envelope unchanged to Sentry and answers with Sentry's status, storing nothing", async () => {
    vi.stubEnv("SENTRY_DSN", SENTRY_TEST_DSN);
    const t = newConvexTest();
    const forwarded: Array<{ url: string; body: string }> = [];
    const listener = async ({ request }: { request: Request }) => void forwarded.push({ url: request.url, body: await request.clone().text() });
    server.events.on("request:start", listener);
    try {
      const body = envelope([{ type: "event", payload: event() }], SENTRY_TEST_DSN);
      const response = await post(t, body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: EVENT_ID });
      expect(forwarded).toEqual([{ url: "https://o4507.ingest.sentry.io/api/4508/envelope/", body }]);
    } finally {
      server.events.removeListener("request:start", listener);
    }
    expect(await records(t)).toEqual([]);
  });

  it("passes Sentry's rate limit on to the browser's SDK", async () => {
    vi.stubEnv("SENTRY_DSN", SENTRY_TEST_DSN);
    server.use(http.post(SENTRY_ENVELOPE_URL, () => sentryRateLimited()));
    const t = newConvexTest();
    const response = await post(t, envelope([{ type: "event", payload: event() }], SENTRY_TEST_DSN));
    expect(response.status).toBe(429);
    expect(response.headers.get("x-sentry-rate-limits")).toBe("60::organization");
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("is no open relay: the local DSN and other projects are refused", async () => {
    vi.stubEnv("SENTRY_DSN", SENTRY_TEST_DSN);
    const t = newConvexTest();
    for (const dsn of [LOCAL_SENTRY_DSN, "https://0123456789abcdef@o4507.ingest.sentry.io/9999", "https://k@o1.ingest.sentry.io/4508"]) {
      expect((await post(t, envelope([{ type: "event", payload: event() }], dsn))).status).toBe(403);
    }
    expect(await records(t)).toEqual([]);
  });
});

const beacon = (t: Pick<T, "fetch">, body: unknown, type = "application/json") =>
  t.fetch(ANALYTICS_PATH, { method: "POST", headers: { "content-type": type }, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("POST /api/analytics", () => {
  it("adds pageviews to the day's route counters, JSON or text/plain (sendBeacon), and answers 204", async () => {
    const t = newConvexTest();
    const first = await beacon(t, {
      events: [
        { type: "pageview", route: "/forum/t/$threadId", loadMs: 120 },
        { type: "pageview", route: "/forum/t/$threadId", loadMs: 650 },
        { type: "pageview", route: "/" },
      ],
    });
    expect(first.status).toBe(204);
    const second = await beacon(t, { events: [{ type: "pageview", route: "/forum/t/$threadId", loadMs: 300 }] }, "text/plain;charset=UTF-8");
    expect(second.status).toBe(204);
    const day = new Date().toISOString().slice(0, 10);
    const rows = await routeStats(t);
    expect(rows.map(({ _id, _creationTime, ...row }) => row).sort((a, b) => a.route.localeCompare(b.route))).toEqual([
      { day, route: "/", views: 1, timedViews: 0, totalLoadMs: 0, maxLoadMs: 0, low: 0, medium: 0, high: 0 },
      { day, route: "/forum/t/$threadId", views: 3, timedViews: 3, totalLoadMs: 1070, maxLoadMs: 650, low: 1, medium: 1, high: 1 },
    ]);
  });

  it("refuses unknown fields, bad routes and load times, and wrong batch sizes with 400, storing nothing", async () => {
    const t = newConvexTest();
    const pageview = { type: "pageview", route: "/" };
    const bad = [
      "not json",
      { events: [] },
      { events: Array.from({ length: 21 }, () => pageview) },
      { events: [{ ...pageview, userId: "u1" }] },
      { events: [pageview], extra: true },
      { events: [{ ...pageview, type: "click" }] },
      { events: [{ ...pageview, route: "forum" }] },
      { events: [{ ...pageview, route: "/account?token=abc" }] },
      { events: [{ ...pageview, route: `/${"a".repeat(200)}` }] },
      { events: [{ ...pageview, loadMs: -1 }] },
      { events: [{ ...pageview, loadMs: 1.5 }] },
      { events: [{ ...pageview, loadMs: 600_001 }] },
    ];
    for (const body of bad) {
      const response = await beacon(t, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "INVALID_EVENTS", message: OBSERVABILITY_MESSAGES.INVALID_EVENTS });
    }
    expect((await beacon(t, { events: [pageview] }, "application/x-www-form-urlencoded")).status).toBe(415);
    expect(await routeStats(t)).toEqual([]);
  });

  it("takes at most a client's share of 300 parallel beacons and keeps counting everyone else's", async () => {
    // The clock stands still, so no token comes back while the burst is served.
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const flood = t.withRequestMetadata({ ip: "203.0.113.7", userAgent: "flood" });
    const answers = await Promise.all(Array.from({ length: 300 }, () => beacon(flood, { events: [{ type: "pageview", route: "/" }] })));
    const accepted = answers.filter((answer) => answer.status === 204).length;
    expect(accepted).toBe(100);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { code: string; message: string; retryAfter: number };
    expect(body).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.analyticsClient(body.retryAfter), retryAfter: expect.any(Number) as number });
    const reader = t.withRequestMetadata({ ip: "198.51.100.20", userAgent: "reader" });
    expect((await beacon(reader, { events: [{ type: "pageview", route: "/blog" }] })).status).toBe(204);
    expect((await routeStats(t)).map(({ route, views }) => ({ route, views })).sort((a, b) => a.route.localeCompare(b.route))).toEqual([
      { route: "/", views: 100 },
      { route: "/blog", views: 1 },
    ]);
  });
});
