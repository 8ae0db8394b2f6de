import { PREMIUM_TITLE } from "./titles";
import { api } from "@convex/_generated/api";
import type { Doc } from "@convex/_generated/dataModel";
import { TIER_LABELS, type MemberTier } from "@convex/model/permissions";
import { UPGRADE_URL, type PremiumContentType } from "@convex/model/premiumContent";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import {
  BookOpenIcon,
  CheckIcon,
  DownloadIcon,
  LayersIcon,
  LockKeyholeIcon,
  PlayCircleIcon,
  TimerIcon,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { LoadErrorBoundary } from "@/features/sessions/page-states";
import { upgradeHref } from "./gated-content";

export const PREMIUM_REQUIRED = "Premium Required";

/** A word and an icon for each type, so the type never rests on colour or icon alone. */
const TYPE_LOOK: Record<PremiumContentType, { label: string; icon: LucideIcon }> = {
  course: { label: "Course", icon: BookOpenIcon },
  tutorial: { label: "Tutorial", icon: PlayCircleIcon },
  resources: { label: "Resources", icon: DownloadIcon },
};

type Item = Omit<Doc<"premiumContent">, "_creationTime" | "sortOrder">;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** The upgrade gate (SPEC §2): what is missing, the tier that opens it, what it includes, and the two ways on. */
export function PremiumGate({
  requiredTier,
  features,
  upgradeUrl = UPGRADE_URL,
}: {
  requiredTier: MemberTier;
  features: readonly string[];
  upgradeUrl?: string;
}) {
  return (
    <section aria-labelledby="premium-gate-title" className="flex flex-col items-start gap-5 rounded-xl border bg-card p-6 sm:p-8">
      <h2 id="premium-gate-title" className="flex items-center gap-2 text-2xl font-bold">
        <LockKeyholeIcon className="size-6 text-primary" aria-hidden />
        {PREMIUM_REQUIRED}
      </h2>
      <p>
        These courses, tutorials and resources need the <span className="font-semibold">{TIER_LABELS[requiredTier]}</span> plan or a plan
        that includes it.
      </p>
      <ul className="flex flex-col gap-2" aria-label={`${TIER_LABELS[requiredTier]} includes`}>
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <a href={upgradeHref("premium", upgradeUrl)}>Upgrade to {TIER_LABELS[requiredTier]}</a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">See all plans and prices</Link>
        </Button>
      </div>
    </section>
  );
}

function PremiumItem({ item }: { item: Item }) {
  const look = TYPE_LOOK[item.type];
  const titleId = `premium-${item._id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
        <look.icon className="size-4" aria-hidden />
        {look.label}
      </p>
      <h2 id={titleId} className="text-lg font-bold">
        {item.title}
      </h2>
      <p className="text-muted-foreground">{item.description}</p>
      <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Details">
        <li className="inline-flex items-center gap-1">
          <TimerIcon className="size-4" aria-hidden />
          {item.duration}
        </li>
        {item.modules === undefined ? null : (
          <li className="inline-flex items-center gap-1">
            <LayersIcon className="size-4" aria-hidden />
            {plural(item.modules, "module")}
          </li>
        )}
        {item.downloads === undefined ? null : (
          <li className="inline-flex items-center gap-1">
            <DownloadIcon className="size-4" aria-hidden />
            {plural(item.downloads, "download")}
          </li>
        )}
      </ul>
    </li>
  );
}

function PremiumContent() {
  const content = useQuery(api.premium.content);
  if (content === undefined) return <LoadingList label="Loading premium content" />;
  if (content.requiresUpgrade) return <PremiumGate requiredTier={content.requiredTier} features={content.features} />;
  if (content.items.length === 0) return <p className="rounded-xl border border-dashed bg-card p-6">New premium content is on its way.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {content.items.map((item) => (
        <PremiumItem key={item._id} item={item} />
      ))}
    </ul>
  );
}

/** /premium (SPEC §2): the list for premium tiers, the gate for everyone else; the server decides which. */
export function PremiumPage() {
  return (
    <section aria-labelledby="premium-title" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 id="premium-title" className="text-3xl font-bold">
          {PREMIUM_TITLE}
        </h1>
        <p className="text-lg text-muted-foreground">Courses, tutorials and resources to take at your own pace.</p>
      </div>
      <LoadErrorBoundary
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        <PremiumContent />
      </LoadErrorBoundary>
    </section>
  );
}
