import type { CognitiveLevel } from "@convex/model/observability";
import { CheckCircle2Icon, CircleIcon, ClockIcon, SignalHighIcon, SignalLowIcon, SignalMediumIcon, TriangleAlertIcon, XCircleIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Calm first: amber for "needs a look", red only for failures. */
export type Tone = "ok" | "warning" | "failed" | "busy" | "neutral";

const TONES: Record<Tone, { icon: LucideIcon; iconClass: string }> = {
  ok: { icon: CheckCircle2Icon, iconClass: "text-success" },
  warning: { icon: TriangleAlertIcon, iconClass: "text-warning" },
  failed: { icon: XCircleIcon, iconClass: "text-destructive" },
  busy: { icon: ClockIcon, iconClass: "text-primary" },
  neutral: { icon: CircleIcon, iconClass: "text-muted-foreground" },
};

/** A status as an icon and a word; the colour only repeats what the word says. */
export function StatusWord({ tone, icon, children, className }: { tone: Tone; icon?: LucideIcon; children: ReactNode; className?: string }) {
  const look = TONES[tone];
  const Icon = icon ?? look.icon;
  return (
    <span data-tone={tone} className={cn("inline-flex items-center gap-1.5 font-medium", tone === "warning" && "text-warning-foreground", className)}>
      <Icon className={cn("size-4 shrink-0", look.iconClass)} aria-hidden />
      {children}
    </span>
  );
}

const LEVELS: Record<CognitiveLevel, { label: string; icon: LucideIcon; tone: Tone }> = {
  low: { label: "Low", icon: SignalLowIcon, tone: "ok" },
  medium: { label: "Medium", icon: SignalMediumIcon, tone: "neutral" },
  high: { label: "High", icon: SignalHighIcon, tone: "warning" },
};

/** SPEC §9 cognitive level of a route's load time, as a word with a signal icon. */
export function CognitiveLevelWord({ level }: { level: CognitiveLevel }) {
  const { label, icon, tone } = LEVELS[level];
  return (
    <StatusWord tone={tone} icon={icon}>
      {label}
    </StatusWord>
  );
}
