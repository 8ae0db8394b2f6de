import { describe, expect, it } from "vitest";
import { abStanding, erf, normalCdf, relativeLift, twoProportionZTest } from "./abTest";

describe("erf and the normal CDF", () => {
  it("agree with tabulated values within the approximation's 1.5e-7", () => {
    // Reference values from Python's math.erf (correctly rounded double precision).
    expect(erf(0)).toBeCloseTo(0, 7);
    expect(erf(0.5)).toBeCloseTo(0.5204998778130465, 6);
    expect(erf(1)).toBeCloseTo(0.8427007929497149, 6);
    expect(erf(-1.5)).toBeCloseTo(-0.9661051464753108, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
  });
});

describe("twoProportionZTest", () => {
  it("matches a worked example: 200/1000 against 250/1000", () => {
    // Pooled p = 450/2000 = 0.225; SE = √(0.225 · 0.775 · (1/1000 + 1/1000)) = √0.00034875 = 0.0186748;
    // z = (0.20 - 0.25) / 0.0186748 = -2.67740; two-sided p = erfc(2.67740 / √2) = 0.0074196 (Python math.erfc).
    const result = twoProportionZTest({ n: 1000, conversions: 200 }, { n: 1000, conversions: 250 })!;
    expect(result.z).toBeCloseTo(-2.6774, 4);
    expect(result.pValue).toBeCloseTo(0.00742, 5);
  });

  it("finds no significance in a small difference: 120/1000 against 100/1000", () => {
    // Pooled p = 0.11; SE = √(0.11 · 0.89 · 0.002) = 0.013993; z = 0.02 / 0.013993 = 1.4293; p = 0.15292.
    const result = twoProportionZTest({ n: 1000, conversions: 120 }, { n: 1000, conversions: 100 })!;
    expect(result.z).toBeCloseTo(1.4293, 4);
    expect(result.pValue).toBeCloseTo(0.15292, 4);
  });

  it("has nothing to test without recipients, and no difference without variance", () => {
    expect(twoProportionZTest({ n: 0, conversions: 0 }, { n: 10, conversions: 1 })).toBeNull();
    expect(twoProportionZTest({ n: 50, conversions: 0 }, { n: 50, conversions: 0 })).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionZTest({ n: 50, conversions: 50 }, { n: 40, conversions: 40 })).toEqual({ z: 0, pValue: 1 });
  });
});

describe("abStanding", () => {
  it("ranks by rate and calls a clear difference significant once every variant has 100 recipients", () => {
    const standing = abStanding([
      { label: "A", n: 1000, conversions: 200 },
      { label: "B", n: 1000, conversions: 250 },
    ]);
    expect(standing.leader?.label).toBe("B");
    expect(standing.runnerUp?.label).toBe("A");
    expect(standing.isSignificant).toBe(true);
    expect(standing.pValue).toBeCloseTo(0.00742, 5);
  });

  it("is never significant below the minimum sample, however large the gap", () => {
    const standing = abStanding([
      { label: "A", n: 99, conversions: 90 },
      { label: "B", n: 400, conversions: 10 },
    ]);
    expect(standing).toMatchObject({ isSignificant: false, pValue: null });
    expect(standing.leader?.label).toBe("A");
  });

  it("is not significant at p >= 0.05, and compares the two leaders of three", () => {
    const standing = abStanding([
      { label: "A", n: 1000, conversions: 100 },
      { label: "B", n: 1000, conversions: 120 },
      { label: "C", n: 1000, conversions: 50 },
    ]);
    expect([standing.leader?.label, standing.runnerUp?.label]).toEqual(["B", "A"]);
    expect(standing.isSignificant).toBe(false);
    expect(standing.pValue).toBeCloseTo(0.15292, 4);
  });
});

describe("relativeLift", () => {
  it("is the winner's rate over the runner-up's, minus one, in percent", () => {
    // 25 % against 20 %: 0.25 / 0.20 - 1 = 25 %.
    expect(relativeLift({ n: 1000, conversions: 250 }, { n: 1000, conversions: 200 })).toBe(25);
    // 12 % against 10 %, different sizes: 20 %.
    expect(relativeLift({ n: 500, conversions: 60 }, { n: 300, conversions: 30 })).toBe(20);
    expect(relativeLift({ n: 100, conversions: 5 }, { n: 100, conversions: 0 })).toBeNull();
  });
});
