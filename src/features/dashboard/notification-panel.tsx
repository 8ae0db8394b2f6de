import type { Doc, Id } from "@convex/_generated/dataModel";
import {
  NOTIFICATION_AUTO_HIDE_MS,
  NOTIFICATION_DISMISS_MS,
  NOTIFICATIONS_VISIBLE,
  type NotificationPosition,
  type NotificationPriority,
} from "@convex/model/notifications";
import { BellIcon, CircleAlertIcon, OctagonAlertIcon, XIcon, type LucideIcon } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { timeAgo } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { DASHBOARD_URLS } from "./dashboard-urls";

export type PanelNotification = Pick<
  Doc<"notifications">,
  "_id" | "type" | "priority" | "title" | "message" | "timestamp" | "autoHideMs" | "actions"
>;
export type NotificationAction = PanelNotification["actions"][number];

export interface NotificationPanelProps {
  /** Newest first; the first NOTIFICATIONS_VISIBLE show, the rest are counted in "+N more". */
  notifications: PanelNotification[];
  position: NotificationPosition;
  /** Called once per notification, after its NOTIFICATION_DISMISS_MS exit (auto-hide, Dismiss or Escape). */
  onDismiss: (id: Id<"notifications">) => void;
  /** Called when the member follows one of a notification's actions (a link to action.url). */
  onOpen: (item: PanelNotification, action: NotificationAction) => void;
  /** Shows "5 minutes ago" beside each notification when given. */
  now?: number;
}

/** The top positions start below the sticky header (h-16, 4rem) plus the same 1rem gap, so they never cover its search or account menu. */
export const NOTIFICATION_POSITION_CLASSES: Record<NotificationPosition, string> = {
  "top-right": "top-20 right-4",
  "top-left": "top-20 left-4",
  "bottom-right": "bottom-4 right-4",
  "bottom-left": "bottom-4 left-4",
};

const SECOND = 1000;

/** How long a notification stays before hiding itself, or undefined when it waits for the member (urgent, high). */
export function autoHideDelay(item: Pick<PanelNotification, "priority" | "autoHideMs">): number | undefined {
  const standard = NOTIFICATION_AUTO_HIDE_MS[item.priority];
  if (standard === undefined) return undefined;
  return item.autoHideMs ?? standard;
}

const PRIORITY_LOOK: Record<NotificationPriority, { icon: LucideIcon; label?: string; className: string; iconClassName: string }> = {
  urgent: { icon: OctagonAlertIcon, label: "Urgent", className: "border-l-4 border-l-destructive", iconClassName: "text-destructive" },
  high: { icon: CircleAlertIcon, label: "High priority", className: "border-l-4 border-l-warning", iconClassName: "text-warning" },
  medium: { icon: BellIcon, className: "", iconClassName: "text-primary" },
  low: { icon: BellIcon, className: "", iconClassName: "text-muted-foreground" },
};

/** Whole seconds left (the delay rounded up), one fewer every second; stands still while paused. */
function useCountdown(durationMs: number | undefined, paused: boolean): number | undefined {
  const [seconds, setSeconds] = useState(durationMs === undefined ? undefined : Math.ceil(durationMs / SECOND));
  const running = seconds !== undefined && seconds > 0 && !paused;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((left) => (left === undefined ? left : Math.max(0, left - 1))), SECOND);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

