import { PAGEVIEW_DELAY_MS } from "@convex/model/observability";
import { monitorRoutes, pageviewEvent, routePattern, sendPageview, type AnalyticsRouter, type MatchedRoute } from "./analytics-monitor";
import type { PageviewEvent } from "./analytics-events";

const root: MatchedRoute = { routeId: "__root__", fullPath: "/" };
const at = (routeId: string): MatchedRoute[] => [root, { routeId, fullPath: routeId }];

describe("routePattern", () => {
  it("is the deepest route's pattern, never the address", () => {
    expect(routePattern([root, { routeId: "/forum", fullPath: "/forum" }, { routeId: "/forum/t/$threadId", fullPath: "/forum/t/$threadId" }])).toBe("/forum/t/$threadId");
  });

  it("drops an index route's trailing slash, keeps the home page's", () => {
    expect(routePattern(at("/blog/"))).toBe("/blog");
    expect(routePattern(at("/"))).toBe("/");
  });

  it("is null when nothing but the root matched", () => {
    expect(routePattern([root])).toBeNull();
    expect(routePattern([])).toBeNull();
  });
});

describe("pageviewEvent", () => {
  it("carries exactly type, route and a whole, non-negative load time", () => {
    expect(pageviewEvent("/pricing", 123.6)).toStrictEqual({ type: "pageview", route: "/pricing", loadMs: 124 });
    expect(pageviewEvent("/pricing", -3).loadMs).toBe(0);
  });
});

/** A router stand-in: tests fire its events by hand. */
function fakeRouter(matches: MatchedRoute[]) {
  const listeners = new Map<string, ((event: { pathChanged: boolean }) => void)[]>();
  const router: AnalyticsRouter & { emit: (type: string, pathChanged?: boolean) => void } = {
    state: { matches },
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

describe("sendPageview", () => {
  it("sends one view of the route, timed from navigation start to the page's load", async () => {
    const sent: PageviewEvent[][] = [];
    sendPageview("/services/$slug", 900, { sender: () => Promise.resolve((events: PageviewEvent[]) => void sent.push(events)), navigationStart: () => 100 });
    await vi.waitFor(() => expect(sent).toEqual([[{ type: "pageview", route: "/services/$slug", loadMs: 800 }]]));
  });
});

describe("monitorRoutes", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(matches = at("/")) {
    const sent: PageviewEvent[][] = [];
    const router = fakeRouter(matches);
    const hydratedAt = performance.now();
    const stop = monitorRoutes(router, hydratedAt, {
      sender: () => Promise.resolve((events: PageviewEvent[]) => void sent.push(events)),
      navigationStart: () => hydratedAt - 300,
    });
    return { sent, router, stop };
  }

  it("sends the first page with its time to hydration PAGEVIEW_DELAY_MS later, then each new page with its own load time", async () => {
    const { sent, router } = setup();
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[{ type: "pageview", route: "/", loadMs: 300 }]]);

    router.state = { matches: at("/forum/t/$threadId") };
    router.emit("onBeforeNavigate");
    await vi.advanceTimersByTimeAsync(50);
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS);
    expect(sent[1]).toEqual([{ type: "pageview", route: "/forum/t/$threadId", loadMs: 50 }]);
  });

  it("does not count a search change on the same page, and batches views of one moment", async () => {
    const { sent, router } = setup();
    router.emit("onBeforeNavigate", false);
    router.emit("onResolved", false);
    router.emit("onBeforeNavigate");
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(2);
  });

  it("with the first page already counted (before the app started), counts only the pages after it", async () => {
    const sent: PageviewEvent[][] = [];
    const router = fakeRouter(at("/pricing"));
    monitorRoutes(router, 0, { sender: () => Promise.resolve((events: PageviewEvent[]) => void sent.push(events)), firstCounted: true });
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS);
    expect(sent).toEqual([]);
    router.state = { matches: at("/about") };
    router.emit("onBeforeNavigate");
    router.emit("onResolved");
    await vi.advanceTimersByTimeAsync(PAGEVIEW_DELAY_MS);
    expect(sent).toEqual([[{ type: "pageview", route: "/about", loadMs: 0 }]]);
  });

  it("skips pages no route matched (not found)", async () => {
    const { sent } = setup([root]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
  });

  it("never throws when the transport fails to load", async () => {
    const router = fakeRouter(at("/"));
    monitorRoutes(router, 0, { sender: () => Promise.reject(new Error("chunk failed")) });
    await vi.advanceTimersByTimeAsync(10_000);
  });
});
