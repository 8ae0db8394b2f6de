import type * as SentrySdk from "@sentry/react";
import { IGNORED_ERROR_PATTERNS, LOCAL_SENTRY_DSN, SENTRY_SAMPLE_RATES, SENTRY_TUNNEL_PATH } from "@convex/model/observability";
import { createErrorReporter, installGlobalHandlers, scrubEvent, shouldIgnore } from "./error-reporting";
import { recentLocalErrors, toErrorRecord } from "./errors";

/** A stand-in for the SDK that records what it was given. */
function fakeSdk() {
  const sdk = {
    init: vi.fn<(options: SentrySdk.BrowserOptions) => undefined>(),
    captureException: vi.fn<(error: unknown, hint: { tags: Record<string, string>; contexts: Record<string, unknown> }) => string>(),
    browserTracingIntegration: () => ({ name: "BrowserTracing" }),
    tanstackRouterBrowserTracingIntegration: () => ({ name: "BrowserTracing" }),
    replayIntegration: vi.fn(() => ({ name: "Replay" })),
  };
  return { sdk, load: () => Promise.resolve(sdk as unknown as typeof SentrySdk) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("shouldIgnore", () => {
  it.each([
    "ResizeObserver loop completed with undelivered notifications.",
    "ResizeObserver loop limit exceeded",
    "Non-Error promise rejection captured with value: undefined",
    "Non-Error exception captured with keys: code",
    "ChunkLoadError: Loading chunk 7 failed.",
    "Loading CSS chunk dashboard failed",
    "Failed to fetch dynamically imported module: https://lwcc.example/assets/dashboard.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
    "Script error.",
  ])("ignores %s", (message) => {
    expect(shouldIgnore(message)).toBe(true);
  });

  it("keeps real failures", () => {
    for (const message of ["Cannot read properties of undefined (reading 'id')", "Failed to fetch", "Script error in widget", undefined]) {
      expect(shouldIgnore(message)).toBe(false);
    }
  });
});

describe("scrubEvent", () => {
  it("leaves no password, token, secret, authorization or cookie in the event", () => {
    const event = {
      message: "POST /auth/reset?token=tok-in-message failed",
      request: {
        url: "https://lwcc.example/reset?token=tok-in-url&step=2",
        cookies: { session: "cookie-value" },
        headers: { Authorization: "Bearer header-value", Cookie: "c=cookie-header" },
        query_string: "token=tok-in-query",
        data: { email: "maya@example.com", password: "hunter2" },
      },
      extra: { password: "hunter2-extra", nested: { refreshToken: "refresh-value", note: "ok" } },
      contexts: { form: { clientSecret: "pi_secret_value", authorization: "Basic basic-value" } },
      breadcrumbs: [
        { category: "fetch", data: { url: "/auth/token?access_token=crumb-token", method: "POST" } },
        { category: "ui.input", message: "password=typed-value", data: { Cookie: "crumb-cookie" } },
      ],
      exception: { values: [{ type: "Error", value: "GET /x?password=in-exception" }] },
    } satisfies SentrySdk.Event;
    const text = JSON.stringify(scrubEvent(event));
    for (const secret of [
      "tok-in-message",
      "tok-in-url",
      "cookie-value",
      "header-value",
      "cookie-header",
      "tok-in-query",
      "hunter2",
      "refresh-value",
      "pi_secret_value",
      "basic-value",
      "crumb-token",
      "typed-value",
      "crumb-cookie",
      "in-exception",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("maya@example.com");
    expect(text).toContain('"note":"ok"');
    expect(text).toContain("step=2");
  });
});

describe("error reporter", () => {
  it("fetches the SDK only once the page has settled, when nothing goes wrong", async () => {
    const { sdk, load } = fakeSdk();
    let scheduled: (() => void) | undefined;
    const reporter = createErrorReporter({ load, schedule: (work) => (scheduled = work) });
    reporter.start();
    await flush();
    expect(sdk.init).not.toHaveBeenCalled();
    scheduled!();
    await flush();
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it("for a visitor, fetches the SDK only for a failure, or once someone signs in", async () => {
    const quiet = fakeSdk();
    const scheduled: (() => void)[] = [];
    const visitor = createErrorReporter({ load: quiet.load, schedule: (work) => scheduled.push(work) });
    visitor.start({ eager: false });
    await flush();
    expect(scheduled).toEqual([]);
    expect(quiet.sdk.init).not.toHaveBeenCalled();

    expect(visitor.report(toErrorRecord(new Error("boom"), { source: "component" }), new Error("boom"))).toBe(true);
    await flush();
    expect(quiet.sdk.captureException).toHaveBeenCalledTimes(1);

    const later = fakeSdk();
    const signingIn = createErrorReporter({ load: later.load, schedule: (work) => scheduled.push(work) });
    signingIn.start({ eager: false });
    signingIn.warm();
    signingIn.warm();
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    await flush();
    expect(later.sdk.init).toHaveBeenCalledTimes(1);
  });

  it("queues reports made before the SDK has loaded and sends them once it has", async () => {
    const { sdk, load } = fakeSdk();
    const reporter = createErrorReporter({ load, schedule: () => {} });
    const early = toErrorRecord(new Error("early"), { source: "component" });

    expect(reporter.report(early, new Error("early"))).toBe(true);
    await flush();
    expect(sdk.init).not.toHaveBeenCalled();

    reporter.start();
    await flush();
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.captureException).toHaveBeenCalledTimes(1);
    const [, hint] = sdk.captureException.mock.calls[0]!;
    expect(hint.tags).toEqual({
      lwcc_category: "unknown",
      lwcc_severity: "medium",
      lwcc_code: "UNEXPECTED_ERROR",
      lwcc_reference: early.id,
      lwcc_source: "component",
    });
    expect(hint.contexts.lwcc_record).toMatchObject({ id: early.id, message: "early" });

    const later = toErrorRecord(new Error("later"), { source: "route" });
    reporter.report(later, new Error("later"));
    expect(sdk.captureException).toHaveBeenCalledTimes(2);
  });

  it("fetches the SDK at once for a report made after start, and configures it per SPEC §9", async () => {
    const { sdk, load } = fakeSdk();
    const reporter = createErrorReporter({ load, schedule: () => {} });
    reporter.start();
    reporter.report(toErrorRecord(new Error("boom"), { source: "action" }), new Error("boom"));
    await flush();
    const options = sdk.init.mock.calls[0]![0];
    expect(options).toMatchObject({
      dsn: LOCAL_SENTRY_DSN,
      tunnel: SENTRY_TUNNEL_PATH,
      tracesSampleRate: SENTRY_SAMPLE_RATES.traces,
      replaysSessionSampleRate: SENTRY_SAMPLE_RATES.replays,
      replaysOnErrorSampleRate: SENTRY_SAMPLE_RATES.replaysOnError,
      ignoreErrors: IGNORED_ERROR_PATTERNS,
    });
    const integrations = (options.integrations as (defaults: { name: string }[]) => { name: string }[])([
      { name: "GlobalHandlers" },
      { name: "Dedupe" },
    ]);
    expect(integrations.map((integration) => integration.name)).toEqual(["Dedupe", "BrowserTracing", "Replay"]);
    expect(sdk.replayIntegration).toHaveBeenCalledWith({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
    const beforeSend = options.beforeSend as (event: SentrySdk.ErrorEvent) => SentrySdk.ErrorEvent | null;
    expect(
      beforeSend({ type: undefined, exception: { values: [{ type: "ChunkLoadError", value: "Loading chunk 3 failed." }] } }),
    ).toBeNull();
    expect(beforeSend({ type: undefined, message: "real" })).toEqual({ type: undefined, message: "real" });
    expect(sdk.captureException).toHaveBeenCalledTimes(1);
  });

  it("never sends noise", async () => {
    const { sdk, load } = fakeSdk();
    const reporter = createErrorReporter({ load, schedule: (work) => work() });
    reporter.start();
    await flush();
    const chunk = Object.assign(new Error("Loading chunk 9 failed."), { name: "ChunkLoadError" });
    expect(reporter.report(toErrorRecord(chunk, { source: "route" }), chunk)).toBe(false);
    expect(sdk.captureException).not.toHaveBeenCalled();
  });
});

describe("window listeners", () => {
  it("record window errors and Error rejections, but not noise", () => {
    const stop = installGlobalHandlers();
    try {
      window.dispatchEvent(new ErrorEvent("error", { message: "ResizeObserver loop completed with undelivered notifications." }));
      window.dispatchEvent(new ErrorEvent("error", { message: "Script error." }));
      window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught Error: broken widget", error: new Error("broken widget") }));
      const rejection = (reason: unknown) => Object.assign(new Event("unhandledrejection"), { reason, promise: Promise.resolve() });
      window.dispatchEvent(rejection("just a string"));
      window.dispatchEvent(rejection(new Error("save failed")));
    } finally {
      stop();
    }
    expect(recentLocalErrors().map((record) => [record.context.source, record.message])).toEqual([
      ["rejection", "save failed"],
      ["window", "broken widget"],
    ]);
  });
});
