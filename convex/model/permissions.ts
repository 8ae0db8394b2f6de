/**
 * SPEC §6 as one table: roles, what each may do, feature flags, guest limits, the resource check
 * and the tiers. The server enforces it (convex/functions.ts); the client imports the same table
 * only to decide what to show.
 */

export const ROLES = ["admin", "coach", "client", "others", "guest_temporary", "guest_confirmed"] as const;
export type Role = (typeof ROLES)[number];

export type Permission = "createSessions" | "accessAllSessions" | "manageUsers" | "viewAnalytics" | "moderate";
export type FeatureFlag = "advancedAnalytics" | "beta" | "debug" | "coachTools" | "sessionTemplates" | "limitedAccess";

interface RoleRules {
  permissions: readonly Permission[];
  flags: readonly FeatureFlag[];
  /** Guests may read sessions, recordings and transcripts, and change nothing. */
  readOnly: boolean;
  /** Longest session a guest may book, in minutes; null for no guest limit. */
  maxSessionMinutes: number | null;
}

export const ROLE_RULES: Record<Role, RoleRules> = {
  admin: {
    permissions: ["createSessions", "accessAllSessions", "manageUsers", "viewAnalytics", "moderate"],
    flags: ["advancedAnalytics", "beta", "debug"],
    readOnly: false,
    maxSessionMinutes: null,
  },
  coach: {
    permissions: ["createSessions", "accessAllSessions", "viewAnalytics", "moderate"],
    flags: ["coachTools", "sessionTemplates"],
    readOnly: false,
    maxSessionMinutes: null,
  },
  client: { permissions: [], flags: [], readOnly: false, maxSessionMinutes: null },
  others: { permissions: [], flags: [], readOnly: false, maxSessionMinutes: null },
  guest_temporary: { permissions: [], flags: ["limitedAccess"], readOnly: true, maxSessionMinutes: 30 },
  guest_confirmed: { permissions: [], flags: ["limitedAccess"], readOnly: true, maxSessionMinutes: 60 },
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Unknown roles get the rules of "others": no special permissions. */
export function rulesFor(role: string): RoleRules {
  return isRole(role) ? ROLE_RULES[role] : ROLE_RULES.others;
}

export function hasPermission(role: string, permission: Permission): boolean {
  return rulesFor(role).permissions.includes(permission);
}

export function hasFlag(role: string, flag: FeatureFlag): boolean {
  return rulesFor(role).flags.includes(flag);
}

/** User types starting with "guest" are guests (SPEC §3), whatever their role says. */
export function isGuest(user: { role: string; userType: string }): boolean {
  return user.userType.startsWith("guest") || user.role.startsWith("guest");
}

/**
 * Access to a resource the caller does not own: admins and coaches all, guests read only,
 * others denied (SPEC §6). Owners are checked separately, by the function that loads the resource.
 */
export function canAccessResource(user: { role: string; userType: string }, mode: "read" | "write"): boolean {
  if (user.role === "admin" || user.role === "coach") return true;
  if (isGuest(user)) return mode === "read";
  return false;
}

/** Tiers in order, lowest first (SPEC §6). */
export const TIER_ORDER = ["foundation", "clarity", "control", "mastery"] as const;
export type Tier = (typeof TIER_ORDER)[number];

/** Every tier value a member can hold (SPEC §1 and §3). */
export const TIERS = ["public", "basic", "foundation", "clarity", "control", "mastery", "premium", "elite"] as const;
export type MemberTier = (typeof TIERS)[number];

export const TIER_LABELS: Record<MemberTier, string> = {
  public: "Public",
  basic: "Basic",
  foundation: "Foundation",
  clarity: "Clarity",
  control: "Control",
  mastery: "Mastery",
  premium: "Premium",
  elite: "Elite",
};

/** Tiers with premium access and a badge: Mastery, Control, Clarity, Premium, Elite. */
export const PREMIUM_TIERS: readonly MemberTier[] = ["mastery", "control", "clarity", "premium", "elite"];

export function hasPremiumAccess(tier: string): boolean {
  return (PREMIUM_TIERS as readonly string[]).includes(tier.toLowerCase());
}

/** Whether `tier` reaches `required` on the Foundation < Clarity < Control < Mastery ladder. */
export function tierAtLeast(tier: string, required: Tier): boolean {
  const rank = (TIER_ORDER as readonly string[]).indexOf(tier.toLowerCase());
  return rank >= 0 && rank >= TIER_ORDER.indexOf(required);
}

/** Guests see no dashboard commands (SPEC §2, command palette). */
export function showsDashboardCommands(user: { role: string; userType: string } | null): boolean {
  return user !== null && !isGuest(user);
}

/**
 * Who may call a function, by the wrapper it is declared with (convex/functions.ts):
 * public - anyone; identity - any signed-in identity, even before its users row exists;
 * member - an active user, guests included (reading, their own account); writer - an active
 * user who is not a guest; staff - coaches and admins; admin - user managers.
 */
export const ACCESS_LEVELS = ["public", "identity", "member", "writer", "staff", "admin"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function allows(level: AccessLevel, user: { role: string; userType: string }): boolean {
  switch (level) {
    case "public":
    case "identity":
    case "member":
      return true;
    case "writer":
      return !isGuest(user);
    case "staff":
      return hasPermission(user.role, "accessAllSessions");
    case "admin":
      return hasPermission(user.role, "manageUsers");
  }
}
