/** Where pageviews go: PostHog when the build sets VITE_POSTHOG_KEY, else the backend's own endpoint. */
import { ANALYTICS_PATH } from "@convex/model/observability";
import type { SendEvents } from "./analytics-events";

/**
 * First-party transport: one JSON body per batch, as a beacon (survives leaving the page; a plain
 * string, so no preflight) or a keepalive fetch. Failures are dropped: counts may miss a view,
 * the page never notices.
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

export async function chooseSender(): Promise<SendEvents> {
  const key = import.meta.env.VITE_POSTHOG_KEY;
  if (!key) return beaconSender();
  const { posthogSender } = await import("./analytics-posthog");
  return posthogSender(key, import.meta.env.VITE_POSTHOG_HOST);
}
