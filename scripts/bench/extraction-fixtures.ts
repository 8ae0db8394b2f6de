/**
 * The labelled transcripts of tests/fixtures/transcripts as the extraction bench and the calibration
 * read them: the coaching fixtures, and the public parts once imported (see that folder's README).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ExtractionInput } from "../../convex/model/extraction";
import type { ExpectedCommitment, LabelledCommitment, PublicExpectedCommitment } from "../../convex/model/extractionScore";
import { parseTranscript } from "../../convex/model/transcripts";

export const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/transcripts");

export interface Fixture {
  name: string;
  format: "text" | "vtt";
  input: ExtractionInput;
  expected: LabelledCommitment[];
  /** Hours of talk the suggestions per hour are counted over. */
  hours: number;
  /** Public labels: action items no passage is linked to (not scored). */
  unanchored: number;
}

// ---------------------------------------------------------------------------------------------
// Loading

/** Seconds of a `[H:]MM:SS[.fff]` time. */
function clockSeconds(time: string): number {
  return time
    .split(/[.,]/)[0]!
    .split(":")
    .reduce((total, part) => total * 60 + Number(part), 0);
}

export function loadCoaching(): Fixture[] {
  return readdirSync(FIXTURES)
    .filter((file) => /^\d+\.(?:txt|vtt)$/.test(file))
    .sort()
    .map((file) => {
      const labels = JSON.parse(readFileSync(path.join(FIXTURES, file.replace(/\.\w+$/, ".labels.json")), "utf8")) as {
        coachName: string;
        memberName: string;
        sessionDate: string;
        expected: ExpectedCommitment[];
      };
      const content = readFileSync(path.join(FIXTURES, file), "utf8");
      const format = file.endsWith(".vtt") ? "vtt" : "text";
      const { segments, text } = parseTranscript(content, format);
      // WebVTT says when the last cue ends; a text transcript only when the last line starts.
      const cueEnds = [...content.matchAll(/-->\s*((?:\d+:)?\d+:\d{2}(?:[.,]\d+)?)/g)].map((m) => clockSeconds(m[1]!));
      const seconds = format === "vtt" && cueEnds.length > 0 ? Math.max(...cueEnds) : (segments.at(-1)?.startSeconds ?? 0);
      const { coachName, memberName, sessionDate, expected } = labels;
      return {
        name: file,
        format,
        input: { segments, text, coachName, memberName, sessionDate },
        expected,
        hours: seconds / 3600,
        unanchored: 0,
      };
    });
}

/** A public part, or null when it has not been imported. */
export function loadPublic(folder: "dev" | "heldout"): Fixture[] | null {
  const dir = path.join(FIXTURES, "public", folder);
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".txt"))
    .sort();
  if (files.length === 0) return null;
  return files.map((file) => {
    const labels = JSON.parse(readFileSync(path.join(dir, file.replace(/\.txt$/, ".labels.json")), "utf8")) as {
      coachName: string;
      memberName: string;
      sessionDate: string;
      durationSeconds: number;
      expected: PublicExpectedCommitment[];
      unanchored: string[];
    };
    const { segments, text } = parseTranscript(readFileSync(path.join(dir, file), "utf8"), "text");
    const { coachName, memberName, sessionDate, expected } = labels;
    return {
      name: file.replace(/\.txt$/, ""),
      format: "text",
      input: { segments, text, coachName, memberName, sessionDate },
      expected,
      hours: labels.durationSeconds / 3600,
      unanchored: labels.unanchored.length,
    };
  });
}
