import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { timestampAnchor } from "@convex/model/extraction";
import { formatTimestamp } from "@convex/model/transcripts";
import { Link, useLocation } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { SearchIcon, VideoIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { BOOKINGS_URL, LoadErrorBoundary, When } from "./page-states";
import { useTimeZone } from "@/features/auth/viewer";
import { cn } from "@/lib/utils";
import { countMatches, highlight, searchPattern } from "./transcript-search";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function TranscriptDetails({ transcriptId }: { transcriptId: Id<"transcripts"> }) {
  const data = useQuery(api.transcripts.get, { transcriptId });
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  const [query, setQuery] = useState("");
  const searchId = useId();
  const segments = data?.transcript.segments;
  const search = useMemo(() => {
    const pattern = searchPattern(query);
    if (!pattern || !segments) return { pattern, shown: segments ?? [], matches: 0 };
    const counted = segments.map((segment) => ({ segment, count: countMatches(segment, pattern) })).filter(({ count }) => count > 0);
    return { pattern, shown: counted.map(({ segment }) => segment), matches: counted.reduce((total, { count }) => total + count, 0) };
  }, [query, segments]);

  // A link to a quote's moment (#at-02-10) lands on its passage, once the passages are there.
  const target = useLocation({ select: (location) => location.hash });
  const loaded = segments !== undefined;
  useEffect(() => {
    if (loaded && target) document.getElementById(target)?.scrollIntoView?.({ block: "center" });
  }, [loaded, target]);
  const anchors = useMemo(() => {
    // One id per MM:SS: the first passage that starts then.
    const first = new Map<string, number>();
    segments?.forEach((segment, index) => {
      const anchor = timestampAnchor(formatTimestamp(segment.startSeconds));
      if (!first.has(anchor)) first.set(anchor, index);
    });
    return new Map([...first].map(([anchor, index]) => [segments![index]!, anchor]));
  }, [segments]);

  if (data === undefined) return <LoadingList title label="Loading the transcript" />;
  const { transcript } = data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted-foreground">Transcript</p>
        <h1 className="text-3xl font-bold break-words">{data.sessionTitle}</h1>
        <When ms={data.sessionStartsAt} now={now} timeZone={timeZone} />
        <p className="text-sm">
          Coach: {data.coachName} · Member: {data.memberName}
        </p>
        <Link to="/session/$id" params={{ id: transcript.sessionId }} className={linkClass}>
          <VideoIcon className="size-4" aria-hidden />
          Open the session page
        </Link>
      </header>

      <div role="search" className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>Search the transcript</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
            autoComplete="off"
          />
        </div>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {search.pattern ? `${search.matches} ${search.matches === 1 ? "match" : "matches"}` : `${transcript.segments.length} passages`}
        </p>
      </div>

      {search.shown.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
          <p className="font-medium">Nothing in this transcript matches “{query.trim()}”.</p>
          <p className="text-sm text-muted-foreground">Try another word, or a speaker's name.</p>
          <Button variant="outline" onClick={() => setQuery("")}>
            Clear the search
          </Button>
        </div>
      ) : (
        <ol aria-label="Transcript passages" className="flex flex-col divide-y rounded-xl border bg-card">
          {search.shown.map((segment, index) => {
            const anchor = anchors.get(segment);
            const here = target !== "" && anchor === target;
            return (
              <li
                key={`${segment.startSeconds}-${index}`}
                id={anchor}
                aria-current={here ? "location" : undefined}
                className={cn("flex scroll-mt-24 gap-4 p-4", here && "bg-warning-muted/60")}
              >
                <time
                  dateTime={`PT${Math.floor(segment.startSeconds)}S`}
                  className="shrink-0 pt-0.5 font-mono text-sm text-muted-foreground tabular-nums"
                >
                  {formatTimestamp(segment.startSeconds)}
                </time>
                <div className="flex min-w-0 flex-col gap-0.5">
                  {segment.speaker ? <p className="font-semibold break-words">{highlight(segment.speaker, search.pattern)}</p> : null}
                  <p className="break-words">{highlight(segment.text, search.pattern)}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** /dashboard/transcripts/{id}: a session's transcript, searchable in the browser. */
export function TranscriptPage({ transcriptId }: { transcriptId: Id<"transcripts"> }) {
  return (
    <LoadErrorBoundary
      key={transcriptId}
      action={
        <Button asChild variant="outline">
          <a href={BOOKINGS_URL}>Go to your bookings</a>
        </Button>
      }
    >
      <TranscriptDetails transcriptId={transcriptId} />
    </LoadErrorBoundary>
  );
}
