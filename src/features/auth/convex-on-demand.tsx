import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useAuth } from "./use-auth";
import { ViewerProvider, type Viewer } from "./viewer";

interface ConvexDemand {
  /** Whether a Convex provider is mounted above this point. */
  ready: boolean;
  /** Asks for Convex to be loaded and mounted. */
  request: () => void;
  /** The mounted client is the live one (a WebSocket), not a visitor's one-off HTTP reads. */
  live: boolean;
}

const READY: ConvexDemand = { ready: true, request: () => {}, live: true };
const READY_FOR_VISITOR: ConvexDemand = { ready: true, request: () => {}, live: false };

// Without ConvexOnDemand above it (Clerk mode, tests), Convex is mounted from the start.
const DemandContext = createContext<ConvexDemand>(READY);

const LocalConvexSession = lazy(() => import("./local-convex-session"));

type Mode = "none" | "public" | "live";

/** What mounts Convex: a visitor's reads (`live` false) or the signed-in live client. */
export type ConvexSession = ComponentType<{ live: boolean; children: ReactNode }>;

interface ConvexOnDemandProps {
  children: ReactNode;
  /**
   * Mounted from the first render, already loaded, for a page prerendered with its data
   * (src/lib/convex-snapshot.ts): its first render must show that data, as the prerender did.
   */
  session?: ConvexSession;
}

/**
 * The Convex client is a fifth of the app's JavaScript, and a visitor reading the home page,
 * pricing or the policies never needs it. It is loaded once someone signs in or a page that reads
 * data asks for it (NeedsConvex). A visitor's pages read over HTTP (PublicConvexClient: no
 * socket); someone signed in gets the live client, which then stays, through a sign-out too.
 */
export function ConvexOnDemand({ children, session }: ConvexOnDemandProps) {
  const { status } = useAuth();
  const [requested, setRequested] = useState(false);
  const request = useCallback(() => setRequested(true), []);
  const waitingDemand = useMemo(() => ({ ready: false, request, live: false }), [request]);
  const [mode, setMode] = useState<Mode>(session ? "public" : "none");
  const Session = session ?? LocalConvexSession;
  // While a session is being restored ("loading"), nothing is chosen yet: it decides which client.
  const next: Mode = status === "signed-in" ? "live" : mode === "none" && requested && status === "signed-out" ? "public" : mode;
  if (next !== mode) setMode(next);

  // Until Convex is here, a signed-in person's row is still on its way.
  const viewer: Viewer = status === "signed-out" ? { status } : { status: "loading" };
  const waiting = (
    <ViewerProvider value={viewer}>
      <DemandContext.Provider value={waitingDemand}>{children}</DemandContext.Provider>
    </ViewerProvider>
  );
  if (mode === "none") return waiting;
  return (
    <Suspense fallback={waiting}>
      <Session live={mode === "live"}>
        <DemandContext.Provider value={mode === "live" ? READY : READY_FOR_VISITOR}>{children}</DemandContext.Provider>
      </Session>
    </Suspense>
  );
}

/** Whether this page reads through the live client; false for a visitor's one-off reads (no connection to show). */
export function useLiveConvex(): boolean {
  return useContext(DemandContext).live;
}

/** Renders `children` (which read Convex) once Convex is mounted, asking for it meanwhile. */
export function NeedsConvex({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { ready, request } = useContext(DemandContext);
  useEffect(() => {
    if (!ready) request();
  }, [ready, request]);
  return ready ? children : fallback;
}
