/**
 * Which identity providers Convex trusts. Clerk in production (CLERK_JWT_ISSUER_DOMAIN, JWT
 * template "convex"); the embedded backend's local provider when it runs (it sets LOCAL_AUTH_*,
 * with its public keys inline). Both end in the same ctx.auth.getUserIdentity().
 */
import type { AuthConfig } from "convex/server";
import { env } from "./_generated/server";

const providers: AuthConfig["providers"] = [];
if (env.CLERK_JWT_ISSUER_DOMAIN) {
  providers.push({ domain: env.CLERK_JWT_ISSUER_DOMAIN, applicationID: "convex" });
}
if (env.LOCAL_AUTH_ISSUER && env.LOCAL_AUTH_JWKS) {
  providers.push({
    type: "customJwt",
    issuer: env.LOCAL_AUTH_ISSUER,
    jwks: env.LOCAL_AUTH_JWKS,
    algorithm: "RS256",
    applicationID: "convex",
  });
}

export default { providers } satisfies AuthConfig;
