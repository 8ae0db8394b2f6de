/**
 * Anonymous page counts and route load times (SPEC §7, §9). This part is in every page's first
 * JavaScript, so it only notes the moment of hydration (or of a prerendered page's load, while the
 * app has not started) and, ANALYTICS_START_DELAY_MS later, fetches the route monitor
 * (analytics-monitor.ts) and its transport. Under Do Not Track or
 * Global Privacy Control nothing is loaded and nothing is sent.
 */
import { ANALYTICS_START_DELAY_MS } from "@convex/model/observability";
import type { AnalyticsRouter, monitorRoutes, sendPageview } from "./analytics-monitor";

type DntNavigator = Pick<Navigator, "doNotTrack"> & { globalPrivacyControl?: boolean };
type DntWindow = { doNotTrack?: string | null };

/** Do Not Track or Global Privacy Control, however the browser spells it. */
export function doNotTrack(nav: DntNavigator, win: DntWindow): boolean {
  return nav.doNotTrack === "1" || win.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

export interface AnalyticsStartOptions {
  load?: () => Promise<{ monitorRoutes: typeof monitorRoutes; sendPageview: typeof sendPageview }>;
  dnt?: () => boolean;
}

/** Who counts the first page: still open, counted before the app started, or the app's. */
let firstPage: "open" | "counted" | "app" = "open";

/**
 * A prerendered page shown without the app (which starts on the first interaction) is counted
 * from here, ANALYTICS_START_DELAY_MS after its load event (`loadedAt`), under its route's pattern.
 * When the app starts sooner, the app counts it instead.
 */
export function countPageBeforeStart(route: string, loadedAt: number, options: AnalyticsStartOptions = {}): void {
  const { load = () => import("./analytics-monitor"), dnt = () => doNotTrack(navigator, window as DntWindow) } = options;
  if (dnt()) return;
  setTimeout(() => {
    if (firstPage !== "open") return;
    firstPage = "counted";
    load().then((monitor) => monitor.sendPageview(route, loadedAt), () => {});
  }, ANALYTICS_START_DELAY_MS);
}

/** Call before the first render: the router's first resolve is the page's hydration. */
export function startAnalytics(router: AnalyticsRouter, options: AnalyticsStartOptions = {}): void {
  const { load = () => import("./analytics-monitor"), dnt = () => doNotTrack(navigator, window as DntWindow) } = options;
  if (dnt()) return;
  const firstCounted = firstPage === "counted";
  firstPage = "app";
  const stop = router.subscribe("onResolved", () => {
    stop();
    const hydratedAt = performance.now();
    setTimeout(() => {
      // Analytics never breaks the page: a chunk that fails to load just means no counts.
      load().then((monitor) => monitor.monitorRoutes(router, hydratedAt, { firstCounted }), () => {});
    }, ANALYTICS_START_DELAY_MS);
  });
}
