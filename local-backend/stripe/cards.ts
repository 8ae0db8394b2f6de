/**
 * Card outcomes from Stripe's documented test cards (https://docs.stripe.com/testing). The full number is read once,
 * mapped to an outcome and forgotten: only brand, last4, expiry and the outcome are kept.
 */
import type Stripe from "stripe";

export type CardOutcome =
  | "succeeds"
  | "generic_decline"
  | "insufficient_funds"
  | "expired_card"
  | "processing_error"
  /** Stripe's "attach succeeds, charges fail" card: here the first, on-session payment succeeds, later charges decline. */
  | "off_session_decline";

export type CardError = { code: string; decline_code?: string; message: string; param?: string };

const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": "succeeds",
  "4000056655665556": "succeeds",
  "5555555555554444": "succeeds",
  "2223003122003222": "succeeds",
  "5200828282828210": "succeeds",
  "5105105105105100": "succeeds",
  "378282246310005": "succeeds",
  "371449635398431": "succeeds",
  "6011111111111117": "succeeds",
  "4000000000000002": "generic_decline",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired_card",
  "4000000000000119": "processing_error",
  "4000000000000341": "off_session_decline",
};

const DECLINED = "Your card was declined.";

export const CARD_ERRORS = {
  generic_decline: { code: "card_declined", decline_code: "generic_decline", message: DECLINED },
  insufficient_funds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired.", param: "exp_month" },
  processing_error: {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
  liveCard: {
    code: "card_declined",
    decline_code: "live_mode_test_card",
    message: `${DECLINED} Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.`,
  },
  incorrectNumber: { code: "incorrect_number", message: "Your card number is incorrect.", param: "number" },
  invalidExpiryMonth: { code: "invalid_expiry_month", message: "Your card's expiration month is invalid.", param: "exp_month" },
  invalidExpiryYear: { code: "invalid_expiry_year", message: "Your card's expiration year is invalid.", param: "exp_year" },
  invalidCvc: { code: "invalid_cvc", message: "Your card's security code is invalid.", param: "cvc" },
} satisfies Record<string, CardError>;

export type CardInput = { number: string; exp_month: string; exp_year: string; cvc?: string };
export type ReadCard = { brand: string; last4: string; exp_month: number; exp_year: number; outcome: CardOutcome; funding: Stripe.PaymentMethod.Card["funding"] };

/** The card as Stripe would read it, or the error Stripe gives for an unusable number, expiry or CVC. */
export function readCard(input: CardInput, now = new Date()): ReadCard | CardError {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return CARD_ERRORS.incorrectNumber;
  const month = Number(input.exp_month);
  if (!Number.isInteger(month) || month < 1 || month > 12) return CARD_ERRORS.invalidExpiryMonth;
  let year = Number(input.exp_year);
  if (Number.isInteger(year) && year < 100) year += 2000;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!Number.isInteger(year) || year * 12 + month - 1 < thisMonth || year > now.getUTCFullYear() + 50) return CARD_ERRORS.invalidExpiryYear;
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) return CARD_ERRORS.invalidCvc;
  const outcome = TEST_CARDS[number];
  if (outcome === undefined) return CARD_ERRORS.liveCard;
  return { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year, outcome, funding: number === "4000056655665556" ? "debit" : "credit" };
}

/** What charging a saved card with this outcome gives: null when it succeeds. */
export function chargeError(outcome: CardOutcome, onSession: boolean): CardError | null {
  if (outcome === "succeeds") return null;
  if (outcome === "off_session_decline") return onSession ? null : CARD_ERRORS.generic_decline;
  return CARD_ERRORS[outcome];
}

export function isCardError(value: ReadCard | CardError): value is CardError {
  return "code" in value;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^(6011|65)/.test(number)) return "discover";
  return "unknown";
}
