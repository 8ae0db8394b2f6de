import { ANALYTICS_PATH, ANALYTICS_START_DELAY_MS, PAGEVIEW_DELAY_MS } from "@convex/model/observability";
import { beaconSender, doNotTrack, pageviewEvent, routePattern, startAnalytics, type AnalyticsRouter, type MatchedRoute, type PageviewEvent } from "./analytics";

const root: MatchedRoute = { routeId: "__root__", fullPath: "/" };

describe("routePattern", () => {
  it("is the deepest route's pattern, never the address", () => {
    expect(routePattern([root, { routeId: "/forum", fullPath: "/forum" }, { routeId: "/forum/t/$threadId", fullPath: "/forum/t/$threadId" }])).toBe("/forum/t/$threadId");
  });

  it("drops an index route's trailing slash, keeps the home page's", () => {
    expect(routePattern([root, { routeId: "/blog/", fullPath: "/blog/" }])).toBe("/blog");
    expect(routePattern([root, { routeId: "/", fullPath: "/" }])).toBe("/");
  });

  it("is null when nothing but the root matched", () => {
    expect(routePattern([root])).toBeNull();
    expect(routePattern([])).toBeNull();
  });
});

describe("doNotTrack", () => {
  it("honours Do Not Track on navigator or window, and Global Privacy Control", () => {
    expect(doNotTrack({ doNotTrack: "1" }, {})).toBe(true);
    expect(doNotTrack({ doNotTrack: null }, { doNotTrack: "1" })).toBe(true);
    expect(doNotTrack({ doNotTrack: null, globalPrivacyControl: true }, {})).toBe(true);
    expect(doNotTrack({ doNotTrack: "0", globalPrivacyControl: false }, { doNotTrack: null })).toBe(false);
  });
});

describe("pageviewEvent", () => {
  it("carries exactly type, route and a whole, non-negative load time", () => {
    expect(pageviewEvent("/pricing", 123.6)).toStrictEqual({ type: "pageview", route: "/pricing", loadMs: 124 });
    expect(pageviewEvent("/pricing", -3).loadMs).toBe(0);
  });
});

describe("beaconSender", () => {
  it("sends the batch as a JSON string to the analytics path by beacon", () => {
    const sendBeacon = vi.fn(() => true);
    const post = vi.fn();
    beaconSender({ sendBeacon }, post)([pageviewEvent("/faq", 40)]);
    expect(sendBeacon).toHaveBeenCalledWith(ANALYTICS_PATH, '{"events":[{"type":"pageview","route":"/faq","loadMs":40}]}');
    expect(post).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch, and ignores its failure", async () => {
    const post = vi.fn(() => Promise.reject(new Error("offline")));
    beaconSender({ sendBeacon: () => false }, post)([pageviewEvent("/faq", 40)]);
    expect(post).toHaveBeenCalledWith(ANALYTICS_PATH, expect.objectContaining({ method: "POST", keepalive: true, body: '{"events":[{"type":"pageview","route":"/faq","loadMs":40}]}' }));
    await Promise.resolve();
  });
});

/** A router stand-in: tests fire its events by hand. */
function fakeRouter() {
  const listeners = new Map<string, ((event: { pathChanged: boolean }) => void)[]>();
  const router: AnalyticsRouter & { emit: (type: string, pathChanged?: boolean) => void } = {
    state: { matches: [root, { routeId: "/", fullPath: "/" }] },
    subscribe(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      return () => listeners.set(type, (listeners.get(type) ?? []).filter((item) => item !== listener));
    },
    emit(type, pathChanged = true) {
      for (const listener of listeners.get(type) ?? []) listener({ pathChanged });
    },
  };
  return router;
}

describe("startAnalytics", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(dnt = false) {
    const sent: PageviewEvent[][] = [];
    const sender = vi.fn(() => Promise.resolve((events: PageviewEvent[]) => void sent.push(events)));
    const router = fakeRouter();
    const stop = startAnalytics(router, { sender, dnt: () => dnt, navigationStart: () => performance.now() - 300 });
    return { sent, sender, router, stop };
  }

  it("sends the first page with its time to hydration, then each new page with its own load time", async () => {
    const { sent, router } = setup();
    router.emit("onBeforeNavigate");
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(Math.max(ANALYTICS_START_DELAY_MS, PAGEVIEW_DELAY_MS));
    expect(sent).toEqual([[{ type: "pageview", route: "/", loadMs: 300 }]]);

    router.state = { matches: [root, { routeId: "/forum/t/$threadId", fullPath: "/forum/t/$threadId" }] };
    router.emit("onBeforeNavigate");
    await vi.advanceTimersByTimeAsync(50);
    router.emit("onResolved");
    router.emit("onResolved", false); // a search change on the same page
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS);
    expect(sent[1]).toEqual([{ type: "pageview", route: "/forum/t/$threadId", loadMs: 50 }]);
    expect(sent).toHaveLength(2);
  });

  it("waits PAGEVIEW_DELAY_MS before sending, and sends views of one moment together", async () => {
    const { sent, router } = setup();
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(ANALYTICS_START_DELAY_MS + PAGEVIEW_DELAY_MS);
    router.emit("onResolved");
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toHaveLength(2);
  });

  it("sends nothing, and loads no transport, under Do Not Track", async () => {
    const { sent, sender, router } = setup(true);
    router.emit("onResolved");
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sender).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("skips pages no route matched (not found)", async () => {
    const { sent, router } = setup();
    router.state = { matches: [root] };
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
  });

  it("never throws when the transport fails to load", async () => {
    const router = fakeRouter();
    startAnalytics(router, { sender: () => Promise.reject(new Error("chunk failed")), dnt: () => false });
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(10_000);
  });
});
