import { CheckCircle2Icon, CircleIcon, ClockIcon, TriangleAlertIcon, XCircleIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/**
 * How a status feels, calm first: amber for "needs a look", red only for a failure, blue for
 * something under way. The names are the e-mail system's tones, which every status page shares.
 */
export type Tone = "good" | "warning" | "bad" | "info" | "neutral";

const TONES: Record<Tone, { icon: LucideIcon; iconClass: string; badge: string }> = {
  good: { icon: CheckCircle2Icon, iconClass: "text-success", badge: "border-success/40 bg-card text-foreground [&>svg]:text-success" },
  warning: { icon: TriangleAlertIcon, iconClass: "text-warning", badge: "border-warning/50 bg-warning-muted text-warning-foreground" },
  bad: { icon: XCircleIcon, iconClass: "text-destructive", badge: "border-destructive/50 bg-card text-foreground [&>svg]:text-destructive" },
  info: { icon: ClockIcon, iconClass: "text-primary", badge: "border-primary/40 bg-secondary text-secondary-foreground [&>svg]:text-primary" },
  neutral: { icon: CircleIcon, iconClass: "text-muted-foreground", badge: "border-border bg-muted text-muted-foreground" },
};

interface StatusProps {
  tone: Tone;
  /** Replaces the tone's icon where a more telling one exists (a signal level, a spinner). */
  icon?: LucideIcon;
  /** A word in running text, or a badge in a list or table. */
  look?: "word" | "badge";
  children: ReactNode;
  className?: string;
}

/** A status as an icon and a word; the colour only repeats what the word says. */
export function Status({ tone, icon, look = "word", children, className }: StatusProps) {
  const Icon = icon ?? TONES[tone].icon;
  if (look === "badge") {
    return (
      <Badge variant="outline" data-tone={tone} className={cn(TONES[tone].badge, className)}>
        <Icon aria-hidden />
        {children}
      </Badge>
    );
  }
  return (
    <span data-tone={tone} className={cn("inline-flex items-center gap-1.5 font-medium", tone === "warning" && "text-warning-foreground", className)}>
      <Icon className={cn("size-4 shrink-0", TONES[tone].iconClass)} aria-hidden />
      {children}
    </span>
  );
}
