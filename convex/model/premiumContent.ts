/**
 * Premium content (SPEC §2 "Premium content page", §3 premium content item): who may read it, what
 * the upgrade gate lists, and where it sends people. Shared by the server, which enforces the gate,
 * and the client, which only shows it.
 */
import type { MemberTier } from "./permissions";

export const PREMIUM_CONTENT_TYPES = ["course", "tutorial", "resources"] as const;
export type PremiumContentType = (typeof PREMIUM_CONTENT_TYPES)[number];

/** The tier the gate names; every tier with premium access (PREMIUM_TIERS) opens the page. */
export const PREMIUM_REQUIRED_TIER: MemberTier = "premium";

/** The default premium features list (SPEC §2: five items), shown on the gate and the Premium plans. */
export const PREMIUM_FEATURES: readonly string[] = [
  "Step-by-step courses on planning, focus and follow-through",
  "Short tutorials for calendars, automation and text expansion",
  "Downloadable templates, checklists and planners",
  "A premium badge and early access to new guides",
  "Learn at your own pace: no deadlines, no streaks",
];

/** Where the gate's upgrade link goes by default (SPEC §2). */
export const UPGRADE_URL = "/account/upgrade";

/** The page lists every item; this only bounds the read. */
export const PREMIUM_CONTENT_MAX = 100;
