import { campaignCount, formatBytes, formatResourceAmount, statusLabel } from "./format";

describe("campaignCount", () => {
  it("says campaign for one and campaigns otherwise", () => {
    expect(campaignCount(1)).toBe("1 campaign");
    expect(campaignCount(0)).toBe("0 campaigns");
    expect(campaignCount(1204)).toBe("1,204 campaigns");
  });
});

describe("formatBytes and formatResourceAmount", () => {
  it("reads bytes in decimal units with one decimal at most", () => {
    expect(formatBytes(1_204_076_544)).toBe("1.2 GB");
    expect(formatBytes(25_276_502_016)).toBe("25.3 GB");
    expect(formatBytes(999)).toBe("999 B");
    expect(formatBytes(1_500)).toBe("1.5 kB");
    expect(formatBytes(3_000_000_000_000)).toBe("3 TB");
    expect(formatBytes(-5)).toBe("0 B");
  });

  it("reads memory and disk as bytes and keeps the quota and API calls as counts", () => {
    expect(formatResourceAmount("systemMemory", 1_204_076_544)).toBe("1.2 GB");
    expect(formatResourceAmount("diskSpace", 25_276_502_016)).toBe("25.3 GB");
    expect(formatResourceAmount("mailjetQuota", 8_510)).toBe("8,510");
    expect(formatResourceAmount("airtableApiCalls", 10_000)).toBe("10,000");
  });
});

describe("statusLabel", () => {
  it("keeps a hyphen and reads underscores as spaces", () => {
    expect(statusLabel("re-engagement")).toBe("Re-engagement");
    expect(statusLabel("backed_up")).toBe("Backed up");
  });
});
