/**
 * Clerk sign-in for production builds (VITE_CLERK_PUBLISHABLE_KEY set). Only ever imported
 * dynamically, so the default build's visitors never download Clerk.
 */
import { ClerkProvider, useAuth as useClerkAuth, useSignIn } from "@clerk/clerk-react";
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
  const { signIn, setActive } = useSignIn();
  const signOutRef = useRef(signOut);
  const ticketRef = useRef<(ticket: string) => Promise<void>>(() => Promise.reject(new Error("Clerk is still loading")));
  const [store] = useState(() => new AuthStatusStore("loading"));
  const [session] = useState<AuthSession>(() => ({
    getStatus: store.getStatus,
    subscribe: store.subscribe,
    signOut: () => signOutRef.current(),
    signInWithTicket: (ticket) => ticketRef.current(ticket),
  }));

  useEffect(() => {
    if (!signIn || !setActive) return;
    // Clerk's sign-in token (made by the backend's signInTokens.createSignInToken) redeemed with the ticket strategy.
    ticketRef.current = async (ticket) => {
      const attempt = await signIn.create({ strategy: "ticket", ticket });
      if (attempt.status !== "complete" || !attempt.createdSessionId) throw new Error(`Ticket sign-in did not complete: ${attempt.status}`);
      await setActive({ session: attempt.createdSessionId });
    };
  }, [signIn, setActive]);

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
