/**
 * The AMI importer on a tiny made-up corpus in the corpus's layout: the transcript it writes is
 * one an upload could be (parseTranscript reads it), and each label's passages are in its text.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseTranscript } from "../../convex/model/transcripts";
import type { PublicLabels, PublicManifest } from "./ami";
import { importAmi } from "./import-ami";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MEETING = "XY1234a";
const NS = 'xmlns:nite="http://nite.sourceforge.net/"';
const HEAD = '<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "ami-import-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** [text, start, end, punc?] or a non-word element. */
type Word = [string, number, number, boolean?] | { vocalsound: number };

function wordsXml(agent: string, words: Word[]) {
  const lines = words.map((word, i) => {
    const id = `${MEETING}.${agent}.words${i}`;
    if (!Array.isArray(word))
      return `   <vocalsound nite:id="${id}" starttime="${word.vocalsound}" endtime="${word.vocalsound + 1}" type="laugh"/>`;
    const [text, start, end, punc] = word;
    return `   <w nite:id="${id}" starttime="${start}" endtime="${end}"${punc ? ' punc="true"' : ""}>${text}</w>`;
  });
  return `${HEAD}\n<nite:root nite:id="${MEETING}.${agent}.words" ${NS}>\n${lines.join("\n")}\n</nite:root>\n`;
}

function actsXml(agent: string, ranges: [number, number][]) {
  const acts = ranges.map(
    ([from, to], i) =>
      `   <dact nite:id="${MEETING}.${agent}.dialog-act.${i + 1}">\n` +
      `      <nite:pointer role="da-aspect"  href="da-types.xml#id(ami_da_4)"/>\n` +
      `      <nite:child href="${MEETING}.${agent}.words.xml#id(${MEETING}.${agent}.words${from})..id(${MEETING}.${agent}.words${to})"/>\n` +
      `   </dact>`,
  );
  return `${HEAD}\n<nite:root nite:id="${MEETING}.${agent}.dialog-act" ${NS}>\n${acts.join("\n")}\n</nite:root>\n`;
}

/** Two speakers: the chair (A) opens, the marketing expert (B) takes on the survey, the chair closes. */
function writeCorpus(dir: string) {
  for (const folder of ["words", "dialogueActs", "abstractive", "extractive", "corpusResources"]) mkdirSync(path.join(dir, folder));
  writeFileSync(
    path.join(dir, "corpusResources/meetings.xml"),
    `${HEAD}\n<nite:root nite:id="meet.00" ${NS}>\n` +
      `   <meeting nite:id="meet_1" type="scenario" observation="${MEETING}" dateOnly="07-03-05" duration="80">\n` +
      `      <speaker nite:id="${MEETING}_2" nxt_agent="B" role="ME"/>\n` +
      `      <speaker nite:id="${MEETING}_1" nxt_agent="A" role="PM"/>\n` +
      `   </meeting>\n</nite:root>\n`,
  );
  const a: Word[] = [
    ["Right", 1.5, 1.9],
    [",", 1.9, 1.9, true],
    ["um", 2.0, 2.3],
    ["shall", 2.4, 2.6],
    ["we", 2.6, 2.7],
    ["start", 2.7, 3.1],
    ["?", 3.1, 3.1, true],
    ["Great", 70.2, 70.6],
    [",", 70.6, 70.6, true],
    ["thanks", 70.6, 71.0],
    [".", 71.0, 71.0, true],
  ];
  const b: Word[] = [
    ["Yeah", 4.0, 4.3],
    [".", 4.3, 4.3, true],
    ["I&#39;ll", 5.0, 5.3],
    { vocalsound: 5.4 },
    ["I&#39;ll", 6.5, 6.8],
    ["send", 6.8, 7.0],
    ["round", 7.0, 7.3],
    ["the", 7.3, 7.4],
    ["uh", 7.4, 7.6],
    ["survey", 7.6, 8.1],
    ["results", 8.1, 8.6],
    [".", 8.6, 8.6, true],
  ];
  writeFileSync(path.join(dir, `words/${MEETING}.A.words.xml`), wordsXml("A", a), "latin1");
  writeFileSync(path.join(dir, `words/${MEETING}.B.words.xml`), wordsXml("B", b), "latin1");
  writeFileSync(
    path.join(dir, `dialogueActs/${MEETING}.A.dialog-act.xml`),
    actsXml("A", [
      [0, 6],
      [7, 10],
    ]),
  );
  writeFileSync(
    path.join(dir, `dialogueActs/${MEETING}.B.dialog-act.xml`),
    actsXml("B", [
      [0, 1],
      [2, 11],
    ]),
  );
  writeFileSync(
    path.join(dir, `abstractive/${MEETING}.abssumm.xml`),
    `${HEAD}\n<nite:root ${NS}>\n<abstract nite:id="${MEETING}.x.abstract.1">\n` +
      `<sentence nite:id="${MEETING}.x.s.1">The team met.</sentence>\n</abstract>\n` +
      `<actions nite:id="${MEETING}.x.actions.1">\n` +
      `<sentence nite:id="${MEETING}.x.s.2">The Marketing Expert will send round the survey results.</sentence>\n` +
      `<sentence nite:id="${MEETING}.x.s.3">The team will pick a colour.</sentence>\n` +
      `</actions>\n</nite:root>\n`,
  );
  const link = (n: number, act: string, sentence: string) =>
    `   <summlink nite:id="${MEETING}.summlink.${n}">\n` +
    `      <nite:pointer role="extractive"  href="${MEETING}.${act[0]}.dialog-act.xml#id(${MEETING}.${act[0]}.dialog-act.${act[1]})"/>\n` +
    `      <nite:pointer role="abstractive"  href="${MEETING}.abssumm.xml#id(${MEETING}.x.s.${sentence})"/>\n` +
    `   </summlink>`;
  writeFileSync(
    path.join(dir, `extractive/${MEETING}.summlink.xml`),
    `${HEAD}\n<nite:root nite:id="${MEETING}.summlink" ${NS}>\n${[link(1, "A1", "1"), link(2, "B2", "2")].join("\n")}\n</nite:root>\n`,
  );
}

