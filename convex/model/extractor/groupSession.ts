/**
 * Group sessions (more than two people speak): who the people are by the names and roles others
 * call them, who chairs, where the work is handed out, who a "you" or a named person is, and one
 * likeliest suggestion per person.
 */
import type { TranscriptSegment } from "../transcripts";
import { FOR_COACH, FOR_MEMBER, SHARED, type Candidate, type Context, type Who } from "./candidates";
import { rawScoreOf } from "./scoring";
import type { SpeakerSide } from "./speakers";
import { normalizeName } from "./text";

/** More than two people speak: "you" is not simply the other side, and scores are calibrated apart. */
export function isGroupSession(segments: readonly TranscriptSegment[]): boolean {
  return new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : []))).size > 2;
}

/** Where the last part of a group session starts, as a share of its length: the work is handed out there. */
export const LATE_SHARE = 0.7;

/** How others call each speaker: the whole label, and its first word when the label has more ("Ed Smith" → "ed"). */
export function peopleOf(labels: string[]): Map<string, string> {
  const people = new Map<string, string>();
  for (const label of labels) {
    const full = normalizeName(label);
    if (!full || /^(?:speaker|unknown|guest)\b/.test(full)) continue;
    people.set(full, label);
    const first = full.split(" ")[0]!;
    if (full.includes(" ") && first.length > 2 && !people.has(first)) people.set(first, label);
  }
  return people;
}

/** The chair of a group session: the coach, else whoever says most (`said`: characters per speaker label). */
export function chairOf(said: Map<string, number>, sideOf: (label: string | undefined) => SpeakerSide): string {
  return [...said.keys()].find((label) => sideOf(label).side === "coach") ?? [...said].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Who a "you" or a named person in a group session is: the member, the coach, or another person by name. */
export function whoIs(ctx: Context, label: string): { who: Who; assignee: string | null } {
  const side = ctx.sideOf(label).side;
  if (side === "client") return { who: FOR_MEMBER, assignee: null };
  if (side === "coach") return { who: FOR_COACH, assignee: null };
  return { who: SHARED, assignee: label };
}

/** The description of a commitment that is neither the member's nor the coach's. */
export function forSomeoneElse(assignee: string): string {
  return `For ${assignee}, who is not the member or the coach.`;
}

/** The speaker label of the first person `people` knows who is named in `normalized` (normalizeName), other than `except`. */
export function personNamed(people: Map<string, string>, normalized: string, except: string | undefined): string | null {
  const words = ` ${normalized} `;
  for (const [form, label] of people) if (label !== except && words.includes(` ${form} `)) return label;
  return null;
}

/** The person named in a sentence said in a group session ("Industrial Designer, you'll ..."), as their speaker label. */
export function mentioned(ctx: Context, sentence: string): string | null {
  return personNamed(ctx.people, normalizeName(sentence), ctx.seg.speaker);
}

/** The speaker a third-person subject names ("the industrial designer", "Ed"), if one of them. */
export function participantOf(ctx: Context, subject: string): string | null {
  const form = normalizeName(subject).replace(/^(?:the|our|my|your) /, "");
  return ctx.people.get(form) ?? null;
}

/** How much less an assignment counts when the same person already has a likelier one in the meeting. */
const ANOTHER_FOR_SAME_PERSON = 20;

/**
 * A group meeting hands each person a piece of work or two, and says so in several ways; the
 * likeliest suggestion for each person stays, the others drop below it (still behind "Show N more").
 */
export function preferOnePerPerson(candidates: Candidate[]) {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const person = c.assignee ?? c.responsibleParty;
    const current = best.get(person);
    if (!current || rawScoreOf(c) > rawScoreOf(current)) best.set(person, c);
  }
  const kept = new Set(best.values());
  for (const c of candidates) if (!kept.has(c)) c.penalty = ANOTHER_FOR_SAME_PERSON;
}
