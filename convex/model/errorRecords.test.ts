import { describe, expect, it } from "vitest";
import { errorFingerprint, higherSeverity, validateErrorRecord } from "./errorRecords";

const complete = { code: "EMAIL_FAILED", title: "E-mail not sent", message: "Mailbox full", service: "email" };

describe("validateErrorRecord (SPEC §5: non-empty code, title and message)", () => {
  it("accepts a complete record", () => {
    expect(() => validateErrorRecord(complete)).not.toThrow();
  });

  it("refuses an empty or blank code, title, message or service, naming each", () => {
    expect(() => validateErrorRecord({ ...complete, code: "" })).toThrow("An error record needs a non-empty code.");
    expect(() => validateErrorRecord({ ...complete, title: "   " })).toThrow("An error record needs a non-empty title.");
    expect(() => validateErrorRecord({ ...complete, message: "" })).toThrow("An error record needs a non-empty message.");
    expect(() => validateErrorRecord({ ...complete, service: "" })).toThrow("An error record needs a non-empty service.");
    expect(() => validateErrorRecord({ code: "", title: "", message: " ", service: "email" })).toThrow(
      "An error record needs a non-empty code, title, message.",
    );
  });
});

describe("errorFingerprint", () => {
  it("is the same for the same service, code and message, whatever else differs", () => {
    expect(errorFingerprint(complete)).toBe(errorFingerprint({ ...complete }));
    expect(errorFingerprint(complete)).not.toBe(errorFingerprint({ ...complete, service: "campaigns" }));
    expect(errorFingerprint(complete)).not.toBe(errorFingerprint({ ...complete, code: "EMAIL_BOUNCED" }));
    expect(errorFingerprint(complete)).not.toBe(errorFingerprint({ ...complete, message: "Mailbox gone" }));
  });

  it("cannot be forged by moving text between the parts", () => {
    expect(errorFingerprint({ service: "a", code: "b|c", message: "d" })).not.toBe(
      errorFingerprint({ service: "a", code: "b", message: "c|d" }),
    );
  });
});

describe("higherSeverity", () => {
  it("keeps the higher of two severities, in the order low, medium, high, critical", () => {
    expect(higherSeverity("low", "medium")).toBe("medium");
    expect(higherSeverity("critical", "high")).toBe("critical");
    expect(higherSeverity("high", "high")).toBe("high");
    expect(higherSeverity("medium", "critical")).toBe("critical");
  });
});
