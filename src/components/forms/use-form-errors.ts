import { useState } from "react";
import type { ZodError } from "zod";
import type { SummaryItem } from "./error-summary";

export interface FormErrors<K extends string> {
  /** The summary's headline: the server's message, or a request to check the fields. */
  message: string;
  fields: Partial<Record<K, string>>;
}

/** The first message for each field of a failed zod parse. */
export function zodFieldErrors<K extends string>(error: ZodError): Partial<Record<K, string>> {
  const fields: Partial<Record<string, string>> = {};
  for (const issue of error.issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

/**
 * Field errors and the summary of a form. `summaryKey` changes with every failed submit, so the
 * summary mounts again and takes focus even when it was already showing.
 */
export function useFormErrors<K extends string>(fieldIds: Record<K, string>) {
  const [errors, setErrors] = useState<FormErrors<K> | null>(null);
  const [failures, setFailures] = useState(0);

  const summaryItems: SummaryItem[] = errors
    ? (Object.keys(fieldIds) as K[]).flatMap((key) => {
        const message = errors.fields[key];
        return message ? [{ fieldId: fieldIds[key], message }] : [];
      })
    : [];

  return {
    errors,
    summaryItems,
    summaryKey: failures,
    fail(next: FormErrors<K>) {
      setErrors(next);
      setFailures((count) => count + 1);
    },
    clear() {
      setErrors(null);
    },
  };
}
