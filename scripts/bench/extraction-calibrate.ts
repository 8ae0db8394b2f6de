/**
 * Fits the offline extractor's calibration (convex/model/extractionCalibration.ts) on the development
 * transcripts only: the coaching fixtures and the public development meetings (tests/fixtures/transcripts,
 * see its README), sessions of two and group sessions apart. Each proposal's raw score is paired
 * with whether it matched a label; an isotonic regression (pool adjacent violators) turns the pairs
 * into a never-decreasing map from raw score to the share right. Prints the knots to paste into
 * extractionCalibration.ts. The held-out meetings are never read here.
 *
 *   npx tsx scripts/bench/extraction-calibrate.ts
 */
import { scoreExtraction } from "../../convex/model/extractionScore";
import { extractCommitments, isGroupSession } from "../../convex/model/ruleExtractor";
import { loadCoaching, loadPublic, type Fixture } from "./extraction-fixtures";
/** A pooled block needs this many proposals before it becomes a knot of its own, so one lucky proposal does not. */
const MIN_BLOCK = 5;

type Pair = { raw: number; right: boolean; group: boolean };

function pairsOf(fixtures: Fixture[]): Pair[] {
  return fixtures.flatMap(({ input, expected }) => {
    const proposals = extractCommitments(input, { calibrated: false });
    const { extra } = scoreExtraction(proposals, expected);
    const group = isGroupSession(input.segments);
    return proposals.map((p) => ({ raw: p.confidence, right: !extra.includes(p), group }));
  });
}

/** Pool adjacent violators over proposals sorted by raw score: blocks of [raw from, raw to, share right]. */
function isotonic(pairs: Pair[]): { from: number; to: number; share: number; n: number }[] {
  const blocks: { from: number; to: number; right: number; n: number }[] = [];
  for (const p of [...pairs].sort((a, b) => a.raw - b.raw)) {
    const last = blocks.at(-1);
    if (last && last.to === p.raw) {
      last.right += Number(p.right);
      last.n++;
    } else blocks.push({ from: p.raw, to: p.raw, right: Number(p.right), n: 1 });
    for (;;) {
      const b = blocks.at(-1)!;
      const a = blocks.at(-2);
      if (!a || (a.right / a.n < b.right / b.n && a.n >= MIN_BLOCK)) break;
      blocks.splice(-2, 2, { from: a.from, to: b.to, right: a.right + b.right, n: a.n + b.n });
    }
  }
  return blocks.map((b) => ({ from: b.from, to: b.to, share: b.right / b.n, n: b.n }));
}

function knots(pairs: Pair[]): [number, number][] {
  const out: [number, number][] = [[0, 0]];
  for (const block of isotonic(pairs)) {
    const y = Math.round(block.share * 100);
    out.push([block.from, y], [block.to, y]);
  }
  out.push([100, out.at(-1)![1]]);
  return out.filter((k, i) => i === 0 || k[0] !== out[i - 1]![0] || k[1] !== out[i - 1]![1]);
}

// Sessions of two and group sessions apart, as the extractor calibrates them (a coaching fixture
// with three speakers is a group session).
const publicDev = loadPublic("dev");
if (!publicDev) throw new Error("The public development part is missing: run npm run transcripts:import first.");
const all = [...pairsOf(loadCoaching()), ...pairsOf(publicDev)];
const pair = all.filter((p) => !p.group);
const group = all.filter((p) => p.group);
for (const [name, pairs] of [
  ["pair", pair],
  ["group", group],
] as const) {
  console.error(`${name}: ${pairs.length} proposals, ${pairs.filter((p) => p.right).length} right`);
  for (const b of isotonic(pairs)) console.error(`  raw ${b.from}-${b.to}: ${b.n} proposals, ${(b.share * 100).toFixed(0)}% right`);
}
console.log(JSON.stringify({ pair: knots(pair), group: knots(group) }));
