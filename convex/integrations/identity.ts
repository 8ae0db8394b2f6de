/**
 * The identity provider's account switch: deactivating an account must end its sessions and
 * block its sign-in where the credentials live. Clerk bans and unbans the user (its Backend API,
 * through @clerk/backend); the local provider of the embedded backend has an admin endpoint for the same.
 */
import { createClerkClient } from "@clerk/backend";
import { env } from "../_generated/server";

function splitTokenIdentifier(tokenIdentifier: string) {
  const at = tokenIdentifier.lastIndexOf("|");
  return { issuer: tokenIdentifier.slice(0, at), subject: tokenIdentifier.slice(at + 1) };
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${await response.text()}`);
}

export async function setAccountActive(tokenIdentifier: string, active: boolean): Promise<void> {
  const { issuer, subject } = splitTokenIdentifier(tokenIdentifier);
  if (env.LOCAL_AUTH_ISSUER && issuer === env.LOCAL_AUTH_ISSUER) {
    if (!env.LOCAL_AUTH_URL || !env.LOCAL_AUTH_ADMIN_SECRET) throw new Error("The local identity provider's admin URL and secret are not set");
    const response = await fetch(`${env.LOCAL_AUTH_URL}/auth/admin/accounts/${encodeURIComponent(subject)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.LOCAL_AUTH_ADMIN_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify({ active }),
    });
    return expectOk(response, "Updating the local account");
  }
  if (env.CLERK_JWT_ISSUER_DOMAIN && issuer === env.CLERK_JWT_ISSUER_DOMAIN.replace(/\/$/, "")) {
    if (!env.CLERK_SECRET_KEY) throw new Error("CLERK_SECRET_KEY is not set");
    const { users } = createClerkClient({ secretKey: env.CLERK_SECRET_KEY });
    await (active ? users.unbanUser(subject) : users.banUser(subject));
    return;
  }
  throw new Error(`No identity provider is configured for issuer ${issuer}`);
}
