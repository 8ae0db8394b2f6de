import { balanceShare, monthLabel, percentLeft } from "./time-balance";

describe("balanceShare", () => {
  it("is the share left, 0 when nothing was ever credited, never above 1", () => {
    expect(balanceShare(50, 200)).toBe(0.25);
    expect(balanceShare(0, 0)).toBe(0);
    expect(balanceShare(-5, 100)).toBe(0);
    expect(balanceShare(120, 100)).toBe(1);
  });
});

describe("percentLeft", () => {
  it("rounds down but never shows 0% while minutes remain", () => {
    expect(percentLeft(200, 300)).toBe(66);
    expect(percentLeft(1, 1000)).toBe(1);
    expect(percentLeft(0, 1000)).toBe(0);
    expect(percentLeft(0, 0)).toBe(0);
  });
});

describe("monthLabel", () => {
  it("names a month short for the chart's axis and in full for its table", () => {
    expect(monthLabel("2026-03", "short")).toBe("Mar");
    expect(monthLabel("2025-12", "long")).toBe("December 2025");
  });
});
