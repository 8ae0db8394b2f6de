import { createContext, useContext, type ReactNode } from "react";
import { missingProvider } from "@/lib/missing-provider";
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
  if (!client) throw missingProvider("useLocalAuth", "LocalAuthProvider", "in src/main.tsx when no Clerk key is set");
  return client;
}
