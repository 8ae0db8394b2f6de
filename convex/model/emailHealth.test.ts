import { describe, expect, it } from "vitest";
import { dayStart, hourStart, positiveInteger, resource, round1, serviceStatus } from "./emailHealth";
import { API_CALLS_CRITICAL_PERCENT, PROVIDER_QUOTA_WARNING_PERCENT } from "./emailSystem";

describe("serviceStatus", () => {
  it("is unknown before the first check", () => {
    expect(serviceStatus(null, null, 1000)).toBe("unknown");
  });

  it("is down when the latest check failed, however good the day was", () => {
    expect(serviceStatus({ ok: false }, 99.9, 1000)).toBe("down");
  });

  it("is degraded when the latest check was slow, or under 99 % of the day's checks succeeded", () => {
    expect(serviceStatus({ ok: true, responseTimeMs: 1001 }, 100, 1000)).toBe("degraded");
    expect(serviceStatus({ ok: true, responseTimeMs: 20 }, 98.9, 1000)).toBe("degraded");
  });

  it("is operational when the latest check passed in time and the day was good", () => {
    expect(serviceStatus({ ok: true, responseTimeMs: 1000 }, 99, 1000)).toBe("operational");
    expect(serviceStatus({ ok: true }, null, 1000)).toBe("operational");
  });
});

describe("resource thresholds (SPEC §9)", () => {
  const quota = { warningAbove: PROVIDER_QUOTA_WARNING_PERCENT };
  const calls = { criticalAbove: API_CALLS_CRITICAL_PERCENT };

  it("warns about the provider's quota above 80 %, not at 80 %", () => {
    expect(resource(80, 100, quota)).toEqual({ used: 80, total: 100, percentage: 80, status: "healthy" });
    expect(resource(81, 100, quota)).toEqual({ used: 81, total: 100, percentage: 81, status: "warning" });
    expect(resource(4, 5, quota).status).toBe("healthy");
    // Judged on the exact share, not the rounded one it shows.
    expect(resource(8004, 10_000, quota)).toMatchObject({ percentage: 80, status: "warning" });
  });

  it("marks API calls critical above 85 %, not at 85 %", () => {
    expect(resource(850, 1000, calls)).toEqual({ used: 850, total: 1000, percentage: 85, status: "healthy" });
    expect(resource(851, 1000, calls)).toEqual({ used: 851, total: 1000, percentage: 85.1, status: "critical" });
    expect(resource(1200, 1000, calls)).toMatchObject({ percentage: 120, status: "critical" });
  });

  it("puts critical before warning, and gives one decimal", () => {
    const host = { warningAbove: 80, criticalAbove: 90 };
    expect(resource(85, 100, host).status).toBe("warning");
    expect(resource(91, 100, host).status).toBe("critical");
    expect(resource(1, 3, host).percentage).toBe(33.3);
    expect(resource(0, 0, host)).toEqual({ used: 0, total: 0, percentage: 0, status: "healthy" });
  });
});

describe("helpers", () => {
  it("reads a positive whole number from the environment, else the default", () => {
    expect(positiveInteger("250", 100)).toBe(250);
    expect(positiveInteger(" 3000 ", 100)).toBe(3000);
    for (const value of [undefined, "", "0", "-5", "1.5", "lots"]) expect(positiveInteger(value, 100)).toBe(100);
  });

  it("rounds to one decimal and finds the start of the UTC hour and day", () => {
    expect(round1(99.65)).toBe(99.7);
    const at = Date.UTC(2026, 2, 2, 10, 42, 7);
    expect(hourStart(at)).toBe(Date.UTC(2026, 2, 2, 10));
    expect(dayStart(at)).toBe(Date.UTC(2026, 2, 2));
  });
});
