/** Errors of the identity provider: a stable code for programs, a message for people, the HTTP status to answer with. */
import { AUTH_MESSAGES } from "../../convex/model/authMessages";
import { BOUND_MESSAGES } from "../../convex/model/bounds";

export const MESSAGES = {
  invalidEmail: "Enter a valid email address.",
  passwordTooShort: "Password is too short",
  passwordTooLong: "Password is too long",
  passwordRequired: "Enter your password.",
  firstNameRequired: "Enter your first name.",
  lastNameRequired: "Enter your last name.",
  firstNameTooLong: "Your first name can have at most 100 characters.",
  lastNameTooLong: "Your last name can have at most 100 characters.",
  /** As the app refuses a name with line breaks or invisible characters, in the same words. */
  nameCharacters: BOUND_MESSAGES.lineCharacters,
  emailTaken: "An account with this email already exists. Sign in instead.",
  invalidCredentials: "That email and password don't match an account.",
  /** The same words as the app's own refusal, which links the page it names. */
  accountDeactivated: AUTH_MESSAGES.ACCOUNT_DEACTIVATED,
  signInRateLimited: (minutes: number) => `Too many sign-in attempts. Please wait ${minutesText(minutes)} and try again.`,
  registerRateLimited: (minutes: number) => `Too many sign-up attempts. Please wait ${minutesText(minutes)} and try again.`,
  signedOut: "You are signed out.",
  badJson: "The request body must be a JSON object.",
  notJson: "Send the request body as JSON (Content-Type: application/json).",
  tooLarge: "The request body is too large.",
  adminSecretRequired: "This endpoint needs the admin secret as a Bearer token.",
  noSuchAccount: "No account has this id.",
  ticketInvalid: "This sign-in link has expired or was already used. Sign in with your email and password.",
  roleInvalid: "A role is a text of 1 to 64 characters, or null to remove it.",
  metadataRequired: "Send publicMetadata: an object such as { role: \"coach\" }.",
  notFound: "No such endpoint.",
  methodNotAllowed: "This endpoint does not accept that method.",
} as const;

export type IdentityErrorCode =
  | "INVALID_INPUT"
  | "EMAIL_TAKEN"
  | "INVALID_CREDENTIALS"
  | "ACCOUNT_DEACTIVATED"
  | "RATE_LIMITED"
  | "SIGNED_OUT"
  | "TICKET_INVALID"
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE";

export class IdentityError extends Error {
  override name = "IdentityError";

  constructor(
    readonly status: number,
    readonly code: IdentityErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  body(): { code: IdentityErrorCode; message: string; fields?: Record<string, string> } {
    return { code: this.code, message: this.message, ...(this.extra.fields ? { fields: this.extra.fields } : {}) };
  }
}

function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
