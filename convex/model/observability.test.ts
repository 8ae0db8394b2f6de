import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import {
  categorizeFailure,
  defaultSeverity,
  FAILURE_TEXTS,
  failureFacts,
  recoveryHint,
  scrubText,
  SECRET_KEY_PATTERN,
  type ErrorCategory,
} from "./observability";

const categoryOf = (error: unknown) => categorizeFailure(failureFacts(error));

describe("categorizeFailure", () => {
  const cases: [ErrorCategory, unknown][] = [
    ["network", new TypeError("Failed to fetch")],
    ["network", new TypeError("NetworkError when attempting to fetch resource.")],
    ["network", new TypeError("Load failed")],
    ["network", new Error("Connection lost while action was in flight")],
    ["network", Object.assign(new Error("Loading chunk 42 failed"), { name: "ChunkLoadError" })],
    ["network", { status: 0 }],
    ["network", new ConvexError({ code: "network_error", message: "Network connection issue." })],
    ["authentication", { status: 401 }],
    ["authentication", { status: 403 }],
    ["authentication", new ConvexError({ code: "UNAUTHENTICATED", message: "Please sign in." })],
    ["authentication", new ConvexError({ code: "FORBIDDEN", message: "Not yours." })],
    ["authentication", new ConvexError({ code: "ACCOUNT_DEACTIVATED", message: "Paused." })],
    ["validation", { status: 400 }],
    ["validation", { status: 409 }],
    ["validation", { status: 422 }],
    ["validation", new ConvexError({ code: "INVALID_INPUT", message: "Check the form." })],
    ["validation", new ConvexError({ code: "TITLE_REQUIRED", message: "A title is needed." })],
    ["validation", new ConvexError({ code: "TIMEZONE_INVALID", message: "Please select a valid timezone" })],
    ["validation", new ConvexError({ code: "SAVE_REFUSED", message: "Check the form.", fields: { title: "Required" } })],
    ["payment", { status: 402 }],
    ["payment", new ConvexError({ code: "card_declined", message: "Your card was declined." })],
    ["payment", { code: "insufficient_funds", message: "Stripe says no" }],
    ["payment", { code: "expired_card" }],
    ["payment", { code: "processing_error" }],
    ["data", { status: 404 }],
    ["data", new ConvexError({ code: "NOT_FOUND", message: "Gone." })],
    ["data", new ConvexError({ code: "SESSION_NOT_FOUND", message: "Gone." })],
    ["system", { status: 500 }],
    ["system", { status: 503 }],
    ["user", { status: 429 }],
    ["user", new ConvexError({ code: "RATE_LIMITED", message: "Too many attempts." })],
    ["user", new ConvexError({ code: "BALANCE_EMPTY", message: "Your time balance is empty." })],
    ["unknown", new Error("boom")],
    ["unknown", { code: "UNAVAILABLE" }],
    ["unknown", "a string"],
    ["unknown", undefined],
    ["unknown", 42],
  ];

  it.each(cases)("%s for %o", (category, error) => {
    expect(categoryOf(error)).toBe(category);
  });
});

describe("failureFacts", () => {
  it("reads a ConvexError's code, message and fields, not the class's JSON message", () => {
    const facts = failureFacts(new ConvexError({ code: "INVALID_INPUT", message: "Check the form.", fields: { title: "Required" } }));
    expect(facts).toEqual({ name: "ConvexError", code: "INVALID_INPUT", message: "Check the form.", personFacing: true, hasFields: true });
  });

  it("reads the status and code of an HTTP or vendor error", () => {
    expect(failureFacts(Object.assign(new Error("Bad gateway"), { status: 502, code: "UPSTREAM" }))).toEqual({
      name: "Error",
      message: "Bad gateway",
      status: 502,
      code: "UPSTREAM",
    });
  });

  it("treats a data object without a code as no refusal", () => {
    expect(failureFacts(new ConvexError("plain words"))).toMatchObject({ name: "ConvexError" });
    expect(failureFacts(new ConvexError("plain words")).personFacing).toBeUndefined();
  });
});

describe("severity and recovery", () => {
  it("gives every category a default severity and a calm next step", () => {
    for (const category of Object.keys(FAILURE_TEXTS) as ErrorCategory[]) {
      expect(["low", "medium", "high", "critical"]).toContain(defaultSeverity(category));
      expect(recoveryHint(category)).toMatch(/^[A-Z].*\.$/);
    }
    expect(defaultSeverity("payment")).toBe("high");
    expect(defaultSeverity("validation")).toBe("low");
  });
});

describe("secrets", () => {
  it("blanks token and password parameters, and nothing else", () => {
    expect(scrubText("https://lwcc.example/reset?token=abc.def&next=/home#access_token=xyz")).toBe(
      "https://lwcc.example/reset?token=[Filtered]&next=/home#access_token=[Filtered]",
    );
    expect(scrubText('body "password=hunter2 remember=1"')).toBe('body "password=[Filtered] remember=1"');
    expect(scrubText("no secrets here")).toBe("no secrets here");
  });

  it("recognises the keys whose values are never kept", () => {
    for (const key of ["password", "newPassword", "refresh_token", "clientSecret", "Authorization", "Cookie", "cardNumber", "cvc"]) {
      expect(SECRET_KEY_PATTERN.test(key)).toBe(true);
    }
    expect(SECRET_KEY_PATTERN.test("email")).toBe(false);
  });
});
