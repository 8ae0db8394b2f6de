import type { RequestHandler } from "msw";
import { clerkHandlers } from "./clerk";
import { openaiHandlers } from "./openai";
import { resendHandlers } from "./resend";
import { sentryHandlers } from "./sentry";
import { stripeHandlers } from "./stripe";

/**
 * Default handlers, one file per vendor (stripe.ts, resend.ts, openai.ts, clerk.ts, sentry.ts) as each
 * adapter lands, answering in the vendor's documented shapes. Any request that no handler
 * answers fails the test (see server.ts).
 */
export const handlers: RequestHandler[] = [...clerkHandlers, ...resendHandlers, ...openaiHandlers, ...stripeHandlers, ...sentryHandlers];
