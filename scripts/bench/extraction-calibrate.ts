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
import { isotonic, knotsOf, type Outcome } from "../lib/isotonic";
import { loadCoaching, loadPublic, type Fixture } from "./extraction-fixtures";
/** A pooled block needs this many proposals before it becomes a knot of its own, so one lucky proposal does not. */
const MIN_BLOCK = 5;

type Pair = Outcome & { group: boolean };

function pairsOf(fixtures: Fixture[]): Pair[] {
  return fixtures.flatMap(({ input, expected }) => {
    const proposals = extractCommitments(input, { calibrated: false, rulesOnly: true });
    const { extra } = scoreExtraction(proposals, expected);
    const group = isGroupSession(input.segments);
    return proposals.map((p) => ({ score: p.confidence, right: !extra.includes(p), group }));
  });
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
  for (const b of isotonic(pairs, MIN_BLOCK)) console.error(`  raw ${b.from}-${b.to}: ${b.n} proposals, ${(b.share * 100).toFixed(0)}% right`);
}
console.log(JSON.stringify({ pair: knotsOf(isotonic(pair, MIN_BLOCK), 0, 100), group: knotsOf(isotonic(group, MIN_BLOCK), 0, 100) }));
