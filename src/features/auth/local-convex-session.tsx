import { useMemo, type ReactNode } from "react";
import { convex, CONVEX_URL } from "@/lib/convex";
import { readSnapshot } from "@/lib/convex-snapshot";
import { ConvexSessionProvider } from "./convex-session-provider";
import { useLocalAuth } from "./local-auth-provider";
import { PublicConvexClient } from "./public-convex-client";
import { useAuth } from "./use-auth";

let visitorClient: PublicConvexClient | undefined;
/** Made on first use, holding the results this page was prerendered with, if any. */
const visitor = () => (visitorClient ??= new PublicConvexClient(CONVEX_URL, { snapshot: readSnapshot(document) }));

/** The shape ConvexProviderWithAuth asks for, from the local client. */
function useLocalConvexAuth() {
  const client = useLocalAuth();
  // The app's view of the same client, which renders over a prerendered page as the prerender did.
  const { status } = useAuth();
  return useMemo(
    () => ({
      isLoading: status === "loading",
      isAuthenticated: status === "signed-in",
      fetchAccessToken: client.fetchAccessToken,
    }),
    [status, client],
  );
}

/**
 * Convex with the local provider's tokens, and the viewer from the backend (a chunk of its own);
 * must sit inside LocalAuthProvider. Not `live`, it is a visitor's: one-off reads over HTTP.
 * Signing in swaps the client in place, so the page keeps its state (a booking just made, a
 * password shown once).
 */
export default function LocalConvexSession({ live, children }: { live: boolean; children: ReactNode }) {
  return (
    <ConvexSessionProvider client={live ? convex : visitor()} useAuth={useLocalConvexAuth}>
      {children}
    </ConvexSessionProvider>
  );
}
