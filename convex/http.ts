import { httpRouter } from "convex/server";
import { ConvexError } from "convex/values";
import { Webhook } from "svix";
import { api, internal } from "./_generated/api";
import { env, httpAction, type ActionCtx } from "./_generated/server";
import { readResendWebhook, resendWebhookConfigured } from "./integrations/email";
import { stripeGateway, verifyStripeEvent } from "./integrations/stripe";
import { FEED_PATH_PREFIX, FEED_TOKEN_PATTERN, icsContentType } from "./model/calendar";
import { parseClerkUserEvent } from "./model/clerk";
import { EMAIL_SYSTEM_TEXTS } from "./model/emailSystem";
import { OBSERVABILITY_MESSAGES } from "./model/messages";
import { ANALYTICS_PATH, SENTRY_TUNNEL_PATH, TUNNEL_MAX_BYTES } from "./model/observability";
import { httpClientKey, RATE_LIMITED } from "./model/rateLimits";
import { analyticsBeaconSchema } from "./model/routeStats";
import { envelopeDestination, envelopeReports, parseEnvelope, readBodyCapped } from "./model/sentryEnvelope";
import { ARTICLE_PATHS, INDEXED_PATHS, isSameOriginPost, publicOrigin, robotsTxt, sitemapXml } from "./model/site";

const http = httpRouter();

/** A delivery refused before anything was applied: recorded for the errors tab, answered 400 so the sender does not retry a forgery. */
async function refuseWebhook<Ctx extends Pick<ActionCtx, "runMutation">>(ctx: Ctx, provider: "clerk" | "resend" | "stripe", reason: string) {
  await ctx.runMutation(internal.errorRecords.recordWebhookRefusal, { provider, reason });
  return new Response(reason, { status: 400 });
}

/**
 * Clerk's user webhooks, verified with their Svix signature over the raw body and applied once
 * per svix-id (the de-duplication happens in the same transaction as the change). The embedded
 * backend's identity provider sends the same events signed with its own secret: the secret that
 * verifies a delivery decides whose accounts it speaks for (its issuer), so neither can speak for
 * the other's.
 */
http.route({
  path: "/clerk-users-webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const senders = [
      { secret: env.CLERK_WEBHOOK_SECRET, issuer: env.CLERK_JWT_ISSUER_DOMAIN },
      { secret: env.LOCAL_AUTH_WEBHOOK_SECRET, issuer: env.LOCAL_AUTH_ISSUER },
    ].filter((sender): sender is { secret: string; issuer: string } => Boolean(sender.secret && sender.issuer));
    if (senders.length === 0) return new Response("Clerk webhooks are not configured", { status: 503 });
    const body = await request.text();
    const svixHeaders = {
      "svix-id": request.headers.get("svix-id") ?? "",
      "svix-timestamp": request.headers.get("svix-timestamp") ?? "",
      "svix-signature": request.headers.get("svix-signature") ?? "",
    };
    let verified: { payload: unknown; issuer: string } | undefined;
    for (const { secret, issuer } of senders) {
      try {
        verified = { payload: new Webhook(secret).verify(body, svixHeaders), issuer };
        break;
      } catch {
        // Not signed with this sender's secret; the next one may have signed it.
      }
    }
    if (!verified) return await refuseWebhook(ctx, "clerk", "Invalid webhook signature");
    let event;
    try {
      event = parseClerkUserEvent(verified.payload, verified.issuer);
    } catch (error) {
      return new Response(error instanceof Error ? error.message : "Malformed event", { status: 400 });
    }
    if (!event) return new Response(null, { status: 200 });
    const { unknownRole, ...change } = event;
    // Roles are typed by hand in Clerk's dashboard; one LWCC does not know changes nothing and is worth a line in the logs.
    if (unknownRole !== undefined) console.warn(`Clerk user ${event.tokenIdentifier}: ignoring unknown role ${unknownRole}`);
    await ctx.runMutation(internal.users.applyClerkEvent, { eventId: svixHeaders["svix-id"], ...change });
    return new Response(null, { status: 200 });
  }),
});

