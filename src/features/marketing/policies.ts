/** Facts the policy pages state, defined once. */

/** Terms of Service, last updated July 5, 2025 (SPEC §2). ISO date, shown in US English. */
export const TERMS_LAST_UPDATED = "2025-07-05";

export function formatPolicyDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The first-party sign-in cookie set by the local identity provider (local-backend/identity). */
export const SIGN_IN_COOKIE = { name: "lwcc_refresh", maxAgeDays: 30 } as const;

/** How pages are counted (src/lib/analytics.ts), said the same way on the cookie and privacy policies. */
export const PAGE_COUNTS =
  "We count page visits anonymously: which kind of page was opened and how long it took to load, with no cookies and nothing that identifies you. If your browser sends Do Not Track or Global Privacy Control, we count nothing.";

/** Account lifecycle of SPEC §9. */
export const ACCOUNT_LIFECYCLE = {
  inactivityDeactivationDays: 90,
  foundationRetentionDays: 90,
  reactivationLinkHours: 24,
} as const;

/** Money-back promise on paid tiers (SPEC §9). */
export const MONEY_BACK_DAYS = 30;
