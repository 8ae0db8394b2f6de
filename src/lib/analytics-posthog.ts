/**
 * PostHog, for builds that set VITE_POSTHOG_KEY. Imported only by analytics.ts, after start, so
 * it is never part of a page's first JavaScript. Memory persistence means no cookies and no
 * storage, which is what the cookie policy promises; PostHog's own address properties are
 * dropped so only the route pattern identifies the page.
 */
import posthog from "posthog-js";
import type { SendEvents } from "./analytics-events";

const ADDRESS_PROPERTIES = [
  "$current_url",
  "$pathname",
  "$referrer",
  "$referring_domain",
  "$initial_current_url",
  "$initial_pathname",
  "$initial_referrer",
  "$initial_referring_domain",
];

export function posthogSender(key: string, host: string | undefined): SendEvents {
  posthog.init(key, {
    ...(host ? { api_host: host } : {}),
    persistence: "memory",
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    respect_dnt: true,
    disable_session_recording: true,
    disable_surveys: true,
    save_referrer: false,
    property_denylist: ADDRESS_PROPERTIES,
  });
  return (events) => {
    for (const event of events) posthog.capture("$pageview", { route: event.route, loadMs: event.loadMs });
  };
}
