/**
 * The sign-in and account texts, in a module of their own: the public pages' first bundle (the
 * newsletter form, the route error page) needs these, not every message of the backend.
 */
export const AUTH_MESSAGES = {
  UNAUTHENTICATED: "Please sign in to continue.",
  ACCOUNT_DEACTIVATED: "This account is deactivated. Visit /account/reactivate or contact support to restore it.",
  FORBIDDEN: "You don't have permission to do that.",
  NOT_FOUND: "We couldn't find that account.",
  INVALID_INPUT: "Please check the highlighted fields.",
  LAST_ADMIN: "This is the last active admin account; make someone else an admin first.",
} as const;
