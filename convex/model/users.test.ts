import { describe, expect, it } from "vitest";
import { FORUM_NAME_MAX, isValidForumName, normalizeForumName } from "./users";

describe("forum names", () => {
  it("accepts letters of any language, digits, spaces, dots, dashes and underscores", () => {
    for (const name of ["Maya O.", "ana_b-2.0", "José Ñandú", "山田太郎", "Ωmega", "हिन्दी", "Zoë", "abc", "x".repeat(FORUM_NAME_MAX)]) {
      expect(isValidForumName(name), name).toBe(true);
    }
  });

  it("refuses names that are too short, too long or hold other characters", () => {
    for (const name of ["", "ab", "  ab  ", "x".repeat(FORUM_NAME_MAX + 1), "maya!", "a@b.co", "tab\there", "🙂🙂🙂", "<b>bold</b>"]) {
      expect(isValidForumName(name), name).toBe(false);
    }
  });

  it("counts characters, not UTF-16 units", () => {
    expect(isValidForumName("𝒜".repeat(FORUM_NAME_MAX))).toBe(true);
  });

  it("stores names trimmed, with one space between words and accents composed", () => {
    expect(normalizeForumName("  Maya   Ortiz ")).toBe("Maya Ortiz");
    expect(normalizeForumName("Jose\u0301")).toBe("Jos\u00e9");
  });
});
