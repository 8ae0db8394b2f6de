/**
 * Limits on public forms, kept in the rateLimits table (convex-helpers' table-based limiter: the
 * @convex-dev/rate-limiter component needs component support the embedded backend does not have yet).
 */
import { defineRateLimits } from "convex-helpers/server/rateLimit";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const { rateLimit, checkRateLimit, resetRateLimit } = defineRateLimits({
  /** Per sender email: a few messages close together, then one every 10 minutes. */
  contactPerSender: { kind: "token bucket", rate: 6, period: HOUR, capacity: 3 },
  /** All senders together, so a flood cannot fill the admins' inbox. */
  contactOverall: { kind: "token bucket", rate: 200, period: HOUR, capacity: 50 },
  newsletterOverall: { kind: "token bucket", rate: 500, period: HOUR, capacity: 100 },
  eventRegistrationOverall: { kind: "token bucket", rate: 500, period: HOUR, capacity: 100 },
});
