/**
 * Clerk user webhooks (user.created / updated / deleted), reduced to what the users table keeps.
 * The local identity provider of the embedded backend sends the same payloads (local-backend/identity/clerk-events.ts).
 */
import { ROLES, type Role } from "./permissions";

export const CLERK_USER_EVENTS = ["user.created", "user.updated", "user.deleted"] as const;
export type ClerkUserEventType = (typeof CLERK_USER_EVENTS)[number];

interface ClerkEmailAddress {
  id: string;
  email_address: string;
  verification?: { status?: string } | null;
}

interface ClerkUserData {
  id?: string;
  email_addresses?: ClerkEmailAddress[];
  primary_email_address_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  created_at?: number;
  updated_at?: number;
  public_metadata?: Record<string, unknown> | null;
}

export interface ClerkUserEvent {
  type: ClerkUserEventType;
  tokenIdentifier: string;
  email?: string;
  /** Whether Clerk verified that e-mail: only then may it claim a member row prepared for it. */
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  createdAt?: number;
  updatedAt?: number;
  /** `public_metadata.role` when it is one of ROLES; where roles are managed (admin page or Clerk's dashboard). */
  role?: Role;
  /** A `public_metadata.role` that is not one of ROLES: ignored, reported so it can be logged. */
  unknownRole?: string;
}

/**
 * The users-table change a verified Clerk payload asks for, or null for other event types.
 * `issuer` is the Clerk Frontend API URL, the `iss` of its JWTs, so ids match sign-ins.
 */
export function parseClerkUserEvent(payload: unknown, issuer: string): ClerkUserEvent | null {
  const { type, data } = (payload ?? {}) as { type?: string; data?: ClerkUserData };
  if (!CLERK_USER_EVENTS.includes(type as ClerkUserEventType)) return null;
  if (!data || typeof data.id !== "string" || data.id.length === 0) throw new Error("Clerk user event without a user id");
  const event: ClerkUserEvent = { type: type as ClerkUserEventType, tokenIdentifier: `${issuer.replace(/\/$/, "")}|${data.id}` };
  if (event.type === "user.deleted") return event;
  const primary = data.email_addresses?.find((address) => address.id === data.primary_email_address_id) ?? data.email_addresses?.[0];
  if (primary) {
    event.email = primary.email_address;
    event.emailVerified = primary.verification?.status === "verified";
  }
  if (typeof data.first_name === "string") event.firstName = data.first_name;
  if (typeof data.last_name === "string") event.lastName = data.last_name;
  if (typeof data.created_at === "number") event.createdAt = data.created_at;
  if (typeof data.updated_at === "number") event.updatedAt = data.updated_at;
  const role = data.public_metadata?.role;
  if ((ROLES as readonly unknown[]).includes(role)) event.role = role as Role;
  else if (role !== undefined && role !== null) event.unknownRole = typeof role === "string" ? role : JSON.stringify(role);
  return event;
}
