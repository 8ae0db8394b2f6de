import { ConvexError } from "convex/values";
import { AUTH_MESSAGES, type AuthErrorCode, type UserError } from "./messages";

/** A ConvexError with one of the backend's codes and its message, ready for the client to show. */
export function userError(code: AuthErrorCode, fields?: Record<string, string>) {
  const data: UserError = fields ? { code, message: AUTH_MESSAGES[code], fields } : { code, message: AUTH_MESSAGES[code] };
  return new ConvexError(data);
}
