/**
 * The SPEC §8 payment error codes, in a module of their own: error reporting in the browser's
 * first bundle needs the list, not the billing rules and texts around it.
 */
export const PAYMENT_ERROR_CODES = ["card_declined", "insufficient_funds", "expired_card", "processing_error", "network_error", "other"] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];
