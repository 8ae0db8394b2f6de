/**
 * Clerk sign-in for production builds (VITE_CLERK_PUBLISHABLE_KEY set). Only ever imported
 * dynamically, so the default build's visitors never download Clerk.
 */
import { ClerkProvider, useAuth as useClerkAuth } from "@clerk/clerk-react";
import type { AnyRouter } from "@tanstack/react-router";
import { ConvexProviderWithClerk } from "convex/react-clerk";
import { convex } from "@/lib/convex";
import { CurrentViewerProvider } from "./current-viewer";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AuthStatusStore, type AuthSession } from "./auth-session";
import { AuthSessionProvider } from "./use-auth";

/** Mirrors Clerk's hook state into an AuthSession the router and the app can read. */
function ClerkSessionBridge({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn, signOut } = useClerkAuth();
  const signOutRef = useRef(signOut);
  const [store] = useState(() => new AuthStatusStore("loading"));
  const [session] = useState<AuthSession>(() => ({
    getStatus: store.getStatus,
    subscribe: store.subscribe,
    signOut: () => signOutRef.current(),
  }));

  useEffect(() => {
    signOutRef.current = signOut;
    store.set(!isLoaded ? "loading" : isSignedIn ? "signed-in" : "signed-out");
  }, [isLoaded, isSignedIn, signOut, store]);

  return <AuthSessionProvider session={session}>{children}</AuthSessionProvider>;
}

export default function ClerkAuthProvider({
  publishableKey,
  router,
  children,
}: {
  publishableKey: string;
  router: AnyRouter;
  children: ReactNode;
}) {
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      signInUrl="/login"
      signUpUrl="/register"
      afterSignOutUrl="/"
      // Clerk's own redirects stay inside the single-page app.
      routerPush={(to) => router.navigate({ href: to })}
      routerReplace={(to) => router.navigate({ href: to, replace: true })}
    >
      <ConvexProviderWithClerk client={convex} useAuth={useClerkAuth}>
        <ClerkSessionBridge>
          <CurrentViewerProvider>{children}</CurrentViewerProvider>
        </ClerkSessionBridge>
      </ConvexProviderWithClerk>
    </ClerkProvider>
  );
}
