import { ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import type { ReactNode } from "react";
import { CurrentViewerProvider } from "./current-viewer";

type UseConvexAuth = () => { isLoading: boolean; isAuthenticated: boolean; fetchAccessToken: (args: { forceRefreshToken: boolean }) => Promise<string | null> };

/** Convex through `client`, with the viewer from the backend; a prerendered page's data is rendered in the same. */
export function ConvexSessionProvider({ client, useAuth, children }: { client: ConvexReactClient; useAuth: UseConvexAuth; children: ReactNode }) {
  return (
    <ConvexProviderWithAuth client={client} useAuth={useAuth}>
      <CurrentViewerProvider>{children}</CurrentViewerProvider>
    </ConvexProviderWithAuth>
  );
}
