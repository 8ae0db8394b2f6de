import { v } from "convex/values";
import { describe, expect, it } from "vitest";
import {
  array,
  BOUND_MESSAGES,
  boundsViolations,
  hasAllowedCharacters,
  int,
  line,
  LIMITS,
  number,
  paginationOpts,
  text,
  textProblem,
  time,
  TIME_MAX,
  TIME_MIN,
  timeAfter,
  token,
  toPlainLine,
  unboundedPaths,
} from "./bounds";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 2, 1);

describe("character rules", () => {
  it.each([
    ["a right-to-left override", "Maya\u202Egnp.exe"],
    ["a bidi isolate", "Maya\u2066x\u2069"],
    ["a zero-width space", "ad\u200Bmin"],
    ["a zero-width joiner between letters", "ad\u200Dmin"],
    ["a byte order mark", "\uFEFFMaya"],
    ["a word joiner", "Ma\u2060ya"],
    ["a Hangul filler", "\u3164"],
    ["a combining grapheme joiner", "Ma\u034Fya"],
    ["a soft hyphen", "Ma\u00ADya"],
    ["a NUL", "Maya\u0000"],
    ["an escape", "Maya\u001B[31m"],
    ["a C1 control", "Maya\u0085"],
  ])("refuses %s in both single-line and multi-line text", (_, value) => {
    expect(hasAllowedCharacters(value, "line")).toBe(false);
    expect(hasAllowedCharacters(value, "text")).toBe(false);
  });

  it.each([
    ["a line feed", "Maya\nBcc: x@example.com"],
    ["a carriage return", "Subject\r\nBcc: x@example.com"],
    ["a tab", "Maya\tOrtiz"],
    ["a line separator", "Maya\u2028Ortiz"],
    ["a right-to-left mark", "Maya\u200F"],
  ])("refuses %s in a single line only where it is not text", (_, value) => {
    expect(hasAllowedCharacters(value, "line")).toBe(false);
  });

  it("lets multi-line text keep line breaks and tabs, and refuses them in a single line", () => {
    expect(hasAllowedCharacters("First line\r\nSecond\tline", "text")).toBe(true);
    expect(hasAllowedCharacters("First line\r\nSecond\tline", "line")).toBe(false);
  });

  it("accepts names and text in any script, with accents, and emoji with their joiners", () => {
    for (const value of ["José Ñandú", "Zoë O'Neil-Smith", "Маша", "محمد", "山田 太郎", "Coach 👩‍💻", "❤️‍🔥 and 👩🏽‍💻", "Plan: 3 steps (1/2)"]) {
      expect(hasAllowedCharacters(value, "line"), value).toBe(true);
      expect(hasAllowedCharacters(value, "text"), value).toBe(true);
    }
  });

  it("keeps tokens to printable ASCII without spaces", () => {
    expect(hasAllowedCharacters("eyJhbGciOi.J9-_~%2F?a=b&c", "token")).toBe(true);
    for (const value of ["has space", "tab\t", "é", "\u200B", ""]) expect(hasAllowedCharacters(value, "token"), value).toBe(value === "");
  });

  it("names the problem of a form field: too long first, then characters", () => {
    expect(textProblem("x".repeat(11), "line", 10)).toBe(BOUND_MESSAGES.tooLong(10));
    expect(textProblem("a\nb", "line", 10)).toBe(BOUND_MESSAGES.lineCharacters);
    expect(textProblem("a\u202Eb", "text", 10)).toBe(BOUND_MESSAGES.textCharacters);
    expect(textProblem("fine", "line", 10)).toBeNull();
  });

  it("turns text from elsewhere into one plain line", () => {
    expect(toPlainLine(" Maya\r\nOrtiz\u202E\u200B\u200D ")).toBe("Maya Ortiz");
    expect(toPlainLine("Zoë\t O'Neil")).toBe("Zoë O'Neil");
  });
});

