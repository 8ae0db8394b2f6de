/**
 * Constants of the admin e-mail system (SPEC §2 Email System Dashboard, §4 badges, §9
 * thresholds), defined once. Import-free, so the dashboard page, the server and the tests share
 * them without pulling anything else into a bundle.
 */

/** The dashboard's tabs, in order; also the `tab` search parameter of /admin/email. */
export const EMAIL_DASHBOARD_TABS = ["overview", "campaigns", "templates", "ab-testing", "system-health", "errors"] as const;
export type EmailDashboardTab = (typeof EMAIL_DASHBOARD_TABS)[number];

export const EMAIL_DASHBOARD_TAB_LABELS: Record<EmailDashboardTab, string> = {
  overview: "Overview",
  campaigns: "Campaigns",
  templates: "Templates",
  "ab-testing": "A/B testing",
  "system-health": "System health",
  errors: "Errors",
};

/** Seconds between the dashboard's automatic refreshes (SPEC §3 refreshInterval, §7). */
export const EMAIL_REFRESH_INTERVAL_SECONDS = 30;

/** SPEC §9: the e-mail provider's quota warns above 80 %, the API-call budget is critical above 85 %. */
export const PROVIDER_QUOTA_WARNING_PERCENT = 80;
export const API_CALLS_CRITICAL_PERCENT = 85;

/** SPEC §4 status badge groups. Any status not listed is neutral. */
export const STATUS_TONES = {
  good: ["healthy", "operational", "active", "sent"],
  warning: ["degraded", "backed_up", "sending", "review"],
  bad: ["down", "critical", "failed"],
  info: ["scheduled", "draft"],
} as const;
export type StatusTone = keyof typeof STATUS_TONES | "neutral";

export function statusTone(status: string): StatusTone {
  for (const [tone, statuses] of Object.entries(STATUS_TONES) as [keyof typeof STATUS_TONES, readonly string[]][]) {
    if (statuses.includes(status)) return tone;
  }
  return "neutral";
}

/** SPEC §4: an A/B test reads 'Significant' or 'Running'. */
export const AB_TEST_LABELS = { significant: "Significant", running: "Running" } as const;

/** A campaign's life: composed, waiting for its time, going out in batches, done (or stopped). */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "failed", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_TEST_TYPES = ["subject", "content"] as const;
export type CampaignTestType = (typeof CAMPAIGN_TEST_TYPES)[number];

/** Who a campaign goes to: the newsletter list, or active members of one tier or one role. */
export const AUDIENCE_KINDS = ["newsletter", "tier", "role"] as const;

export const TEMPLATE_CATEGORIES = ["newsletter", "announcement", "promotion", "onboarding", "re-engagement", "event"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * The variables a template may use, as {{name}}, with what a preview fills in. Anything else in
 * double braces is refused before a template is saved or sent.
 */
export const TEMPLATE_VARIABLES = {
  firstName: "Maya",
  lastName: "Ortiz",
  fullName: "Maya Ortiz",
  email: "maya@example.com",
  tier: "Clarity",
  siteUrl: "https://lwcc.example",
  unsubscribeUrl: "https://lwcc.example/unsubscribe?token=preview",
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;

/** What each recipient's e-mail went through, each recorded once per recipient. */
export const RECIPIENT_EVENTS = ["sent", "delivered", "opened", "clicked", "bounced", "complained"] as const;
export type RecipientEvent = (typeof RECIPIENT_EVENTS)[number];

/** Recipients queued per batch mutation, so one send never outgrows a transaction. */
export const CAMPAIGN_BATCH_SIZE = 50;

/** A/B tests: at least this many recipients per variant before a difference can be called significant. */
export const AB_MIN_SAMPLE_PER_VARIANT = 100;
export const AB_SIGNIFICANCE_LEVEL = 0.05;
/** Versions of one A/B test, labelled A, B, C, D: more would split a list too thin to tell them apart. */
export const AB_MAX_VARIANTS = 4;

/** SPEC §8 texts of the dashboard and the campaign pages. */
export const EMAIL_SYSTEM_TEXTS = {
  dashboardLoadFailed: "Dashboard Data Loading Failed",
  retry: "Retry",
  analyticsError: "Analytics API encountered an unexpected error",
  campaignApiError: "Campaign API Error",
  schedulingError: "Scheduling Error",
  sendingError: "Campaign Sending Error",
  goBack: "Go Back",
} as const;
