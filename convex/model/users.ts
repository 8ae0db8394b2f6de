/** Rules for the users table: lookups, profiles from identity claims, input checks. */
import type { UserIdentity } from "convex/server";
import type { Doc } from "../_generated/dataModel";
import type { DatabaseReader } from "../_generated/server";
import { LIMITS, toPlainLine } from "./bounds";
import { userError } from "./errors";
import { PROFILE_MESSAGES } from "./messages";
import type { MemberTier, Role } from "./permissions";

export const NAME_MAX = LIMITS.name;
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

/**
 * A name the backend is given rather than asked for (an identity provider's claims or events):
 * made one plain line, at most NAME_MAX characters, since there is nobody to refuse it to.
 */
export function plainName(name: string): string {
  return Array.from(toPlainLine(name)).slice(0, NAME_MAX).join("");
}

/** Email and names from the identity's standard claims (Clerk and the local provider send both). */
export function profileFromIdentity(identity: UserIdentity) {
  const email = normalizeEmail(identity.email ?? "");
  const [first = "", ...rest] = (identity.name ?? "").trim().split(/\s+/);
  return {
    email,
    firstName: plainName(identity.givenName ?? first),
    lastName: plainName(identity.familyName ?? rest.join(" ")),
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

export const FORUM_NAME_MIN = 3;
export const FORUM_NAME_MAX = 30;
/** Letters of any script (with their combining marks), digits, spaces, dots, underscores and dashes. */
const FORUM_NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} ._-]*$/u;

/**
 * A forum name as it is stored: trimmed, runs of spaces made one, and composed (NFC), so a name
 * that looks the same is written one way only and cannot be claimed twice.
 */
export function normalizeForumName(name: string): string {
  return name.normalize("NFC").trim().replace(/ {2,}/g, " ");
}

/** The forum name rule, for the profile form and users.updateProfile alike; length in characters, not UTF-16 units. */
export function isValidForumName(name: string): boolean {
  const normalized = normalizeForumName(name);
  const length = [...normalized].length;
  return length >= FORUM_NAME_MIN && length <= FORUM_NAME_MAX && FORUM_NAME_CHARACTERS.test(normalized);
}

export interface ProfileInput {
  firstName?: string;
  lastName?: string;
  timezone?: string;
  /** "" removes the forum name. */
  forumName?: string;
}

/**
 * The fields given, trimmed, or a ConvexError naming each bad field; an absent field stays as it
 * is. Nothing is written on error.
 */
export function checkProfile(input: ProfileInput): ProfileInput {
  const profile: ProfileInput = {};
  const fields: Record<string, string> = {};
  const firstName = input.firstName?.trim();
  const lastName = input.lastName?.trim();
  if (firstName === "") fields.firstName = "Enter your first name.";
  else if (firstName && firstName.length > NAME_MAX) fields.firstName = `Use at most ${NAME_MAX} characters.`;
  else if (firstName) profile.firstName = firstName;
  if (lastName === "") fields.lastName = "Enter your last name.";
  else if (lastName && lastName.length > NAME_MAX) fields.lastName = `Use at most ${NAME_MAX} characters.`;
  else if (lastName) profile.lastName = lastName;
  if (input.timezone !== undefined) {
    if (isValidTimezone(input.timezone)) profile.timezone = input.timezone;
    else fields.timezone = TIMEZONE_ERROR;
  }
  if (input.forumName !== undefined) {
    const forumName = normalizeForumName(input.forumName);
    if (forumName === "" || isValidForumName(forumName)) profile.forumName = forumName;
    else fields.forumName = PROFILE_MESSAGES.FORUM_NAME_INVALID;
  }
  if (Object.keys(fields).length > 0) throw userError("INVALID_INPUT", fields);
  return profile;
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
    ...(user.forumName ? { forumName: user.forumName } : {}),
    status: user.status,
    timezone: user.timezone,
  };
}
