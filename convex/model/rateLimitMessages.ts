/**
 * The rate limits' refusals (model/rateLimits.ts), in a module of their own: the home page's
 * newsletter form shows one without loading every message of the backend. messages.ts re-exports them.
 */

/** When a refused caller may try again, in words: "in a minute", "in 5 minutes", "in about 2 hours". */
export function tryAgainIn(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  if (minutes === 1) return "in a minute";
  if (minutes < 60) return `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "in about an hour" : `in about ${hours} hours`;
}

/**
 * Refusals of the rate limits (model/rateLimits.ts), from the wait in milliseconds: what happened,
 * in calm words, and when to try again. "You" for a client's own limit, "lots of people" for a
 * feature's overall ceiling.
 */
export const RATE_LIMIT_MESSAGES = {
  contactClient: (ms: number) => `You've sent several messages in a short time. Please try again ${tryAgainIn(ms)}.`,
  contactBusy: (ms: number) => `Lots of people are writing to us right now. Please try again ${tryAgainIn(ms)}.`,
  newsletterClient: (ms: number) => `You've signed up several times in a short time. Please try again ${tryAgainIn(ms)}.`,
  newsletterAddress: (ms: number) => `We've just sent a few emails to this address. Please check that inbox, or try again ${tryAgainIn(ms)}.`,
  newsletterBusy: (ms: number) => `Lots of people are signing up right now. Please try again ${tryAgainIn(ms)}.`,
  /** The no-JavaScript sign-up, back on the page with only the wait to go on. */
  newsletterRetry: (ms: number) => `We couldn't sign you up just now. Please try again ${tryAgainIn(ms)}.`,
  focusRooms: (ms: number) => `You've started several focus rooms in a short time. Please try again ${tryAgainIn(ms)}.`,
  focusReports: (ms: number) => `You've sent several reports in a short time. Please try again ${tryAgainIn(ms)}.`,
  calendarFeedLink: (ms: number) => `You've made several new calendar links in a short time. Please try again ${tryAgainIn(ms)}.`,
  introClient: (ms: number) => `You've made several bookings in a short time. Please try again ${tryAgainIn(ms)}.`,
  registrationClient: (ms: number) => `Several accounts were just made from your network. Please try again ${tryAgainIn(ms)}.`,
  registrationBusy: (ms: number) => `Lots of people are joining right now. Please try again ${tryAgainIn(ms)}.`,
  analyticsClient: (ms: number) => `Too many reports from this address. Please try again ${tryAgainIn(ms)}.`,
} as const;
