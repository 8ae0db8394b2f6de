/**
 * The query strings of /admin/email and /unsubscribe. Kept apart from the pages: a route's
 * validateSearch is in the app's first bundle, and importing it from a page would pull the page in.
 */
import { EMAIL_DASHBOARD_TABS, type EmailDashboardTab } from "@convex/model/emailSystem";

export interface EmailDashboardSearch {
  tab?: EmailDashboardTab;
}

export interface UnsubscribeSearch {
  token?: string;
}

/** An unknown tab falls back to the first one (overview) rather than an error page. */
export function validateEmailDashboardSearch(search: Record<string, unknown>): EmailDashboardSearch {
  const tab = search.tab;
  return { tab: (EMAIL_DASHBOARD_TABS as readonly unknown[]).includes(tab) ? (tab as EmailDashboardTab) : undefined };
}

/** A token is opaque here (the server checks it); only its type and a sane length are. */
export function validateUnsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  const token = typeof search.token === "string" ? search.token.trim() : "";
  return { token: token && token.length <= 4096 ? token : undefined };
}
