/**
 * The offline extractor's confidence, calibrated: its raw score (extractor/scoring.ts, rawScoreOf) mapped
 * to the share of suggestions with that score that were right on the development transcripts, apart
 * for sessions of two and group sessions (more than two speakers), whose raw scores mean different
 * things. Written by `npx tsx scripts/bench/extraction-calibrate.ts`,
 * which fits an isotonic (never decreasing) map; rerun it after changing the rules.
 */

export type SessionKind = "pair" | "group";

/** [raw score, calibrated confidence] knots, raw ascending; linear between knots, flat outside. */
export const CALIBRATION: Record<SessionKind, readonly (readonly [number, number])[]> = {
  pair: [
    [0, 0],
    [40, 98],
    [85, 98],
    [95, 100],
    [100, 100],
  ],
  group: [
    [0, 0],
    [5, 2],
    [35, 2],
    [40, 8],
    [50, 8],
    [55, 14],
    [60, 14],
    [65, 42],
    [85, 42],
    [90, 73],
    [95, 73],
    [100, 73],
  ],
};

export function calibratedConfidence(raw: number, kind: SessionKind): number {
  return throughKnots(CALIBRATION[kind], raw);
}

/** The value at `x` of the piecewise linear map through `knots` ([x, y], x ascending), rounded; flat outside them. */
export function throughKnots(knots: readonly (readonly [number, number])[], x: number): number {
  if (knots.length === 0) return 0;
  if (x <= knots[0]![0]) return knots[0]![1];
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]!;
    const [x0, y0] = knots[i - 1]!;
    if (x <= x1) return Math.round(x1 === x0 ? y1 : y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
  }
  return knots.at(-1)![1];
}
