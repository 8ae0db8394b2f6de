import { http, HttpResponse } from "msw";

/**
 * Resend's batch endpoint, the one the Resend component calls: a JSON array of e-mails in,
 * `{ data: [{ id }, ...] }` out in the same order; errors are `{ statusCode, name, message }`.
 */
const RESEND_API = "https://api.resend.com";
export const RESEND_BATCH = `${RESEND_API}/emails/batch`;
/** The single-e-mail endpoint, which takes attachments (the component's batches cannot). */
export const RESEND_EMAILS = `${RESEND_API}/emails`;

export const resendError = (statusCode: number, name: string, message: string) => HttpResponse.json({ statusCode, name, message }, { status: statusCode });

/** Resend's answer when the per-second limit is hit. */
export const rateLimited = () =>
  resendError(
    429,
    "rate_limit_exceeded",
    "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.",
  );

const ADDRESS = /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

interface BatchEmail {
  from?: string;
  to?: string[];
  subject?: string;
}

interface SingleEmail {
  from?: string;
  to?: string | string[];
  subject?: string;
  attachments?: { filename?: string; content?: string; content_type?: string }[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const resendHandlers = [
  http.post(RESEND_BATCH, async ({ request }) => {
    if (!request.headers.get("authorization")?.startsWith("Bearer re_")) {
      return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    }
    const emails = (await request.json()) as BatchEmail[];
    for (const email of emails) {
      const missing = (["from", "to", "subject"] as const).find((field) => !email[field]?.length);
      if (missing) return resendError(422, "missing_required_field", `Missing \`${missing}\` field.`);
      if (!email.to!.every((to) => ADDRESS.test(to))) {
        return resendError(
          422,
          "validation_error",
          "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.",
        );
      }
    }
    return HttpResponse.json({ data: emails.map(() => ({ id: crypto.randomUUID() })) });
  }),
  http.post(RESEND_EMAILS, async ({ request }) => {
    if (!request.headers.get("authorization")?.startsWith("Bearer re_")) {
      return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    }
    const email = (await request.json()) as SingleEmail;
    const missing = (["from", "to", "subject"] as const).find((field) => !email[field]?.length);
    if (missing) return resendError(422, "missing_required_field", `Missing \`${missing}\` field.`);
    const to = Array.isArray(email.to) ? email.to : [email.to!];
    if (!to.every((address) => ADDRESS.test(address))) {
      return resendError(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
    }
    if (email.attachments?.some((file) => !file.filename || !file.content || !BASE64.test(file.content))) {
      return resendError(422, "invalid_attachment", "Attachment must have either a `content` or `path`.");
    }
    return HttpResponse.json({ id: crypto.randomUUID() });
  }),
];
