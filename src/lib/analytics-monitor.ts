/**
 * The route performance monitor, loaded by analytics.ts after hydration: one pageview per page,
 * with the route's pattern and its load time (navigation start to router resolved; the first
 * page from the browser's navigation start to hydration). Each view is sent PAGEVIEW_DELAY_MS
 * after it resolved, views of the same moment in one batch.
 */
import { PAGEVIEW_DELAY_MS } from "@convex/model/observability";
import type { PageviewEvent, SendEvents } from "./analytics-events";
import { chooseSender } from "./analytics-transport";

/** The fields read of a TanStack route match. */
export interface MatchedRoute {
  routeId: string;
  fullPath: string;
}

/** What the monitor needs of the router: its events and the resolved matches. */
export interface AnalyticsRouter {
  subscribe(event: "onBeforeNavigate" | "onResolved", listener: (event: { pathChanged: boolean }) => void): () => void;
  state: { matches: readonly MatchedRoute[] };
}

const ROOT_ROUTE_ID = "__root__";

/** The deepest matched route's pattern, without a trailing slash; null when only the root matched (not found). */
export function routePattern(matches: readonly MatchedRoute[]): string | null {
  const leaf = matches.at(-1);
  if (!leaf || leaf.routeId === ROOT_ROUTE_ID) return null;
  return leaf.fullPath.length > 1 ? leaf.fullPath.replace(/\/$/, "") : "/";
}

/** Only these three fields leave the browser. */
export function pageviewEvent(route: string, loadMs: number): PageviewEvent {
  return { type: "pageview", route, loadMs: Math.max(0, Math.round(loadMs)) };
}

function pageNavigationStart(): number {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return entry?.startTime ?? 0;
}

export interface MonitorOptions {
  sender?: () => Promise<SendEvents>;
  /** The page on screen was already counted (sendPageview, before the app started): count only later pages. */
  firstCounted?: boolean;
  /** performance.now() at the start of the page's own navigation (0 wherever navigation timing exists). */
  navigationStart?: () => number;
}

/**
 * One pageview on its own: a prerendered page shown without the app (it starts on the first
 * interaction), whose load time runs to the page's load event, `loadedAt`.
 */
export function sendPageview(route: string, loadedAt: number, options: Omit<MonitorOptions, "firstCounted"> = {}): void {
  const { sender = chooseSender, navigationStart = pageNavigationStart } = options;
  sender()
    .then((send) => send([pageviewEvent(route, loadedAt - navigationStart())]))
    .catch(() => {});
}

/** Counts the page on screen (hydrated at `hydratedAt`) and every later one; returns a stop. */
export function monitorRoutes(router: AnalyticsRouter, hydratedAt: number, options: MonitorOptions = {}): () => void {
  const { sender = chooseSender, navigationStart = pageNavigationStart, firstCounted = false } = options;
  const send = sender().catch(() => null);
  let queue: PageviewEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let navigationStartedAt: number | null = null;

  const record = (loadMs: number) => {
    const route = routePattern(router.state.matches);
    if (route === null) return;
    queue.push(pageviewEvent(route, loadMs));
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      const batch = queue;
      queue = [];
      void send.then((transport) => transport?.(batch)).catch(() => {});
    }, PAGEVIEW_DELAY_MS);
  };

  if (!firstCounted) record(hydratedAt - navigationStart());
  const stopBefore = router.subscribe("onBeforeNavigate", () => {
    navigationStartedAt = performance.now();
  });
  const stopResolved = router.subscribe("onResolved", ({ pathChanged }) => {
    const startedAt = navigationStartedAt;
    navigationStartedAt = null;
    // A search or hash change (a tab, a filter) is not a new page.
    if (pathChanged && startedAt !== null) record(performance.now() - startedAt);
  });
  return () => {
    stopBefore();
    stopResolved();
    clearTimeout(flushTimer);
  };
}
