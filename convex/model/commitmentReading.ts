/**
 * How the offline extractor reads one clause: who it is about (first, second or third person, a
 * participant named by name or role, the group), its mood and tense (future, obligation, request,
 * imperative, past), negation, questions and conditions, and whether its verb is a task or only
 * narrates the meeting or decides about a product. The grammar comes from compromise, an English
 * NLP library that ships its lexicon and tagger in the npm package, so it runs offline in Convex's
 * default runtime; this module only says which of its readings make a commitment. Speech is read
 * with its disfluencies taken out ("we'll uh uh" is a fragment; "I I'll send the the slides" is
 * "I'll send the slides"); quotes are always taken from the original text by the caller.
 */
import nlp from "compromise";

/** Sounds and tags of spoken English that carry no words of the commitment. */
const FILLERS = /\b(?:u+[hm]+|e+r+m*|hm+|mm+|mhm|ah+|oh+|uh-huh|um-hum)\b[,.]?/gi;
const TAGS = /(?:^|(?<=[,.;]\s*))\s*(?:okay|ok|right|so|well|yeah|yes|now|and|but|alright|all right)\s*,\s*/gi;
/** A cut-off word ("protu product") or a restart ("I I", "the the"). */
const REPEAT = /\b(\w+(?:'\w+)?)(?:\s*,?\s+\1\b)+/gi;
const CUT_OFF = /\b\w+-(?=\s)/g;

/** The clause as it would be written: fillers, repeats and cut-off words removed. */
export function cleanSpeech(text: string): string {
  return text
    .replace(/[{<]\w+[}>]/g, " ")
    .replace(FILLERS, " ")
    .replace(CUT_OFF, " ")
    .replace(REPEAT, "$1")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;])(?:\s*[,;])+/g, "$1")
    .replace(/\s+/g, " ")
    .replace(TAGS, " ")
    .replace(/^[\s,;:.-]+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

export type Person = "I" | "we" | "you" | "group" | "third" | "none";
export type Mood = "future" | "obligation" | "plan" | "request" | "imperative" | "lets" | "ability" | "present" | "past" | "none";

export interface ClauseReading {
  person: Person;
  /** The subject's words when it is a third person ("the industrial designer", "Ed"). */
  subject: string;
  mood: Mood;
  /** The action's verb, as an infinitive ("send"; "look" for "is going to be looking"). */
  verb: string;
  /** The words after the verb. */
  rest: string;
  negative: boolean;
  question: boolean;
  /** "if we go down that route", "unless", "in case". */
  conditional: boolean;
  /** Reported or past: "we agreed that Sarah would", "I said I'd", "we decided to". */
  reported: boolean;
  passive: boolean;
  /** The verb only narrates the meeting itself: "I'll start with", "I'll show you", "let's go". */
  narration: boolean;
  /** A decision about the product, not a task: "let's have rubber buttons", "we'll use a kinetic battery". */
  decision: boolean;
  /** A state or feeling, not something to do: "you'll feel better", "we'll be fine". */
  state: boolean;
  /** Too little was said to be a task ("we'll have", "let's do it"). */
  fragment: boolean;
}

const GROUP = /^(?:everyone|everybody|every one|all of you|you all|you guys|each of you|both of you|you two|you both|you three|the team|the group|the rest of you|all)\b/i;
const PLAN = /\b(?:plan(?:ning)? to|intend(?:ing)? to|(?:am|is|are|'m|'re|'s) supposed to|(?:my|your|his|her|our|their) (?:job|task|homework|assignment|action item) (?:is|will be) to)\b/i;
const OBLIGATION = /\b(?:have to|has to|need to|needs to|got to|gotta|must|should|ought to)\b/i;
const REQUEST = /^(?:(?:can|could|would|will) you|would you mind|do you mind|(?:can|could) (?:I|we) (?:ask|get) you to)\b/i;
const REPORTING = /\b(?:agreed|decided|said|told|mentioned|promised|asked|thought|wanted|was going to|were going to|was gonna|were gonna|would have|last (?:time|week|meeting))\b/i;
const CONDITION = /\b(?:if|unless|in case|whether|as long as|assuming|suppose|supposing|otherwise)\b/i;

/**
 * Verbs that narrate the meeting while it happens ("I'll start with the battery", "I'll show you",
 * "let's go", "I'll just present it now"), when what follows is about the moment; with a time after
 * the meeting they are tasks ("I'll show you the draft next week").
 */
const NARRATION = new Set(
  "start begin show go move continue carry talk say explain tell mention see wait look stop pause recap summarise summarize hand pass turn switch skip jump come get let keep give leave close open present draw sit read run walk".split(
    " ",
  ),
);
const ABOUT_THE_MOMENT =
  /^(?:$|with\b|you\b|through\b|on\b|over\b|back\b|ahead\b|here\b|now\b|first\b|quickly\b|briefly\b|again\b|around\b|along\b|forward\b|off\b|to (?:the|my|our) (?:next|first|last|other)\b|into (?:the|my) (?:next|presentation|slides?)\b|(?:a|the) (?:bit|little|look|second|minute|moment)\b|(?:my|the|this|these|those|our) (?:slides?|presentation|screen|picture|drawing|agenda)\b|(?:it|that|this|them|those|these|what)\b)|\b(?:now|right now|here|today|first|quickly|briefly|in a (?:second|minute|moment))\W*$/i;
/** Verbs that choose what the product is or has. */
const DECISION = new Set("have include use put make add choose pick stick go keep be get offer build incorporate integrate".split(" "));
/** What a decision verb can take and still be a task ("let's have a meeting", "make a list"). */
const TASK_OBJECT =
  /\b(?:meeting|call|chat|look|list|note|notes|plan|copy|draft|report|presentation|slides?|email|e-mail|document|prototype|summary|minutes|appointment|time|research|questionnaire|decision|budget)\b/i;
const STATE = new Set(
  "be feel seem look sound like love hate know understand think believe realise realize notice remember forget want need find enjoy appreciate hope wonder agree happen mind matter".split(
    " ",
  ),
);
/** Verbs that carry another: "try to X", "go (and) X", "be able to X", "I guess we should X", "need to X": the action is X. */
const SUPPORT = new Set([
  "try", "go", "going", "able", "want", "start", "begin", "continue", "manage", "help", "be", "get", "suppose", "could", "can",
  "would", "will", "should", "guess", "think", "mean", "reckon", "believe", "need", "have", "got",
  // Framing verbs: "we decided that Omar would paint it" is about painting, reported.
  "agree", "decide", "say", "tell", "mention", "promise", "ask",
]);

const AFTER_MODAL =
  /\b(?:will|['’]ll|gonna|going to|should|must|have to|need to|supposed to|let['’]s|let us|please)\s+(?:(?:also|just|both|all|really|then|definitely|probably|actually|maybe|be|go|try to|try and)\s+)*([a-z]+)/i;
const SUBORDINATE = /\b(?:how|what|whether|which|where|who|why|when|that)\b/i;

interface VerbJson {
  verb: { infinitive?: string; auxiliary?: string; negative?: boolean; grammar?: { form?: string; tense?: string; passive?: boolean } };
  text: string;
}

const PLEASE = /(?:^|[\s,])please[\s,]*$/i;
/** What stands between a subject and its verb: auxiliaries, modals and adverbs. */
const VERB_GROUP_TAIL =
  /(?:\s+|^)(?:will|['’]ll|shall|would|['’]d|is|are|am|was|were|['’]s|['’]re|['’]m|be|been|being|gonna|going to|going|go|have to|has to|had to|need to|needs to|got to|gotta|should|must|can|could|may|might|supposed to|able to|try to|try and|want to|just|also|really|definitely|probably|actually|then|still|both|all|all going to|to|not|n['’]t|and)\s*$/i;

function subjectBefore(beforeVerb: string): string {
  let rest = beforeVerb.replace(/\s+/g, " ").trim();
  for (let previous = ""; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(VERB_GROUP_TAIL, "").trim();
  }
  rest = rest.replace(/(?:['’](?:ll|re|m|s|d|ve))$/i, "");
  const chunk = rest.split(/[,;:]|\b(?:and|but|so|then|because|if|when|that|um|uh)\b/i).at(-1)?.trim() ?? "";
  const pronoun = /\b(?:i|we|you|everyone|everybody|each of you|all of you|both of you|you two|you all|you guys)\b(?!.*\b(?:i|we|you)\b)/i.exec(chunk);
  return (pronoun ? chunk.slice(pronoun.index) : chunk).split(" ").slice(-5).join(" ");
}

function personOf(subject: string): Person {
  const s = subject
    .toLowerCase()
    .replace(/^(?:(?:so|and|but|then|well|now|okay|ok|right|yeah|yes|also|basically|if|when|what)(?:\s+|$))+/, "")
    .trim();
  if (GROUP.test(s)) return "group";
  if (/^(?:i|i'm|i'll|i'd|i've|me)\b/.test(s)) return "I";
  if (/^(?:we|we're|we'll|we'd|we've|us)\b/.test(s)) return "we";
  if (/^(?:you|you're|you'll|you'd|you've)\b/.test(s)) return "you";
  if (!s || /^(?:it|that|this|there|they|which|what|who|one|anyone|someone|somebody|nobody|nothing|something|anything|he|she)\b/.test(s))
    return "none";
  return "third";
}

/** The clause's grammar, read from its cleaned text. */
export function readClause(raw: string): ClauseReading {
  const text = cleanSpeech(raw);
  const doc = nlp(text);
  const verbs = doc.verbs().json() as VerbJson[];
  const [first] = doc.sentences().json() as { sentence?: { subject?: string } }[];
  const sentence = first?.sentence;
  const lower = text.toLowerCase();
  const question = /\?["'”’)]*$/.test(text) || doc.questions().found;
  const lets = /\blet['’]?s\b|\blet us\b/i.test(text);
  // The action verb: the first verb that is not a support verb ("try to", "go and", "be able to").
  let main: VerbJson | undefined = undefined;
  for (const v of verbs) {
    const inf = (v.verb.infinitive ?? "").toLowerCase().replace(/^(?:is|are|am|was|were|to) /, "").split(" ")[0] ?? "";
    if (inf === "let" && lets) continue;
    main = v;
    if (!SUPPORT.has(inf) || v === verbs.at(-1)) break;
  }
  // The tagger may read the verb after a modal as a noun ("we'll both look at how it went"): then the
  // word after the modal is the verb, not one inside a subordinate clause.
  const modal = AFTER_MODAL.exec(text);
  const mainAt = main ? lower.indexOf(main.text.toLowerCase()) : -1;
  const modalVerbAt = modal ? modal.index + modal[0].length - modal[1]!.length : -1;
  if (modal && (!main || mainAt > modalVerbAt || SUBORDINATE.test(lower.slice(modal.index, Math.max(mainAt, modal.index))))) main = undefined;
  const infinitive = main
    ? (main.verb.infinitive ?? "").toLowerCase().replace(/^(?:to|is|are|am|was|were) /, "")
    : (modal?.[1]?.toLowerCase() ?? "");
  // Phrasal verbs stay whole ("come up" with a prototype is a task, "come" back to it is not).
  const phrasal = infinitive.split(" ").slice(0, 2).join(" ").replace(/^going\b/, "go");
  const verb = phrasal.split(" ")[0] ?? "";
  const verbAt = main ? mainAt : modalVerbAt;
  const verbText = main ? main.text : (modal?.[1] ?? "");
  const after = verbAt >= 0 ? text.slice(verbAt + verbText.length).trim() : "";
  const beforeVerb = verbAt >= 0 ? lower.slice(0, verbAt) : lower;

  // The subject is the words right before the verb group ("and you're gonna be doing" → "you");
  // the tagger's own subject when those are missing.
  let subject = subjectBefore(beforeVerb) || (sentence?.subject ?? "").trim();
  if (lets) subject = "we";
  else if (PLEASE.test(beforeVerb)) subject = "you";
  if (REQUEST.test(lower.replace(/^(?:so|and|but|okay|ok|um|uh|then)\s+/, ""))) subject = "you";
  const person = personOf(subject || (main ? beforeVerb : ""));

  const aux = `${main?.verb.auxiliary ?? ""} ${beforeVerb} ${main?.text ?? ""}`.toLowerCase();
  const form = main?.verb.grammar?.form ?? "";
  let mood: Mood = "none";
  if (lets) mood = "lets";
  else if (REQUEST.test(lower.replace(/^(?:so|and|but|okay|ok|then)\s+/, ""))) mood = "request";
  else if (PLAN.test(lower)) mood = "plan";
  else if (/\b(?:will|'ll|shall|going to|gonna)\b/.test(aux) || form.includes("future")) mood = "future";
  else if (OBLIGATION.test(aux)) mood = "obligation";
  else if (/\b(?:can|could|may|might)\b/.test(aux)) mood = "ability";
  else if ((form === "imperative" && !subject) || PLEASE.test(beforeVerb)) mood = "imperative";
  else if (main?.verb.grammar?.tense === "PastTense" || form.includes("past")) mood = "past";
  else if (main) mood = "present";

  const words = after.split(/\s+/).filter((w) => w && !/^(?:it|that|this|them|so|then|now|too|okay|ok|right|yeah|and|the|a|an|to|up)$/i.test(w));
  const timed = /\b(?:tomorrow|tonight|next|by|before|after|until|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|later)\b/i.test(
    after,
  );
  return {
    person,
    subject: person === "third" ? subject.replace(/^(?:so|and|but|then|well|now|okay|ok|right)\s+/i, "").replace(/['’]s$/, "") : "",
    mood,
    verb,
    rest: after,
    negative: verbs.some((v) => v.verb.negative) || /\b(?:not|never|n't)\b/i.test(beforeVerb),
    question,
    conditional: CONDITION.test(beforeVerb),
    reported: REPORTING.test(beforeVerb) || (mood !== "future" && /\bwould\b/.test(aux) && !lower.startsWith("would you")),
    passive: !!main?.verb.grammar?.passive,
    narration:
      (NARRATION.has(phrasal) || (NARRATION.has(verb) && !/ (?:up|out|into|down)$/.test(phrasal))) &&
      !timed && ABOUT_THE_MOMENT.test(after.replace(/^(?:just|quickly|briefly|now|first|then|also)\s+/i, "")),
    decision: (mood === "lets" || person === "we") && DECISION.has(verb) && !TASK_OBJECT.test(after) && !timed,
    state: STATE.has(verb) && !/\b(?:look (?:into|at|up|for|over|through)|find out|think about)\b/i.test(`${verb} ${after}`),
    fragment: !verb || (words.length === 0 && !timed),
  };
}
