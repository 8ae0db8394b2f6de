/** Verifies client tokens against the providers of the functions folder's auth.config.ts. */
import type { UserIdentity } from "convex/server";
import { createTokenVerifier, type AuthConfig } from "./auth/verify";
import type { Engine } from "./engine/engine";

export async function loadTokenVerifier(engine: Engine): Promise<(token: string) => Promise<UserIdentity>> {
  const config = (await engine.authConfig()) as AuthConfig | undefined;
  if (!config?.providers?.length) {
    return () => Promise.reject(new Error("No auth provider is configured in auth.config.ts"));
  }
  const verifier = createTokenVerifier(config);
  return async (token) => (await verifier.verify(token)) as UserIdentity;
}
