/**
 * Every rate limit of the app, by name, on the @convex-dev/rate-limiter component (its own tables;
 * its writes are part of the caller's transaction). A new limit (checkout, forum, ...) is one more
 * entry in RATE_LIMITS, enforced with enforceRateLimits so every caller refuses the same way.
 */
import { HOUR, RateLimiter, type RateLimitConfig } from "@convex-dev/rate-limiter";
import type { Auth } from "convex/server";
import { ConvexError } from "convex/values";
import { components } from "../_generated/api";
import { env, type ActionCtx, type MutationCtx } from "../_generated/server";
import { clientAddress, clientKey, normalizeAddress, trustedProxyHops } from "./clientKey";
import type { UserError } from "./messages";

/**
 * Per-client limits (`...PerClient`) are keyed by clientKey: the signed-in user, else the address.
 * Each sits before its feature's overall limit, which stays as a ceiling: a client refused by its
 * own bucket takes nothing from the shared one, so one client's flood never refuses anyone else.
 * The per-client buckets leave room for a household or an office behind one address.
 */
const RATE_LIMITS = {
  /** Per sender email: a few messages close together, then one every 10 minutes. */
  contactPerSender: { kind: "token bucket", rate: 6, period: HOUR, capacity: 3 },
  /** Per client, whatever addresses it writes from: a few messages, then one every 6 minutes. */
  contactPerClient: { kind: "token bucket", rate: 10, period: HOUR, capacity: 5 },
  /** All senders together, so a flood cannot fill the admins' inbox. */
  contactOverall: { kind: "token bucket", rate: 200, period: HOUR, capacity: 50 },
  /** Newsletter sign-ups per client: a family signing up a few addresses passes, a list does not. */
  newsletterPerClient: { kind: "token bucket", rate: 20, period: HOUR, capacity: 10 },
  /** Per address typed: each sign-up e-mails that address, so nobody's inbox can be flooded from the form. */
  newsletterPerEmail: { kind: "token bucket", rate: 3, period: HOUR, capacity: 3 },
  newsletterOverall: { kind: "token bucket", rate: 500, period: HOUR, capacity: 100 },
  eventRegistrationOverall: { kind: "token bucket", rate: 500, period: HOUR, capacity: 100 },
  /** Free intro bookings per e-mail: a retry or two, not a calendar filled in someone else's name. */
  introPerEmail: { kind: "token bucket", rate: 3, period: HOUR, capacity: 3 },
  /** Free intro bookings per client: a few tries, not a coach's week booked from one machine. */
  introPerClient: { kind: "token bucket", rate: 10, period: HOUR, capacity: 5 },
  /** All visitors together: each booking makes an account at the identity provider. */
  introOverall: { kind: "token bucket", rate: 100, period: HOUR, capacity: 30 },
  /** New accounts (users rows made at first sign-in) per address: the identity provider limits sign-ups too. */
  registrationPerClient: { kind: "token bucket", rate: 40, period: HOUR, capacity: 20 },
  registrationOverall: { kind: "token bucket", rate: 1_000, period: HOUR, capacity: 200 },
  /** Asking for a new reactivation link, per address typed (account or not, so it reveals nothing). */
  reactivationLinkPerEmail: { kind: "token bucket", rate: 3, period: HOUR, capacity: 3 },
  reactivationLinkOverall: { kind: "token bucket", rate: 300, period: HOUR, capacity: 100 },
  /** Logged security incidents: a flood of forged links cannot fill the admins' log. */
  securityIncidentsOverall: { kind: "token bucket", rate: 300, period: HOUR, capacity: 100 },
  /** Refused webhook deliveries recorded as errors: a flood of forgeries cannot fill the error log. */
  refusedWebhooksOverall: { kind: "token bucket", rate: 300, period: HOUR, capacity: 100 },
  /** Forum threads per member: a few in a row, then one every 6 minutes, so no one floods a category. */
  forumThreadPerUser: { kind: "token bucket", rate: 10, period: HOUR, capacity: 3 },
  /** Forum replies per member: a lively conversation passes, a script does not. */
  forumReplyPerUser: { kind: "token bucket", rate: 60, period: HOUR, capacity: 10 },
  /** New calendar feed links per member: a few (a link shared by mistake, then one more), not a token generator. */
  calendarFeedLinkPerUser: { kind: "token bucket", rate: 10, period: HOUR, capacity: 5 },
  /** Reports per member: enough to flag a bad thread's posts, not to flood the moderators' queue. */
  forumReportPerUser: { kind: "token bucket", rate: 20, period: HOUR, capacity: 5 },
  /** Focus rooms started per member: a few set up for the week, not a lobby filled with empty rooms. */
  focusRoomPerUser: { kind: "token bucket", rate: 12, period: HOUR, capacity: 6 },
  /** Focus room reports per member, as for the forum. */
  focusReportPerUser: { kind: "token bucket", rate: 20, period: HOUR, capacity: 5 },
  /**
   * Browser error reports through the tunnel, all visitors together. The bucket holds 2,000: a bad
   * release failing in many open tabs at once (or the bench's burst of 1,000) is kept whole. It
   * refills at 6,000 an hour (100 a minute), so a flood stores at most about 150,000 records a day.
   */
  errorReportsOverall: { kind: "token bucket", rate: 6_000, period: HOUR, capacity: 2_000 },
  /**
   * Analytics beacons, all visitors together, one token per beacon of 1-20 pageviews. They only add
   * to daily counters, so the bucket is wide (5,000 at once, 30,000 an hour, about 8 a second); it
   * stops a script from filling routeStatsDaily with made-up routes.
   */
  analyticsOverall: { kind: "token bucket", rate: 30_000, period: HOUR, capacity: 5_000 },
  /**
   * Analytics beacons per client: a page load sends one, so 100 at once and one every 2 seconds
   * after that is more than anyone reading pages sends, and far less than a script.
   */
  analyticsPerClient: { kind: "token bucket", rate: 1_800, period: HOUR, capacity: 100 },
} as const satisfies Record<string, RateLimitConfig>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const rateLimiter = new RateLimiter(components.rateLimiter, RATE_LIMITS);

