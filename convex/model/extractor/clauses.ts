/**
 * Clause rules: whether a clause opened by a cue is a commitment (the conditions are in the header
 * of ruleExtractor.ts), whose it is, when it is due, and the words that colour it.
 */
import { readClause, type ClauseReading } from "../commitmentReading";
import { formatTimestamp } from "../transcripts";
import { typeFor, type Candidate, type Context } from "./candidates";
import type { Cue, CueKind } from "./cues";
import { chooseDue, dueMatches } from "./dueDates";
import { mentioned, whoIs } from "./groupSession";
import { HEDGE, IMPORTANT, MEETING_TIME, URGENT } from "./lexicon";
import { contentWords, pointsBack, SMALL_TALK, titleOf } from "./titles";
import { without, type Span } from "./text";

/** "do that", "try it": the action only points back at something said before. */
const VAGUE =
  /^(?:(?:do|try|handle|manage|take care of|deal with|think about|consider|work on|sort out|figure out)(?:\s+(?:it|that|this|them|those|so|my best|what i can))?)?$/i;
/** What "let's" says about the session itself; a commitment only with a date ("let's look at it next week"). */
const IN_SESSION =
  /^(?:start|begin|talk|look|go over|go back|come back|circle back|think|break|pick|focus|treat|put|make sure|keep it|do a|try a|brainstorm|unpack|map|walk through|list|take a|review|spend|use)\b/i;
const ALWAYS_IN_SESSION = /^(?:see|get started|dive|jump in|wrap|recap|move on|pause|take a break|stop|begin)\b/i;
/** "Let me think", "let me pull that up": the moment itself; "let me know" asks the other person. */
const LET_ME_NOW =
  /^(?:think|see|check|look|pull|ask|guess|be|get (?:this|that)|write|share|make sure I|stop|recap|summari[sz]e|read|finish|jump|take a|try that again|rephrase|explain|show you|grab|open|mute|unmute|play|just)\b/i;