describe("bounded validators", () => {
  const args = {
    title: line(10),
    notes: v.optional(text(20)),
    code: token(8),
    minutes: v.optional(int(0, LIMITS.minutes)),
    rate: number(0, 1),
    tags: array(line(5), 3),
    from: time(),
    to: timeAfter("from", 7),
    page: paginationOpts,
    choice: v.union(line(3), v.null()),
  };
  const good = {
    title: "Plan",
    notes: "One\ntwo",
    code: "ab-12",
    minutes: 30,
    rate: 0.5,
    tags: ["a", "b"],
    from: NOW,
    to: NOW + DAY_MS,
    page: { numItems: 10, cursor: null },
    choice: null,
  };
  const first = (bounds: Parameters<typeof boundsViolations>[0], value: unknown) => boundsViolations(bounds, value)[0] ?? null;
  const refusal = (change: Record<string, unknown>) => first(args, { ...good, ...change });

  it("accepts values within their bounds", () => {
    expect(boundsViolations(args, good)).toEqual([]);
    expect(refusal({ notes: undefined, minutes: undefined, choice: "abc" })).toBeNull();
  });

  it("refuses each value past its bound, naming the argument", () => {
    expect(refusal({ title: "x".repeat(100_000) })).toEqual({ path: "title", message: BOUND_MESSAGES.tooLong(10) });
    expect(refusal({ title: "Plan\r\nBcc" })).toEqual({ path: "title", message: BOUND_MESSAGES.lineCharacters });
    expect(refusal({ notes: "a\u202Eb" })).toEqual({ path: "notes", message: BOUND_MESSAGES.textCharacters });
    expect(refusal({ code: "a b" })).toEqual({ path: "code", message: BOUND_MESSAGES.tokenCharacters });
    expect(refusal({ minutes: 1e308 })).toEqual({ path: "minutes", message: BOUND_MESSAGES.wholeNumber(0, LIMITS.minutes) });
    expect(refusal({ minutes: -500 })?.path).toBe("minutes");
    expect(refusal({ minutes: 1.5 })?.path).toBe("minutes");
    for (const rate of [Number.NaN, Number.POSITIVE_INFINITY, -0.1, 1.1]) expect(refusal({ rate })).toEqual({ path: "rate", message: BOUND_MESSAGES.number(0, 1) });
    expect(refusal({ tags: Array.from({ length: 1000 }, () => "a") })).toEqual({ path: "tags", message: BOUND_MESSAGES.tooMany(3) });
    expect(refusal({ tags: ["a", "toolong"] })).toEqual({ path: "tags.1", message: BOUND_MESSAGES.tooLong(5) });
    expect(refusal({ choice: "four" })).toEqual({ path: "choice", message: BOUND_MESSAGES.tooLong(3) });
    expect(refusal({ page: { numItems: 1e9, cursor: null } })?.path).toBe("page.numItems");
    expect(refusal({ page: { numItems: 10, cursor: "x".repeat(LIMITS.token + 1) } })?.path).toBe("page.cursor");
  });

  it("names every argument out of bounds at once, the first problem of each", () => {
    expect(boundsViolations(args, { ...good, title: "a\nb", tags: ["toolong", "toolong"], minutes: -1 })).toEqual([
      { path: "title", message: BOUND_MESSAGES.lineCharacters },
      { path: "minutes", message: BOUND_MESSAGES.wholeNumber(0, LIMITS.minutes) },
      { path: "tags.0", message: BOUND_MESSAGES.tooLong(5) },
    ]);
  });

  it("uses a feature's own words where it has them", () => {
    expect(first({ body: text(3, "Posts are short.") }, { body: "long" })).toEqual({ path: "body", message: "Posts are short." });
    expect(first({ list: array(line(3), 1, "One only.") }, { list: ["a", "b"] })).toEqual({ path: "list", message: "One only." });
  });

  it("counts characters as people do: an emoji is one", () => {
    expect(first({ name: line(3) }, { name: "👩‍💻" })).toBeNull();
    expect(first({ name: line(3) }, { name: "😀😀😀" })).toBeNull();
    expect(first({ name: line(3) }, { name: "😀😀😀😀" })?.path).toBe("name");
  });

  it("keeps times inside 2000 to 2099 and ranges in order and short", () => {
    expect(refusal({ from: 8_640_000_000_000_001 })).toEqual({ path: "from", message: BOUND_MESSAGES.time });
    expect(refusal({ from: TIME_MIN - 1 })?.path).toBe("from");
    expect(refusal({ to: TIME_MAX })).toEqual({ path: "to", message: BOUND_MESSAGES.time });
    expect(refusal({ from: NOW + 0.5 })?.path).toBe("from");
    expect(refusal({ to: NOW })).toEqual({ path: "to", message: BOUND_MESSAGES.rangeOrder });
    expect(refusal({ to: NOW + 8 * DAY_MS })).toEqual({ path: "to", message: BOUND_MESSAGES.rangeTooLong(7) });
    expect(refusal({ to: NOW + 7 * DAY_MS })).toBeNull();
  });

  it("keeps the bound on an optional copy", () => {
    expect(first({ name: v.optional(line(3)) }, { name: "four" })?.path).toBe("name");
    expect(first(v.object({ name: line(3) }).partial(), { name: "four" })?.path).toBe("name");
    expect(unboundedPaths({ name: v.optional(line(3)), page: paginationOpts })).toEqual([]);
  });

  it("finds every string, number, array or record without a bound", () => {
    const loose = {
      id: v.id("users"),
      flag: v.boolean(),
      kind: v.union(v.literal("a"), v.literal("b")),
      name: v.string(),
      count: v.optional(v.number()),
      list: array(v.string(), 3),
      nested: v.object({ inner: v.array(line(3)) }),
      map: v.record(v.string(), v.number()),
      anything: v.any(),
    };
    expect(unboundedPaths(loose)).toEqual(["name", "count", "list.[]", "nested.inner", "map", "map.{key}", "map.{value}", "anything"]);
  });
});
