import { api } from "@convex/_generated/api";
import { DEBUG_TEXTS } from "@convex/model/debug";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { ShieldAlertIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/user-error";
import { DebugNote, DebugPage, DebugSection } from "./debug-parts";

export const REAL_TIME_TEXT = {
  title: "Real-time test",
  deniedTitle: "Access Denied",
  lead: "A live Convex query: every ping written by the button appears here, and in every other tab with this page open, without a reload.",
  ping: "Send a ping",
  sending: "Sending...",
  none: "No pings yet. Send one.",
} as const;

/** SPEC §8: outside development the route refuses, with the way back to the dashboard. */
export function RealTimeDenied() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <ShieldAlertIcon className="size-7 text-primary" aria-hidden />
        {REAL_TIME_TEXT.deniedTitle}
      </h1>
      <p role="alert" className="text-lg">
        {DEBUG_TEXTS.realTimeDenied}
      </p>
      <Button asChild>
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </div>
  );
}

function LivePings() {
  const id = useId();
  const pings = useQuery(api.debug.pings, {});
  const ping = useMutation(api.debug.ping);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** How long the last ping took to come back: Convex resolves a mutation once its result is in this tab's live queries. */
  const [roundTrip, setRoundTrip] = useState<number | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const sentAt = Date.now();
      await ping({ sentAt });
      setRoundTrip(Date.now() - sentAt);
    } catch (failure) {
      setError(errorMessage(failure, "The ping was not sent. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DebugSection id={`${id}-live`} title="Live pings">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void send()} disabled={busy}>
          {busy ? REAL_TIME_TEXT.sending : REAL_TIME_TEXT.ping}
        </Button>
        <span aria-live="polite" className="text-sm text-muted-foreground">
          {roundTrip === null ? "" : `Last round trip: ${roundTrip} ms, live list included`}
        </span>
      </div>
      {error ? <p className="text-destructive">{error}</p> : null}
      {pings === undefined ? (
        <LoadingList label="Connecting to the live query" rows={3} />
      ) : pings.length === 0 ? (
        <p>{REAL_TIME_TEXT.none}</p>
      ) : (
        <ol aria-live="polite" className="flex flex-col gap-1 font-mono text-sm">
          {pings.map((row) => (
            <li key={row.id}>
              {new Date(row.at).toISOString()} · written {row.at - row.sentAt} ms after sending
            </li>
          ))}
        </ol>
      )}
    </DebugSection>
  );
}

/** /demos/real-time: a live subscription test in development builds, Access Denied in any other. */
export function RealTimeTest({ development = import.meta.env.DEV }: { development?: boolean }) {
  if (!development) return <RealTimeDenied />;
  return (
    <DebugPage id="real-time-title" title={REAL_TIME_TEXT.title} lead={REAL_TIME_TEXT.lead} adminOnly>
      <DebugNote>Development builds only. The pings are admin data, so the server asks for an admin account whatever build is running.</DebugNote>
      <LivePings />
    </DebugPage>
  );
}
