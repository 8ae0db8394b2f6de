/**
 * Anonymous page counts and route load times (SPEC §7, §9). This part is in every page's first
 * JavaScript, so it only notes the moment of hydration and, ANALYTICS_START_DELAY_MS later,
 * fetches the route monitor (analytics-monitor.ts) and its transport. Under Do Not Track or
 * Global Privacy Control nothing is loaded and nothing is sent.
 */
import { ANALYTICS_START_DELAY_MS } from "@convex/model/observability";
import type { AnalyticsRouter, monitorRoutes } from "./analytics-monitor";

type DntNavigator = Pick<Navigator, "doNotTrack"> & { globalPrivacyControl?: boolean };
type DntWindow = { doNotTrack?: string | null };

/** Do Not Track or Global Privacy Control, however the browser spells it. */
export function doNotTrack(nav: DntNavigator, win: DntWindow): boolean {
  return nav.doNotTrack === "1" || win.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

export interface AnalyticsStartOptions {
  load?: () => Promise<{ monitorRoutes: typeof monitorRoutes }>;
  dnt?: () => boolean;
}

/** Call before the first render: the router's first resolve is the page's hydration. */
export function startAnalytics(router: AnalyticsRouter, options: AnalyticsStartOptions = {}): void {
  const { load = () => import("./analytics-monitor"), dnt = () => doNotTrack(navigator, window as DntWindow) } = options;
  if (dnt()) return;
  const stop = router.subscribe("onResolved", () => {
    stop();
    const hydratedAt = performance.now();
    setTimeout(() => {
      // Analytics never breaks the page: a chunk that fails to load just means no counts.
      load().then((monitor) => monitor.monitorRoutes(router, hydratedAt), () => {});
    }, ANALYTICS_START_DELAY_MS);
  });
}
