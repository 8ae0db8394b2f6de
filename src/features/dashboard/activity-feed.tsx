import type { Doc } from "@convex/_generated/dataModel";
import { ACTIVITY_TYPES, ACTIVITY_VISIBLE, type ActivityType } from "@convex/model/activity";
import {
  CalendarCheckIcon,
  CalendarPlusIcon,
  CircleCheckIcon,
  CirclePlayIcon,
  ClockIcon,
  FileTextIcon,
  InfoIcon,
  LoaderCircleIcon,
  TriangleAlertIcon,
  VideoIcon,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { timeAgo } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { DASHBOARD_URLS } from "./dashboard-urls";

export type ActivityItem = Pick<
  Doc<"activities">,
  "_id" | "type" | "title" | "description" | "timestamp" | "status" | "actionUrl" | "actionLabel"
>;
export type ActivityFilter = "all" | ActivityType;
type ActivityStatus = ActivityItem["status"];

export interface ActivityFeedProps {
  /** Newest first, already narrowed to `filter`. */
  items: ActivityItem[];
  now: number;
  filter: ActivityFilter;
  onFilterChange: (filter: ActivityFilter) => void;
  /** More pages exist on the server. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  /** A page is on its way: a skeleton while there are no items yet, otherwise a busy "Show more". */
  loading: boolean;
}

const TYPE_LOOK: Record<ActivityType, { filterLabel: string; empty: string; icon: LucideIcon }> = {
  session: { filterLabel: "Sessions", empty: "No sessions yet", icon: VideoIcon },
  recording: { filterLabel: "Recordings", empty: "No recordings yet", icon: CirclePlayIcon },
  booking: { filterLabel: "Bookings", empty: "No bookings yet", icon: CalendarCheckIcon },
  transcript: { filterLabel: "Transcripts", empty: "No transcripts yet", icon: FileTextIcon },
  system: { filterLabel: "System", empty: "No system messages yet", icon: InfoIcon },
};

export const ACTIVITY_FILTERS: readonly { value: ActivityFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...ACTIVITY_TYPES.map((type) => ({ value: type, label: TYPE_LOOK[type].filterLabel })),
];

const STATUS_LOOK: Record<ActivityStatus, { label: string; icon: LucideIcon; className: string }> = {
  completed: { label: "Completed", icon: CircleCheckIcon, className: "text-success" },
  pending: { label: "Pending", icon: ClockIcon, className: "text-muted-foreground" },
  in_progress: { label: "In progress", icon: LoaderCircleIcon, className: "text-primary" },
  error: { label: "Error", icon: TriangleAlertIcon, className: "text-destructive" },
};

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";
const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function FeedSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your activity
      </span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} aria-hidden className="flex gap-3">
          <div className="size-9 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
          <div className="flex flex-1 flex-col gap-2">
            <div className={cn(pulse, "h-5 w-48")} />
            <div className={cn(pulse, "h-4 w-full")} />
          </div>
        </div>
      ))}
    </div>
  );
}

function ActivityRow({ item, now }: { item: ActivityItem; now: number }) {
  const type = TYPE_LOOK[item.type];
  // "Completed" describes work with a course (a session, a transcript); a notice such as a forum
  // reply or a mention has none, so it reads by its title alone. Its errors and pending states still show.
  const status = item.type === "system" && item.status === "completed" ? null : STATUS_LOOK[item.status];
  return (
    <li className="flex gap-3 py-3">
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <type.icon className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium break-words">{item.title}</h3>
          <time dateTime={new Date(item.timestamp).toISOString()} className="text-sm whitespace-nowrap text-muted-foreground">
            {timeAgo(item.timestamp, now)}
          </time>
        </div>
        {item.description ? <p className="text-sm break-words text-muted-foreground">{item.description}</p> : null}
        <div className="flex flex-wrap items-center gap-x-4">
          {status ? (
            <span className={cn("inline-flex items-center gap-1.5 text-sm font-medium", status.className)}>
              <status.icon className="size-4" aria-hidden />
              {status.label}
            </span>
          ) : null}
          {item.actionUrl ? (
            <a href={item.actionUrl} className={linkClass}>
              {item.actionLabel ?? "Open"}
              <span className="sr-only">: {item.title}</span>
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function EmptyFeed({ filter, onShowAll }: { filter: ActivityFilter; onShowAll: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 py-2">
      <p className="font-medium">{filter === "all" ? "No activity yet" : TYPE_LOOK[filter].empty}</p>
      <p className="text-sm text-muted-foreground">Your sessions, recordings, bookings and transcripts will show up here.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <a href={DASHBOARD_URLS.bookSession}>
            <CalendarPlusIcon aria-hidden />
            Book a session
          </a>
        </Button>
        {filter === "all" ? null : (
          <Button variant="ghost" onClick={onShowAll}>
            Show all activity
          </Button>
        )}
      </div>
    </div>
  );
}

/** The member's recent activity (SPEC §2): filter chips, ACTIVITY_VISIBLE items, then "Show more". */
export function ActivityFeed({ items, now, filter, onFilterChange, canLoadMore, onLoadMore, loading }: ActivityFeedProps) {
  // How many show, and the newest item seen, both per filter: a new filter starts over.
  const [view, setView] = useState({ filter, visible: ACTIVITY_VISIBLE, latest: null as number | null, announcement: "" });
  const newest = items[0]?.timestamp ?? null;
  if (view.filter !== filter) {
    setView({ filter, visible: ACTIVITY_VISIBLE, latest: null, announcement: "" });
  } else if (!loading && newest !== null && (view.latest === null || newest > view.latest)) {
    const latest = view.latest;
    const fresh = latest === null ? 0 : items.filter((item) => item.timestamp > latest).length;
    setView({
      ...view,
      latest: newest,
      announcement: fresh > 0 ? `${fresh} new ${fresh === 1 ? "activity" : "activities"}` : view.announcement,
    });
  }

  function showMore() {
    const next = view.visible + ACTIVITY_VISIBLE;
    setView({ ...view, visible: next });
    if (items.length < next && canLoadMore) onLoadMore();
  }

  const shown = items.slice(0, view.visible);
  const hasMore = items.length > view.visible || canLoadMore;
  return (
    <Card aria-labelledby="activity-title">
      <CardHeader>
        <CardTitle id="activity-title">Recent Activity</CardTitle>
        <CardAction>
          <a href={DASHBOARD_URLS.activity} className={linkClass}>
            View all<span className="sr-only"> activity</span>
          </a>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div role="group" aria-label="Show activity of one kind" className="flex flex-wrap gap-2">
          {ACTIVITY_FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => onFilterChange(option.value)}
              className={cn(
                "inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60",
                filter === option.value
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background hover:bg-accent hover:text-accent-foreground",
              )}
            >
              {filter === option.value ? <CircleCheckIcon className="size-4" aria-hidden /> : null}
              {option.label}
            </button>
          ))}
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {view.announcement}
        </p>
        {shown.length === 0 ? (
          loading ? (
            <FeedSkeleton />
          ) : (
            <EmptyFeed filter={filter} onShowAll={() => onFilterChange("all")} />
          )
        ) : (
          <ol className="flex flex-col divide-y">
            {shown.map((item) => (
              <ActivityRow key={item._id} item={item} now={now} />
            ))}
          </ol>
        )}
        {shown.length > 0 && hasMore ? (
          <Button variant="outline" className="self-start" onClick={showMore} disabled={loading}>
            {loading ? "Loading..." : "Show more"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
