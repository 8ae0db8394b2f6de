/**
 * The identity provider's side of an account: deactivating must end its sessions and block its
 * sign-in where the credentials live, and its role lives in the provider's public metadata
 * (`publicMetadata.role`), from where the verified user.updated webhook brings it to the users row.
 * Clerk is called through its Backend API (@clerk/backend); the local provider of the embedded
 * backend has admin endpoints for the same.
 */
import { createClerkClient } from "@clerk/backend";
import { env } from "../_generated/server";

export type IdentityProviderName = "clerk" | "local";

function splitTokenIdentifier(tokenIdentifier: string) {
  const at = tokenIdentifier.lastIndexOf("|");
  return { issuer: tokenIdentifier.slice(0, at), subject: tokenIdentifier.slice(at + 1) };
}

/** Which configured provider issued this identity; null when none here manages it. */
export function identityProviderOf(tokenIdentifier: string): IdentityProviderName | null {
  const { issuer } = splitTokenIdentifier(tokenIdentifier);
  if (env.LOCAL_AUTH_ISSUER && issuer === env.LOCAL_AUTH_ISSUER) return "local";
  if (env.CLERK_JWT_ISSUER_DOMAIN && issuer === env.CLERK_JWT_ISSUER_DOMAIN.replace(/\/$/, "")) return "clerk";
  return null;
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${await response.text()}`);
}

function localAdmin(subject: string, path: string, method: string, body: unknown) {
  if (!env.LOCAL_AUTH_URL || !env.LOCAL_AUTH_ADMIN_SECRET) throw new Error("The local identity provider's admin URL and secret are not set");
  return fetch(`${env.LOCAL_AUTH_URL}/auth/admin/accounts/${encodeURIComponent(subject)}${path}`, {
    method,
    headers: { authorization: `Bearer ${env.LOCAL_AUTH_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

function clerkUsers() {
  if (!env.CLERK_SECRET_KEY) throw new Error("CLERK_SECRET_KEY is not set");
  return createClerkClient({ secretKey: env.CLERK_SECRET_KEY }).users;
}

function unmanaged(tokenIdentifier: string): never {
  throw new Error(`No identity provider is configured for issuer ${splitTokenIdentifier(tokenIdentifier).issuer}`);
}

export async function setAccountActive(tokenIdentifier: string, active: boolean): Promise<void> {
  const { subject } = splitTokenIdentifier(tokenIdentifier);
  switch (identityProviderOf(tokenIdentifier)) {
    case "local":
      return expectOk(await localAdmin(subject, "", "POST", { active }), "Updating the local account");
    case "clerk": {
      const users = clerkUsers();
      await (active ? users.unbanUser(subject) : users.banUser(subject));
      return;
    }
    default:
      unmanaged(tokenIdentifier);
  }
}

/** Writes the role into the account's public metadata (merged with what is there, as Clerk does). */
export async function setAccountRole(tokenIdentifier: string, role: string): Promise<void> {
  const { subject } = splitTokenIdentifier(tokenIdentifier);
  switch (identityProviderOf(tokenIdentifier)) {
    case "local":
      return expectOk(await localAdmin(subject, "/metadata", "PATCH", { publicMetadata: { role } }), "Updating the local account's role");
    case "clerk":
      await clerkUsers().updateUserMetadata(subject, { publicMetadata: { role } });
      return;
    default:
      unmanaged(tokenIdentifier);
  }
}
