import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { usePaginatedQuery } from "convex/react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { whenWithTime } from "@/lib/relative-time";
import { StatusBadge } from "./shared";
import { useTimeZone } from "@/features/auth/viewer";

const PAGE_SIZE = 20;
type Scope = "upcoming" | "past";

const tabTrigger =
  "inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs";

function BookingList({ scope }: { scope: Scope }) {
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  const { results, status, loadMore } = usePaginatedQuery(api.bookings.mine, { scope }, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <LoadingList label="Loading bookings" />;
  if (results.length === 0)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border p-5">
        <p>{scope === "upcoming" ? "No upcoming sessions yet." : "No past sessions yet."}</p>
        <Button asChild>
          <Link to="/dashboard/book-session">Book a session</Link>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {results.map((session) => (
          <li key={session._id}>
            <Link
              to="/dashboard/bookings/$id"
              params={{ id: session._id }}
              className="flex min-h-11 flex-col gap-1 rounded-xl border bg-card p-4 outline-none hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{session.title}</span>
                <StatusBadge status={session.status} />
              </span>
              <span className="text-sm">with {session.coachName}</span>
              <time dateTime={new Date(session.startsAt).toISOString()} className="text-sm text-muted-foreground">
                {whenWithTime(session.startsAt, now, timeZone)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <Button variant="outline" className="self-start" onClick={() => loadMore(PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more sessions"}
        </Button>
      ) : null}
    </div>
  );
}

/** /dashboard/bookings: the member's sessions, upcoming or past. */
export function BookingsPage() {
  const [scope, setScope] = useState<Scope>("upcoming");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Bookings</h1>
        <Button asChild>
          <Link to="/dashboard/book-session">Book a session</Link>
        </Button>
      </div>
      <Tabs.Root value={scope} onValueChange={(value) => setScope(value as Scope)} className="flex flex-col gap-4">
        <Tabs.List aria-label="Which sessions" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="upcoming" className={tabTrigger}>
            Upcoming
          </Tabs.Trigger>
          <Tabs.Trigger value="past" className={tabTrigger}>
            Past
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={scope} className="outline-none">
          <BookingList key={scope} scope={scope} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
