/**
 * Session transcripts: reading an uploaded file into timestamped segments, and what happens when
 * one is ready. Pure apart from `onTranscriptReady`.
 *
 * Supported shapes (one transcript is one of the two formats):
 *
 * WebVTT ("vtt"): the first line is `WEBVTT` (optionally followed by text). Each cue has an
 * optional identifier line, a timing line `00:01:02.000 --> 00:01:05.000` (hours optional, `,`
 * accepted for `.`, cue settings ignored) and payload lines. A payload line names its speaker with
 * a voice tag `<v Speaker>text</v>` (as Teams writes) or a `Speaker: text` prefix (as Zoom
 * writes); other tags are removed and the common entities decoded. A line without a speaker
 * continues the cue's previous line. NOTE, STYLE and REGION blocks are skipped.
 *
 * Plain text ("text"): every utterance starts on a line in one of these shapes, where TIME is
 * `MM:SS` (minutes may pass 59) or `H:MM:SS`, with an optional fraction:
 *   `[TIME] Speaker: text`   `(TIME) Speaker: text`   `TIME Speaker: text`   (the speaker is optional,
 *   and a `-`, `–` or `|` may follow TIME)
 *   `Speaker (TIME): text`   `Speaker [TIME]: text`
 * Lines that match none continue the utterance above (so the text may also start on the next
 * line); lines before the first timestamp (a title, a date) are skipped. A speaker is a label of
 * up to 40 characters that starts with a letter, so "12:30 works" is text, not a speaker.
 *
 * The plain `text` has one line per segment, `Speaker: text`, with whitespace collapsed: what
 * quotes taken from the transcript must be exact substrings of.
 */
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { transcriptSegmentValidator } from "../schema";
import { activityUrls, recordActivity } from "./activity";
import { userError } from "./errors";
import { notify } from "./notifications";

export type TranscriptFormat = "text" | "vtt";
export type TranscriptSegment = Infer<typeof transcriptSegmentValidator>;
export interface ParsedTranscript {
  segments: TranscriptSegment[];
  text: string;
}

/** The largest upload read; a two-hour session's WebVTT file is about a tenth of this. */
export const TRANSCRIPT_MAX_CHARS = 500_000;
/** Convex arrays hold at most 8192 values. */
export const TRANSCRIPT_MAX_SEGMENTS = 8192;
/** Convex documents hold at most 1 MiB; the segments and the text are both stored. */
const TRANSCRIPT_MAX_STORED_BYTES = 900_000;
/** SPEC §5: a transcript_timestamp is 1-2 digits, a colon and 2 digits, so 99:59 is the latest. */
export const TRANSCRIPT_TIMESTAMP_MAX_SECONDS = 99 * 60 + 59;

/** Field messages sent with INVALID_TRANSCRIPT, saying what to change. */
export const TRANSCRIPT_FIELD_ERRORS = {
  empty: "The transcript is empty.",
  tooLong: `That transcript is longer than ${TRANSCRIPT_MAX_CHARS.toLocaleString("en-US")} characters. Please upload one session at a time.`,
  tooLargeToStore: "That transcript is too large to store. Please upload one session at a time.",
  missingHeader: "A WebVTT file starts with the line WEBVTT.",
  vttAsText: "This is a WebVTT file. Please upload it as WebVTT.",
  noTimestamps: "We found no timestamped lines. Each line should start like [01:05] Speaker: text.",
} as const;

function invalid(reason: keyof typeof TRANSCRIPT_FIELD_ERRORS) {
  return userError("INVALID_TRANSCRIPT", {
    content: TRANSCRIPT_FIELD_ERRORS[reason],
  });
}

