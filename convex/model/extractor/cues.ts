/**
 * The cues of the offline extractor: the words that open a commitment ("I'll", "let's", "I'd like
 * you to", "can you ... by Friday") and those that look like one but are not ("I won't", "I was
 * going to"), each with how much it is trusted.
 */
import { AP, type Span } from "./text";

export type CueKind = "self" | "mutual" | "assign" | "request" | "skip" | "third" | "group";
export interface Cue {
  kind: CueKind;
  pattern: RegExp;
  /** Base confidence of the cue. */
  strength: number;
  /** "I might", "I could": the commitment is tentative. */
  hedged?: boolean;
  /** "I need to ... by Friday": only a commitment with a due date. */
  needsDue?: boolean;
  /** "I'm going to the dentist": going somewhere. */
  going?: boolean;
  /** "Let me ...": often about the moment ("let me think"), not a commitment. */
  offer?: boolean;
  /** "We'll ...": from the client, usually their own team or family, not the coaching pair. */
  team?: boolean;
}

const cue = (kind: CueKind, source: string, strength = 70, extra: Partial<Cue> = {}): Cue => ({
  kind,
  pattern: new RegExp(source, "gi"),
  strength,
  ...extra,
});

const STRONG = 80;
export const NORMAL = 70;
export const WEAK = 60;
const ADVERB = String.raw`(?:also |just |really |definitely |totally |finally |still |actually )?`;
const I_LL = String.raw`I${AP}ll`;

const CUES: Cue[] = [
  // Not commitments; listed so that they end the clause before them and swallow the cue inside.
  cue("skip", String.raw`\bI (?:won${AP}t|will not|will never|shall not)\b|\b${I_LL} (?:never|not)\b`),
  cue(
    "skip",
    String.raw`\b(?:I${AP}m|I am|we${AP}re|we are) (?:not|never) (?:going to|gonna)\b|\bwe (?:won${AP}t|will not)\b|\blet${AP}s not\b`,
  ),
  cue(
    "skip",
    String.raw`\b(?:I|we) (?:don${AP}t|do not) think (?:that )?(?:${I_LL}|I will|I${AP}m going to|I can|we${AP}ll|we will|we can)\b`,
  ),
  cue(
    "skip",
    String.raw`\b(?:I${AP}m |I am |we${AP}re )?not sure (?:if |whether |that )?(?:${I_LL}|I will|I can|we${AP}ll|we will|we can)\b`,
  ),
  cue("skip", String.raw`\bI (?:don${AP}t|do not) want to\b|\bI (?:might|may|could) (?:need|have) to\b`),
  cue("skip", String.raw`\b(?:I|we) (?:was|were) (?:going to|gonna|supposed to)\b|\bwe (?:had )?agreed last (?:time|week|session|month)\b`),

  cue("self", String.raw`\b(?:${I_LL}|I will|I shall)\b`),
  cue("self", String.raw`\b(?:I${AP}m|I am) ${ADVERB}(?:going to|gonna)\b`, NORMAL, { going: true }),
  cue("self", String.raw`\bI (?:commit|${AP}m committing|am committing) to\b`, STRONG),
  cue("self", String.raw`\bI promise(?: that)?(?: ${I_LL}| I will| to)?\b`, STRONG),
  cue("self", String.raw`\bmy homework(?: for (?:the|this|next) week)? is(?: to)?\b`, STRONG),
  cue("self", String.raw`\bmy (?:plan|goal)(?: for (?:the|this|next) week)? is(?: to)?\b|\bI (?:plan|${AP}m planning|am planning) to\b`),
  cue("self", String.raw`\bI (?:${ADVERB}need to|${ADVERB}have to|${AP}ve got to|have got to|gotta|must|can)\b`, WEAK, { needsDue: true }),
  // "Let me send you the link": an offer that is a commitment unless it is about the moment itself.
  cue("self", String.raw`\blet me\b`, WEAK, { offer: true }),
  cue("self", String.raw`\bI (?:might|may|could)\b|\bI${AP}d (?:like|love) to\b`, WEAK, { hedged: true }),

  cue("mutual", String.raw`\blet${AP}s\b|\blet us\b`, 65),
  cue("mutual", String.raw`\bwe${AP}ll\b|\bwe will\b`, 65, { team: true }),
  cue("mutual", String.raw`\bwe(?:${AP}re| are) ${ADVERB}(?:going to|gonna)\b`, 65, { team: true, going: true }),
  cue(
    "mutual",
    String.raw`\bwe (?:both |all )?(?:agreed|${AP}ve agreed|have agreed|decided|${AP}ve decided)(?: (?:that|to|on))?\b`,
    STRONG,
  ),

  cue(
    "assign",
    String.raw`\byour (?:homework|assignment|task|challenge|action item|experiment)(?: for (?:the|this|next) week)?(?: is)?(?: to)?\b`,
    STRONG,
  ),
  cue("assign", String.raw`\bI${AP}d ${ADVERB}(?:like|love) (?:for )?you to\b|\bI would ${ADVERB}like you to\b|\bI (?:want|need) you to\b`),
  cue("assign", String.raw`\b${I_LL} need you to\b|\bI${AP}m going to ask you to\b|\bI challenge you to\b|\blet${AP}s have you\b`),
  cue("assign", String.raw`\bwe (?:both )?agreed (?:that )?you(?:${AP}d|${AP}ll| would| will)\b`, STRONG),
  cue(
    "assign",
    String.raw`\b(?:for next week|this week|before (?:our |the )?next (?:session|call)|between now and (?:then|next (?:session|time|week))|over the (?:next|coming) week),? you(?:${AP}ll| will| should| can)?\b`,
  ),
  cue("request", String.raw`\b(?:can|could|would|will) you(?: please)?(?: be able to)?\b`, NORMAL, { needsDue: true }),
];

export interface Marker extends Span {
  cue: Cue;
}

/** Every cue in the sentence, earliest first; of overlapping cues the longest wins. */
export function findMarkers(text: string, sentence: Span): Marker[] {
  const slice = text.slice(sentence.start, sentence.end);
  const found: Marker[] = [];
  for (const c of CUES) {
    for (const m of slice.matchAll(c.pattern)) {
      found.push({ start: sentence.start + m.index, end: sentence.start + m.index + m[0].length, cue: c });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Marker[] = [];
  for (const marker of found) if (!kept.some((k) => marker.start < k.end && k.start < marker.end)) kept.push(marker);
  return kept;
}
