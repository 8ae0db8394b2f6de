import type { ConvexReactClient } from "convex/react";
import { ConvexProviderWithAuth } from "convex/react";
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { LocalAuthClient } from "./local-auth-client";
import { AuthSessionProvider } from "./use-auth";

const LocalAuthContext = createContext<LocalAuthClient | null>(null);

/** Sign-in state from the local identity provider, for the whole app. */
export function LocalAuthProvider({ client, children }: { client: LocalAuthClient; children: ReactNode }) {
  return (
    <LocalAuthContext.Provider value={client}>
      <AuthSessionProvider session={client}>{children}</AuthSessionProvider>
    </LocalAuthContext.Provider>
  );
}

/** The local provider's own actions (sign in, register), for the forms that only exist in local mode. */
export function useLocalAuth(): LocalAuthClient {
  const client = useContext(LocalAuthContext);
  if (!client) throw new Error("useLocalAuth must be used inside LocalAuthProvider");
  return client;
}

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
export function LocalConvexProvider({ convex, children }: { convex: ConvexReactClient; children: ReactNode }) {
  return (
    <ConvexProviderWithAuth client={convex} useAuth={useLocalConvexAuth}>
      {children}
    </ConvexProviderWithAuth>
  );
}
