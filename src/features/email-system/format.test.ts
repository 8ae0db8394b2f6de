import { campaignCount, formatBytes, formatResourceAmount, recipientProgress, statusLabel } from "./format";

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

describe("recipientProgress", () => {
  it("says all delivered once every recipient has the e-mail, not that they are queued", () => {
    expect(recipientProgress(7, { sent: 7, delivered: 7 })).toBe("7 recipients · all delivered");
    expect(recipientProgress(1, { sent: 1, delivered: 1 })).toBe("1 recipient · all delivered");
  });

  it("shows sent, delivered and still queued while a campaign goes out, and nothing before", () => {
    expect(recipientProgress(7, { sent: 0, delivered: 0 })).toBe("7 recipients · 0 sent · 0 delivered · 7 queued");
    expect(recipientProgress(1204, { sent: 1000, delivered: 990 })).toBe("1,204 recipients · 1,000 sent · 990 delivered · 204 queued");
    expect(recipientProgress(7, { sent: 7, delivered: 6 })).toBe("7 recipients · 7 sent · 6 delivered");
    expect(recipientProgress(0, { sent: 0, delivered: 0 })).toBeNull();
  });
});
