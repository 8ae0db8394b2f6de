/**
 * The identity provider's side of an account: deactivating must end its sessions and block its
 * sign-in where the credentials live; its role lives in the provider's public metadata
 * (`publicMetadata.role`), from where the verified user.updated webhook brings it to the users row;
 * and a visitor who books gets an account made for them, with a one-time ticket that signs them in.
 * Clerk is called through its Backend API (@clerk/backend: ban/unban, updateUserMetadata,
 * createUser, createSignInToken, deleteUser); the local provider of the embedded backend has admin
 * endpoints for the same.
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

/** An admin request to the local provider; `path` is under /auth/admin/. */
function localAdmin(path: string, method: string, body?: unknown) {
  if (!env.LOCAL_AUTH_URL || !env.LOCAL_AUTH_ADMIN_SECRET) throw new Error("The local identity provider's admin URL and secret are not set");
  return fetch(`${env.LOCAL_AUTH_URL}/auth/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${env.LOCAL_AUTH_ADMIN_SECRET}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const localAccount = (subject: string, path = "") => `accounts/${encodeURIComponent(subject)}${path}`;

function clerk() {
  if (!env.CLERK_SECRET_KEY) throw new Error("CLERK_SECRET_KEY is not set");
  return createClerkClient({ secretKey: env.CLERK_SECRET_KEY });
}

function unmanaged(tokenIdentifier: string): never {
  throw new Error(`No identity provider is configured for issuer ${splitTokenIdentifier(tokenIdentifier).issuer}`);
}

export async function setAccountActive(tokenIdentifier: string, active: boolean): Promise<void> {
  const { subject } = splitTokenIdentifier(tokenIdentifier);
  switch (identityProviderOf(tokenIdentifier)) {
    case "local":
      return expectOk(await localAdmin(localAccount(subject), "POST", { active }), "Updating the local account");
    case "clerk": {
      const users = clerk().users;
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
      return expectOk(await localAdmin(localAccount(subject, "/metadata"), "PATCH", { publicMetadata: { role } }), "Updating the local account's role");
    case "clerk":
      await clerk().users.updateUserMetadata(subject, { publicMetadata: { role } });
      return;
    default:
      unmanaged(tokenIdentifier);
  }
}

export interface NewIdentity {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** The provider already has an account with this e-mail: the person should sign in instead. */
export class IdentityEmailTaken extends Error {
  override name = "IdentityEmailTaken";
}

/** How long the ticket handed to the browser after a booking stays redeemable. */
export const SIGN_IN_TICKET_SECONDS = 5 * 60;

/**
 * Makes an account at the configured provider (the local one when the embedded backend runs,
 * else Clerk), with the role in its public metadata, and a one-time ticket that signs it in.
 * Returns the tokenIdentifier Convex will see for it (`${issuer}|${subject}`).
 */
export async function createIdentity(input: NewIdentity): Promise<{ tokenIdentifier: string; ticket: string }> {
  if (env.LOCAL_AUTH_ISSUER) {
    const created = await localAdmin("accounts", "POST", { ...input, publicMetadata: { role: input.role } });
    if (created.status === 409) throw new IdentityEmailTaken();
    await expectOk(created, "Creating the local account");
    const { subject } = (await created.json()) as { subject: string };
    const issued = await localAdmin("sign-in-tokens", "POST", { subject, expiresInSeconds: SIGN_IN_TICKET_SECONDS });
    await expectOk(issued, "Creating a sign-in ticket");
    const { ticket } = (await issued.json()) as { ticket: string };
    return { tokenIdentifier: `${env.LOCAL_AUTH_ISSUER}|${subject}`, ticket };
  }
  const issuer = env.CLERK_JWT_ISSUER_DOMAIN?.replace(/\/$/, "");
  if (!issuer) throw new Error("No identity provider is configured");
  const client = clerk();
  let userId: string;
  try {
    ({ id: userId } = await client.users.createUser({
      emailAddress: [input.email],
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      publicMetadata: { role: input.role },
    }));
  } catch (error) {
    if (isClerkEmailTaken(error)) throw new IdentityEmailTaken();
    throw error;
  }
  const { token } = await client.signInTokens.createSignInToken({ userId, expiresInSeconds: SIGN_IN_TICKET_SECONDS });
  return { tokenIdentifier: `${issuer}|${userId}`, ticket: token };
}

/** Removes an account createIdentity made, when the booking it was made for could not be written after all. */
export async function deleteIdentity(tokenIdentifier: string): Promise<void> {
  const { subject } = splitTokenIdentifier(tokenIdentifier);
  switch (identityProviderOf(tokenIdentifier)) {
    case "local":
      return expectOk(await localAdmin(localAccount(subject), "DELETE"), "Deleting the local account");
    case "clerk":
      await clerk().users.deleteUser(subject);
      return;
    default:
      unmanaged(tokenIdentifier);
  }
}

/** Clerk answers a taken address with 422 and the error code form_identifier_exists. */
function isClerkEmailTaken(error: unknown): boolean {
  const errors = (error as { errors?: { code?: string }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e.code === "form_identifier_exists");
}
