import { FAILURE_TEXTS } from "@convex/model/observability";
import { ConvexError } from "convex/values";
import {
  findLocalError,
  LOCAL_ERRORS_KEPT,
  LOCAL_ERRORS_KEY,
  newReference,
  recentLocalErrors,
  rememberError,
  toErrorRecord,
} from "./errors";

const REFERENCE = /^LW-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

describe("toErrorRecord", () => {
  it("builds a complete SPEC record from a thrown error", () => {
    const record = toErrorRecord(new TypeError("Failed to fetch"), { source: "action", userId: "users:1", sessionId: "s-1" });
    expect(record).toMatchObject({
      category: "network",
      severity: "medium",
      code: "TypeError",
      title: FAILURE_TEXTS.network.title,
      message: "Failed to fetch",
      recovery: FAILURE_TEXTS.network.recovery,
      reported: false,
      userId: "users:1",
      sessionId: "s-1",
      context: { source: "action", path: "/" },
    });
    expect(record.id).toMatch(REFERENCE);
    expect(record.details).toContain("TypeError: Failed to fetch");
    expect(record.timestamp).toBeGreaterThan(0);
  });

  it("takes a ConvexError's code and words, and an HTTP status as the code otherwise", () => {
    expect(
      toErrorRecord(new ConvexError({ code: "card_declined", message: "Your card was declined." }), { source: "action" }),
    ).toMatchObject({
      category: "payment",
      severity: "high",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(toErrorRecord(Object.assign(new Error(""), { status: 503 }), { source: "action" })).toMatchObject({
      category: "system",
      code: "HTTP_503",
    });
  });

  it("never leaves id, code, title or message empty (SPEC §5)", () => {
    for (const thrown of [undefined, null, "", new Error(""), {}, 0]) {
      const record = toErrorRecord(thrown, { source: "rejection" });
      for (const field of ["id", "code", "title", "message"] as const) expect(record[field].trim()).not.toBe("");
    }
  });

  it("keeps passwords and tokens out of the record", () => {
    const record = toErrorRecord(new Error("GET /reset?token=abc123&step=2 failed"), {
      source: "component",
      context: {
        password: "hunter2",
        accessToken: "eyJhbGci",
        Authorization: "Bearer eyJhbGci",
        cardNumber: "4242",
        cvc: "123",
        url: "/x?password=hunter2",
        step: 2,
      },
    });
    const text = JSON.stringify(record);
    for (const secret of ["hunter2", "eyJhbGci", "abc123", "4242", '"123"']) expect(text).not.toContain(secret);
    expect(record.message).toBe("GET /reset?token=[Filtered]&step=2 failed");
    expect(record.context).toMatchObject({ password: "[Filtered]", url: "/x?password=[Filtered]", step: "2" });
  });
});

describe("support codes", () => {
  it("are short, unambiguous and different each time", () => {
    const references = new Set(Array.from({ length: 200 }, newReference));
    expect(references.size).toBe(200);
    for (const reference of references) expect(reference).toMatch(REFERENCE);
  });
});

describe("local error log", () => {
  it("keeps the last records, newest first, and finds one by its code however typed", () => {
    const records = Array.from({ length: LOCAL_ERRORS_KEPT + 3 }, (_, index) =>
      toErrorRecord(new Error(`failure ${index}`), { source: "window" }),
    );
    records.forEach(rememberError);
    const kept = recentLocalErrors();
    expect(kept).toHaveLength(LOCAL_ERRORS_KEPT);
    expect(kept[0]!.message).toBe(`failure ${LOCAL_ERRORS_KEPT + 2}`);
    const last = records.at(-1)!;
    expect(findLocalError(` ${last.id.toLowerCase()} `)).toEqual(last);
    expect(findLocalError(records[0]!.id)).toBeUndefined();
  });

  it("only logs when storage fails or holds something else", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    window.localStorage.setItem(LOCAL_ERRORS_KEY, "not json");
    expect(recentLocalErrors()).toEqual([]);
    window.localStorage.clear();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(() => rememberError(toErrorRecord(new Error("x"), { source: "window" }))).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
