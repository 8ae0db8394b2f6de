/** Verifies client tokens against the providers of the functions folder's auth.config.ts. */
import type { UserIdentity } from "convex/server";
import { createTokenVerifier, type AuthConfig } from "./auth/verify";
import type { Engine } from "./engine/engine";

export async function loadTokenVerifier(engine: Engine): Promise<(token: string) => Promise<UserIdentity>> {
  // Without auth.config.ts every token is refused with Convex's "no providers configured" error.
  const config = (await engine.authConfig()) as AuthConfig | undefined;
  const verifier = createTokenVerifier({ providers: config?.providers ?? [] });
  return async (token) => (await verifier.verify(token)) as UserIdentity;
}
