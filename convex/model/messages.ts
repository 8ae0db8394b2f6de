/**
 * User-facing texts the backend sends, defined once. The client imports them too, so a page
 * can recognise an error code and show the same words.
 */
export const AUTH_MESSAGES = {
  UNAUTHENTICATED: "Please sign in to continue.",
  ACCOUNT_DEACTIVATED: "This account is deactivated. Visit /account/reactivate or contact support to restore it.",
  FORBIDDEN: "You don't have permission to do that.",
  NOT_FOUND: "We couldn't find that account.",
  INVALID_INPUT: "Please check the highlighted fields.",
  LAST_ADMIN: "This is the last active admin account; make someone else an admin first.",
} as const;

export type AuthErrorCode = keyof typeof AUTH_MESSAGES;

/** The shape of every ConvexError the backend throws for a person to read (ARCHITECTURE §4). */
export type UserError = {
  code: string;
  message: string;
  fields?: Record<string, string>;
};