/**
 * Resend's delivery webhooks (email.sent, delivered, delivery_delayed, bounced, complained,
 * opened, clicked, failed): verified over the raw body, then applied once per svix-id by the same
 * handler the embedded default feeds (internal.email.recordEvent). A replay answers 409.
 */
http.route({
  path: "/resend-webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    if (!resendWebhookConfigured()) return new Response("Resend webhooks are not configured", { status: 503 });
    const delivery = readResendWebhook(await request.text(), request.headers);
    if (delivery.kind === "refused") return await refuseWebhook(ctx, "resend", delivery.reason);
    if (delivery.kind === "ignored") return new Response(null, { status: 204 });
    const outcome = await ctx.runMutation(internal.email.recordEvent, { eventId: delivery.eventId, event: delivery.event });
    return outcome === "duplicate" ? new Response("Event already recorded", { status: 409 }) : new Response(null, { status: 200 });
  }),
});

/** Largest form body accepted; anything bigger is refused before it is parsed. */
const MAX_FORM_BYTES = 16 * 1024;

async function readForm(request: Request): Promise<Record<string, string> | null> {
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) return null;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === "string" ? value : ""]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const TOO_LARGE = { code: "TOO_LARGE", message: "That is more than this form accepts." };

/** A ConvexError's data for the client, or the error again when it is not one the user can fix. */
function userErrorData(error: unknown): { code: string; message: string; fields?: Record<string, string>; retryAfter?: number } {
  if (error instanceof ConvexError) return error.data as { code: string; message: string };
  throw error;
}

/** A rate limit's wait in whole seconds, at least 1, as Retry-After gives it. */
const retryAfterSeconds = (retryAfterMs: number | undefined) => Math.max(1, Math.ceil((retryAfterMs ?? 0) / 1000));

/** A refused form's answer: 429 with Retry-After (seconds) when a rate limit said when to come back. */
function refusal(data: ReturnType<typeof userErrorData>) {
  if (data.code !== RATE_LIMITED) return json(data.code === "NOT_FOUND" ? 404 : 400, data);
  const headers: Record<string, string> = {};
  if (data.retryAfter !== undefined) headers["retry-after"] = String(retryAfterSeconds(data.retryAfter));
  return json(429, data, headers);
}

/**
 * Newsletter sign-up from the page's form (JavaScript on): JSON answers. A sign-up only sends the
 * address a confirmation e-mail (newsletter.ts), and the answer is the same for every address.
 */
http.route({
  path: "/api/newsletter",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const form = await readForm(request);
    if (!form) return json(413, TOO_LARGE);
    try {
      await ctx.runMutation(internal.newsletter.subscribe, { name: form.name ?? "", email: form.email ?? "", source: "form", client: await httpClientKey(ctx, request) });
      return json(200, { status: "check_inbox" });
    } catch (error) {
      return refusal(userErrorData(error));
    }
  }),
});

/**
 * The same sign-up as a plain form post (no JavaScript): back to the page with the outcome, and
 * for a refusal by a limit the seconds to wait, which the page puts in words.
 */
http.route({
  path: "/newsletter/subscribe",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const form = await readForm(request);
    let outcome = "newsletter=subscribed";
    if (!form) outcome = "newsletter=error";
    else {
      try {
        await ctx.runMutation(internal.newsletter.subscribe, {
          name: form.name ?? "",
          email: form.email ?? "",
          source: "form-post",
          client: await httpClientKey(ctx, request),
        });
      } catch (error) {
        const data = userErrorData(error);
        outcome = data.code === RATE_LIMITED ? `newsletter=busy&wait=${retryAfterSeconds(data.retryAfter)}` : "newsletter=invalid";
      }
    }
    return new Response(null, { status: 303, headers: { location: `/?${outcome}#newsletter` } });
  }),
});