function NotificationItem({
  item,
  paused,
  side,
  now,
  onDismiss,
  onOpen,
}: {
  item: PanelNotification;
  paused: boolean;
  side: "left" | "right";
  now: number | undefined;
  onDismiss: (id: Id<"notifications">) => void;
  onOpen: NotificationPanelProps["onOpen"];
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  const remaining = useCountdown(autoHideDelay(item), paused);
  const [dismissed, setDismissed] = useState(false);
  const leaving = dismissed || (remaining !== undefined && remaining <= 0);
  const finish = useEffectEvent(() => onDismiss(item._id));
  useEffect(() => {
    if (!leaving) return;
    // The exit animation plays first (SPEC §4: dismissed after 300 ms).
    const timer = setTimeout(finish, NOTIFICATION_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  function dismiss(element: HTMLLIElement) {
    // Keep the keyboard in the panel: focus moves to a neighbour before this one leaves.
    if (element.contains(document.activeElement)) {
      const neighbour = element.nextElementSibling ?? element.previousElementSibling;
      neighbour?.querySelector<HTMLElement>("a, button")?.focus();
    }
    setDismissed(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    dismiss(event.currentTarget);
  }

  const look = PRIORITY_LOOK[item.priority];
  const titleId = `notification-${item._id}`;
  return (
    <li
      ref={itemRef}
      inert={leaving}
      onKeyDown={onKeyDown}
      data-priority={item.priority}
      data-leaving={leaving || undefined}
      className={cn(
        "pointer-events-auto relative rounded-xl border bg-popover p-4 pr-14 text-popover-foreground shadow-lg transition-[opacity,translate] duration-300 ease-out",
        side === "right" ? "motion-safe:slide-in-from-right-4" : "motion-safe:slide-in-from-left-4",
        "animate-in fade-in-0",
        leaving && (side === "right" ? "opacity-0 motion-safe:translate-x-4" : "opacity-0 motion-safe:-translate-x-4"),
        look.className,
      )}
    >
      <div role={item.priority === "urgent" ? "alert" : undefined} aria-labelledby={titleId} className="flex items-start gap-3">
        <look.icon className={cn("mt-0.5 size-5 shrink-0", look.iconClassName)} aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {look.label ? <p className={cn("text-xs font-bold tracking-wide uppercase", look.iconClassName)}>{look.label}</p> : null}
          <p id={titleId} className="font-semibold break-words">
            {item.title}
          </p>
          <p className="text-sm break-words text-muted-foreground">{item.message}</p>
          {item.actions.length > 0 ? (
            <div className="flex flex-wrap gap-x-4">
              {item.actions.map((action) => (
                <a
                  key={action.url}
                  href={action.url}
                  onClick={() => onOpen(item, action)}
                  className="inline-flex min-h-11 items-center rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  {action.label}
                </a>
              ))}
            </div>
          ) : null}
          {now !== undefined || remaining !== undefined ? (
            <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              {now !== undefined ? (
                <time dateTime={new Date(item.timestamp).toISOString()}>{timeAgo(item.timestamp, now)}</time>
              ) : (
                <span />
              )}
              {/* Hidden from screen readers: a number that changes every second must not be announced every second. */}
              {remaining !== undefined ? (
                <span aria-hidden className="tabular-nums">
                  Hides in {remaining} s
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        onClick={() => itemRef.current && dismiss(itemRef.current)}
        className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <XIcon className="size-4" aria-hidden />
        <span className="sr-only">Dismiss: {item.title}</span>
      </button>
    </li>
  );
}

/**
 * The member's live notifications in a corner of the screen (SPEC §2, §4). Medium and low hide
 * themselves after a visible countdown; urgent and high stay until dismissed. Pointing at or
 * focusing the panel pauses every countdown, so nothing moves while the member reads.
 */
export function NotificationPanel({ notifications, position, onDismiss, onOpen, now }: NotificationPanelProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const visible = notifications.slice(0, NOTIFICATIONS_VISIBLE);
  const more = notifications.length - visible.length;
  const side = position.endsWith("left") ? "left" : "right";

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <div
      data-position={position}
      className={cn(
        "pointer-events-none fixed z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2",
        NOTIFICATION_POSITION_CLASSES[position],
        side === "right" ? "items-end" : "items-start",
      )}
      // A mouse only: a tap on a touch screen never "leaves", which would pause the panel for good.
      onPointerEnter={(event) => setHovered(event.pointerType === "mouse")}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Always present, so notifications that arrive later are announced. */}
      <ol aria-label="Notifications" aria-live="polite" aria-relevant="additions" className="flex w-full flex-col gap-2">
        {visible.map((item) => (
          <NotificationItem
            key={item._id}
            item={item}
            paused={hovered || focused}
            side={side}
            now={now}
            onDismiss={onDismiss}
            onOpen={onOpen}
          />
        ))}
      </ol>
      {more > 0 ? (
        <a
          href={DASHBOARD_URLS.notifications}
          className="pointer-events-auto inline-flex min-h-11 items-center rounded-full border bg-popover px-4 text-sm font-medium text-primary shadow-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          +{more} more <span className="sr-only">notifications</span>
        </a>
      ) : null}
    </div>
  );
}
