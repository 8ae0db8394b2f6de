import { describe, expect, it } from "vitest";
import {
  canEditOwnPost,
  isUnread,
  bodyError,
  excerptOf,
  FORUM_BODY_MAX,
  FORUM_EDIT_WINDOW_MS,
  FORUM_EXCERPT_LENGTH,
  FORUM_MENTIONS_MAX,
  FORUM_REACTION_LABELS,
  FORUM_REACTIONS,
  FORUM_TITLE_MAX,
  isUnsafeMarkdown,
  mentionedKeys,
  reasonError,
  searchTextOf,
  titleError,
  withinEditWindow,
} from "./forumRules";
import { FORUM_MESSAGES } from "./messages";

describe("titleError", () => {
  it("takes 3 to 120 characters once trimmed, counting characters rather than UTF-16 units", () => {
    expect(titleError("Hi")).toBe(FORUM_MESSAGES.TITLE_INVALID);
    expect(titleError("   Hi   ")).toBe(FORUM_MESSAGES.TITLE_INVALID);
    expect(titleError("Wins")).toBeUndefined();
    expect(titleError("x".repeat(FORUM_TITLE_MAX))).toBeUndefined();
    expect(titleError("x".repeat(FORUM_TITLE_MAX + 1))).toBe(FORUM_MESSAGES.TITLE_INVALID);
    expect(titleError("🎉".repeat(FORUM_TITLE_MAX))).toBeUndefined();
    expect(titleError("🎉🎉")).toBe(FORUM_MESSAGES.TITLE_INVALID);
  });
});

describe("bodyError", () => {
  it("asks for something to be written", () => {
    expect(bodyError("")).toBe(FORUM_MESSAGES.BODY_EMPTY);
    expect(bodyError(" \n\t ")).toBe(FORUM_MESSAGES.BODY_EMPTY);
  });

  it("takes up to 10,000 characters", () => {
    expect(bodyError("a".repeat(FORUM_BODY_MAX))).toBeUndefined();
    expect(bodyError("a".repeat(FORUM_BODY_MAX + 1))).toBe(FORUM_MESSAGES.BODY_TOO_LONG);
  });

  it("takes Markdown with ordinary links, comparisons and arrows", () => {
    expect(bodyError("**Tip:** [the timer I use](https://example.com/timer) and `25 min` blocks.")).toBeUndefined();
    expect(bodyError("Focus < 2 hours a day, and energy > motivation -> start small.")).toBeUndefined();
    expect(bodyError("My notes: data, javascript and more data.")).toBeUndefined();
  });

  it("refuses HTML tags, comments and script or data links", () => {
    for (const unsafe of [
      "<script>alert(1)</script>",
      "Hello <img src=x onerror=alert(1)>",
      "</div>",
      "<!-- hidden -->",
      "[click](javascript:alert(1))",
      "[x](JavaScript :alert(1))",
      "[x](vbscript:msgbox(1))",
      "![x](data:image/png;base64,AAAA)",
    ]) {
      expect([unsafe, isUnsafeMarkdown(unsafe), bodyError(unsafe)]).toEqual([unsafe, true, FORUM_MESSAGES.BODY_UNSAFE]);
    }
  });
});

describe("reasonError", () => {
  it("needs 3 to 500 characters once trimmed", () => {
    expect(reasonError("")).toBe(FORUM_MESSAGES.REASON_INVALID);
    expect(reasonError("  ok  ")).toBe(FORUM_MESSAGES.REASON_INVALID);
    expect(reasonError("Spam")).toBeUndefined();
    expect(reasonError("x".repeat(500))).toBeUndefined();
    expect(reasonError("x".repeat(501))).toBe(FORUM_MESSAGES.REASON_INVALID);
  });
});

describe("withinEditWindow", () => {
  it("allows edits for one hour after posting, the last millisecond included", () => {
    const postedAt = Date.UTC(2026, 2, 10, 9);
    expect(withinEditWindow(postedAt, postedAt)).toBe(true);
    expect(withinEditWindow(postedAt, postedAt + FORUM_EDIT_WINDOW_MS)).toBe(true);
    expect(withinEditWindow(postedAt, postedAt + FORUM_EDIT_WINDOW_MS + 1)).toBe(false);
  });
});

