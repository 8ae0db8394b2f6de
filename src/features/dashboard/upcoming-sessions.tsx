import type { Id } from "@convex/_generated/dataModel";
import { activityUrls } from "@convex/model/activity";
import { WELCOME_UPCOMING } from "@convex/model/dashboard";
import { CalendarDaysIcon, CalendarPlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDuration, whenWithTime } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { DASHBOARD_URLS } from "./dashboard-urls";

export interface UpcomingSession {
  id: Id<"sessions">;
  title: string;
  startsAt: number;
  durationMinutes: number;
  coachName: string;
}

export interface UpcomingSessionsProps {
  /** Soonest first; undefined while loading. Only the first WELCOME_UPCOMING show. */
  sessions: UpcomingSession[] | undefined;
  /** The member's IANA time zone. */
  timeZone: string;
  now: number;
}

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

function SessionsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        Loading your sessions
      </span>
      {Array.from({ length: WELCOME_UPCOMING }, (_, index) => (
        <div key={index} aria-hidden className="flex flex-col gap-2 rounded-lg border p-3">
          <div className={cn(pulse, "h-5 w-48")} />
          <div className={cn(pulse, "h-4 w-64 max-w-full")} />
        </div>
      ))}
    </div>
  );
}

/** The next sessions with relative and clock times in the member's zone, and the way to the calendar. */
export function UpcomingSessions({ sessions, timeZone, now }: UpcomingSessionsProps) {
  return (
    <Card aria-labelledby="upcoming-sessions-title">
      <CardHeader>
        <CardTitle id="upcoming-sessions-title">Upcoming sessions</CardTitle>
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <a href={DASHBOARD_URLS.calendar}>
              <CalendarDaysIcon aria-hidden />
              View Calendar
            </a>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {sessions === undefined ? (
          <SessionsSkeleton />
        ) : sessions.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="font-medium">No sessions booked</p>
            <p className="text-sm text-muted-foreground">Pick a time with your coach and it will show up here.</p>
            <Button asChild>
              <a href={DASHBOARD_URLS.bookSession}>
                <CalendarPlusIcon aria-hidden />
                Book a session
              </a>
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {sessions.slice(0, WELCOME_UPCOMING).map((session) => (
              <li key={session.id} className="flex flex-col gap-0.5 rounded-lg border p-3">
                <h3 className="font-semibold break-words">
                  <a
                    href={activityUrls.booking(session.id)}
                    className="inline-flex min-h-11 items-center rounded-md underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    {session.title}
                  </a>
                </h3>
                <p className="text-sm font-medium">
                  <time dateTime={new Date(session.startsAt).toISOString()}>{whenWithTime(session.startsAt, now, timeZone)}</time>
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatDuration(session.durationMinutes)} with {session.coachName}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
