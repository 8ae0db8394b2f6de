import { hasPremiumAccess, TIER_LABELS, type MemberTier } from "@convex/model/permissions";
import { SparklesIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** The member's plan: the sparkling badge of SPEC §2 for the premium tiers, a quiet one for the others. */
export function TierBadge({ tier }: { tier: MemberTier }) {
  const premium = hasPremiumAccess(tier);
  return (
    <p
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold",
        premium ? "border-primary/30 bg-accent text-accent-foreground" : "text-muted-foreground",
      )}
    >
      {premium ? <SparklesIcon className="size-4" aria-hidden /> : null}
      <span className="sr-only">Plan: </span>
      {TIER_LABELS[tier]}
    </p>
  );
}
