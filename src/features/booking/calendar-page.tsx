import { api } from "@convex/_generated/api";
import { tz, TZDate } from "@date-fns/tz";
import { Link } from "@tanstack/react-router";
import { usePaginatedQuery } from "convex/react";
import { addMonths, addWeeks, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { dayKey, groupByDay, STATUS_LABELS } from "./shared";
import { useTimeZone } from "@/features/auth/viewer";

/** Sessions the calendar loads per direction: the first page each of upcoming and past. */
const LOADED_SESSIONS = 100;
const WEEK_STARTS_ON = 1;
type View = "month" | "week";

/** The local days the view shows around `anchor`: whole weeks covering its month, or its week. */
export function calendarDays(anchor: TZDate, view: View): TZDate[] {
  const start = startOfWeek(view === "month" ? startOfMonth(anchor) : anchor, { weekStartsOn: WEEK_STARTS_ON });
  const end = endOfWeek(view === "month" ? endOfMonth(anchor) : anchor, { weekStartsOn: WEEK_STARTS_ON });
  return eachDayOfInterval({ start, end }, { in: tz(anchor.timeZone ?? "UTC") });
}

/** /dashboard/calendar: the member's sessions by day in their zone, as a month or a week. */
export function CalendarPage() {
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  const [view, setView] = useState<View>("month");
  const [anchor, setAnchor] = useState(() => new TZDate(now, timeZone));
  const upcoming = usePaginatedQuery(api.bookings.mine, { scope: "upcoming" }, { initialNumItems: LOADED_SESSIONS });
  const past = usePaginatedQuery(api.bookings.mine, { scope: "past" }, { initialNumItems: LOADED_SESSIONS });
  const loading = upcoming.status === "LoadingFirstPage" || past.status === "LoadingFirstPage";
  const sessions = [...past.results, ...upcoming.results].sort((a, b) => a.startsAt - b.startsAt);
  const days = calendarDays(anchor, view);
  const groups = groupByDay(sessions, (session) => session.startsAt, days, timeZone);
  const todayKey = dayKey(now, timeZone);
  const move = (step: number) =>
    setAnchor(new TZDate((view === "month" ? addMonths(anchor, step) : addWeeks(anchor, step)).getTime(), timeZone));
  const title = view === "month" ? format(anchor, "MMMM yyyy") : `Week of ${format(days[0]!, "MMM d, yyyy")}`;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Calendar</h1>
        <Button asChild>
          <Link to="/dashboard/book-session">Book a session</Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="View" className="inline-flex gap-1 rounded-lg bg-muted p-1">
            {(["month", "week"] as const).map((option) => (
              <Button
                key={option}
                size="sm"
                variant={view === option ? "outline" : "ghost"}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === "month" ? "Month" : "Week"}
              </Button>
            ))}
          </div>
          <Button variant="outline" onClick={() => move(-1)}>
            <ChevronLeftIcon aria-hidden />
            Previous
          </Button>
          <Button variant="outline" onClick={() => setAnchor(new TZDate(Date.now(), timeZone))}>
            Today
          </Button>
          <Button variant="outline" onClick={() => move(1)}>
            Next
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">Times are shown in your time zone ({timeZone}).</p>
      {loading ? (
        <LoadingList label="Loading your sessions" />
      ) : (
        <ol className={cn("grid gap-px overflow-hidden rounded-xl border bg-border", "grid-cols-1 sm:grid-cols-7")}>
          {groups.map(({ day, key, items }) => (
            <li
              key={key}
              aria-label={`${format(day, "EEEE, MMMM d")}${items.length ? `, ${items.length} ${items.length === 1 ? "session" : "sessions"}` : ""}`}
              className={cn(
                "flex flex-col gap-1 bg-background p-2",
                view === "month" ? "sm:min-h-24" : "sm:min-h-48",
                view === "month" && !isSameMonth(day, anchor) && "text-muted-foreground",
                view === "month" && items.length === 0 && "hidden sm:flex",
              )}
            >
              <span className={cn("text-sm", key === todayKey && "font-bold text-primary")}>
                {format(day, view === "month" ? "d" : "EEE d")}
                {key === todayKey ? <span className="sr-only"> (today)</span> : null}
              </span>
              {items.map((session) => (
                <Link
                  key={session._id}
                  to="/dashboard/bookings/$id"
                  params={{ id: session._id }}
                  className={cn(
                    "flex min-h-11 flex-col justify-center rounded-md border px-2 text-xs outline-none hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/60",
                    session.status === "cancelled" && "line-through opacity-70",
                  )}
                >
                  <span className="font-medium">{format(session.startsAt, "h:mm a", { in: tz(timeZone) })}</span>
                  <span className="truncate">
                    {session.title} · {STATUS_LABELS[session.status]}
                  </span>
                </Link>
              ))}
            </li>
          ))}
        </ol>
      )}
      {upcoming.status === "CanLoadMore" || past.status === "CanLoadMore" ? (
        <p className="text-sm text-muted-foreground">
          Showing your {LOADED_SESSIONS} nearest sessions each way. <Link to="/dashboard/bookings">See all bookings</Link>
        </p>
      ) : null}
    </div>
  );
}
