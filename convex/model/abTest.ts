/**
 * A/B test statistics, pure: the two-proportion z-test between two variants, its two-sided
 * p-value, when a difference counts as significant, and the winner's lift.
 */
import { AB_MIN_SAMPLE_PER_VARIANT, AB_SIGNIFICANCE_LEVEL } from "./emailSystem";

/**
 * The error function by Abramowitz and Stegun, Handbook of Mathematical Functions (1964),
 * formula 7.1.26: |error| <= 1.5e-7 for every x, plenty for a p-value shown to a few digits.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-ax * ax));
}

/** The standard normal distribution's CDF, Φ(x) = (1 + erf(x / √2)) / 2. */
export function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

export interface Proportion {
  /** Recipients. */
  n: number;
  /** Of them, how many converted (opened, or clicked). */
  conversions: number;
}

/**
 * Two-proportion z-test with the pooled proportion: z = (p1 - p2) / √(p(1-p)(1/n1 + 1/n2)), and
 * its two-sided p-value 2(1 - Φ(|z|)). Null when either side has nobody; with no variance at all
 * (nobody or everybody converted on both sides) there is no difference: z = 0, p = 1.
 */
export function twoProportionZTest(a: Proportion, b: Proportion): { z: number; pValue: number } | null {
  if (a.n <= 0 || b.n <= 0) return null;
  const pooled = (a.conversions + b.conversions) / (a.n + b.n);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  if (standardError === 0) return { z: 0, pValue: 1 };
  const z = (a.conversions / a.n - b.conversions / b.n) / standardError;
  // Clamped: the approximation can land a hair outside [0, 1] far in the tails.
  const pValue = Math.min(1, Math.max(0, 2 * (1 - normalCdf(Math.abs(z)))));
  return { z, pValue };
}

export interface VariantStanding extends Proportion {
  label: string;
}

export interface AbStanding {
  isSignificant: boolean;
  /** Between the two leading variants; null until each variant reached the minimum sample. */
  pValue: number | null;
  /** Highest rate first; ties keep label order. */
  leader: VariantStanding | null;
  runnerUp: VariantStanding | null;
}

const rateOf = (v: Proportion) => (v.n > 0 ? v.conversions / v.n : 0);

/**
 * Where a test stands: the two leading variants by conversion rate, and whether their
 * difference is significant. Significant only when every variant has at least
 * AB_MIN_SAMPLE_PER_VARIANT recipients and p < AB_SIGNIFICANCE_LEVEL.
 */
export function abStanding(variants: readonly VariantStanding[]): AbStanding {
  const ranked = [...variants].sort((a, b) => rateOf(b) - rateOf(a));
  const leader = ranked[0] ?? null;
  const runnerUp = ranked[1] ?? null;
  const enough = variants.length >= 2 && variants.every((v) => v.n >= AB_MIN_SAMPLE_PER_VARIANT);
  const test = enough && leader && runnerUp ? twoProportionZTest(leader, runnerUp) : null;
  return { isSignificant: test !== null && test.pValue < AB_SIGNIFICANCE_LEVEL, pValue: test?.pValue ?? null, leader, runnerUp };
}

/**
 * The winner's relative lift over the runner-up, percent with one decimal; null when the
 * runner-up converted nobody, where a relative lift has no meaning.
 */
export function relativeLift(winner: Proportion, runnerUp: Proportion): number | null {
  const base = rateOf(runnerUp);
  if (base === 0) return null;
  return Math.round(((rateOf(winner) - base) / base) * 1000) / 10;
}