/** What makes a client's "we" the client and the coach. */
const TOGETHER = /\b(?:together|both|you and (?:I|me)|(?:our|the|next) (?:session|call)|next time)\b/i;
const NOW = /\b(?:right now|in this session|for a (?:minute|moment|second))\b/i;
const CONDITION = /\b(?:if|unless|as long as|assuming)\b/i;
/** A condition after the action ("I can finish by Friday if I don't take calls"); "ask if they want" is not one. */
const LATER_CONDITION = /\b(?:only if|if (?:I|we)|unless|as long as)\b/i;
const REPORTED = /\b(?:say|says|said|saying|tell|tells|telling|told)(?:\s+\w+)?\s*(?:that\s*)?[:"“]?\s*$|\blike,\s*$/i;

/**
 * The proposals of one clause: none, one, or two when one cue carries two actions with two
 * different dates ("draft it tonight and send it on Monday").
 */
export function analyseClause(ctx: Context, clause: Span, cueSpan: Span, cueDef: Cue, sentence: Span, question: boolean): Candidate[] {
  const text = ctx.seg.text;
  if (cueDef.kind === "skip") return [];
  const before = text.slice(clause.start, cueSpan.start);
  if (REPORTED.test(before) || (before.match(/["“”]/g)?.length ?? 0) % 2 === 1) return [];
  if (question && cueDef.kind !== "request") return [];
  const clauseText = text.slice(clause.start, clause.end);
  const ownTeam = cueDef.team && ctx.side.side === "client" && !TOGETHER.test(clauseText) && !ctx.multiParty;
  const kind = ownTeam ? "self" : cueDef.kind;
  let who = typeFor(kind, ctx.side.side, ctx.multiParty);
  let assignee = kind === "self" && ctx.side.side === null ? (ctx.seg.speaker ?? null) : null;
  if ((kind === "assign" || kind === "request") && ctx.multiParty) {
    const named = mentioned(ctx, text.slice(sentence.start, sentence.end));
    if (named) ({ who, assignee } = whoIs(ctx, named));
  }
  if (!who) return [];
  if (kind === "self" && ctx.side.side === null && !ctx.seg.speaker) return [];

  const dues = dueMatches(clauseText, ctx.input.sessionDate);
  const dated = dues.filter((d) => d.kind === "date" && d.date);
  // Two actions with two dates joined by "and": two commitments.
  if (dated.length === 2 && dated[0]!.date !== dated[1]!.date) {
    const between = clauseText.slice(dated[0]!.end, dated[1]!.start);
    const and = /\s+and\s+/i.exec(between);
    if (and && clause.start + dated[0]!.end > cueSpan.end) {
      const splitAt = clause.start + dated[0]!.end + and.index;
      const secondStart = splitAt + and[0].length;
      return [
        ...analyseClause(ctx, { start: clause.start, end: splitAt }, cueSpan, cueDef, sentence, question),
        ...analyseClause(
          ctx,
          { start: secondStart, end: clause.end },
          { start: secondStart, end: secondStart },
          cueDef,
          sentence,
          question,
        ),
      ];
    }
  }
  const dueDate = chooseDue(dues);
  if (cueDef.needsDue && !dueDate) return [];

  const spoken = dues.filter((d) => !d.attributive);
  let action = without(text.slice(cueSpan.end, clause.end), cueSpan.end - clause.start, spoken).trim();
  if (cueDef.going && /^(?:the|a|an|my|this|that|his|her|our|their|bed|work|school|class|church)\b/i.test(action))
    action = `go to ${action}`;
  const title = titleOf(action);
  const lower = title.toLowerCase();
  if (SMALL_TALK.test(lower)) return [];
  const pronoun = kind === "mutual" ? "we" : kind === "self" ? "I" : "you";
  const act = readClause(`${pronoun} will ${action}`);
  if (!acceptable(act, clauseText, !!dueDate, kind)) return [];
  if (cueDef.kind === "mutual" && (ALWAYS_IN_SESSION.test(lower) || NOW.test(clauseText) || (IN_SESSION.test(lower) && !dueDate)))
    return [];
  if (cueDef.kind === "self" && /^be\b/i.test(lower) && !dueDate) return [];
  if (cueDef.offer && (/^know\b/i.test(lower) || (LET_ME_NOW.test(lower) && !dueDate))) return [];
  // "Would you like me to read it by Friday?": the coach offers, nothing is assigned.
  if (cueDef.kind === "request" && /^(?:like|want|mind|prefer|rather)\b/i.test(lower)) return [];
  const words = lower.split(" ").filter(Boolean);
  const vague = VAGUE.test(lower) || (words.length <= 2 && pointsBack(lower) && !dueDate);

  const hedged = !!cueDef.hedged || (cueDef.kind !== "assign" && cueDef.kind !== "request" && HEDGE.test(clauseText));
  return [
    {
      speaker: ctx.seg.speaker ?? "Someone",
      title,
      words: contentWords(title),
      ...who,
      dueDate,
      quote: text.slice(clause.start, clause.end),
      timestamp: formatTimestamp(ctx.seg.startSeconds),
      sentence: text.slice(sentence.start, sentence.end),
      tentative: hedged,
      strength: cueDef.strength,
      byName: ctx.side.byName,
      unknownSpeaker: ctx.side.side === null,
      conditional: CONDITION.test(before) || LATER_CONDITION.test(clauseText),
      urgentWord: URGENT.test(clauseText),
      importantWord: IMPORTANT.test(clauseText),
      vague,
      kind,
      assignee,
      chair: ctx.chairing,
      multiParty: ctx.multiParty,
      late: ctx.late,
      timed: MEETING_TIME.test(clauseText),
      loose: false,
    },
  ];
}

/**
 * Whether the action read after a cue is a task: not negated, not only narrating the meeting,
 * not a decision about the product, not a state or a fragment, and (for "we agreed that ...")
 * not a recap of what someone else would do.
 */
function acceptable(act: ClauseReading, clauseText: string, dated: boolean, kind: CueKind): boolean {
  if (act.negative && /^\s*(?:\w+\s+){0,2}(?:not|never|n't)\b/i.test(act.rest)) return false;
  if (act.fragment) return false;
  if (dated) return true;
  if (act.narration || act.state) return false;
  if (kind === "mutual" && (act.decision || RECAP.test(clauseText))) return false;
  return true;
}

/** "We agreed that Sarah would look at it", "we decided to include voice recognition". */
const RECAP =
  /\b(?:agreed|decided)\b(?: (?:that|on))? (?!you\b)(?:\w+ ){1,3}would\b|\bdecided (?:to|on) (?:have|include|use|go with|make|add|put|keep|stick with|get)\b/i;