/**
 * The onboarding page's offline fallback (SPEC §4): a plain form post of action, booking_id, email
 * and name. Only complete_later, only from the site's own pages (the post carries no sign-in, so a
 * form elsewhere must not make it for someone), only for a scheduled intro booking whose member
 * has that e-mail; then on to /loading-complete. Anything else goes to the booking error page,
 * nothing written.
 */
http.route({
  path: "/onboarding",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const sameSite = isSameOriginPost(request, publicOrigin(env.SITE_URL, request));
    const form = sameSite ? await readForm(request) : null;
    const bookingId = form?.booking_id ?? "";
    const responseId =
      form?.action === "complete_later"
        ? await ctx.runMutation(internal.onboarding.completeLaterByEmail, { bookingId, email: form.email ?? "" })
        : null;
    const location = responseId
      ? `/loading-complete?${new URLSearchParams({ booking_id: bookingId, response_id: responseId }).toString()}`
      : "/booking-error?reason=loading_error";
    return new Response(null, { status: 303, headers: { location } });
  }),
});

/** Event registration (JSON eventTitle); a signed-in caller's bearer token ties it to them. */
http.route({
  path: "/api/events/register",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const form = await readForm(request);
    if (!form) return json(413, TOO_LARGE);
    const identity = await ctx.auth.getUserIdentity();
    try {
      await ctx.runMutation(internal.forms.registerForEvent, {
        eventTitle: form.eventTitle ?? "",
        ...(identity ? { tokenIdentifier: identity.tokenIdentifier } : {}),
      });
      return json(200, { status: "registered" });
    } catch (error) {
      return refusal(userErrorData(error));
    }
  }),
});

/**
 * Stripe's events, from Stripe or, offline, from the embedded backend's stand-in: the signature
 * is checked on the raw body, then the event is applied once (billing:applyStripeEvent). A 400
 * tells Stripe not to retry a forgery; a 500 makes it retry later.
 */
http.route({
  path: "/stripe/webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const gateway = stripeGateway();
    if (!gateway?.webhookSecret) return new Response("Stripe webhooks are not configured", { status: 503 });
    const body = await request.text();
    let event;
    try {
      event = await verifyStripeEvent(gateway, body, request.headers.get("stripe-signature"));
    } catch {
      return await refuseWebhook(ctx, "stripe", "Invalid signature");
    }
    await ctx.runMutation(internal.billing.applyStripeEvent, { id: event.id, type: event.type, created: event.created, object: event.data.object });
    return json(200, { received: true });
  }),
});

/** A transparent 1x1 GIF, the open pixel of campaign e-mails. */
const OPEN_PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (char) => char.charCodeAt(0));
/** Every load must reach us: a cached pixel or redirect would hide the open or click. */
const NO_CACHE = { "cache-control": "no-store, no-cache, must-revalidate, max-age=0", pragma: "no-cache" };
const plain = (status: number, text: string) => new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", ...NO_CACHE } });

const OPEN_PREFIX = "/email/open/";
const CLICK_PREFIX = "/email/click/";

/** Campaign e-mails' open pixel: records "opened" once per recipient. */
http.route({
  pathPrefix: OPEN_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const token = new URL(request.url).pathname.slice(OPEN_PREFIX.length);
    if (!(await ctx.runMutation(internal.campaigns.recordOpen, { token }))) return plain(404, "Not found");
    return new Response(OPEN_PIXEL, { headers: { "content-type": "image/gif", ...NO_CACHE } });
  }),
});

/**
 * Campaign e-mails' tracked links: records the click, then redirects, but only to a link the
 * campaign's e-mails hold (never an open redirect); anything else is refused and records nothing.
 */
http.route({
  pathPrefix: CLICK_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    const target = url.searchParams.get("u") ?? "";
    const outcome = await ctx.runMutation(internal.campaigns.recordClick, { token: url.pathname.slice(CLICK_PREFIX.length), url: target });
    if (outcome === "unknown") return plain(404, "This link is not known.");
    if (outcome === "refused") return plain(400, "This link can't be followed.");
    return new Response(null, { status: 302, headers: { location: target, ...NO_CACHE } });
  }),
});

