import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ArrowLeftIcon, CalendarDaysIcon, VideoIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { LoadErrorBoundary, When } from "./page-states";
import { useTimeZone } from "@/features/auth/viewer";
import { isVideo } from "./recordings-page";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function RecordingDetails({ recordingId }: { recordingId: Id<"recordings"> }) {
  const data = useQuery(api.recordings.get, { recordingId });
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  if (data === undefined) return <LoadingList title label="Loading the recording" rows={1} />;
  const { recording, url } = data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold break-words">{recording.title}</h1>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <CalendarDaysIcon className="size-4 text-muted-foreground" aria-hidden />
          <span>
            Session “{data.sessionTitle}”, <When ms={data.sessionStartsAt} now={now} timeZone={timeZone} />
          </span>
        </p>
      </header>
      {url === null ? (
        <p role="alert" className="rounded-xl border bg-card p-6">
          This file isn't available right now. Please try again later.
        </p>
      ) : isVideo(recording.contentType) ? (
        // Recordings have no caption track yet; the session's transcript is the text alternative.
        <video controls preload="metadata" src={url} className="w-full rounded-xl border bg-black" aria-label={recording.title} />
      ) : (
        <audio controls preload="metadata" src={url} className="w-full" aria-label={recording.title} />
      )}
      <Link to="/session/$id" params={{ id: recording.sessionId }} className={linkClass}>
        <VideoIcon className="size-4" aria-hidden />
        Open the session page
      </Link>
    </div>
  );
}

/** /dashboard/recordings/{id}: plays one recording. */
export function RecordingPage({ recordingId }: { recordingId: Id<"recordings"> }) {
  return (
    <div className="flex flex-col gap-6">
      <Link to="/dashboard/recordings" className={linkClass}>
        <ArrowLeftIcon className="size-4" aria-hidden />
        All recordings
      </Link>
      <LoadErrorBoundary
        key={recordingId}
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard/recordings">See your recordings</Link>
          </Button>
        }
      >
        <RecordingDetails recordingId={recordingId} />
      </LoadErrorBoundary>
    </div>
  );
}
