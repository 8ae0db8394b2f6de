/**
 * `npm run transcripts:import -- [corpus folder]`
 *
 * Writes the public labelled transcripts the extraction bench reads, from a local copy of the AMI
 * Meeting Corpus's manual annotations (the folder unpacked from ami_public_manual_1.6.2.zip):
 * tests/fixtures/transcripts/public/{dev,heldout}/<meeting>.txt and <meeting>.labels.json, for
 * the meetings listed in tests/fixtures/transcripts/public.json. The corpus folder is the first
 * argument, else $AMI_CORPUS_DIR, else ../ami_public_manual_1.6.2 next to the repository.
 *
 * The output is derived from the corpus and stays out of git (.gitignore); only the meeting list is
 * committed. Running it again gives the same files.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { importMeeting, missingCorpusParts, readMeetings, type PublicManifest } from "./ami";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/transcripts");
export const PUBLIC_MANIFEST = path.join(FIXTURES, "public.json");
export const PUBLIC_FIXTURES = path.join(FIXTURES, "public");
export const PUBLIC_PARTS = ["dev", "heldout"] as const;

export interface ImportSummary {
  part: (typeof PUBLIC_PARTS)[number];
  transcripts: number;
  actions: number;
  anchored: number;
  unanchored: number;
  quotes: number;
}

/** Writes every meeting of the manifest under `outDir/<part>/`, replacing what was there. */
export function importAmi(corpusDir: string, manifest: PublicManifest, outDir: string): ImportSummary[] {
  const missing = missingCorpusParts(corpusDir);
  if (missing.length > 0) throw new Error(`${corpusDir} is not the AMI manual annotations folder (missing: ${missing.join(", ")}).`);
  const meetings = readMeetings(corpusDir);
  return PUBLIC_PARTS.map((part) => {
    const dir = path.join(outDir, part);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const summary: ImportSummary = { part, transcripts: 0, actions: 0, anchored: 0, unanchored: 0, quotes: 0 };
    for (const meeting of manifest[part]) {
      const { transcript, labels } = importMeeting(corpusDir, meeting, meetings);
      writeFileSync(path.join(dir, `${meeting}.txt`), transcript);
      writeFileSync(path.join(dir, `${meeting}.labels.json`), `${JSON.stringify(labels, null, 2)}\n`);
      summary.transcripts += 1;
      summary.anchored += labels.expected.length;
      summary.unanchored += labels.unanchored.length;
      summary.actions += labels.expected.length + labels.unanchored.length;
      summary.quotes += labels.expected.reduce((sum, e) => sum + e.quotes.length, 0);
    }
    return summary;
  });
}

function main() {
  const corpusDir = path.resolve(process.argv[2] ?? process.env.AMI_CORPUS_DIR ?? path.join(ROOT, "../ami_public_manual_1.6.2"));
  const manifest = JSON.parse(readFileSync(PUBLIC_MANIFEST, "utf8")) as PublicManifest;
  const missing = missingCorpusParts(corpusDir);
  if (missing.length > 0) {
    console.error(
      [
        `No AMI manual annotations at ${corpusDir} (missing: ${missing.join(", ")}).`,
        `Download the manual annotations zip (ami_public_manual_1.6.2.zip) from ${manifest.url}, unpack it, and run`,
        "  npm run transcripts:import -- <unpacked folder>",
        "(or set AMI_CORPUS_DIR, or unpack it to ../ami_public_manual_1.6.2 next to the repository).",
      ].join("\n"),
    );
    process.exit(1);
  }
  for (const s of importAmi(corpusDir, manifest, PUBLIC_FIXTURES)) {
    console.log(
      `${path.relative(ROOT, path.join(PUBLIC_FIXTURES, s.part))}: ${s.transcripts} transcripts, ${s.actions} action items ` +
        `(${s.anchored} with ${s.quotes} linked passages, ${s.unanchored} unanchored)`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
