import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import type { UserError } from "./messages";
import {
  formatTimestamp,
  parseTranscript,
  TRANSCRIPT_FIELD_ERRORS,
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_MAX_SEGMENTS,
  type ParsedTranscript,
} from "./transcripts";

function failure(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConvexError) return error.data as UserError;
    throw error;
  }
  throw new Error("expected INVALID_TRANSCRIPT");
}

/** Every segment's line is in the text, so a quote of a segment is an exact substring. */
function expectQuotable({ segments, text }: ParsedTranscript) {
  for (const segment of segments) expect(text).toContain(segment.text);
}

describe("formatTimestamp", () => {
  it("writes MM:SS, with minutes past 59 and at most 99:59 (SPEC §5 pattern)", () => {
    expect(formatTimestamp(0)).toBe("00:00");
    expect(formatTimestamp(62.9)).toBe("01:02");
    expect(formatTimestamp(75 * 60 + 3)).toBe("75:03");
    expect(formatTimestamp(100 * 60)).toBe("99:59");
    expect(formatTimestamp(-5)).toBe("00:00");
    expect(formatTimestamp(Number.NaN)).toBe("00:00");
    for (const s of [0, 59, 3599, 5999, 9999]) expect(formatTimestamp(s)).toMatch(/^\d{1,2}:\d{2}$/);
  });
});

describe("parseTranscript: WebVTT", () => {
  it("reads Teams-style voice tags, cue ids, hours and cue settings", () => {
    const vtt = [
      "WEBVTT - Focus check-in",
      "Kind: captions",
      "",
      "NOTE exported by the meeting app",
      "with two lines",
      "",
      "8f2c/12-0",
      "00:00:05.000 --> 00:00:09.500 align:start",
      "<v Coach Ana>How did the morning routine go?</v>",
      "",
      "8f2c/13-0",
      "00:01:02.250 --> 00:01:06.000",
      "<v.loud Sam Lee>It went well. I set the alarm</v>",
      "across the room &amp; it worked.",
      "",
      "01:15:03.000 --> 01:15:04.000",
      "<v Sam Lee><i>Bye!</i></v>",
    ].join("\r\n");
    const parsed = parseTranscript(vtt, "vtt");
    expect(parsed.segments).toEqual([
      { speaker: "Coach Ana", startSeconds: 5, text: "How did the morning routine go?" },
      { speaker: "Sam Lee", startSeconds: 62, text: "It went well. I set the alarm across the room & it worked." },
      { speaker: "Sam Lee", startSeconds: 4503, text: "Bye!" },
    ]);
    expect(parsed.text).toBe(
      [
        "Coach Ana: How did the morning routine go?",
        "Sam Lee: It went well. I set the alarm across the room & it worked.",
        "Sam Lee: Bye!",
      ].join("\n"),
    );
    expectQuotable(parsed);
  });

  it("reads Zoom-style 'Speaker: text' cues with numeric ids and no hours", () => {
    const vtt =
      "\uFEFFWEBVTT\n\n1\n00:03.000 --> 00:07.000\nSam: I'll email the bank by Friday.\n\n2\n00:08.000 --> 00:09.000\nnobody named here\n";
    const parsed = parseTranscript(vtt, "vtt");
    expect(parsed.segments).toEqual([
      { speaker: "Sam", startSeconds: 3, text: "I'll email the bank by Friday." },
      { startSeconds: 8, text: "nobody named here" },
    ]);
    expect(parsed.text).toBe("Sam: I'll email the bank by Friday.\nnobody named here");
  });

  it("splits a cue where the speaker changes", () => {
    const parsed = parseTranscript("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Ready?\n<v Sam>Yes.", "vtt");
    expect(parsed.segments).toEqual([
      { speaker: "Ana", startSeconds: 1, text: "Ready?" },
      { speaker: "Sam", startSeconds: 1, text: "Yes." },
    ]);
  });

  it("refuses a file without the WEBVTT header, or without cues", () => {
    expect(failure(() => parseTranscript("00:00:01.000 --> 00:00:02.000\nHi", "vtt"))).toMatchObject({
      code: "INVALID_TRANSCRIPT",
      fields: { content: TRANSCRIPT_FIELD_ERRORS.missingHeader },
    });
    expect(failure(() => parseTranscript("WEBVTT\n\nNOTE nothing else\n", "vtt")).fields).toEqual({
      content: TRANSCRIPT_FIELD_ERRORS.noTimestamps,
    });
    expect(failure(() => parseTranscript("WEBVTT\n\nxx:01 --> 00:02\nHi", "vtt")).code).toBe("INVALID_TRANSCRIPT");
  });
});

