import { balanceTone } from "@convex/model/timeBalance";
import { ClockIcon } from "lucide-react";
import { useId } from "react";
import { Progress } from "@/components/ui/progress";
import { formatDuration } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { BALANCE_TONE_STYLES, balanceShare, FIRST_BALANCE_TEXTS, neverHadMinutes } from "./time-balance";

export interface AvailableTimeBarProps {
  /** undefined while loading. */
  balance: { remainingMinutes: number; totalMinutes: number } | undefined;
}

/** The welcome header's available-time bar (SPEC §2): the ring's colours, with the figures in words. */
export function AvailableTimeBar({ balance }: AvailableTimeBarProps) {
  const labelId = useId();
  if (balance === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading your available time
        </span>
        <div aria-hidden className="h-5 w-56 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        <div aria-hidden className="h-2 w-full animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
      </div>
    );
  }
  const { remainingMinutes, totalMinutes } = balance;
  if (neverHadMinutes(totalMinutes)) {
    // No bar and no alarm colour for a tank that was never filled: the balance card offers the next step.
    return (
      <p className="flex items-center gap-1.5 text-sm">
        <ClockIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="font-medium">Available time:</span>
        <span>{FIRST_BALANCE_TEXTS.bar}</span>
      </p>
    );
  }
  const look = BALANCE_TONE_STYLES[balanceTone(remainingMinutes, totalMinutes)];
  const text = `${formatDuration(remainingMinutes)} of ${formatDuration(totalMinutes)} available`;
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="flex items-center gap-1.5 text-sm">
        <look.icon className={cn("size-4 shrink-0", look.text)} aria-hidden />
        <span className="font-medium">Available time:</span>
        <span className="tabular-nums">{text}</span>
      </p>
      <Progress
        aria-labelledby={labelId}
        value={balanceShare(remainingMinutes, totalMinutes) * 100}
        getValueLabel={() => text}
        indicatorClassName={look.fill}
      />
    </div>
  );
}
