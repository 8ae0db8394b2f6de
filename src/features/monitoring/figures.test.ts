import { SCHEDULER_LAG_WARNING_MS } from "@convex/model/observability";
import { appendNew, formatLag, formatLoadTime, schedulerLag, schedulerSummary } from "./figures";
import { nextCronRun } from "./next-cron-run";

const at = (iso: string) => Date.parse(iso);

describe("monitoring figures", () => {
  it("formats load times in ms, then seconds", () => {
    expect(formatLoadTime(342.4)).toBe("342 ms");
    expect(formatLoadTime(1250)).toBe("1.3 s");
  });

  it("works out the scheduler's lag from the oldest due job, amber only beyond the warning", () => {
    const now = at("2026-03-01T12:00:00Z");
    expect(schedulerLag(null, now)).toBe(0);
    expect(schedulerLag(now + 5000, now)).toBe(0);
    expect(schedulerSummary(now - SCHEDULER_LAG_WARNING_MS, now)).toEqual({ lagging: false, text: "On time" });
    expect(schedulerSummary(now - 3 * 60_000, now)).toEqual({ lagging: true, text: "Lagging by 3 min" });
    expect(formatLag(45_000)).toBe("45 s");
  });

  it("finds a cron job's next run in UTC, and null for an expression it cannot read", () => {
    expect(nextCronRun("0 3 * * *", at("2026-03-01T12:00:00Z"))).toBe(at("2026-03-02T03:00:00Z"));
    expect(nextCronRun("*/15 * * * *", at("2026-03-01T12:07:00Z"))).toBe(at("2026-03-01T12:15:00Z"));
    expect(nextCronRun("not a schedule", at("2026-03-01T12:00:00Z"))).toBeNull();
  });

  it("appends new records at the end, oldest first, keeping those already shown", () => {
    const shown = [{ id: "a" }, { id: "b" }];
    expect(appendNew(shown, [{ id: "d" }, { id: "c" }, { id: "b" }])).toEqual({ shown: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }], added: 2 });
    expect(appendNew(shown, [{ id: "b" }])).toEqual({ shown, added: 0 });
  });
});
