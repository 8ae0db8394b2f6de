/**
 * Reads meetings of the AMI Meeting Corpus's manual annotations (NXT XML, ISO-8859-1) into
 * labelled transcripts for the commitment extractor's bench (scripts/transcripts/import-ami.ts
 * writes them; tests/fixtures/transcripts/README.md says what they are).
 *
 * - Transcript: the dialogue acts of all speakers ordered by start time, consecutive acts of one
 *   speaker merged into one `[MM:SS] Speaker: text` line (a turn starts at its first act), speakers
 *   named by their scenario role. An act's text is its words as transcribed, disfluencies kept,
 *   punctuation attached to the word before it; vocal sounds, gaps and other non-words dropped.
 * - Labels: the action items of the meeting's abstractive summary, each with the text of the
 *   dialogue acts the extractive summary links to it (the passages it was said in) when the act has
 *   at least MIN_QUOTE_WORDS words; an action with no such passage is "unanchored".
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseTranscript } from "../../convex/model/transcripts";

/** Shorter linked acts ("okay, yeah.") are too little to say where an action was said. */
export const MIN_QUOTE_WORDS = 3;

export const ROLE_NAMES: Record<string, string> = {
  PM: "Project Manager",
  ME: "Marketing Expert",
  UI: "User Interface Designer",
  ID: "Industrial Designer",
};

/** The chair stands for the coach, one participant for the member; the others are third parties. */
const COACH_ROLE = "PM";
const MEMBER_ROLE = "ME";

export interface PublicManifest {
  source: string;
  licence: string;
  attribution: string;
  url: string;
  dev: string[];
  heldout: string[];
}

export interface PublicLabels {
  coachName: string;
  memberName: string;
  sessionDate: string;
  source: { meeting: string; corpus: "AMI" };
  durationSeconds: number;
  expected: { action: string; quotes: string[] }[];
  unanchored: string[];
}

export interface ImportedMeeting {
  meeting: string;
  transcript: string;
  labels: PublicLabels;
}

/** The folders and file a meeting is read from. */
export const CORPUS_PARTS = ["words", "dialogueActs", "abstractive", "extractive", "corpusResources/meetings.xml"] as const;

/** The parts of the corpus missing from `dir` (all of them when it does not exist). */
export function missingCorpusParts(dir: string): string[] {
  return CORPUS_PARTS.filter((part) => !existsSync(path.join(dir, part)));
}

// ---------------------------------------------------------------------------------------------
// NXT XML, just enough of it: elements with attributes, optionally holding text.

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** The text between the start and end tag, for elements that hold only text. */
  text?: string;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return name ? named[name.toLowerCase()]! : whole;
  });
}

function readXml(file: string): string {
  return readFileSync(file, "latin1");
}

/** Text up to an end tag, read from where a start tag ended. */
const TEXT_THEN_END = /([^<]*)<\/([A-Za-z][\w:.-]*)\s*>/y;

