import { http, HttpResponse } from "msw";

/**
 * Sentry's envelope endpoint, where the error-reporting tunnel forwards a configured project's
 * envelopes: POST /api/<project id>/envelope/, answered 200 with the event's id (`{}` when the
 * envelope carries no event), 400 `{ detail }` for a body that is not an envelope, 403 for another
 * project's DSN.
 */
export const SENTRY_TEST_DSN = "https://0123456789abcdef@o4507.ingest.sentry.io/4508";
export const SENTRY_ENVELOPE_URL = "https://o4507.ingest.sentry.io/api/:projectId/envelope/";

export const sentryError = (status: number, detail: string) => HttpResponse.json({ detail }, { status });

/** Sentry's answer past the project's quota: the SDK backs off for the seconds of the header. */
export const sentryRateLimited = () =>
  HttpResponse.json({ detail: "event rejected due to rate limit" }, { status: 429, headers: { "retry-after": "60", "x-sentry-rate-limits": "60::organization" } });

export const sentryHandlers = [
  http.post(SENTRY_ENVELOPE_URL, async ({ request, params }) => {
    const [headerLine = ""] = (await request.text()).split("\n");
    let header: { dsn?: string; event_id?: string };
    try {
      header = JSON.parse(headerLine) as typeof header;
    } catch {
      return sentryError(400, "invalid envelope header");
    }
    if (header.dsn !== undefined && !header.dsn.endsWith(`/${String(params.projectId)}`)) return sentryError(403, "project id mismatch");
    return HttpResponse.json(header.event_id ? { id: header.event_id } : {});
  }),
];
