import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isQuoteOf, KEY_POINT_MAX_CHARS, KEY_POINTS_MAX, positionBetween, ruleKeyPoints, sourceLabel } from "./agendaRules";

const segment = fc.record({
  startSeconds: fc.integer({ min: 0, max: 5999 }),
  text: fc.array(fc.constantFrom("I", "decided", "we'll", "stuck", "the", "plan", "realised", "email.", "Friday!", "goal", "and", "x".repeat(90)), {
    minLength: 1,
    maxLength: 40,
  }).map((words) => words.join(" ")),
});

describe("key points by rules", () => {
  it("quotes at most three segments, each an exact part of its segment and short, in the order spoken", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 30 }), (segments) => {
        const points = ruleKeyPoints(segments);
        expect(points.length).toBeLessThanOrEqual(KEY_POINTS_MAX);
        for (const point of points) {
          expect(point.quote.length).toBeGreaterThan(0);
          expect(point.quote.length).toBeLessThanOrEqual(KEY_POINT_MAX_CHARS);
          expect(isQuoteOf(point, segments)).toBe(true);
        }
        const order = points.map((point) => segments.findIndex((s) => s.startSeconds === point.startSeconds && s.text.includes(point.quote)));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it("quotes the sentence that carries the decision from a long segment", () => {
    const long = `${"We talked about a lot of things that were not so important in the end. ".repeat(4)}I decided to block Friday mornings for invoices. Then we moved on.`;
    expect(ruleKeyPoints([{ startSeconds: 75, text: long }])).toEqual([{ quote: "I decided to block Friday mornings for invoices.", startSeconds: 75 }]);
    expect(ruleKeyPoints([{ startSeconds: 1, text: "Hi there." }, { startSeconds: 2, text: "Nice weather today for a walk outside." }])).toEqual([]);
  });

  it("keeps a model's point only when its quote is really in the transcript", () => {
    const segments = [{ startSeconds: 10, text: "I will send the invoices on Friday." }];
    expect(isQuoteOf({ quote: "send the invoices", startSeconds: 10 }, segments)).toBe(true);
    expect(isQuoteOf({ quote: "send the receipts", startSeconds: 10 }, segments)).toBe(false);
    expect(isQuoteOf({ quote: "   ", startSeconds: 10 }, segments)).toBe(false);
  });
});

describe("positions", () => {
  it("lands strictly between its neighbours, or says they are too close", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (before, gap) => {
        const after = before + gap;
        const position = positionBetween(before, after);
        if (position === null) expect(gap <= 1e-6 || (before + after) / 2 <= before || (before + after) / 2 >= after).toBe(true);
        else expect(position > before && position < after).toBe(true);
      }),
    );
    expect(positionBetween(undefined, undefined)).toBe(1024);
    expect(positionBetween(undefined, 10)).toBeLessThan(10);
    expect(positionBetween(10, undefined)).toBeGreaterThan(10);
  });

  it("names each line's source", () => {
    expect(sourceLabel({ source: "commitment", overdue: true })).toBe("Overdue commitment");
    expect(sourceLabel({ source: "check_in", checkIn: "stuck" })).toBe("Check-in: What is stuck");
    expect(sourceLabel({ source: "key_point" })).toBe("From the last session");
  });
});
