import { ANALYTICS_START_DELAY_MS } from "@convex/model/observability";
import { doNotTrack, startAnalytics } from "./analytics";
import type { AnalyticsRouter } from "./analytics-monitor";

describe("doNotTrack", () => {
  it("honours Do Not Track on navigator or window, and Global Privacy Control", () => {
    expect(doNotTrack({ doNotTrack: "1" }, {})).toBe(true);
    expect(doNotTrack({ doNotTrack: null }, { doNotTrack: "1" })).toBe(true);
    expect(doNotTrack({ doNotTrack: null, globalPrivacyControl: true }, {})).toBe(true);
    expect(doNotTrack({ doNotTrack: "0", globalPrivacyControl: false }, { doNotTrack: null })).toBe(false);
  });
});

describe("startAnalytics", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(dnt: boolean) {
    let resolved: (() => void) | undefined;
    const router: AnalyticsRouter = {
      state: { matches: [] },
      subscribe: vi.fn((_type, listener: (event: { pathChanged: boolean }) => void) => {
        resolved = () => listener({ pathChanged: true });
        return () => (resolved = undefined);
      }),
    };
    const monitorRoutes = vi.fn();
    const load = vi.fn(() => Promise.resolve({ monitorRoutes, sendPageview: vi.fn() }));
    startAnalytics(router, { load, dnt: () => dnt });
    return { router, load, monitorRoutes, resolve: () => resolved?.() };
  }

  it("loads the monitor ANALYTICS_START_DELAY_MS after hydration, once, with the hydration time", async () => {
    const { router, load, monitorRoutes, resolve } = setup(false);
    resolve();
    resolve(); // later navigations are the monitor's to see
    await vi.advanceTimersByTimeAsync(ANALYTICS_START_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(monitorRoutes).toHaveBeenCalledWith(router, expect.any(Number), { firstCounted: false });
  });

  it("under Do Not Track loads nothing and listens to nothing", async () => {
    const { router, load } = setup(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(router.subscribe).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });
});

describe("countPageBeforeStart", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Which part counted the first page is the module's state: each case starts from a fresh page.
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  async function page() {
    const analytics = await import("./analytics");
    const monitor = { monitorRoutes: vi.fn(), sendPageview: vi.fn() };
    const load = vi.fn(() => Promise.resolve(monitor));
    let hydrated: (() => void) | undefined;
    const router: AnalyticsRouter = {
      state: { matches: [] },
      subscribe: vi.fn((_type, listener: (event: { pathChanged: boolean }) => void) => {
        hydrated = () => listener({ pathChanged: true });
        return () => {};
      }),
    };
    const startApp = () => {
      analytics.startAnalytics(router, { load, dnt: () => false });
      hydrated?.();
    };
    return { analytics, monitor, load, startApp };
  }

  it("counts a page the app has not started on, once, and the app then counts only later pages", async () => {
    const { analytics, monitor, load, startApp } = await page();
    analytics.countPageBeforeStart("/services/$slug", 420, { load, dnt: () => false });
    await vi.advanceTimersByTimeAsync(ANALYTICS_START_DELAY_MS);
    expect(monitor.sendPageview).toHaveBeenCalledWith("/services/$slug", 420);
    startApp();
    await vi.advanceTimersByTimeAsync(ANALYTICS_START_DELAY_MS);
    expect(monitor.monitorRoutes).toHaveBeenCalledWith(expect.anything(), expect.any(Number), { firstCounted: true });
  });

  it("leaves the page to the app when the app starts first", async () => {
    const { analytics, monitor, load, startApp } = await page();
    analytics.countPageBeforeStart("/pricing", 300, { load, dnt: () => false });
    startApp();
    await vi.advanceTimersByTimeAsync(ANALYTICS_START_DELAY_MS * 2);
    expect(monitor.sendPageview).not.toHaveBeenCalled();
    expect(monitor.monitorRoutes).toHaveBeenCalledWith(expect.anything(), expect.any(Number), { firstCounted: false });
  });

  it("sends nothing under Do Not Track", async () => {
    const { analytics, load } = await page();
    analytics.countPageBeforeStart("/pricing", 300, { load, dnt: () => true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).not.toHaveBeenCalled();
  });
});
