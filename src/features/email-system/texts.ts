/**
 * The e-mail system pages' own words (the SPEC's are in @convex/model/emailSystem), defined once
 * so pages and tests share them.
 */

export const EMAIL_UI_TEXTS = {
  title: "Email System",
  loading: "Loading the e-mail dashboard",
  autoRefresh: "Auto-refresh",
  refreshNow: "Refresh now",
  refreshing: "Refreshing...",
  refreshFailed: "The refresh didn't finish. The figures shown are from the last update.",
  lastUpdated: "Last updated",
  loadFailedBody: "The dashboard's figures couldn't be loaded. Check your connection, then try again.",
  noCampaigns: "No campaigns yet — create one from a template.",
  noTemplates: "No templates yet — create the first one.",
  noRunningTests: "No A/B tests are running.",
  noTestResults: "No finished A/B tests yet.",
  noErrors: "No errors recorded.",
  noTimeline: "Nothing sent in this period yet.",
  notMeasurable: "Not measurable on this backend",
  processing: "Processing...",
  loadMore: "Load more",
  loadingMore: "Loading...",
  showFigures: "Show the figures as a table",
  errorDetails: "Details",
} as const;

/** SPEC §3 keeps the original vendors' field names; the page says what they measure. */
export const RESOURCE_LABELS = {
  mailjetQuota: "E-mail provider quota",
  airtableApiCalls: "API-call budget",
  systemMemory: "System memory",
  diskSpace: "Disk space",
} as const;

export const UNSUBSCRIBE_TEXTS = {
  title: "Unsubscribe",
  intro: "Stop receiving LWCC campaign e-mails at this address. Account e-mails such as booking confirmations still arrive.",
  confirm: "Unsubscribe",
  done: "You're unsubscribed",
  doneBody: "We won't send campaign e-mails to {email} any more.",
  already: "You're already unsubscribed",
  alreadyBody: "{email} was already off our campaign list. Nothing else to do.",
  failedTitle: "This link didn't work",
  missingToken: "This unsubscribe link is incomplete. Please open the link from the e-mail again.",
  unreachable: "We couldn't reach LWCC just now. Please try again in a moment.",
  home: "Go to the home page",
} as const;
