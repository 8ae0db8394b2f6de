/**
 * Account inactivity (SPEC §4, §9): who the daily sweep warns at day 60 and 80 and deactivates at
 * day 90, and how long deactivated Foundation accounts keep their data. Pure, so the rules are
 * unit-tested and the server, the dashboard notice and the docs agree.
 */
import { hasPremiumAccess } from "./permissions";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** No activity for 90 days deactivates the account (SPEC §9). */
export const INACTIVITY_DEACTIVATION_DAYS = 90;
/** Beyond the spec: calm warnings before that. */
export const INACTIVITY_WARNING_DAYS = [60, 80] as const;
export type InactivityWarningLevel = (typeof INACTIVITY_WARNING_DAYS)[number];
/** Deactivated Foundation accounts keep their data this long (SPEC §9), then retention cleans up. */
export const RETENTION_DAYS = 90;
/** A "Keep my account active" link is good until well past the day-90 deadline of the warning it came with. */
export const KEEP_ACTIVE_LINK_TTL_MS = 35 * DAY_MS;
/** The dashboard notice stays this long after a warning unless dismissed. */
export const NOTICE_DAYS = 30;

/** The sweep's stages, in the order one run goes through them. */
export const INACTIVITY_STAGES = ["deactivate", "warn80", "warn60"] as const;
export type InactivityStage = (typeof INACTIVITY_STAGES)[number];

/**
 * The lastActiveAt range (lower exclusive, upper inclusive) a stage is about at `now`: an account
 * idle at least `days` and less than the next threshold. The deactivate stage has no lower bound.
 */
export function stageRange(stage: InactivityStage, now: number): { after: number | null; through: number } {
  switch (stage) {
    case "deactivate":
      return { after: null, through: now - INACTIVITY_DEACTIVATION_DAYS * DAY_MS };
    case "warn80":
      return { after: now - INACTIVITY_DEACTIVATION_DAYS * DAY_MS, through: now - 80 * DAY_MS };
    case "warn60":
      return { after: now - 80 * DAY_MS, through: now - 60 * DAY_MS };
  }
}

export function warningLevelOf(stage: InactivityStage): InactivityWarningLevel | null {
  return stage === "warn80" ? 80 : stage === "warn60" ? 60 : null;
}

export function nextStage(stage: InactivityStage): InactivityStage | null {
  return INACTIVITY_STAGES[INACTIVITY_STAGES.indexOf(stage) + 1] ?? null;
}

/**
 * Who inactivity applies to:
 * - coaches never: members' sessions, notes and bookings hang on them; admins manage staff by hand;
 * - paying members never: their plan pays for access, and its end (subscription_cancelled) is the
 *   lifecycle that deactivates them;
 * - admins like members, except the last active admin, so the site is never left without one;
 * - clients and guests: warned at day 60 and 80, deactivated at day 90.
 */
export type InactivityPolicy = "applies" | "exempt_coach" | "exempt_paying" | "admin";

export function inactivityPolicy(user: { role: string; tier: string }): InactivityPolicy {
  if (user.role === "coach") return "exempt_coach";
  if (user.role === "admin") return "admin";
  if (hasPremiumAccess(user.tier)) return "exempt_paying";
  return "applies";
}

/** Whether a deactivated account's data is due for the retention clean-up at `now`. */
export function retentionDue(user: { status: string; tier: string; deactivatedAt?: number; anonymizedAt?: number }, now: number): boolean {
  return (
    user.status === "deactivated" &&
    user.tier === "foundation" &&
    user.anonymizedAt === undefined &&
    user.deactivatedAt !== undefined &&
    user.deactivatedAt <= now - RETENTION_DAYS * DAY_MS
  );
}

export const INACTIVITY_MESSAGES = {
  noticeTitle: "Welcome back",
  notice: (days: InactivityWarningLevel, sentOn: string) =>
    `You hadn't signed in for ${days} days, so we sent you a reminder on ${sentOn}. Signing in keeps your account active: there's nothing else to do.`,
  keptTitle: "Your account stays active",
  kept: "Thanks for letting us know. Everything in your account is kept, and you can sign in whenever you're ready.",
  keepExpired: "This link has expired. Signing in keeps your account active too.",
  keepInvalid: "This link isn't valid. Signing in keeps your account active too.",
  keepDeactivated: "This account has already been paused. You can reactivate it for free from the reactivation page.",
  keepHeld: "This account has been paused by our team. Please contact us and a person will help you.",
} as const;
