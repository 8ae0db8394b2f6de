/** Rules for the users table: lookups, profiles from identity claims, input checks. */
import type { UserIdentity } from "convex/server";
import type { Doc } from "../_generated/dataModel";
import type { DatabaseReader } from "../_generated/server";
import { userError } from "./errors";
import type { MemberTier, Role } from "./permissions";

export const NAME_MAX = 100;
export const DEFAULT_TIMEZONE = "UTC";
export const TIMEZONE_ERROR = "Please select a valid timezone";

/** What a first sign-in creates: a client on the free tier. Roles change only through an admin. */
export const NEW_USER: { role: Role; userType: string; tier: MemberTier; forumMember: boolean } = {
  role: "client",
  userType: "client",
  tier: "foundation",
  forumMember: false,
};

/** Last activity is written at most this often, so reads stay cheap for live queries. */
export const ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByToken(db: DatabaseReader, tokenIdentifier: string) {
  return db
    .query("users")
    .withIndex("by_token", (q) => q.eq("tokenIdentifier", tokenIdentifier))
    .unique();
}

export function findUserByEmail(db: DatabaseReader, email: string) {
  return db
    .query("users")
    .withIndex("by_email", (q) => q.eq("email", normalizeEmail(email)))
    .first();
}

/** Email and names from the identity's standard claims (Clerk and the local provider send both). */
export function profileFromIdentity(identity: UserIdentity) {
  const email = normalizeEmail(identity.email ?? "");
  const [first = "", ...rest] = (identity.name ?? "").trim().split(/\s+/);
  return {
    email,
    firstName: (identity.givenName ?? first).trim().slice(0, NAME_MAX),
    lastName: (identity.familyName ?? rest.join(" ")).trim().slice(0, NAME_MAX),
  };
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return timezone.length > 0;
  } catch {
    return false;
  }
}

/** Trimmed profile fields, or a ConvexError naming each bad field. Nothing is written on error. */
export function checkProfile(input: { firstName: string; lastName: string; timezone: string }) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const fields: Record<string, string> = {};
  if (!firstName) fields.firstName = "Enter your first name.";
  else if (firstName.length > NAME_MAX) fields.firstName = `Use at most ${NAME_MAX} characters.`;
  if (!lastName) fields.lastName = "Enter your last name.";
  else if (lastName.length > NAME_MAX) fields.lastName = `Use at most ${NAME_MAX} characters.`;
  if (!isValidTimezone(input.timezone)) fields.timezone = TIMEZONE_ERROR;
  if (Object.keys(fields).length > 0) throw userError("INVALID_INPUT", fields);
  return { firstName, lastName, timezone: input.timezone };
}

/** The users row as the signed-in person sees it about themselves. */
export function viewerView(user: Doc<"users">) {
  return {
    _id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    userType: user.userType,
    tier: user.tier,
    createdAt: user.createdAt,
    forumMember: user.forumMember,
    status: user.status,
    timezone: user.timezone,
  };
}
