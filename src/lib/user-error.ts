import type { UserError } from "@convex/model/messages";
import { ConvexError } from "convex/values";

/** What the backend said for a person to read (ARCHITECTURE §4), or undefined for any other failure. */
export function userErrorOf(error: unknown): Partial<UserError> | undefined {
  return error instanceof ConvexError ? (error.data as Partial<UserError>) : undefined;
}

/** The backend's own words for a ConvexError, or `fallback` for anything else (a lost connection). */
export function errorMessage(error: unknown, fallback = "That didn't save. Please try again."): string {
  return userErrorOf(error)?.message ?? fallback;
}

/** Field messages a ConvexError carries (data.fields), empty when there are none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return userErrorOf(error)?.fields ?? {};
}
