/**
 * Assignments no cue hears, read from a clause's grammar: work handed to someone by role or name,
 * to the group, or (in a group session) to "you", mostly by the chair near the end of the meeting.
 */
import { cleanSpeech, readClause } from "../commitmentReading";
import { formatTimestamp } from "../transcripts";
import { FOR_MEMBER, SHARED, typeFor, type Candidate, type Context, type Who } from "./candidates";
import { NORMAL, WEAK, type CueKind } from "./cues";
import { chooseDue, dueMatches } from "./dueDates";
import { mentioned, participantOf, whoIs } from "./groupSession";
import { HEDGE, IMPORTANT, MEETING_TIME, URGENT } from "./lexicon";
import { SEPARATOR } from "./sentences";
import type { Steps } from "./steps";
import { trimSpan, without, type Span } from "./text";
import { contentWords, SMALL_TALK, titleOf } from "./titles";

/** How long a person named alone stays the subject of the speaker's next clause without one. */
const TOPIC_SECONDS = 30;

/** What an assignment to someone else needs: a future, an obligation or a plan. */
const ASSIGNMENT_GATE = /\b(?:will|['’]ll|gonna|going to|should|needs? to|ha(?:s|ve) to|supposed to)\b/i;

const RECEIVING = new Set(["get", "see", "hear", "receive", "have", "make", "find"]);

/**
 * Assignments the cues do not hear, read from the clause's grammar: someone asks another person
 * by role or name ("the marketing expert is going to work on the evaluation"), the group ("everyone
 * should fill in the questionnaire") or, in a group session, "you" ("you're gonna look at the
 * evaluation"). Only clauses no cue took are read. Yields before each piece of the sentence it reads.
 */
export function* readAssignments(ctx: Context, sentence: Span, taken: Span[]): Steps<Candidate[]> {
  const text = ctx.seg.text;
  const found: Candidate[] = [];
  const cuts = [...text.slice(sentence.start, sentence.end).matchAll(SEPARATOR)].map((m) => ({
    end: sentence.start + m.index,
    next: sentence.start + m.index + m[0].length,
  }));
  const spans: Span[] = [];
  let start = sentence.start;
  for (const cut of cuts) {
    spans.push({ start, end: cut.end });
    start = cut.next;
  }
  spans.push({ start, end: sentence.end });
  for (const span of spans.map((sp) => trimSpan(text, sp))) {
    yield;
    const raw = text.slice(span.start, span.end);
    // "The Industrial Designer, [interrupted] is going to look into the working design": the person
    // the speaker named just before a clause without a subject is its subject.
    const named = ctx.multiParty ? participantOf(ctx, cleanSpeech(raw).replace(/[,.?!]+$/, "")) : null;
    const recent = ctx.topic.speaker === ctx.seg.speaker && ctx.seg.startSeconds - ctx.topic.at <= TOPIC_SECONDS ? ctx.topic.label : null;
    if (named) Object.assign(ctx.topic, { label: named, speaker: ctx.seg.speaker, at: ctx.seg.startSeconds });
    if (named || span.end <= span.start || taken.some((t) => span.start < t.end && t.start < span.end)) continue;
    // Near the end of a group session the chair hands out the work, often without a future or a
    // modal ("and you, the evaluation"): read what they say to or about someone there too, as a weaker hint.
    const handingOut = ctx.chairing && ctx.late;
    const addressed = handingOut ? (mentioned(ctx, raw) ?? (/\byou\b/i.test(raw) ? "you" : null)) : null;
    const cued = ASSIGNMENT_GATE.test(raw) || (ctx.multiParty && MEETING_TIME.test(raw));
    if (!cued && !addressed && !recent) continue;
    const r0 = readClause(raw);
    let r = recent && r0.person === "none" ? { ...r0, person: "third" as const, subject: recent } : r0;
    if (addressed && addressed !== "you" && r.person === "none") r = { ...r, person: "third", subject: addressed };
    const loose = !cued;
    // "And come up with some new ones for the next meeting": the chair hands work to everyone.
    if (r.mood === "imperative" && ctx.chairing && MEETING_TIME.test(raw))
      Object.assign(r, { person: "group", mood: "future" });
    if (r.negative || r.question || r.conditional || r.reported || r.fragment || r.state || r.narration || r.passive) continue;
    const dueDate = chooseDue(dueMatches(raw, ctx.input.sessionDate));
    const timed = MEETING_TIME.test(raw);
    // "You can come up with the prototype", "you're doing the evaluation", said by the chair as the meeting ends.
    const handing = handingOut && (r.person === "you" || r.person === "third") && r.mood !== "past" && r.mood !== "none";
    if (!(handing || r.mood === "future" || r.mood === "plan" || (r.mood === "obligation" && (ctx.multiParty || dueDate)))) continue;
    let kind: CueKind;
    let who: Who | null;
    let assignee: string | null = null;
    if (r.person === "group" || (r.person === "we" && r.mood === "plan")) {
      kind = "group";
      who = SHARED;
    } else if (r.person === "I" && r.mood === "plan") {
      kind = "self";
      who = typeFor("self", ctx.side.side, ctx.multiParty);
      assignee = ctx.side.side === null ? (ctx.seg.speaker ?? null) : null;
      if (!who) continue;
    } else if (r.person === "you") {
      if (ctx.side.side !== "coach" && !ctx.chairing) continue;
      // "You'll get more instructions", "you'll see": what happens to them, not what they do.
      if (RECEIVING.has(r.verb)) continue;
      kind = "assign";
      const named = ctx.multiParty ? mentioned(ctx, text.slice(sentence.start, sentence.end)) : null;
      ({ who, assignee } = named ? whoIs(ctx, named) : { who: FOR_MEMBER, assignee: null });
    } else if (r.person === "third") {
      const label = participantOf(ctx, r.subject);
      if (!label) continue;
      kind = "third";
      ({ who, assignee } = whoIs(ctx, label));
    } else continue;
    if (r.decision && !dueDate && !timed) continue;
    const title = titleOf(without(`${r.verb} ${r.rest}`, 0, dueMatches(`${r.verb} ${r.rest}`, ctx.input.sessionDate).filter((d) => !d.attributive)));
    if (!title || SMALL_TALK.test(title.toLowerCase()) || contentWords(title).size < 2) continue;
    found.push({
      speaker: ctx.seg.speaker ?? "Someone",
      title,
      words: contentWords(title),
      ...who,
      dueDate,
      quote: raw,
      timestamp: formatTimestamp(ctx.seg.startSeconds),
      sentence: text.slice(sentence.start, sentence.end),
      tentative: HEDGE.test(raw),
      strength: kind === "third" ? NORMAL : WEAK,
      byName: ctx.side.byName,
      unknownSpeaker: ctx.side.side === null,
      conditional: false,
      urgentWord: URGENT.test(raw),
      importantWord: IMPORTANT.test(raw),
      vague: false,
      kind,
      assignee,
      chair: ctx.chairing,
      multiParty: ctx.multiParty,
      late: ctx.late,
      timed,
      loose: loose && handing,
    });
  }
  return found;
}