const MANIFEST: PublicManifest = {
  source: "test",
  licence: "CC BY 4.0",
  attribution: "test",
  url: "https://example.org",
  dev: [MEETING],
  heldout: [],
};

describe("importAmi", () => {
  it("writes a transcript parseTranscript reads and labels whose passages are in its text", () => {
    const corpus = tempDir();
    const out = tempDir();
    writeCorpus(corpus);
    const summary = importAmi(corpus, MANIFEST, out);
    expect(summary).toEqual([
      { part: "dev", transcripts: 1, actions: 2, anchored: 1, unanchored: 1, quotes: 1 },
      { part: "heldout", transcripts: 0, actions: 0, anchored: 0, unanchored: 0, quotes: 0 },
    ]);

    const content = readFileSync(path.join(out, `dev/${MEETING}.txt`), "utf8");
    expect(content).toBe(
      [
        `AMI meeting ${MEETING} (AMI Meeting Corpus, CC BY 4.0)`,
        "[00:01] Project Manager: Right, um shall we start?",
        "[00:04] Marketing Expert: Yeah. I'll I'll send round the uh survey results.",
        "[01:10] Project Manager: Great, thanks.",
        "",
      ].join("\n"),
    );
    const { segments, text } = parseTranscript(content, "text");
    expect(segments.map((s) => [s.startSeconds, s.speaker])).toEqual([
      [1, "Project Manager"],
      [4, "Marketing Expert"],
      [70, "Project Manager"],
    ]);

    const labels = JSON.parse(readFileSync(path.join(out, `dev/${MEETING}.labels.json`), "utf8")) as PublicLabels;
    expect(labels).toEqual({
      coachName: "Project Manager",
      memberName: "Marketing Expert",
      sessionDate: "2005-03-07",
      source: { meeting: MEETING, corpus: "AMI" },
      durationSeconds: 71,
      expected: [
        { action: "The Marketing Expert will send round the survey results.", quotes: ["I'll I'll send round the uh survey results."] },
      ],
      unanchored: ["The team will pick a colour."],
    });
    for (const quote of labels.expected.flatMap((e) => e.quotes)) expect(text).toContain(quote);

    // Deterministic: a second run writes the same bytes.
    importAmi(corpus, MANIFEST, out);
    expect(readFileSync(path.join(out, `dev/${MEETING}.txt`), "utf8")).toBe(content);
  });

  it("exits with a message saying where to get the corpus when the folder is missing", () => {
    const missing = path.join(tempDir(), "nothing-here");
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/transcripts/import-ami.ts", missing], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No AMI manual annotations at ${missing}`);
    expect(result.stderr).toContain("npm run transcripts:import -- <unpacked folder>");
  });
});
