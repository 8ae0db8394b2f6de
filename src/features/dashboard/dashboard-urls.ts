/**
 * Where the dashboard widgets link, in one place. The widgets render plain anchors, as they do for
 * URLs that arrive as data; src/lib/in-app-links.ts sends clicks on them through the router.
 */
export const DASHBOARD_URLS = {
  bookSession: "/dashboard/book-session",
  activity: "/dashboard/activity",
  calendar: "/dashboard/calendar",
  notifications: "/dashboard/notifications",
  forum: "/forum",
  focus: "/focus",
  topUp: "/marketplace#time-packages",
  freeIntro: "/free-intro-session",
} as const;
