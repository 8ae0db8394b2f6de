import { AB_TEST_LABELS, statusTone, type StatusTone } from "@convex/model/emailSystem";
import { CheckCircle2Icon, CircleIcon, ClockIcon, TriangleAlertIcon, XCircleIcon, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { statusLabel } from "./format";

const TONE_LOOK: Record<StatusTone, { icon: LucideIcon; className: string }> = {
  good: { icon: CheckCircle2Icon, className: "border-success/40 bg-card text-foreground [&>svg]:text-success" },
  warning: { icon: TriangleAlertIcon, className: "border-warning/50 bg-warning-muted text-warning-foreground" },
  bad: { icon: XCircleIcon, className: "border-destructive/50 bg-card text-foreground [&>svg]:text-destructive" },
  info: { icon: ClockIcon, className: "border-primary/40 bg-secondary text-secondary-foreground [&>svg]:text-primary" },
  neutral: { icon: CircleIcon, className: "border-border bg-muted text-muted-foreground" },
};

/**
 * Any e-mail system status in its SPEC §4 tone. The word and the icon carry the meaning; the
 * colour only repeats it.
 */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  const tone = statusTone(status);
  const { icon: Icon, className: look } = TONE_LOOK[tone];
  return (
    <Badge variant="outline" data-tone={tone} className={cn(look, className)}>
      <Icon aria-hidden />
      {label ?? statusLabel(status)}
    </Badge>
  );
}

/** SPEC §4: an A/B test reads 'Significant' (good tone) or 'Running' (info tone). */
export function AbTestBadge({ isSignificant }: { isSignificant: boolean }) {
  const tone: StatusTone = isSignificant ? "good" : "info";
  const { icon: Icon, className } = TONE_LOOK[tone];
  return (
    <Badge variant="outline" data-tone={tone} className={className}>
      <Icon aria-hidden />
      {isSignificant ? AB_TEST_LABELS.significant : AB_TEST_LABELS.running}
    </Badge>
  );
}
