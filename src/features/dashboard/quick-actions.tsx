import type { Id } from "@convex/_generated/dataModel";
import { activityUrls } from "@convex/model/activity";
import { CalendarPlusIcon, CirclePlayIcon, ClockIcon, MessagesSquareIcon, VideoIcon, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { relativeTime } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { DASHBOARD_URLS } from "./dashboard-urls";

export interface NextSession {
  id: Id<"sessions">;
  startsAt: number;
  /** When the session room opens (a few minutes before the start). */
  joinOpensAt: number;
  endsAt: number;
}

export interface QuickActionsProps {
  /** undefined while the balance loads. */
  remainingMinutes: number | undefined;
  /** The member's next scheduled session, if any. */
  nextSession?: NextSession;
  latestRecordingId?: Id<"recordings">;
  now: number;
}

interface Action {
  label: string;
  icon: LucideIcon;
  /** Absent while the action is not available; `detail` then says why. */
  href?: string;
  detail: string;
  note?: string;
  /** The one clear next step, drawn first in weight. */
  primary?: boolean;
}

const MINUTE = 60_000;

/** The Join Session tile: a link only while the session room is open. */
function joinAction(session: NextSession | undefined, now: number): Action {
  const base = { label: "Join Session", icon: VideoIcon };
  if (!session || now >= session.endsAt) return { ...base, detail: "No session booked" };
  if (now < session.joinOpensAt) {
    const lead = Math.round((session.startsAt - session.joinOpensAt) / MINUTE);
    return { ...base, detail: `Opens ${lead} minutes before`, note: `Starts ${relativeTime(session.startsAt, now)}` };
  }
  const detail =
    now < session.startsAt ? `Starts ${relativeTime(session.startsAt, now)}` : `Started ${relativeTime(session.startsAt, now)}`;
  return { ...base, href: activityUrls.session(session.id), detail, primary: true };
}

const tile = "flex min-h-20 w-full items-start gap-3 rounded-xl border p-4 text-left";

function ActionTile({ action }: { action: Action }) {
  const body = (
    <>
      <action.icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">{action.label}</span>
        <span className={cn("text-sm", !action.primary && "text-muted-foreground")}>{action.detail}</span>
        {action.note ? <span className="text-sm text-muted-foreground">{action.note}</span> : null}
      </span>
    </>
  );
  if (action.href === undefined) {
    // Not a link yet: shown quietly, with the reason in words instead of a dead control.
    return (
      <div aria-disabled="true" className={cn(tile, "border-dashed bg-muted/50 text-muted-foreground")}>
        {body}
      </div>
    );
  }
  return (
    <a
      href={action.href}
      className={cn(
        tile,
        "outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60",
        action.primary
          ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90"
          : "bg-background hover:bg-accent hover:text-accent-foreground",
      )}
    >
      {body}
    </a>
  );
}

/**
 * The four shortcuts of SPEC §2. Joining takes the lead while a session room is open; otherwise
 * booking does, so there is always one clear next step.
 */
export function QuickActions({ remainingMinutes, nextSession, latestRecordingId, now }: QuickActionsProps) {
  const join = joinAction(nextSession, now);
  const actions: Action[] = [
    {
      label: "Book a Session",
      icon: CalendarPlusIcon,
      href: DASHBOARD_URLS.bookSession,
      detail: "Pick a time with your coach",
      primary: join.href === undefined,
    },
    join,
    latestRecordingId
      ? {
          label: "Latest Recording",
          icon: CirclePlayIcon,
          href: activityUrls.recording(latestRecordingId),
          detail: "Watch your last session",
        }
      : { label: "Latest Recording", icon: CirclePlayIcon, detail: "No recordings yet" },
    { label: "Community Forum", icon: MessagesSquareIcon, href: DASHBOARD_URLS.forum, detail: "Ask and share with other members" },
  ];
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
        <CardAction>
          {remainingMinutes === undefined ? (
            <span aria-hidden className="block h-6 w-28 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
          ) : (
            <Badge variant="secondary" className="h-6 text-sm">
              <ClockIcon aria-hidden />
              {/* Whole hours only (SPEC §2): the card's detail lives in the time balance. */}
              {Math.floor(Math.max(0, remainingMinutes) / 60)} h available
            </Badge>
          )}
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {actions.map((action) => (
            <li key={action.label} className="flex">
              <ActionTile action={action} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
