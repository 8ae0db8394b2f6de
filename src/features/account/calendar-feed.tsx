import { api } from "@convex/_generated/api";
import { useMutation, useQuery } from "convex/react";
import { CalendarPlusIcon, RefreshCwIcon } from "lucide-react";
import { useId, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/user-error";

/**
 * The member's private calendar feed (Settings → Calendar): one link to subscribe to from Google,
 * Apple or Outlook, which then shows every upcoming session. "Make a new link" asks once, then
 * the old link stops working at once.
 */
export function CalendarFeed() {
  const feed = useQuery(api.calendar.myFeed, {});
  const newLink = useMutation(api.calendar.newFeedLink);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState(false);
  const inputId = useId();
  const hintId = useId();

  async function make() {
    setBusy(true);
    setError(null);
    try {
      await newLink({});
      setConfirming(false);
      setMade(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  if (feed === undefined)
    return (
      <div aria-busy="true" className="h-20 animate-pulse rounded-md bg-muted motion-reduce:animate-none">
        <span className="sr-only" role="status">
          Loading your calendar link
        </span>
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="font-medium">Your sessions in your own calendar</h3>
        <p id={hintId} className="text-sm text-muted-foreground">
          Subscribe to this link from Google Calendar, Apple Calendar or Outlook, and every session you book shows up there. Keep it to yourself:
          anyone with the link can see your session times.
        </p>
      </div>
      {feed === null ? (
        <div>
          <Button type="button" onClick={() => void make()} disabled={busy}>
            <CalendarPlusIcon aria-hidden />
            {busy ? "Making your link…" : "Make my calendar link"}
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>Your private calendar link</Label>
            <Input id={inputId} readOnly value={feed.url} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <CopyButton text={feed.url} label="Copy link" failedHint="Select the link above and copy it." />
            {confirming ? null : (
              <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
                <RefreshCwIcon aria-hidden />
                Make a new link
              </Button>
            )}
          </div>
          {confirming ? (
            <div role="group" aria-label="Make a new link" className="flex flex-col gap-2 rounded-md border p-3">
              <p className="text-sm">Calendars that use the current link will stop updating. You can add the new link to them.</p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => void make()} disabled={busy}>
                  {busy ? "Making a new link…" : "Yes, make a new link"}
                </Button>
                <Button type="button" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                  Keep this link
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
      <p role="status" className="text-sm">
        {made && !error ? "Your new link is ready. The old one no longer works." : ""}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
