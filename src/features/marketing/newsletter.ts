/** The newsletter sign-up of SPEC §4/§7: where it posts, what it says, and how the answer is read. */
import { FORM_MESSAGES } from "@convex/model/contact";
import { fetchWithRetry } from "@/lib/retry";

export const NEWSLETTER_ENDPOINT = "/api/newsletter";
/** The plain form post that works without JavaScript; it redirects back to /?newsletter=<outcome>#newsletter. */
export const NEWSLETTER_FORM_ACTION = "/newsletter/subscribe";

export const NEWSLETTER_TEXT = {
  submit: "Subscribe",
  submitting: "Subscribing...",
  thanks: "Thanks for subscribing! Look out for our next email.",
  invalid: "Please check your name and email address, then try again.",
  busy: FORM_MESSAGES.busy,
  error: "We couldn't sign you up just now. Please try again in a minute.",
} as const;

export type NewsletterOutcome = "subscribed" | "invalid" | "busy" | "error";

/** The outcome the no-JavaScript fallback put in the address (?newsletter=...), if any. */
export function outcomeFromSearch(search: string): NewsletterOutcome | null {
  const value = new URLSearchParams(search).get("newsletter");
  return value === "subscribed" || value === "invalid" || value === "busy" || value === "error" ? value : null;
}

export type NewsletterResult =
  | { kind: "subscribed" }
  | { kind: "rejected"; message: string; fields: Record<string, string> }
  /** Network failure or a server error: the caller falls back to the plain form post. */
  | { kind: "unavailable" };

/** Posts the form's fields to /api/newsletter (URL-encoded form data) and reads the answer. */
export async function postNewsletter(data: FormData, fetcher: typeof fetch = fetch): Promise<NewsletterResult> {
  const body = new URLSearchParams();
  for (const [key, value] of data) if (typeof value === "string") body.append(key, value);
  let response: Response;
  try {
    // Safe to repeat: signing up an address already on the list gives the same thanks.
    response = await fetchWithRetry(
      new URL(NEWSLETTER_ENDPOINT, window.location.origin),
      { method: "POST", body, headers: { accept: "application/json" } },
      { fetcher },
    );
  } catch {
    return { kind: "unavailable" };
  }
  if (response.status >= 500) return { kind: "unavailable" };
  // Both "subscribed" and "already_subscribed" mean the person is on the list: the same thanks.
  if (response.ok) return { kind: "subscribed" };
  const answer = (await response.json().catch(() => null)) as { message?: unknown; fields?: unknown } | null;
  if (!answer || typeof answer.message !== "string") return { kind: "unavailable" };
  const fields = answer.fields && typeof answer.fields === "object" ? (answer.fields as Record<string, string>) : {};
  return { kind: "rejected", message: answer.message, fields };
}