describe("mentionedKeys", () => {
  it("reads @names as lower-case keys, underscores also read as spaces", () => {
    expect(mentionedKeys("Thanks @Coach_Cora and @maya!")).toEqual([["coach_cora", "coach cora"], ["maya"]]);
  });

  it("drops trailing dots and dashes, too-short names, repeats and e-mail addresses", () => {
    expect(mentionedKeys("Ask @Theo. or @Al, write to me@example.com, and @THEO again")).toEqual([["theo"]]);
  });

  it("reads names in any script", () => {
    expect(mentionedKeys("Merci @Zoë et @Łukasz")).toEqual([["zoë"], ["łukasz"]]);
  });

  it("stops at five people", () => {
    const names = ["anna", "bert", "cleo", "dara", "emil", "fred", "gina"];
    expect(mentionedKeys(names.map((n) => `@${n}`).join(" "))).toEqual(names.slice(0, FORUM_MENTIONS_MAX).map((n) => [n]));
  });
});

describe("searchTextOf and excerptOf", () => {
  it("searches an opening post by its thread's title and its text, and a reply by its text", () => {
    expect(searchTextOf("Two passes a day.", "Inbox zero")).toBe("Inbox zero\nTwo passes a day.");
    expect(searchTextOf("Two passes a day.")).toBe("Two passes a day.");
  });

  it("shows a short plain-text excerpt of Markdown", () => {
    expect(excerptOf("# Wins\n\n**Shipped** the [landing page](https://example.com) today!")).toBe("Wins Shipped the landing page today!");
    const long = excerptOf("word ".repeat(100));
    expect([...long]).toHaveLength(FORUM_EXCERPT_LENGTH);
    expect(long.endsWith("…")).toBe(true);
  });

  it("keeps ordinary punctuation while dropping Markdown's syntax", () => {
    expect(excerptOf("Trying a 25-minute timer - it works!")).toBe("Trying a 25-minute timer - it works!");
    expect(excerptOf("Self-care, re-engagement; a well_known_name, 3 * 4 and x_y.")).toBe(
      "Self-care, re-engagement; a well_known_name, 3 * 4 and x_y.",
    );
    expect(excerptOf("- a *25-minute* timer\n- __body-doubling__ with `focus-mode`\n\n> ~~old~~ new\n\n---\n\n1. step-one")).toBe(
      "a 25-minute timer body-doubling with focus-mode old new step-one",
    );
    expect(excerptOf("```\nconst x = 1;\n```\n| a | b |\n|---|---|\n| c-d | e |")).toBe("const x = 1; a b c-d e");
  });
});

describe("reactions", () => {
  it("are kind ones only, each with an emoji and a label", () => {
    expect(FORUM_REACTIONS).toEqual(["helpful", "support", "celebrate", "idea", "same"]);
    expect(Object.keys(FORUM_REACTION_LABELS)).toEqual([...FORUM_REACTIONS]);
  });
});

describe("a reader's own state, as the pages derive it", () => {
  it("is unread when never read or active since, and editable only while visible and within the window", () => {
    expect(isUnread(100, undefined)).toBe(true);
    expect(isUnread(100, 99)).toBe(true);
    expect(isUnread(100, 100)).toBe(false);
    expect(canEditOwnPost({ status: "visible", createdAt: 0 }, FORUM_EDIT_WINDOW_MS)).toBe(true);
    expect(canEditOwnPost({ status: "visible", createdAt: 0 }, FORUM_EDIT_WINDOW_MS + 1)).toBe(false);
    expect(canEditOwnPost({ status: "hidden", createdAt: 0 }, 1)).toBe(false);
    expect(canEditOwnPost({ status: "deleted", createdAt: 0 }, 1)).toBe(false);
  });
});
