import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useAuth } from "./use-auth";
import { ViewerProvider, type Viewer } from "./viewer";

interface ConvexDemand {
  /** Whether a Convex provider is mounted above this point. */
  ready: boolean;
  /** Asks for Convex to be loaded and mounted. */
  request: () => void;
}

// Without ConvexOnDemand above it (Clerk mode, tests), Convex is mounted from the start.
const DemandContext = createContext<ConvexDemand>({ ready: true, request: () => {} });

const LocalConvexSession = lazy(() => import("./local-convex-session"));

/**
 * The Convex client (and its WebSocket) is a fifth of the app's JavaScript, and a visitor reading
 * the home page, pricing or the policies never needs it. It is loaded once someone signs in or
 * a page that reads data asks for it (NeedsConvex), and then stays.
 */
export function ConvexOnDemand({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [requested, setRequested] = useState(false);
  const request = useCallback(() => setRequested(true), []);
  const waitingDemand = useMemo(() => ({ ready: false, request }), [request]);
  const [mounted, setMounted] = useState(false);
  if (!mounted && (requested || status === "signed-in")) setMounted(true);

  // Until Convex is here, a signed-in person's row is still on its way.
  const viewer: Viewer = status === "signed-out" ? { status } : { status: "loading" };
  const waiting = (
    <ViewerProvider value={viewer}>
      <DemandContext.Provider value={waitingDemand}>{children}</DemandContext.Provider>
    </ViewerProvider>
  );
  if (!mounted) return waiting;
  return (
    <Suspense fallback={waiting}>
      <LocalConvexSession>
        <DemandContext.Provider value={READY}>{children}</DemandContext.Provider>
      </LocalConvexSession>
    </Suspense>
  );
}

const READY: ConvexDemand = { ready: true, request: () => {} };
const NOT_YET: ConvexDemand = { ready: false, request: () => {} };

/** Build-time rendering (src/prerender.tsx): live parts render their fallback, as in the browser before Convex arrives. */
export function WithoutConvex({ children }: { children: ReactNode }) {
  return <DemandContext.Provider value={NOT_YET}>{children}</DemandContext.Provider>;
}

/** Renders `children` (which read Convex) once Convex is mounted, asking for it meanwhile. */
export function NeedsConvex({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { ready, request } = useContext(DemandContext);
  useEffect(() => {
    if (!ready) request();
  }, [ready, request]);
  return ready ? children : fallback;
}
