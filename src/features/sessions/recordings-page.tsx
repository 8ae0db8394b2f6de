import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { CalendarPlusIcon, FilmIcon, MicIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { DASHBOARD_URLS } from "@/features/dashboard/dashboard-urls";
import { formatDuration } from "@/lib/relative-time";
import { LoadErrorBoundary, When } from "./page-states";
import { useTimeZone } from "@/features/auth/viewer";

const PAGE_SIZE = 20;

type Recording = FunctionReturnType<typeof api.recordings.mine>["page"][number];

export function isVideo(contentType: string): boolean {
  return contentType.startsWith("video/");
}

function RecordingItem({ recording, now, timeZone }: { recording: Recording; now: number; timeZone: string }) {
  const video = isVideo(recording.contentType);
  const Icon = video ? FilmIcon : MicIcon;
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-5">
      <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to="/dashboard/recordings/$id"
          params={{ id: recording._id }}
          className="inline-flex min-h-11 items-center self-start rounded-md font-semibold break-words text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {recording.title}
        </Link>
        <p className="text-sm text-muted-foreground">
          {video ? "Video" : "Audio"}
          {recording.durationSeconds === undefined ? null : ` · ${formatDuration(recording.durationSeconds / 60)}`}
        </p>
        <When ms={recording.createdAt} past now={now} timeZone={timeZone} />
      </div>
    </li>
  );
}

function RecordingList() {
  const { results, status, loadMore } = usePaginatedQuery(api.recordings.mine, {}, { initialNumItems: PAGE_SIZE });
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  if (status === "LoadingFirstPage") return <LoadingList title label="Loading your recordings" />;
  if (results.length === 0)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
        <p className="font-semibold">No recordings yet</p>
        <p className="text-sm text-muted-foreground">After a session, its recording will appear here for you to watch again.</p>
        <Button asChild>
          <a href={DASHBOARD_URLS.bookSession}>
            <CalendarPlusIcon aria-hidden />
            Book a session
          </a>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {results.map((recording) => (
          <RecordingItem key={recording._id} recording={recording} now={now} timeZone={timeZone} />
        ))}
      </ul>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more recordings"}
        </Button>
      )}
    </div>
  );
}

/** /dashboard/recordings: the member's recordings, newest first. */
export function RecordingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Recordings</h1>
        <p className="text-muted-foreground">Watch or listen to your sessions again.</p>
      </header>
      <LoadErrorBoundary action={null}>
        <RecordingList />
      </LoadErrorBoundary>
    </div>
  );
}
