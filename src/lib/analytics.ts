/**
 * Anonymous page counts and route load times (SPEC §7, §9). Part of every page's first JavaScript,
 * so it stays tiny: PostHog, when configured, is a chunk of its own fetched after start. Nothing
 * is sent under Do Not Track; nothing here may ever break the page.
 */
import { ANALYTICS_PATH, ANALYTICS_START_DELAY_MS, PAGEVIEW_DELAY_MS } from "@convex/model/observability";

export interface PageviewEvent {
  type: "pageview";
  /** The route's pattern (/forum/t/$threadId), never the address with its ids or query. */
  route: string;
  loadMs: number;
}

/** The fields analytics.ts reads of a TanStack route match. */
export interface MatchedRoute {
  routeId: string;
  fullPath: string;
}

const ROOT_ROUTE_ID = "__root__";

/** The deepest matched route's pattern, without a trailing slash; null when only the root matched (not found). */
export function routePattern(matches: readonly MatchedRoute[]): string | null {
  const leaf = matches.at(-1);
  if (!leaf || leaf.routeId === ROOT_ROUTE_ID) return null;
  return leaf.fullPath.length > 1 ? leaf.fullPath.replace(/\/$/, "") : "/";
}

type DntNavigator = Pick<Navigator, "doNotTrack"> & { globalPrivacyControl?: boolean };
type DntWindow = { doNotTrack?: string | null };

/** Do Not Track or Global Privacy Control, however the browser spells it. */
export function doNotTrack(nav: DntNavigator, win: DntWindow): boolean {
  return nav.doNotTrack === "1" || win.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/** Only these three fields leave the browser. */
export function pageviewEvent(route: string, loadMs: number): PageviewEvent {
  return { type: "pageview", route, loadMs: Math.max(0, Math.round(loadMs)) };
}

export type SendEvents = (events: PageviewEvent[]) => void;

/**
 * First-party transport: one JSON body per batch, as a beacon (survives leaving the page; a plain
 * string, so no preflight) or a keepalive fetch.
 */
export function beaconSender(nav: Pick<Navigator, "sendBeacon"> | undefined = navigator, post: typeof fetch = fetch): SendEvents {
  return (events) => {
    const body = JSON.stringify({ events });
    try {
      if (nav?.sendBeacon?.(ANALYTICS_PATH, body)) return;
    } catch {
      // A refused beacon falls through to fetch.
    }
    post(ANALYTICS_PATH, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
  };
}

async function defaultSender(): Promise<SendEvents> {
  const key = import.meta.env.VITE_POSTHOG_KEY;
  if (!key) return beaconSender();
  const { posthogSender } = await import("./analytics-posthog");
  return posthogSender(key, import.meta.env.VITE_POSTHOG_HOST);
}

/** What the monitor needs of the router: its events and the resolved matches. */
export interface AnalyticsRouter {
  subscribe(event: "onBeforeNavigate" | "onResolved", listener: (event: { pathChanged: boolean }) => void): () => void;
  state: { matches: readonly MatchedRoute[] };
}

export interface AnalyticsOptions {
  sender?: () => Promise<SendEvents>;
  /** performance.now() at the start of the page's own navigation (0 in every browser that has navigation timing). */
  navigationStart?: () => number;
  dnt?: () => boolean;
}

function pageNavigationStart(): number {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return entry?.startTime ?? 0;
}

/**
 * The performance monitor: each resolved navigation becomes a pageview with its load time
 * (navigation start to resolved; the first page from the browser's navigation start to
 * hydration, its first resolve). Sending starts ANALYTICS_START_DELAY_MS after hydration and each
 * view waits PAGEVIEW_DELAY_MS; views that arrive meanwhile share one batch. Returns a stop.
 */
export function startAnalytics(router: AnalyticsRouter, options: AnalyticsOptions = {}): () => void {
  const { sender = defaultSender, navigationStart = pageNavigationStart, dnt = () => doNotTrack(navigator, window as DntWindow) } = options;
  if (dnt()) return () => {};

  let started: Promise<SendEvents | null> | null = null;
  let navigationStartedAt: number | null = null;
  let queue: PageviewEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    flushTimer = undefined;
    const batch = queue;
    queue = [];
    void started?.then((send) => send?.(batch)).catch(() => {});
  };

  const stopBefore = router.subscribe("onBeforeNavigate", () => {
    navigationStartedAt = performance.now();
  });
  const stopResolved = router.subscribe("onResolved", ({ pathChanged }) => {
    const first = started === null;
    if (first) {
      started = new Promise<void>((resolve) => setTimeout(resolve, ANALYTICS_START_DELAY_MS))
        .then(sender)
        .catch(() => null);
    } else if (!pathChanged) {
      return; // A search or hash change (a tab, a filter) is not a new page.
    }
    const route = routePattern(router.state.matches);
    const startAt = first || navigationStartedAt === null ? navigationStart() : navigationStartedAt;
    navigationStartedAt = null;
    if (route === null) return;
    queue.push(pageviewEvent(route, performance.now() - startAt));
    flushTimer ??= setTimeout(flush, PAGEVIEW_DELAY_MS);
  });

  return () => {
    stopBefore();
    stopResolved();
    clearTimeout(flushTimer);
  };
}