/**
 * A member's or coach's private calendar feed, for Google, Apple or Outlook to subscribe to. The
 * token is the only key, so a link that is not current answers 404 like one that never was, and
 * nothing is cached: a replaced link stops working at once.
 */
http.route({
  pathPrefix: FEED_PATH_PREFIX,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const name = new URL(request.url).pathname.slice(FEED_PATH_PREFIX.length);
    const token = name.endsWith(".ics") ? name.slice(0, -".ics".length) : "";
    const calendar = FEED_TOKEN_PATTERN.test(token) ? await ctx.runQuery(internal.calendar.feed, { token }) : null;
    if (calendar === null) return plain(404, "This calendar link is not known. Make a new one under Settings → Calendar.");
    return new Response(calendar, { headers: { "content-type": icsContentType(), "content-disposition": 'inline; filename="lwcc.ics"', ...NO_CACHE } });
  }),
});

/** RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe address. A forged token changes nothing. */
http.route({
  path: "/email/unsubscribe",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    try {
      await ctx.runMutation(internal.campaigns.unsubscribeOneClick, { token: new URL(request.url).searchParams.get("token") ?? "" });
      return plain(200, "You are unsubscribed.");
    } catch (error) {
      const { code, message } = userErrorData(error);
      return plain(code === "UNSUBSCRIBE_UNAVAILABLE" ? 503 : 400, message);
    }
  }),
});

http.route({
  path: "/sitemap.xml",
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const articles = await ctx.runQuery(internal.catalog.sitemapArticles, {});
    const entries = [
      ...INDEXED_PATHS.map((path) => ({ path })),
      ...articles.map((a) => ({ path: `${ARTICLE_PATHS[a.kind]}/${a.slug}`, lastModified: a.publishedAt })),
    ];
    return new Response(sitemapXml(publicOrigin(env.SITE_URL, request), entries), {
      headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
    });
  }),
});

http.route({
  path: "/robots.txt",
  method: "GET",
  handler: httpAction((_ctx, request) =>
    Promise.resolve(
      new Response(robotsTxt(publicOrigin(env.SITE_URL, request)), {
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
      }),
    ),
  ),
});

/** Flags of the analytics API: absent is false, and anything but "true" or "false" is refused. */
function readFlag(url: URL, name: string): boolean | null {
  const value = url.searchParams.get(name);
  if (value === null || value === "false") return false;
  return value === "true" ? true : null;
}

/**
 * The campaign analytics API (SPEC §7): the dashboard's campaign figures as JSON for admins, with
 * the lists (includeDetails) and the errors (includeErrors) on request, both false by default. The
 * caller's bearer token is the admin's; the query checks the role. An unexpected failure answers
 * 500 with the SPEC's shape and text.
 */
http.route({
  path: "/api/campaigns/analytics",
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const started = Date.now();
    const metadata = () => ({ queryTime: Date.now() - started, lastUpdated: Date.now() });
    const url = new URL(request.url);
    const includeDetails = readFlag(url, "includeDetails");
    const includeErrors = readFlag(url, "includeErrors");
    if (includeDetails === null || includeErrors === null) {
      return json(400, { success: false, error: "includeDetails and includeErrors take true or false.", metadata: metadata() });
    }
    try {
      const data = await ctx.runQuery(api.emailDashboard.analytics, { includeDetails, includeErrors });
      return json(200, { success: true, data, metadata: { queryTime: Date.now() - started, lastUpdated: data.lastUpdated } });
    } catch (error) {
      if (error instanceof ConvexError) {
        const { code, message } = error.data as { code: string; message: string };
        const status = code === "UNAUTHENTICATED" ? 401 : code === "FORBIDDEN" || code === "ACCOUNT_DEACTIVATED" ? 403 : 400;
        return json(status, { success: false, error: message, metadata: metadata() });
      }
      console.error("Campaign analytics failed:", error);
      return json(500, { success: false, error: EMAIL_SYSTEM_TEXTS.analyticsError, metadata: metadata() });
    }
  }),
});

