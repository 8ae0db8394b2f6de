/** Who each speaker label is: the coach, the member, or someone else. */
import type { ExtractionInput } from "../extraction";
import { normalizeName } from "./text";

export type Side = "coach" | "client";

function nameForms(fullName: string): Set<string> {
  const full = normalizeName(fullName);
  const parts = full.split(" ").filter(Boolean);
  const forms = new Set([full]);
  if (parts.length > 1) {
    forms.add(parts[0]!);
    forms.add(`${parts[0]} ${parts.at(-1)![0]}`);
  }
  return forms;
}

export interface SpeakerSide {
  side: Side | null;
  /** Named by a label that matches (not deduced from being the other of two speakers). */
  byName: boolean;
}

/** The side of each speaker label: names, first names and "Coach"/"Client"; else the other of two. */
export function speakerSides(input: ExtractionInput): (label: string | undefined) => SpeakerSide {
  const coach = nameForms(input.coachName);
  const member = nameForms(input.memberName);
  const coachFull = normalizeName(input.coachName);
  const memberFull = normalizeName(input.memberName);
  const direct = (label: string): Side | null => {
    const l = normalizeName(label);
    const words = l.split(" ");
    // "Dr Jordan Ellis", "Jordan Ellis Coach": the full name among other words.
    const named = (full: string) => full !== "" && ` ${l} `.includes(` ${full} `);
    if (named(coachFull)) return "coach";
    if (named(memberFull)) return "client";
    if (words.includes("coach")) return "coach";
    if (words.includes("client") || words.includes("member")) return "client";
    if (coach.has(l) && !member.has(l)) return "coach";
    if (member.has(l) && !coach.has(l)) return "client";
    return null;
  };
  const labels = [...new Set(input.segments.map((s) => s.speaker).filter((s): s is string => !!s))];
  const sides = new Map<string, SpeakerSide>(
    labels.map((label) => {
      const side = direct(label);
      return [label, { side, byName: side !== null }];
    }),
  );
  // Two speakers, one known: the other is the other side.
  const known = labels.filter((l) => sides.get(l)!.side);
  if (labels.length === 2 && known.length === 1) {
    const other = labels.find((l) => l !== known[0])!;
    sides.set(other, { side: sides.get(known[0]!)!.side === "coach" ? "client" : "coach", byName: false });
  }
  return (label) => (label ? (sides.get(label) ?? { side: null, byName: false }) : { side: null, byName: false });
}
