import { useConvexConnectionState } from "convex/react";
import { CheckCircle2Icon, WifiOffIcon } from "lucide-react";
import { useEffect, useState } from "react";

/** Short drops (a network switch, a server restart) pass unnoticed; only a longer one is worth a word. */
export const RECONNECTING_AFTER_MS = 1500;
/** "Back online" stays just long enough to be read, then the banner goes. */
export const BACK_ONLINE_MS = 3000;

export const CONNECTION_TEXTS = {
  reconnecting: "Reconnecting… Your changes are kept and will be sent when we're back.",
  backOnline: "Back online",
} as const;

type Phase = "online" | "reconnecting" | "back";

/**
 * The live connection, calmly: amber words and an icon while Convex reconnects (its client keeps
 * queued mutations and resends them), then "Back online" briefly. Fixed to the bottom of the
 * viewport so it never moves the page, and a sibling of the page so it never remounts it. The
 * status region is always present so screen readers hear each change.
 */
export function ConnectionStatus() {
  const { isWebSocketConnected, hasEverConnected } = useConvexConnectionState();
  const lost = hasEverConnected && !isWebSocketConnected;
  const [phase, setPhase] = useState<Phase>("online");
  if (!lost && phase === "reconnecting") setPhase("back");

  useEffect(() => {
    if (!lost) return;
    const timer = window.setTimeout(() => setPhase("reconnecting"), RECONNECTING_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [lost]);

  useEffect(() => {
    if (phase !== "back") return;
    const timer = window.setTimeout(() => setPhase("online"), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {phase === "reconnecting" ? (
        <p className="pointer-events-auto flex max-w-xl items-start gap-2 rounded-lg border border-warning/50 bg-warning-muted px-4 py-3 text-sm text-warning-foreground shadow-md">
          <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {CONNECTION_TEXTS.reconnecting}
        </p>
      ) : phase === "back" ? (
        <p className="pointer-events-auto flex items-center gap-2 rounded-lg border bg-card px-4 py-3 text-sm text-card-foreground shadow-md">
          <CheckCircle2Icon className="size-4 shrink-0 text-success" aria-hidden />
          {CONNECTION_TEXTS.backOnline}
        </p>
      ) : null}
    </div>
  );
}