const answer = (status: number, code: keyof typeof OBSERVABILITY_MESSAGES) => json(status, { code, message: OBSERVABILITY_MESSAGES[code] });

/**
 * The browser's error reports (SPEC §7), Sentry envelopes sent through our own origin so blockers
 * and strict CSP do not drop them. Refused with nothing kept: over TUNNEL_MAX_BYTES (413), not an
 * envelope (400), another DSN than ours (403), past the rate limit (429). With SENTRY_DSN set, the
 * envelope goes on unchanged to that project, and Sentry's answer comes back; without it, its
 * events become the web app's error records (model/sentryEnvelope.ts) and the rest is dropped.
 */
http.route({
  path: SENTRY_TUNNEL_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const body = await readBodyCapped(request, TUNNEL_MAX_BYTES);
    if (!body) return answer(413, "TOO_LARGE");
    const envelope = parseEnvelope(body);
    const reports = envelope && envelopeReports(envelope, Date.now());
    if (!envelope || !reports) return answer(400, "MALFORMED_ENVELOPE");
    const destination = envelopeDestination(envelope.dsn, env.SENTRY_DSN);
    if (!destination) return answer(403, "FOREIGN_DSN");
    try {
      await ctx.runMutation(internal.errorRecords.ingestBrowserReports, { reports: destination === "local" ? reports : [] });
    } catch (error) {
      return refusal(userErrorData(error));
    }
    if (destination === "local") return json(200, { id: envelope.eventId ?? null });
    // Sentry's documented tunnel: the envelope is relayed as it came. No Sentry SDK relays envelopes, so this is a plain fetch.
    let sentry: Response;
    try {
      sentry = await fetch(destination.forwardTo, { method: "POST", headers: { "content-type": "application/x-sentry-envelope" }, body });
    } catch (error) {
      console.error("Sentry tunnel: forwarding failed:", error);
      return answer(502, "SENTRY_UNREACHABLE");
    }
    // Sentry's rate-limit headers tell the browser's SDK to back off.
    const headers = new Headers({ "content-type": sentry.headers.get("content-type") ?? "application/json" });
    for (const name of ["retry-after", "x-sentry-rate-limits"]) {
      const value = sentry.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(await sentry.text(), { status: sentry.status, headers });
  }),
});

/** Largest analytics beacon: 20 events of a 200-character route are far below it. */
const MAX_BEACON_BYTES = 16 * 1024;

/**
 * Pageviews and route load times from the web app, when PostHog is not configured: JSON, or the
 * same text as text/plain (navigator.sendBeacon). Validated strictly (analyticsBeaconSchema), added
 * to the day's counters in one transaction, answered 204; anything else is refused with nothing kept.
 */
http.route({
  path: ANALYTICS_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    const type = request.headers.get("content-type") ?? "";
    if (!/^\s*(application\/json|text\/plain)\s*(;|$)/i.test(type)) return answer(415, "UNSUPPORTED_TYPE");
    const body = await readBodyCapped(request, MAX_BEACON_BYTES);
    if (!body) return answer(413, "TOO_LARGE");
    let beacon;
    try {
      beacon = analyticsBeaconSchema.safeParse(JSON.parse(new TextDecoder().decode(body)));
    } catch {
      return answer(400, "INVALID_EVENTS");
    }
    if (!beacon.success) return answer(400, "INVALID_EVENTS");
    try {
      await ctx.runMutation(internal.analytics.recordPageviews, {
        events: beacon.data.events.map(({ route, loadMs }) => (loadMs === undefined ? { route } : { route, loadMs })),
        client: await httpClientKey(ctx, request),
      });
    } catch (error) {
      return refusal(userErrorData(error));
    }
    return new Response(null, { status: 204 });
  }),
});

export default http;
