/** The newsletter sign-up of SPEC §4/§7: where it posts, what it says, and how the answer is read. */
import { FORM_MESSAGES } from "@convex/model/contact";
import { RATE_LIMIT_MESSAGES } from "@convex/model/rateLimitMessages";
import { fetchWithRetry } from "@/lib/retry";

export const NEWSLETTER_ENDPOINT = "/api/newsletter";
/** The plain form post that works without JavaScript; it redirects back to /?newsletter=<outcome>#newsletter. */
export const NEWSLETTER_FORM_ACTION = "/newsletter/subscribe";

export const NEWSLETTER_TEXT = {
  submit: "Subscribe",
  submitting: "Subscribing...",
  /** A sign-up is confirmed from the e-mail it sends (double opt-in); the same words for every address. */
  thanks: "Thanks! Please check your inbox: confirm your subscription with the link in the email we just sent you.",
  invalid: "Please check your name and email address, then try again.",
  busy: FORM_MESSAGES.busy,
  error: "We couldn't sign you up just now. Please try again in a minute.",
} as const;

export type NewsletterOutcome = "subscribed" | "invalid" | "busy" | "error";

/** What the no-JavaScript fallback put in the address: ?newsletter=<outcome>, and for "busy" &wait=<seconds>. */
export interface NewsletterReturn {
  outcome: NewsletterOutcome;
  waitSeconds: number | null;
}

/** A day: no limit asks for a longer wait, so anything beyond is not ours. */
const MAX_WAIT_SECONDS = 24 * 60 * 60;

/** The outcome the no-JavaScript fallback put in the address (?newsletter=...), if any. */
export function outcomeFromSearch(search: string): NewsletterReturn | null {
  const params = new URLSearchParams(search);
  const value = params.get("newsletter");
  if (value !== "subscribed" && value !== "invalid" && value !== "busy" && value !== "error") return null;
  const wait = Number(params.get("wait"));
  return { outcome: value, waitSeconds: Number.isInteger(wait) && wait > 0 && wait <= MAX_WAIT_SECONDS ? wait : null };
}

/** The notice for an outcome other than "subscribed": a refusal by a limit says when to try again. */
export function noticeFor({ outcome, waitSeconds }: NewsletterReturn): string | null {
  if (outcome === "subscribed") return null;
  if (outcome === "busy" && waitSeconds !== null) return RATE_LIMIT_MESSAGES.newsletterRetry(waitSeconds * 1000);
  return NEWSLETTER_TEXT[outcome];
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
    // Safe to repeat: the answer is the same for every address, and the server limits the e-mails.
    response = await fetchWithRetry(
      new URL(NEWSLETTER_ENDPOINT, window.location.origin),
      { method: "POST", body, headers: { accept: "application/json" } },
      { fetcher },
    );
  } catch {
    return { kind: "unavailable" };
  }
  if (response.status >= 500) return { kind: "unavailable" };
  // Every address gets the same answer (a confirmation e-mail is on its way), so any 2xx is the thanks.
  if (response.ok) return { kind: "subscribed" };
  const answer = (await response.json().catch(() => null)) as { message?: unknown; fields?: unknown } | null;
  if (!answer || typeof answer.message !== "string") return { kind: "unavailable" };
  const fields = answer.fields && typeof answer.fields === "object" ? (answer.fields as Record<string, string>) : {};
  return { kind: "rejected", message: answer.message, fields };
}
