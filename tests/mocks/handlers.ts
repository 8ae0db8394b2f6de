import type { RequestHandler } from "msw";

/**
 * Default handlers, one file per vendor (stripe.ts, resend.ts, openai.ts, clerk.ts) as each
 * adapter lands, answering in the vendor's documented shapes. Empty until then: any request
 * that no handler answers fails the test (see server.ts).
 */
export const handlers: RequestHandler[] = [];