/** Seconds as MM:SS; minutes pass 59 ("75:03") and stop at 99:59, the longest SPEC §5 allows. */
export function formatTimestamp(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.min(Math.max(Math.floor(seconds), 0), TRANSCRIPT_TIMESTAMP_MAX_SECONDS) : 0;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

const SPEAKER = String.raw`\p{L}[\p{L}\p{M}\p{N} .'’_-]{0,39}`;
/** `H:MM:SS` or `M:SS` with any number of minutes, optional fraction. */
const TIME = String.raw`(?:\d{1,2}:[0-5]\d|\d{1,3}):[0-5]\d(?:[.,]\d{1,3})?`;
const SEPARATOR = String.raw`(?:\s*[-–—|])?`;

/** The colon must end the label ("Ana: hi"), so "https://..." stays text. */
const SPEAKER_PREFIX = new RegExp(String.raw`^(${SPEAKER})\s*:(?=\s|$)\s*(.*)$`, "u");
const TEXT_SHAPES = [
  new RegExp(String.raw`^[\[(](${TIME})[\])]${SEPARATOR}\s*(.*)$`, "u"),
  new RegExp(String.raw`^(${TIME})${SEPARATOR}(?:\s+(.*))?$`, "u"),
];
const SPEAKER_FIRST = new RegExp(String.raw`^(${SPEAKER})\s*[\[(](${TIME})[\])]\s*:?\s*(.*)$`, "u");
const VTT_TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->`, "u");
const VOICE = /^<v(?:\.[^\s>]*)?\s+([^>]*)>(.*)$/u;

/** Seconds of a TIME match, whole seconds. */
function seconds(time: string): number {
  const parts = time.split(/[.,]/)[0]!.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** "Speaker: text" split into its parts, when the label looks like a name. */
function splitSpeaker(line: string): { speaker?: string; text: string } {
  const match = SPEAKER_PREFIX.exec(line);
  if (!match) return { text: line };
  return { speaker: clean(match[1]!), text: match[2]! };
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&nbsp;": " ",
  "&lrm;": "",
  "&rlm;": "",
  "&quot;": '"',
  "&#39;": "'",
};

function vttText(payload: string): string {
  return payload.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|nbsp|lrm|rlm|quot|#39);/g, (e) => ENTITIES[e]!);
}

/** Adds `text` to the last segment, or starts one, skipping text that is only whitespace. */
class Builder {
  readonly segments: TranscriptSegment[] = [];
  private current: TranscriptSegment | null = null;

  start(startSeconds: number, text: string, speaker?: string) {
    this.current = speaker ? { speaker, startSeconds, text: "" } : { startSeconds, text: "" };
    this.segments.push(this.current);
    this.append(text);
  }

  append(text: string) {
    if (this.current) this.current.text = clean(`${this.current.text} ${text}`);
  }

  get started() {
    return this.current !== null;
  }

  /** Ends the current segment, so the next line cannot continue it (a new VTT cue). */
  close() {
    this.current = null;
  }
}

function parseVtt(lines: string[]): TranscriptSegment[] {
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) throw invalid("missingHeader");
  const built = new Builder();
  let block: string[] = [];
  const flush = () => {
    const timing = block.findIndex((line) => line.includes("-->"));
    const first = block[0] ?? "";
    const skipped = /^(?:NOTE|STYLE|REGION)(?:\s|$)/.test(first);
    if (!skipped && timing >= 0 && timing <= 1) {
      const match = VTT_TIMING.exec(block[timing]!);
      if (!match) throw invalid("noTimestamps");
      const at = seconds(match[1]!);
      built.close();
      for (const payload of block.slice(timing + 1)) {
        const voice = VOICE.exec(payload);
        const { speaker, text } = voice ? { speaker: clean(vttText(voice[1]!)), text: voice[2]! } : splitSpeaker(payload);
        if (speaker || !built.started) built.start(at, vttText(text), speaker);
        else built.append(vttText(text));
      }
    }
    block = [];
  };
  for (const line of lines.slice(1)) {
    if (line.trim() === "") flush();
    else block.push(line);
  }
  flush();
  return built.segments;
}

function parseText(lines: string[]): TranscriptSegment[] {
  if (/^WEBVTT(?:\s|$)/.test(lines[0] ?? "")) throw invalid("vttAsText");
  const built = new Builder();
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "") continue;
    const speakerFirst = SPEAKER_FIRST.exec(line);
    if (speakerFirst) {
      built.start(seconds(speakerFirst[2]!), speakerFirst[3]!, clean(speakerFirst[1]!));
      continue;
    }
    const timed = TEXT_SHAPES.map((shape) => shape.exec(line)).find(Boolean);
    if (timed) {
      const { speaker, text } = splitSpeaker(timed[2] ?? "");
      built.start(seconds(timed[1]!), text, speaker);
    } else built.append(line);
  }
  return built.segments;
}

function utf8Bytes(text: string) {
  return new TextEncoder().encode(text).length;
}

/**
 * Reads an uploaded transcript. Throws INVALID_TRANSCRIPT (with a `content` field message) when
 * it is empty, too large, in the wrong format or has no timestamped text.
 */
export function parseTranscript(content: string, format: TranscriptFormat): ParsedTranscript {
  if (content.length > TRANSCRIPT_MAX_CHARS) throw invalid("tooLong");
  const lines = content.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (lines.every((line) => line.trim() === "")) throw invalid("empty");
  const segments = (format === "vtt" ? parseVtt(lines) : parseText(lines)).filter((segment) => segment.text !== "");
  if (segments.length === 0) throw invalid("noTimestamps");
  if (segments.length > TRANSCRIPT_MAX_SEGMENTS) throw invalid("tooLargeToStore");
  const text = segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}` : s.text)).join("\n");
  // Each segment also stores its field names and start; 48 bytes is a generous allowance.
  const stored = utf8Bytes(text) * 2 + segments.length * 48;
  if (stored > TRANSCRIPT_MAX_STORED_BYTES) throw invalid("tooLargeToStore");
  return { segments, text };
}

/**
 * The transcript_ready event: a transcript was stored or replaced. Tells the member and records
 * the activity; the action-item extraction pipeline hooks in here.
 */
export async function onTranscriptReady(ctx: MutationCtx, transcriptId: Id<"transcripts">, now: number) {
  const transcript = await ctx.db.get("transcripts", transcriptId);
  if (!transcript) return;
  const session = await ctx.db.get("sessions", transcript.sessionId);
  const title = session?.title ?? "your session";
  const url = activityUrls.transcript(transcriptId);
  const data = { sessionId: transcript.sessionId, transcriptId };
  await notify(
    ctx,
    transcript.memberId,
    {
      type: "transcript_ready",
      priority: "medium",
      title: "Transcript ready",
      message: `The transcript of "${title}" is ready to read.`,
      actions: [{ label: "Open transcript", url }],
      data,
    },
    { now },
  );
  await recordActivity(
    ctx,
    transcript.memberId,
    {
      type: "transcript",
      title: `Transcript ready: ${title}`,
      description: `${transcript.segments.length} passages, searchable by word or speaker.`,
      status: "completed",
      metadata: data,
      actionUrl: url,
      actionLabel: "Open transcript",
    },
    now,
  );
}
