import { ConvexError } from "convex/values";
import { ERROR_MESSAGES, type ErrorCode, type UserError } from "./messages";

/** A ConvexError with one of the backend's codes and its message, ready for the client to show. */
export function userError(code: ErrorCode, fields?: Record<string, string>) {
  const data: UserError = fields ? { code, message: ERROR_MESSAGES[code], fields } : { code, message: ERROR_MESSAGES[code] };
  return new ConvexError(data);
}