describe("parseTranscript: plain text", () => {
  it("reads the bracketed, bare and speaker-first shapes", () => {
    const text = [
      "Weekly focus session, 3 March",
      "",
      "[00:05] Coach Ana: How was the week?",
      "(00:12) Sam: Busy. I kept",
      "forgetting the",
      "   calendar.",
      "01:30 - Coach Ana: Let's block Mondays.",
      "75:03 Sam: I'll try it.",
      "Coach Ana (1:20:00): Great.",
      "Sam [80:01] See you.",
      "[01:31]",
      "No speaker on this one.",
    ].join("\n");
    const parsed = parseTranscript(text, "text");
    expect(parsed.segments).toEqual([
      { speaker: "Coach Ana", startSeconds: 5, text: "How was the week?" },
      { speaker: "Sam", startSeconds: 12, text: "Busy. I kept forgetting the calendar." },
      { speaker: "Coach Ana", startSeconds: 90, text: "Let's block Mondays." },
      { speaker: "Sam", startSeconds: 75 * 60 + 3, text: "I'll try it." },
      { speaker: "Coach Ana", startSeconds: 4800, text: "Great." },
      { speaker: "Sam", startSeconds: 80 * 60 + 1, text: "See you." },
      { startSeconds: 91, text: "No speaker on this one." },
    ]);
    expect(parsed.text.split("\n")).toEqual([
      "Coach Ana: How was the week?",
      "Sam: Busy. I kept forgetting the calendar.",
      "Coach Ana: Let's block Mondays.",
      "Sam: I'll try it.",
      "Coach Ana: Great.",
      "Sam: See you.",
      "No speaker on this one.",
    ]);
    expectQuotable(parsed);
  });

  it("keeps times and links inside the text instead of taking them for speakers", () => {
    const parsed = parseTranscript("[00:10] 12:30 works for me: see https://cal.example/x\n[00:20] Ana:no space", "text");
    expect(parsed.segments).toEqual([
      { startSeconds: 10, text: "12:30 works for me: see https://cal.example/x" },
      { startSeconds: 20, text: "Ana:no space" },
    ]);
  });

  it("refuses empty text, text without timestamps, and a WebVTT file sent as text", () => {
    expect(failure(() => parseTranscript(" \n\n ", "text")).fields).toEqual({ content: TRANSCRIPT_FIELD_ERRORS.empty });
    expect(failure(() => parseTranscript("We talked about the week.", "text")).fields).toEqual({
      content: TRANSCRIPT_FIELD_ERRORS.noTimestamps,
    });
    expect(failure(() => parseTranscript("[00:01]   \n", "text")).fields).toEqual({ content: TRANSCRIPT_FIELD_ERRORS.noTimestamps });
    expect(failure(() => parseTranscript("WEBVTT\n\n00:01.000 --> 00:02.000\nHi", "text")).fields).toEqual({
      content: TRANSCRIPT_FIELD_ERRORS.vttAsText,
    });
  });

  it("refuses a transcript too large to read or to store", () => {
    expect(failure(() => parseTranscript(`[00:01] ${"a".repeat(TRANSCRIPT_MAX_CHARS)}`, "text")).fields).toEqual({
      content: TRANSCRIPT_FIELD_ERRORS.tooLong,
    });
    const many = Array.from(
      { length: TRANSCRIPT_MAX_SEGMENTS + 1 },
      (_, i) => `${Math.floor(i / 60)}:${String(i % 60).padStart(2, "0")} x`,
    ).join("\n");
    expect(failure(() => parseTranscript(many, "text")).fields).toEqual({ content: TRANSCRIPT_FIELD_ERRORS.tooLargeToStore });
    // Under the character limit, but stored twice in three-byte characters it would pass 1 MiB.
    const wide = `[00:01] ${"語".repeat(200_000)}`;
    expect(failure(() => parseTranscript(wide, "text")).fields).toEqual({ content: TRANSCRIPT_FIELD_ERRORS.tooLargeToStore });
  });
});
