/**
 * Titles: a short imperative from the words after a cue, with fillers, due phrases and trailing
 * asides taken out; and the telling words that show two titles are one commitment.
 */
import { dueMatches } from "./dueDates";
import { normalizeName, without } from "./text";

/** The longest title proposed; longer actions are cut at a word. */
export const RULE_TITLE_MAX_CHARS = 80;

const LEADING_FILLER =
  /^(?:[,;:]\s*|(?:also|just|definitely|actually|really|finally|probably|maybe|then|first|totally|absolutely|honestly|still|both|all|now|go ahead and|make sure to|make sure (?:that )?I|try to|try and|do my best to|at least try to|need to|have to|plan to|be able to|to|do is|you(?:['’]ll| will| should| can| to)?)\b\s*)/i;
const CUT =
  /,\s+(?=(?:so|because|before|after|which|the one|even if|even though|but|once|if|when|while|then|and then|since|as|just|no|okay|ok|right|actually|honestly|though|I|we|you|to see|by the way|that way|or)\b)|\s+(?:so that|so (?:I|we|you|it|they|he|she)|and (?:I|we|then I)|if (?:I|we)|unless|because|even if|even though|once|to see (?:if|how|where|what|whether))\b|\s+[—–]\s/i;
const TRAILING =
  /(?:[\s,.;:!?…—–-]+|\s+(?:then|too|as well|for sure|I think|I guess|honestly|actually|okay|ok|though|by the way|again|or so|anyway|starting|beginning|at the start of|at the beginning of|at|by|for|before|until|of|the|to|with|and))+$/i;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short imperative from the words after the cue, with the due phrases taken out. */
export function titleOf(action: string): string {
  let title = action
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .trim();
  for (let previous = ""; previous !== title;) {
    previous = title;
    title = title.replace(LEADING_FILLER, "").trim();
  }
  const cut = CUT.exec(title);
  if (cut && cut.index > 0) title = title.slice(0, cut.index);
  title = title.replace(TRAILING, "").trim();
  if (title.length > RULE_TITLE_MAX_CHARS) {
    const words = title.slice(0, RULE_TITLE_MAX_CHARS + 1).split(" ");
    title = words.slice(0, -1).join(" ").replace(TRAILING, "");
  }
  return capitalise(title);
}

/** A title that is small talk or about the call itself, not work ("see you", "share my screen"). */
export const SMALL_TALK =
  /^(?:see you|talk(?: to you| soon| later| then)?$|talk to you|catch you|speak (?:to you|soon)|be (?:right back|back|quick|honest|there|fine|okay|ok|good)|admit|say$|say (?:this|that|it|so)|tell you|let you go|give you a (?:second|minute|sec|moment)|share my screen|stop sharing|pull (?:it|that|this) up|write (?:that|it|this) down|note (?:that|it)|make a note|keep (?:that|it|this) in mind|think about it|survive$|manage$|stay for|jump$|jump off|hop off|stop the recording|start the recording|mute|leave it there|see how it goes|get there|figure it out|make it work)\b/i;
/** "What if you tried X?": the suggested verb as an imperative. */
const SUBJUNCTIVE: Record<string, string> = {
  tried: "try",
  did: "do",
  made: "make",
  took: "take",
  went: "go",
  gave: "give",
  wrote: "write",
};

/** Words that say nothing about which commitment a title is. */
const STOP_WORDS = new Set(
  "the a an to my your our their his her of for and or with on in at you me i we up just also both all about it that this them those these so".split(
    " ",
  ),
);

/** A title's telling words, plurals folded: what two titles of one commitment share. */
export function contentWords(title: string): Set<string> {
  const words = normalizeName(title)
    .split(" ")
    .filter((w) => w && !STOP_WORDS.has(w));
  return new Set(words.map((w) => (w.length > 3 ? w.replace(/s$/, "") : w)));
}

const PRONOUN = /^(?:it|that|this|them|those|these|so)$/i;

/** "Dig into that", "do it": a short title that only points back. */
export function pointsBack(title: string): boolean {
  const words = title.toLowerCase().split(" ");
  return words.length <= 3 && PRONOUN.test(words.at(-1) ?? "");
}

/** A title from text said by someone else ("how about you try X?"), due phrases taken out. */
export function borrowedTitle(text: string, sessionDate: string): string {
  const imperative = text.replace(/^\w+/, (verb) => SUBJUNCTIVE[verb.toLowerCase()] ?? verb);
  return titleOf(
    without(
      imperative,
      0,
      dueMatches(imperative, sessionDate).filter((d) => !d.attributive),
    ),
  );
}
