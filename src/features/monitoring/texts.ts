/** The monitoring page's texts, apart from the dashboard: its route's head reads the title in every page's first script. */
export const MONITORING_TEXTS = {
  title: "Monitoring",
  loading: "Loading monitoring",
  loadFailed: "Monitoring data could not be loaded.",
  loadFailedBody: "Your connection or the server may be busy. Try again in a moment.",
  retry: "Retry",
  noTraffic: "No pageviews in the last 14 days yet.",
  noRoutes: "No timed pageviews in the last 7 days yet.",
  noCrons: "No scheduled jobs are set up.",
  noErrors: "No errors recorded. All calm.",
} as const;
