import { describe, expect, it } from "vitest";
import { forumNameKey } from "./forumNames";

describe("forumNameKey", () => {
  it("gives names that differ only in case, spacing or composition one key", () => {
    expect(forumNameKey(" Maya  O. ")).toBe(forumNameKey("maya o."));
    expect(forumNameKey("ZOË")).toBe(forumNameKey("zoë"));
    expect(forumNameKey("Jose\u0301")).toBe(forumNameKey("José"));
  });

  it("gives look-alike letters of other scripts, digits and compatibility forms the key of the name they imitate", () => {
    const cora = forumNameKey("Coach Cora");
    for (const lookAlike of [
      "Coach C\u043Era", // Cyrillic о
      "Coach Cor\u0430", // Cyrillic а
      "\u0421oach Cora", // Cyrillic С
      "Coach C0ra",
      "COACH CORA",
      "Ｃｏａｃｈ Ｃｏｒａ", // full width
      "𝐂𝐨𝐚𝐜𝐡 𝐂𝐨𝐫𝐚", // mathematical bold
    ])
      expect(forumNameKey(lookAlike), lookAlike).toBe(cora);
    expect(forumNameKey("\u0422heo")).toBe(forumNameKey("Theo")); // Cyrillic capital Т
    expect(forumNameKey("lll")).toBe(forumNameKey("Ill"));
    expect(forumNameKey("Tom")).toBe(forumNameKey("Torn"));
    expect(forumNameKey("Straße")).toBe(forumNameKey("STRASSE"));
  });

  it("keeps names that look different apart", () => {
    for (const [a, b] of [
      ["Coach Cora", "Coach Corá"],
      ["Zoe", "Zoë"],
      ["Maya O.", "Maya O"],
      ["Maya", "Mayo"],
      ["山田太郎", "山田次郎"],
    ] as const)
      expect(forumNameKey(a), `${a} / ${b}`).not.toBe(forumNameKey(b));
  });
});
