/**
 * Where the dashboard widgets link, in one place. Most of these pages are not routes yet, so the
 * widgets use plain links (a typed router Link would not compile until the route files exist).
 */
export const DASHBOARD_URLS = {
  bookSession: "/dashboard/book-session",
  activity: "/dashboard/activity",
  calendar: "/dashboard/calendar",
  notifications: "/dashboard/notifications",
  forum: "/forum",
  topUp: "/marketplace#time-packages",
} as const;
