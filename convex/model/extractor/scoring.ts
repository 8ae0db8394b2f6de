/**
 * Priority and confidence. Priority: urgent for asap/urgent/right away/immediately or due on the
 * session day; high when due within 2 days or "important/priority/must"; low when tentative; else
 * medium. Confidence starts from the cue's strength, rises with a due date, a speaker known by name
 * and an acceptance, and falls for hedges, conditions and an unknown speaker.
 */
import { differenceInCalendarDays, parseISO } from "date-fns";
import type { ActionItemPriority } from "../extraction";
import type { Candidate } from "./candidates";

/** Due this many days after the session or sooner makes a commitment high priority. */
const HIGH_PRIORITY_WITHIN_DAYS = 2;

export function priorityOf(c: Pick<Candidate, "dueDate" | "urgentWord" | "importantWord" | "tentative">, sessionDate: string): ActionItemPriority {
  const days = c.dueDate ? differenceInCalendarDays(parseISO(c.dueDate), parseISO(sessionDate)) : null;
  if (c.urgentWord || days === 0) return "urgent";
  if ((days !== null && days <= HIGH_PRIORITY_WITHIN_DAYS) || c.importantWord) return "high";
  if (c.tentative) return "low";
  return "medium";
}

/**
 * How sure the rules are, before calibration: the cue's strength, up with a due date or a meeting
 * time, an acceptance, the speaker known by name, an assignment by the chair near the end of a group
 * session; down for hedges, conditions and speakers nobody named. extractionCalibration.ts turns it
 * into the share of such suggestions that are right.
 */
export function rawScoreOf(c: Candidate): number {
  if (c.multiParty) return groupScoreOf(c);
  let score = c.strength;
  if (c.dueDate) score += 10;
  if (c.unknownSpeaker) score -= 15;
  else if (c.byName) score += 5;
  if (c.tentative) score -= 25;
  if (c.conditional) score -= 10;
  if (c.accepted) score += 10;
  return Math.min(Math.max(score, 5), 95);
}

/**
 * In a meeting of more than two, most "we'll" and "I'll" narrate or decide, and "you have to" is
 * usually anyone ("you have to press the button twice"). The work handed out is given to someone by
 * role or name, by the chair, with a time, near the end.
 */
function groupScoreOf(c: Candidate): number {
  const timed = !!c.dueDate || c.timed;
  let score: number;
  if (c.loose) score = 40;
  else if (c.kind === "third") score = 70;
  else if (c.kind === "group") score = 55;
  else if (c.kind === "assign" || c.kind === "request") score = GENERIC_YOU.test(c.quote) ? 25 : 45;
  else score = 30;
  if (timed) score += 20;
  // "I'm supposed to do the components concept": a role's work, restated.
  if (PLANNED.test(c.quote)) score += 20;
  if (c.late) score += 15;
  else score -= 15;
  if (c.chair && c.kind !== "self" && c.kind !== "mutual") score += 5;
  if (/\b(?:just|quickly)\b/i.test(c.quote)) score -= 10;
  if (c.tentative) score -= 15;
  if (c.conditional) score -= 15;
  if (c.accepted) score += 10;
  score -= c.penalty ?? 0;
  return Math.min(Math.max(score, 5), 95);
}

const PLANNED = /\bsupposed to\b/i;

/** "You have to press it twice": the impersonal you of a description, not a task for someone. */
const GENERIC_YOU = /\byou(?:['’]ll| will| would| are gonna| are going to|['’]re gonna|['’]re going to)?\s+(?:(?:also|just|only|still|always|probably|all)\s+)*(?:have to|need to|got to|must|can|should)\b/i;
