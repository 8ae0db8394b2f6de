/**
 * The new-client funnel's rules (SPEC §2 booking flow, §5 post-booking, §9): a visitor books the
 * free intro session with a name and an e-mail, and gets a guest account to see it in. Pure, so
 * the server, the page and the tests agree.
 */
import { keepProblem, LIMITS, textProblem } from "./bounds";
import { FIELD_ERRORS, isEmail } from "./contact";
import { userError } from "./errors";
import type { MemberTier, Role } from "./permissions";
import { NAME_MAX } from "./users";

/** SPEC §9: the generated password is shown this long, then hidden for good. */
export const PASSWORD_VISIBLE_MS = 60_000;
/** SPEC §9: how long "Copied!" stays after Copy. */
export const COPIED_MS = 2_000;
/** How far ahead the booking page offers intro slots. */
export const INTRO_BOOKING_DAYS = 21;
export const EMAIL_MAX = LIMITS.email;

/**
 * The e-mailed link that finishes an intro booking works this long (as a reactivation link does,
 * SPEC §9), or until the session starts if that is sooner; the time is held for as long.
 */
export const INTRO_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Where the e-mailed link leads. */
export const INTRO_CONFIRM_PATH = "/booking/confirm";
/** The e-mail's subject, the same whether or not the address has an account; the page names it. */
export const INTRO_EMAIL_SUBJECT = "Confirm your free intro session";

/** Until when a request made at `now` holds its time and its link works. */
export function introHoldUntil(now: number, startsAt: number): number {
  return Math.min(now + INTRO_LINK_TTL_MS, startsAt);
}

/** A link token: 32 random bytes, base64url (256 bits, so it cannot be guessed). */
export function newLinkToken(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What is stored of a token: its SHA-256 in hex, so a copy of the data cannot confirm anything. */
export async function linkTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A token as the link carries it: anything else is not one of ours. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a visitor who books becomes: a temporary guest (read-only, sessions up to 30 minutes, SPEC §6). */
export const NEW_GUEST: { role: Role; userType: string; tier: MemberTier; forumMember: boolean } = {
  role: "guest_temporary",
  userType: "guest_temporary",
  tier: "foundation",
  forumMember: false,
};

export interface IntroInput {
  name: string;
  email: string;
}

/** Field errors for the booking form (empty when fine), the same on both sides. */
export function introErrors(input: IntroInput): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name) fields.name = FIELD_ERRORS.nameRequired;
  else keepProblem(fields, "name", textProblem(name, "line", NAME_MAX));
  if (!email) fields.email = FIELD_ERRORS.emailRequired;
  else if (email.length > EMAIL_MAX || !isEmail(email)) fields.email = FIELD_ERRORS.emailInvalid;
  return fields;
}

/** The checked input, its name split the way the identity provider wants it; a ConvexError naming each bad field. */
export function checkIntro(input: IntroInput) {
  const fields = introErrors(input);
  if (Object.keys(fields).length > 0) throw userError("INVALID_INPUT", fields);
  const [firstName = "", ...rest] = input.name.trim().split(/\s+/);
  // The provider requires a last name; a visitor who gave one word is not asked for another.
  return { firstName, lastName: rest.join(" ") || firstName, email: input.email.trim().toLowerCase() };
}

/** No 0/O, 1/l/I: the password is read off a screen and typed in again. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A password of four groups of four, e.g. "k7mp-x3qf-9hzt-w2rn": about 79 bits, easy to copy by
 * hand. `random` yields uniform bytes (crypto.getRandomValues); rejection sampling keeps it uniform.
 */
export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % ALPHABET.length);
  const chars: string[] = [];
  while (chars.length < GROUPS * GROUP_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && chars.length < GROUPS * GROUP_LENGTH) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join("")).join("-");
}
