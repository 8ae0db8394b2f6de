import { ConvexProviderWithAuth } from "convex/react";
import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { convex, CONVEX_URL } from "@/lib/convex";
import { CurrentViewerProvider } from "./current-viewer";
import { useLocalAuth } from "./local-auth-provider";
import { PublicConvexClient } from "./public-convex-client";

const visitorClient = new PublicConvexClient(CONVEX_URL);

/** The shape ConvexProviderWithAuth asks for, from the local client. */
function useLocalConvexAuth() {
  const client = useLocalAuth();
  const status = useSyncExternalStore(client.subscribe, client.getStatus);
  return useMemo(
    () => ({
      isLoading: status === "loading",
      isAuthenticated: status === "signed-in",
      fetchAccessToken: client.fetchAccessToken,
    }),
    [status, client],
  );
}

/** Convex with tokens from the local identity provider; must sit inside LocalAuthProvider. */
function LocalConvexProvider({ live, children }: { live: boolean; children: ReactNode }) {
  return (
    <ConvexProviderWithAuth client={live ? convex : visitorClient} useAuth={useLocalConvexAuth}>
      {children}
    </ConvexProviderWithAuth>
  );
}

/**
 * Convex with the local provider's tokens, and the viewer from the backend (a chunk of its own).
 * Not `live`, it is a visitor's: one-off reads over HTTP. Signing in swaps the client in place,
 * so the page keeps its state (a booking just made, a password shown once).
 */
export default function LocalConvexSession({ live, children }: { live: boolean; children: ReactNode }) {
  return (
    <LocalConvexProvider live={live}>
      <CurrentViewerProvider>{children}</CurrentViewerProvider>
    </LocalConvexProvider>
  );
}
