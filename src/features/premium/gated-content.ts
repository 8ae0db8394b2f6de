import { PREMIUM_REQUIRED_TIER, UPGRADE_URL } from "@convex/model/premiumContent";
import type { MemberTier } from "@convex/model/permissions";

/**
 * Content behind the upgrade page's gate (SPEC §3 content gate context), by the key its upgrade link
 * carries in `?content=`. A known key rather than free text, so the banner never repeats words
 * someone put in a link.
 */
export const GATED_CONTENT = {
  premium: { label: "Premium courses, tutorials and resources", required: PREMIUM_REQUIRED_TIER },
} as const satisfies Record<string, { label: string; required: MemberTier }>;

export type GatedContent = keyof typeof GATED_CONTENT;

export function isGatedContent(value: unknown): value is GatedContent {
  return typeof value === "string" && Object.hasOwn(GATED_CONTENT, value);
}

/** The upgrade link of a gate, saying what sent the member there. */
export function upgradeHref(content: GatedContent, upgradeUrl = UPGRADE_URL): string {
  return `${upgradeUrl}?${new URLSearchParams({ content }).toString()}`;
}
