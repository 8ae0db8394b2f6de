import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { missingProvider } from "@/lib/missing-provider";
import type { AuthSession, AuthStatus } from "./auth-session";

const AuthSessionContext = createContext<AuthSession | null>(null);

export function AuthSessionProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthSessionContext.Provider value={session}>{children}</AuthSessionContext.Provider>;
}

export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) {
    throw missingProvider("useAuthSession", "an identity provider (LocalAuthProvider or ClerkAuthProvider)", "in src/main.tsx by identity mode");
  }
  return session;
}

/** What a prerendered page was rendered with (src/prerender.tsx), and so the app's first render over it. */
const stillLoading = (): AuthStatus => "loading";

/** The one app-level view of sign-in, the same in both identity modes. */
export function useAuth(): { status: AuthStatus; signOut: () => Promise<void> } {
  const session = useAuthSession();
  const status = useSyncExternalStore(session.subscribe, session.getStatus, stillLoading);
  return { status, signOut: session.signOut };
}
