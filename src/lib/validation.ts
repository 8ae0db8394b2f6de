import { BOUND_MESSAGES, hasAllowedCharacters } from "@convex/model/bounds";
import { PROFILE_MESSAGES } from "@convex/model/messages";
import { isValidForumName, NAME_MAX, normalizeForumName } from "@convex/model/users";
import { z } from "zod";

// The site's security policy forbids eval (src/lib/security-headers.ts). Zod would probe for it
// with a caught `new Function`, which browsers still report as a violation, to compile object
// parsers; jitless parses without compiling, no slower for forms this size. Every form's schemas
// import this module, so this runs before any of them is built.
z.config({ jitless: true });

/**
 * Field rules shared by the forms, mirroring the server's checks (local identity provider and
 * users.updateProfile) so people learn about a mistake before the round trip.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const FIELD_MESSAGES = {
  email: "Enter a valid email address.",
  passwordRequired: "Enter your password.",
  passwordTooShort: "Password is too short",
  passwordTooLong: "Password is too long",
  firstName: "Enter your first name.",
  lastName: "Enter your last name.",
  nameTooLong: `Use at most ${NAME_MAX} characters.`,
} as const;

export const emailSchema = z.string().trim().pipe(z.email(FIELD_MESSAGES.email));
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, FIELD_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, FIELD_MESSAGES.passwordTooLong);
/** A name as the server bounds it (model/bounds.ts): one plain line, at most NAME_MAX characters. */
const plainLine = (value: string) => hasAllowedCharacters(value, "line");
export const firstNameSchema = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.firstName)
  .max(NAME_MAX, FIELD_MESSAGES.nameTooLong)
  .refine(plainLine, BOUND_MESSAGES.lineCharacters);
export const lastNameSchema = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.lastName)
  .max(NAME_MAX, FIELD_MESSAGES.nameTooLong)
  .refine(plainLine, BOUND_MESSAGES.lineCharacters);
/** Optional ("" removes it); the name comes out as the server stores it. */
export const forumNameSchema = z
  .string()
  .transform(normalizeForumName)
  .refine((name) => name === "" || isValidForumName(name), PROFILE_MESSAGES.FORUM_NAME_INVALID);
