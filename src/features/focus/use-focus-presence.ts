import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FOCUS_HEARTBEAT_MS } from "@convex/model/focusRules";
import { useConvex, useMutation } from "convex/react";
import { useEffect, useState } from "react";
import { useNow } from "@/lib/use-now";

/**
 * Keeps the member shown as in the room while this page is open: a heartbeat now and every
 * FOCUS_HEARTBEAT_MS, a disconnect when the page leaves (a keepalive request when the tab closes). The page
 * stays present in a background tab too, as working elsewhere is the point of body doubling.
 * Returns how far the server's clock is from this browser's, so every countdown shows one time.
 */
export function useFocusPresence(roomId: Id<"focusRooms">, enabled: boolean): number {
  const convex = useConvex();
  const heartbeat = useMutation(api.focus.heartbeat);
  const disconnect = useMutation(api.focus.disconnect);
  const [offsetMs, setOffsetMs] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const pageId = crypto.randomUUID();
    let token: string | null = null;
    let stopped = false;
    const beat = async () => {
      const sent = Date.now();
      try {
        const { sessionToken, serverNow } = await heartbeat({ roomId, pageId });
        if (stopped) {
          void disconnect({ sessionToken });
          return;
        }
        token = sessionToken;
        // The server read its clock about halfway through the round trip.
        setOffsetMs(serverNow - (sent + Date.now()) / 2);
      } catch {
        // The room ended or the member left: the room's live query already says so.
      }
    };
    void beat();
    const timer = window.setInterval(() => void beat(), FOCUS_HEARTBEAT_MS);
    const onPageHide = () => {
      if (!token) return;
      // A keepalive request outlives the page. Not sendBeacon: it always sends credentials, which a
      // backend on another origin answering CORS with "*" refuses; the token is all this call needs.
      void fetch(`${convex.url}/api/mutation`, {
        method: "POST",
        keepalive: true,
        credentials: "omit",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: "focus:disconnect", args: { sessionToken: token }, format: "json" }),
      }).catch(() => {});
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      if (token) void disconnect({ sessionToken: token });
    };
  }, [roomId, enabled, heartbeat, disconnect, convex]);

  return offsetMs;
}

/** The server's time as this page best knows it, ticking every `intervalMs`. */
export function useServerNow(offsetMs: number, intervalMs = 250): number {
  return useNow(intervalMs) + offsetMs;
}

/** "24:59": minutes and seconds left, rounded up so the count reaches 0:00 at the end. */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
