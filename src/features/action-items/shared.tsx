import type { api } from "@convex/_generated/api";
import { dueText, dueUrgency, isOpenItem, isOverdue, todayIn, type ActionItemStatus } from "@convex/model/actionItemRules";
import type { ActionItemPriority } from "@convex/model/extraction";
import type { FunctionReturnType } from "convex/server";
import { format, parseISO } from "date-fns";
import type { ReactNode } from "react";
import {
  AlertTriangleIcon,
  BanIcon,
  CalendarClockIcon,
  CalendarIcon,
  CheckCircle2Icon,
  CircleDotIcon,
  CircleIcon,
  FlameIcon,
  OctagonAlertIcon,
  SignalHighIcon,
  SignalLowIcon,
  SignalMediumIcon,
  type LucideIcon,
} from "lucide-react";
import { useViewer, useTimeZone } from "@/features/auth/viewer";
import { useNow } from "@/lib/use-now";
import { cn } from "@/lib/utils";

export type ActionItemView = FunctionReturnType<typeof api.actionItems.list>[number];
export type SessionOption = FunctionReturnType<typeof api.actionItems.sessions>[number];

interface Look {
  label: string;
  icon: LucideIcon;
  className: string;
}

/** A word and an icon for each status, so colour never carries it alone (UX.md). */
export const STATUS_LOOK: Record<ActionItemStatus | "overdue", Look> = {
  pending: { label: "Pending", icon: CircleIcon, className: "text-muted-foreground" },
  in_progress: { label: "In Progress", icon: CircleDotIcon, className: "text-primary" },
  completed: { label: "Completed", icon: CheckCircle2Icon, className: "text-success" },
  blocked: { label: "Blocked", icon: OctagonAlertIcon, className: "text-warning-foreground" },
  cancelled: { label: "Cancelled", icon: BanIcon, className: "text-muted-foreground" },
  overdue: { label: "Overdue", icon: AlertTriangleIcon, className: "text-destructive" },
};

export const PRIORITY_LOOK: Record<ActionItemPriority, Look> = {
  // Red stays for overdue and errors (UX.md); urgency is amber with its own icon and word.
  urgent: { label: "Urgent", icon: FlameIcon, className: "text-warning-foreground" },
  high: { label: "High", icon: SignalHighIcon, className: "text-warning-foreground" },
  medium: { label: "Medium", icon: SignalMediumIcon, className: "text-primary" },
  low: { label: "Low", icon: SignalLowIcon, className: "text-muted-foreground" },
};

function LookLabel({ look, prefix }: { look: Look; prefix?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-semibold", look.className)}>
      <look.icon className="size-3.5 shrink-0" aria-hidden />
      {prefix ? <span className="sr-only">{prefix}: </span> : null}
      {look.label}
    </span>
  );
}

export function StatusLabel({ status }: { status: ActionItemStatus | "overdue" }) {
  return <LookLabel look={STATUS_LOOK[status]} prefix="Status" />;
}

export function PriorityLabel({ priority }: { priority: ActionItemPriority }) {
  return <LookLabel look={{ ...PRIORITY_LOOK[priority], label: `${PRIORITY_LOOK[priority].label} priority` }} />;
}

/**
 * "Due in 2 days" with amber for soon and red only when overdue (UX.md: amber before red); a done
 * item's due date no longer presses, so it stays muted.
 */
export function DueLabel({ item, today }: { item: Pick<ActionItemView, "dueDate" | "status">; today: string }) {
  if (!item.dueDate) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <CalendarIcon className="size-3.5 shrink-0" aria-hidden />
        No due date
      </span>
    );
  }
  const open = isOpenItem(item);
  const overdue = isOverdue(item, today);
  const urgency = open ? dueUrgency(item.dueDate, today) : null;
  const tone = overdue
    ? "text-destructive font-semibold"
    : urgency === "high" || urgency === "medium"
      ? "text-warning-foreground font-semibold"
      : "text-muted-foreground";
  const Icon = overdue ? AlertTriangleIcon : urgency ? CalendarClockIcon : CalendarIcon;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs", tone)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {open ? dueText(item.dueDate, today) : `Was due ${formatDay(item.dueDate)}`}
    </span>
  );
}

/** A calendar date as people read it: "Jul 8, 2026". */
export function formatDay(date: string): string {
  return format(parseISO(date), "MMM d, yyyy");
}

/** Today's calendar date ("YYYY-MM-DD") in the viewer's time zone, moving on at midnight. */
export function useToday(): string {
  const now = useNow(60_000);
  return todayIn(useTimeZone(), now);
}

/** Coaches read the other side's items as their clients' (SPEC §6: labels switch for coaches). */
export function useViewerIsCoach(): boolean {
  const viewer = useViewer();
  return viewer.status === "signed-in" && viewer.user.role === "coach";
}

/** One label and value of an item's details, as the details dialog and the edit dialog list them. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

export function visibleTo(item: Pick<ActionItemView, "coachVisible" | "clientVisible">): string {
  if (item.coachVisible && item.clientVisible) return "Coach and client";
  if (item.coachVisible) return "Coach only";
  if (item.clientVisible) return "Client only";
  return "Hidden from coach and client";
}
