import { AUTH_MESSAGES } from "@convex/model/messages";
import type { FormErrors } from "@/components/forms/use-form-errors";
import { AUTH_UNAVAILABLE_MESSAGE, AuthRequestError } from "./local-auth-client";

/**
 * The provider's answer as the form shows it: its field messages beside the fields (and listed in
 * the summary under a general headline), or its message alone when it names no field of the form.
 */
export function authFormErrors<K extends string>(error: unknown, fields: readonly K[]): FormErrors<K> {
  if (!(error instanceof AuthRequestError)) {
    console.error("Sign-in request failed", error);
    return { message: AUTH_UNAVAILABLE_MESSAGE, fields: {} };
  }
  const known = Object.fromEntries(Object.entries(error.fields).filter(([key]) => (fields as readonly string[]).includes(key)));
  const message = Object.keys(known).length > 0 ? AUTH_MESSAGES.INVALID_INPUT : error.message;
  return { message, fields: known as Partial<Record<K, string>> };
}
