/**
 * What the debug pages of SPEC §2 show, worked out from the app's real rules: the roles table
 * and the access levels of convex/functions.ts, the tables ("collections") the data lives in,
 * what upgrading a member to Mastery would change, and the debug data shape of SPEC §3
 * (serverTime, testData.items, debugInfo). Pure, so the pages and the tests agree.
 */
import { CHECKOUT_TIERS, findPlanPrice, cyclesFor, type CheckoutCycle, type CheckoutTier } from "./billing";
import { ACCESS_LEVELS, allows, canAccessResource, hasPremiumAccess, ROLE_RULES, ROLES, TIER_LABELS, tierAtLeast, type AccessLevel, type MemberTier } from "./permissions";
import { checkoutPath } from "./upgradePlans";

/** Texts of the debug pages, defined once: the server's results and the pages' headings. */
export const DEBUG_TEXTS = {
  /** SPEC §8, verbatim: the real-time test route outside development builds. */
  realTimeDenied: "Access Denied: This test route is only available in development mode.",
  complementaryGranted: (email: string, tier: string) => `${email} now has a complimentary ${tier} plan. Nothing was charged.`,
  complementaryEnded: (email: string, tier: string) => `${email}'s complimentary ${tier} plan has ended.`,
  airtableNotConfigured:
    "The Airtable integration is not configured: this app has no Airtable or MCP connection, so nothing was sent anywhere.",
} as const;

/** What the server calls this store of content, in place of the old app's `hasDirectus` flag. */
export const CONTENT_STORE = "Convex database (articles, products, events and premiumContent tables)";

/** Per role: the SPEC §6 rules, the resource check, and which function wrappers let it through. */
export function rolesMatrix() {
  return ROLES.map((role) => {
    const rules = ROLE_RULES[role];
    // The wrappers decide from role and user type; a role's own user type is what the app gives it.
    const user = { role, userType: role === "client" || role === "others" ? "client" : role };
    return {
      role,
      permissions: [...rules.permissions],
      flags: [...rules.flags],
      readOnly: rules.readOnly,
      maxSessionMinutes: rules.maxSessionMinutes,
      resourceRead: canAccessResource(user, "read"),
      resourceWrite: canAccessResource(user, "write"),
      accessLevels: ACCESS_LEVELS.filter((level) => allows(level, user)),
    };
  });
}

/** The tables the debug page describes; any table of the schema missing here is listed as "Other app data". */
export const COLLECTION_NOTES: Record<string, { about: string; access: AccessLevel }> = {
  users: { about: "Accounts: role, user type, tier, status", access: "admin" },
  subscriptions: { about: "Plans: paid (mirrored from Stripe) and complimentary", access: "member" },
  orders: { about: "Checkout attempts, priced by the server", access: "member" },
  payments: { about: "Paid invoices and charges", access: "member" },
  products: { about: "Marketplace catalogue", access: "public" },
  articles: { about: "Blog posts and case studies", access: "public" },
  events: { about: "Events members can register for", access: "public" },
  premiumContent: { about: "Courses, tutorials and resources for premium tiers", access: "member" },
  sessions: { about: "Coaching sessions and bookings", access: "member" },
  recordings: { about: "Session recordings", access: "member" },
  transcripts: { about: "AI transcripts of sessions", access: "member" },
  actionItems: { about: "Commitments that come out of sessions", access: "writer" },
  timeLedger: { about: "The time balance ledger: purchases, debits, refunds, expiry", access: "member" },
  timeBalances: { about: "Each member's derived balance", access: "member" },
  notifications: { about: "In-app notifications", access: "member" },
  activities: { about: "The recent activity feed", access: "member" },
  forumThreads: { about: "Community forum threads", access: "member" },
  forumPosts: { about: "Community forum posts", access: "member" },
  emailCampaigns: { about: "E-mail campaigns and A/B tests", access: "admin" },
  emailTemplates: { about: "E-mail templates", access: "admin" },
  emailOutbox: { about: "E-mails queued and sent", access: "admin" },
  errorRecords: { about: "Structured error records", access: "admin" },
  contactMessages: { about: "Messages from the contact form", access: "admin" },
  debugPings: { about: "The real-time test route's pings (development)", access: "admin" },
};

export const OTHER_COLLECTION = { about: "Other app data", access: "admin" as AccessLevel };

/** One item of the debug data's testData (SPEC §3): a check the server ran for this answer. */
export interface DebugTestItem {
  id: string;
  title: string;
  status: "ok" | "empty" | "failed";
}

/**
 * What changes if `member` moves to Mastery: the path the real billing code would take (a new
 * checkout, a plan change on the paid Stripe subscription, or none), the prices it would charge,
 * and what Mastery unlocks that the member does not have now. Nothing is charged by asking.
 */
export function masteryChange(member: { tier: string }, subscription: { tier: CheckoutTier; billingCycle?: CheckoutCycle; complementary: boolean } | null) {
  const target: CheckoutTier = "mastery";
  const currentTier = member.tier;
  const already = currentTier === target;
  const path: "none" | "checkout" | "changePlan" = already ? "none" : subscription && !subscription.complementary ? "changePlan" : "checkout";
  const prices = cyclesFor(target).map((cycle) => {
    const plan = findPlanPrice(target, cycle)!;
    return { cycle, name: plan.name, amount: plan.amount };
  });
  const unlocks: string[] = [];
  if (!already) {
    if (!hasPremiumAccess(currentTier)) unlocks.push("Premium content (/premium) and the tier badge");
    if (!tierAtLeast(currentTier, "mastery")) unlocks.push("Coaching (/coaching), for Mastery only");
    unlocks.push("A coaching-booking step right after purchase");
  }
  return {
    currentTier,
    currentTierLabel: TIER_LABELS[currentTier as MemberTier] ?? currentTier,
    targetTier: target,
    path,
    /** Where the member would go: the checkout for a new plan, Billing to change a paid one. */
    next: path === "checkout" ? checkoutPath(target, "monthly") : path === "changePlan" ? "/dashboard/billing" : null,
    prices,
    unlocks,
  };
}

export function isGrantableTier(value: string): value is CheckoutTier {
  return (CHECKOUT_TIERS as readonly string[]).includes(value);
}
