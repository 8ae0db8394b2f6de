import { ConvexProviderWithAuth } from "convex/react";
import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { convex } from "@/lib/convex";
import { CurrentViewerProvider } from "./current-viewer";
import { useLocalAuth } from "./local-auth-provider";

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
function LocalConvexProvider({ children }: { children: ReactNode }) {
  return (
    <ConvexProviderWithAuth client={convex} useAuth={useLocalConvexAuth}>
      {children}
    </ConvexProviderWithAuth>
  );
}

/** Convex with the local provider's tokens, and the viewer from the backend (a chunk of its own). */
export default function LocalConvexSession({ children }: { children: ReactNode }) {
  return (
    <LocalConvexProvider>
      <CurrentViewerProvider>{children}</CurrentViewerProvider>
    </LocalConvexProvider>
  );
}