/** Every start tag in document order (self-closing, or holding only text, or opening children). */
function elements(xml: string): XmlElement[] {
  const found: XmlElement[] = [];
  const tag = /<([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const attributes: Record<string, string> = {};
    for (const [, key, value] of match[2]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) attributes[key!] = decodeEntities(value!);
    const element: XmlElement = { name: match[1]!, attributes };
    if (!match[3]) {
      TEXT_THEN_END.lastIndex = tag.lastIndex;
      const close = TEXT_THEN_END.exec(xml);
      if (close && close[2] === element.name) element.text = decodeEntities(close[1]!);
    }
    found.push(element);
  }
  return found;
}

/** `file.xml#id(a)..id(b)` or `file.xml#id(a)`. */
function parseHref(href: string): { file: string; from: string; to: string } {
  const match = /^([^#]+)#id\(([^)]+)\)(?:\.\.id\(([^)]+)\))?$/.exec(href.trim());
  if (!match) throw new Error(`Unexpected NXT reference: ${href}`);
  return { file: match[1]!, from: match[2]!, to: match[3] ?? match[2]! };
}

// ---------------------------------------------------------------------------------------------
// Meetings

interface Speaker {
  agent: string;
  name: string;
  role: string;
}

interface MeetingInfo {
  date: string;
  speakers: Speaker[];
}

/** "15-12-04" or "15-12-2004" (day first) as "2004-12-15". */
function isoDate(day: string, meeting: string): string {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{2}|\d{4})$/.exec(day.trim());
  if (!match) throw new Error(`${meeting}: unexpected date "${day}" in corpusResources/meetings.xml`);
  const year = match[3]!.length === 2 ? `20${match[3]}` : match[3]!;
  return `${year}-${match[2]!.padStart(2, "0")}-${match[1]!.padStart(2, "0")}`;
}

/** Each meeting's date and speakers (their file letter and scenario role) from corpusResources/meetings.xml. */
export function readMeetings(corpusDir: string): Map<string, MeetingInfo> {
  const meetings = new Map<string, MeetingInfo>();
  let current: MeetingInfo | undefined;
  for (const element of elements(readXml(path.join(corpusDir, "corpusResources/meetings.xml")))) {
    if (element.name === "meeting") {
      const meeting = element.attributes.observation ?? "";
      current = { date: element.attributes.dateOnly ? isoDate(element.attributes.dateOnly, meeting) : "", speakers: [] };
      meetings.set(meeting, current);
    } else if (element.name === "speaker" && current) {
      const role = element.attributes.role ?? "";
      current.speakers.push({ agent: element.attributes.nxt_agent ?? "", role, name: ROLE_NAMES[role] ?? role });
    }
  }
  for (const info of meetings.values()) {
    // Two speakers with one role (not in the scenario meetings) keep apart by their letter.
    const roles = info.speakers.map((s) => s.role);
    for (const speaker of info.speakers)
      if (roles.indexOf(speaker.role) !== roles.lastIndexOf(speaker.role)) speaker.name += ` ${speaker.agent}`;
    info.speakers.sort((a, b) => a.agent.localeCompare(b.agent));
  }
  return meetings;
}

interface Act {
  id: string;
  speaker: Speaker;
  /** Order of the act in its speaker's file, to break ties. */
  index: number;
  start: number;
  end: number;
  text: string;
  words: number;
}

interface Token {
  word: boolean;
  punctuation: boolean;
  text: string;
  start?: number;
  end?: number;
}

function time(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A speaker's words file: every element with an id in document order (acts point at ranges of them). */
function readTokens(file: string): { order: Map<string, number>; tokens: Token[] } {
  const order = new Map<string, number>();
  const tokens: Token[] = [];
  let last = 0;
  for (const element of elements(readXml(file))) {
    const id = element.attributes["nite:id"];
    if (!id || element.name === "nite:root") continue;
    const start = time(element.attributes.starttime);
    const end = time(element.attributes.endtime);
    // A few words were not aligned: they take the time of what came before.
    if (start !== undefined) last = start;
    if (end !== undefined) last = Math.max(last, end);
    order.set(id, tokens.length);
    const word = element.name === "w" && (element.text ?? "").trim() !== "";
    tokens.push({
      word,
      punctuation: word && element.attributes.punc === "true",
      text: (element.text ?? "").trim(),
      start: start ?? last,
      end: end ?? last,
    });
  }
  return { order, tokens };
}

/** Words joined by spaces, punctuation attached to the word before it. */
function joinWords(tokens: Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (!token.word) continue;
    text += token.punctuation || text === "" ? token.text : ` ${token.text}`;
  }
  return text.trim();
}

function readActs(corpusDir: string, meeting: string, speaker: Speaker): Act[] {
  const wordsFile = `${meeting}.${speaker.agent}.words.xml`;
  const { order, tokens } = readTokens(path.join(corpusDir, "words", wordsFile));
  const acts: Act[] = [];
  const xml = readXml(path.join(corpusDir, "dialogueActs", `${meeting}.${speaker.agent}.dialog-act.xml`));
  let act: { id: string; ranges: Token[][] } | undefined;
  const flush = () => {
    if (!act) return;
    const inAct = act.ranges.flat();
    const words = inAct.filter((t) => t.word);
    const text = joinWords(inAct);
    if (text !== "") {
      acts.push({
        id: act.id,
        speaker,
        index: acts.length,
        start: Math.min(...words.map((t) => t.start!)),
        end: Math.max(...inAct.map((t) => t.end!)),
        text,
        words: words.filter((t) => !t.punctuation).length,
      });
    }
    act = undefined;
  };
  for (const element of elements(xml)) {
    if (element.name === "dact") {
      flush();
      act = { id: element.attributes["nite:id"] ?? "", ranges: [] };
    } else if (element.name === "nite:child" && act) {
      const { file, from, to } = parseHref(element.attributes.href ?? "");
      if (file !== wordsFile) throw new Error(`${meeting}: act ${act.id} points into ${file}, not ${wordsFile}`);
      const a = order.get(from);
      const b = order.get(to);
      if (a === undefined || b === undefined) throw new Error(`${meeting}: act ${act.id} points at a missing word (${from}..${to})`);
      act.ranges.push(tokens.slice(a, b + 1));
    }
  }
  flush();
  return acts;
}

/** Seconds as `MM:SS`, or `H:MM:SS` from an hour on (both read by parseTranscript). */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The action items of an abstractive summary, in order ("*NA*" is none). */
function readActions(corpusDir: string, meeting: string): { id: string; text: string }[] {
  const file = path.join(corpusDir, "abstractive", `${meeting}.abssumm.xml`);
  if (!existsSync(file)) return [];
  const xml = readXml(file);
  const actions: { id: string; text: string }[] = [];
  for (const section of xml.matchAll(/<actions\b[^>]*>([\s\S]*?)<\/actions>/g)) {
    for (const element of elements(section[1]!)) {
      if (element.name !== "sentence") continue;
      const text = (element.text ?? "").replace(/\s+/g, " ").trim();
      if (text === "" || /^\*?NA\*?$/i.test(text)) continue;
      actions.push({ id: element.attributes["nite:id"] ?? "", text });
    }
  }
  return actions;
}

/** Abstractive sentence id -> ids of the dialogue acts linked to it, from the extractive summary links. */
function readLinks(corpusDir: string, meeting: string): Map<string, string[]> {
  const file = path.join(corpusDir, "extractive", `${meeting}.summlink.xml`);
  const links = new Map<string, string[]>();
  if (!existsSync(file)) return links;
  let pair: { extractive?: string; abstractive?: string } | undefined;
  const flush = () => {
    if (pair?.extractive && pair.abstractive) links.set(pair.abstractive, [...(links.get(pair.abstractive) ?? []), pair.extractive]);
    pair = undefined;
  };
  for (const element of elements(readXml(file))) {
    if (element.name === "summlink") {
      flush();
      pair = {};
    } else if (element.name === "nite:pointer" && pair) {
      const role = element.attributes.role;
      const { from } = parseHref(element.attributes.href ?? "");
      if (role === "extractive") pair.extractive = from;
      else if (role === "abstractive") pair.abstractive = from;
    }
  }
  flush();
  return links;
}

/** One meeting as a transcript (the upload's plain-text format) and its labels. */
export function importMeeting(corpusDir: string, meeting: string, meetings = readMeetings(corpusDir)): ImportedMeeting {
  const info = meetings.get(meeting);
  if (!info) throw new Error(`${meeting} is not in corpusResources/meetings.xml`);
  if (!info.date) throw new Error(`${meeting} has no date in corpusResources/meetings.xml`);
  const acts = info.speakers
    .flatMap((speaker) => readActs(corpusDir, meeting, speaker))
    .sort((a, b) => a.start - b.start || a.speaker.agent.localeCompare(b.speaker.agent) || a.index - b.index);
  if (acts.length === 0) throw new Error(`${meeting} has no dialogue acts`);

  const lines = [`AMI meeting ${meeting} (AMI Meeting Corpus, CC BY 4.0)`];
  let turn: { speaker: Speaker; start: number; texts: string[] } | undefined;
  const flush = () => {
    if (turn) lines.push(`[${clock(turn.start)}] ${turn.speaker.name}: ${turn.texts.join(" ")}`);
  };
  for (const act of acts) {
    if (turn?.speaker === act.speaker) turn.texts.push(act.text);
    else {
      flush();
      turn = { speaker: act.speaker, start: act.start, texts: [act.text] };
    }
  }
  flush();
  const transcript = `${lines.join("\n")}\n`;
  const { text } = parseTranscript(transcript, "text");

  const byId = new Map(acts.map((act) => [act.id, act]));
  const links = readLinks(corpusDir, meeting);
  const expected: PublicLabels["expected"] = [];
  const unanchored: string[] = [];
  for (const action of readActions(corpusDir, meeting)) {
    const linked = (links.get(action.id) ?? [])
      .map((id) => byId.get(id))
      .filter((act): act is Act => act !== undefined && act.words >= MIN_QUOTE_WORDS && text.includes(act.text))
      .sort((a, b) => a.start - b.start || a.speaker.agent.localeCompare(b.speaker.agent) || a.index - b.index);
    const quotes = [...new Set(linked.map((act) => act.text))];
    if (quotes.length > 0) expected.push({ action: action.text, quotes });
    else unanchored.push(action.text);
  }

  const named = (role: string) => info.speakers.find((s) => s.role === role)?.name ?? ROLE_NAMES[role]!;
  return {
    meeting,
    transcript,
    labels: {
      coachName: named(COACH_ROLE),
      memberName: named(MEMBER_ROLE),
      sessionDate: info.date,
      source: { meeting, corpus: "AMI" },
      durationSeconds: Math.round(Math.max(...acts.map((act) => act.end)) * 100) / 100,
      expected,
      unanchored,
    },
  };
}
