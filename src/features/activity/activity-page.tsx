import { api } from "@convex/_generated/api";
import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { ActivityFeed, type ActivityFilter } from "@/features/dashboard/activity-feed";
import { LoadErrorBoundary } from "@/features/sessions/page-states";

const PAGE_SIZE = 20;

function ActivityList() {
  const [filter, setFilter] = useState<ActivityFilter>("all");
  const { results, status, loadMore } = usePaginatedQuery(api.activity.list, filter === "all" ? {} : { type: filter }, {
    initialNumItems: PAGE_SIZE,
  });
  const [now] = useState(() => Date.now());
  return (
    <ActivityFeed
      items={results}
      now={now}
      filter={filter}
      onFilterChange={setFilter}
      canLoadMore={status === "CanLoadMore"}
      onLoadMore={() => loadMore(PAGE_SIZE)}
      loading={status === "LoadingFirstPage" || status === "LoadingMore"}
    />
  );
}

/** /dashboard/activity: the whole activity history, filtered by kind, a page at a time. */
export function ActivityPage() {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Activity</h1>
        <p className="text-muted-foreground">Everything that happened with your sessions, recordings, bookings and transcripts.</p>
      </header>
      <LoadErrorBoundary action={null}>
        <ActivityList />
      </LoadErrorBoundary>
    </div>
  );
}