/** The code of every refusal; http routes answer it with 429. */
export const RATE_LIMITED = "RATE_LIMITED";

/** A refusal: the caller's calm message, and how long until a retry may pass (ms). */
export type RateLimitedError = UserError & { code: typeof RATE_LIMITED; retryAfter: number };

/** A refusal's words: fixed, or saying when to try again from the wait in milliseconds (messages.ts). */
export type RateLimitText = string | ((retryAfterMs: number) => string);

/**
 * Takes a token from each limit in turn (`key` for a per-sender, per-client or per-user limit).
 * When one is spent it throws RATE_LIMITED with that limit's `message`, or else `message`; the
 * caller's mutation then rolls back, tokens taken before it included, so a refused request writes
 * nothing. Put per-client limits first: a client refused there never reaches the shared ceiling.
 */
export async function enforceRateLimits(
  ctx: MutationCtx,
  limits: Array<{ name: RateLimitName; key?: string; message?: RateLimitText }>,
  message: RateLimitText,
) {
  for (const limit of limits) {
    const status = await rateLimiter.limit(ctx, limit.name, limit.key === undefined ? {} : { key: limit.key });
    if (!status.ok) {
      const text = limit.message ?? message;
      const words = typeof text === "string" ? text : text(status.retryAfter);
      throw new ConvexError<RateLimitedError>({ code: RATE_LIMITED, message: words, retryAfter: status.retryAfter });
    }
  }
}

/**
 * The key of the client calling a mutation or action: its user when signed in, else the address
 * its request came from (request metadata; the same for functions it calls).
 */
export async function callerKey(ctx: { auth: Auth; meta: Pick<MutationCtx["meta"], "getRequestMetadata"> }): Promise<string> {
  const identity = await ctx.auth.getUserIdentity();
  if (identity) return await clientKey({ tokenIdentifier: identity.tokenIdentifier });
  return await callerAddressKey(ctx);
}

/** The key of the caller's address alone, signed in or not: for limits on making accounts, where each new identity is new. */
export async function callerAddressKey(ctx: { meta: Pick<MutationCtx["meta"], "getRequestMetadata"> }): Promise<string> {
  const { ip } = await ctx.meta.getRequestMetadata();
  return await clientKey({ address: normalizeAddress(ip) });
}

/**
 * The key of an http action's client: its bearer token's user, else its address, read through
 * X-Forwarded-For only as far as TRUSTED_PROXY_HOPS trusts proxies in front of the http routes.
 */
export async function httpClientKey(ctx: Pick<ActionCtx, "auth" | "meta">, request: Request): Promise<string> {
  const identity = await ctx.auth.getUserIdentity().catch(() => null);
  if (identity) return await clientKey({ tokenIdentifier: identity.tokenIdentifier });
  const { ip } = await ctx.meta.getRequestMetadata();
  return await clientKey({ address: clientAddress(ip, request.headers.get("x-forwarded-for"), trustedProxyHops(env.TRUSTED_PROXY_HOPS)) });
}

/** Takes a token from one limit without refusing: false when it is spent (for work that may be skipped, like logging). */
export async function takeRateLimit(ctx: MutationCtx, name: RateLimitName, key?: string): Promise<boolean> {
  return (await rateLimiter.limit(ctx, name, key === undefined ? {} : { key })).ok;
}
