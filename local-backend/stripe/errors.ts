/** Errors in Stripe's shape: `{ error: { type, code?, decline_code?, message, param?, ... } }` with Stripe's HTTP status. */

export type StripeErrorType = "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";

export class StripeError extends Error {
  override name = "StripeError";

  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly details: { code?: string; decline_code?: string; param?: string; payment_intent?: unknown; payment_method?: unknown } = {},
  ) {
    super(message);
  }

  body() {
    const { code } = this.details;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.details,
        ...(code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } : {}),
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeError(400, "invalid_request_error", `Missing required param: ${param}.`, { code: "parameter_missing", param });

export const invalidParam = (param: string, message: string) =>
  new StripeError(400, "invalid_request_error", message, { code: "parameter_invalid", param });

export const noSuch = (what: string, id: string, param = "id") =>
  new StripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, { code: "resource_missing", param });
