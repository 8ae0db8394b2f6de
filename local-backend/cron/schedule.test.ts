import { cronJobs, makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { type CronSchedule, type CronSpec, type CronState, dueJobs, nextRunAfter, parseCronJobs } from "./schedule";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const next = (schedule: CronSchedule, after: string, lastRun?: string) =>
  iso(nextRunAfter(schedule, at(after), lastRun === undefined ? undefined : at(lastRun)));

const tick = makeFunctionReference<"mutation", Record<string, never>>("jobs:tick");
const tickWithArgs = makeFunctionReference<"mutation", { n: number }>("jobs:tick");

// `Crons.export()` is marked @internal, so convex/server's types omit it.
const exportCrons = (crons: ReturnType<typeof cronJobs>) => (crons as unknown as { export(): string }).export();

describe("parseCronJobs", () => {
  it("parses the real output of cronJobs().export()", () => {
    const crons = cronJobs();
    crons.interval("every 30s", { seconds: 30 }, tickWithArgs, { n: 1 });
    crons.interval("every 5m", { minutes: 5 }, tick);
    crons.interval("every 2h", { hours: 2 }, tick);
    crons.hourly("hourly", { minuteUTC: 15 }, tick);
    crons.daily("daily", { hourUTC: 9, minuteUTC: 30 }, tick);
    crons.daily("daily no minute", { hourUTC: 9 }, tick);
    crons.weekly("weekly", { dayOfWeek: "tuesday", hourUTC: 17 }, tick);
    crons.monthly("monthly", { day: 31, hourUTC: 0, minuteUTC: 5 }, tick);
    crons.cron("cron", "*/10 * * * 1-5", tickWithArgs, { n: 2 });

    const jobs = parseCronJobs(exportCrons(crons));

    expect([...jobs.keys()]).toEqual([
      "every 30s",
      "every 5m",
      "every 2h",
      "hourly",
      "daily",
      "daily no minute",
      "weekly",
      "monthly",
      "cron",
    ]);
    expect(jobs.get("every 30s")).toEqual<CronSpec>({
      name: "jobs:tick",
      args: [{ n: 1 }],
      schedule: { type: "interval", seconds: 30 },
    });
    expect(jobs.get("every 5m")?.schedule).toEqual({ type: "interval", minutes: 5 });
    expect(jobs.get("every 2h")?.schedule).toEqual({ type: "interval", hours: 2 });
    expect(jobs.get("every 5m")?.args).toEqual([{}]);
    expect(jobs.get("hourly")?.schedule).toEqual({ type: "hourly", minuteUTC: 15 });
    expect(jobs.get("daily")?.schedule).toEqual({ type: "daily", hourUTC: 9, minuteUTC: 30 });
    expect(jobs.get("daily no minute")?.schedule).toEqual({ type: "daily", hourUTC: 9 });
    expect(jobs.get("weekly")?.schedule).toEqual({ type: "weekly", dayOfWeek: "tuesday", hourUTC: 17 });
    expect(jobs.get("monthly")?.schedule).toEqual({ type: "monthly", day: 31, hourUTC: 0, minuteUTC: 5 });
    expect(jobs.get("cron")).toEqual<CronSpec>({
      name: "jobs:tick",
      args: [{ n: 2 }],
      schedule: { type: "cron", cron: "*/10 * * * 1-5" },
    });
  });

  it("parses an empty export", () => {
    expect(parseCronJobs(exportCrons(cronJobs())).size).toBe(0);
  });

  const job = (schedule: unknown) => JSON.stringify({ j: { name: "jobs:tick", args: [{}], schedule } });

  it.each([
    [{ type: "interval", seconds: 0 }, /"j".*seconds must be an integer greater than 0, got 0/],
    [{ type: "interval", minutes: -1 }, /minutes must be an integer greater than 0, got -1/],
    [{ type: "interval", hours: 1.5 }, /hours must be an integer greater than 0, got 1.5/],
    [{ type: "interval", seconds: "30" }, /seconds must be an integer greater than 0, got "30"/],
    [{ type: "interval" }, /exactly one of seconds, minutes or hours/],
    [{ type: "interval", seconds: 1, minutes: 1 }, /exactly one of seconds, minutes or hours/],
    [{ type: "hourly", minuteUTC: 60 }, /minuteUTC must be an integer from 0 to 59, got 60/],
    [{ type: "hourly", minuteUTC: -1 }, /minuteUTC must be an integer from 0 to 59, got -1/],
    [{ type: "daily", hourUTC: 24 }, /hourUTC must be an integer from 0 to 23, got 24/],
    [{ type: "daily" }, /hourUTC must be an integer from 0 to 23, got undefined/],
    [{ type: "weekly", dayOfWeek: "Monday", hourUTC: 1 }, /dayOfWeek must be one of sunday, .*got "Monday"/],
    [{ type: "monthly", day: 0, hourUTC: 1 }, /day of month must be an integer from 1 to 31, got 0/],
    [{ type: "monthly", day: 32, hourUTC: 1 }, /day of month must be an integer from 1 to 31, got 32/],
    [{ type: "cron", cron: "* * * *" }, /invalid cron expression "\* \* \* \*"/],
    [{ type: "cron", cron: "0 * * * * *" }, /invalid cron expression "0 \* \* \* \* \*".*5 parts/],
    [{ type: "cron", cron: "61 * * * *" }, /invalid cron expression "61 \* \* \* \*"/],
    [{ type: "cron", cron: "0 0 30 2 *" }, /cron expression "0 0 30 2 \*" never matches a date/],
    [{ type: "cron", cron: 5 }, /cron must be a string, got 5/],
    [{ type: "yearly" }, /unknown schedule type "yearly"/],
    ["daily", /schedule must be an object/],
  ])("rejects schedule %j", (schedule, message) => {
    expect(() => parseCronJobs(job(schedule))).toThrow(message);
  });

  it("rejects malformed exports and jobs", () => {
    expect(() => parseCronJobs("{")).toThrow(/Cron jobs export is not valid JSON/);
    expect(() => parseCronJobs("[]")).toThrow(/must be a JSON object keyed by cron identifier/);
    expect(() => parseCronJobs(JSON.stringify({ j: 1 }))).toThrow(
      /Invalid cron job "j": expected an object with name, args and schedule/,
    );
    expect(() =>
      parseCronJobs(JSON.stringify({ j: { name: "", args: [], schedule: { type: "hourly" } } })),
    ).toThrow(/name must be a non-empty function path string/);
    expect(() =>
      parseCronJobs(JSON.stringify({ j: { name: "jobs:tick", args: {}, schedule: { type: "hourly" } } })),
    ).toThrow(/args must be an array/);
  });
});

describe("nextRunAfter", () => {
  describe("interval", () => {
    it("first run is one interval after afterMs when there is no last run", () => {
      expect(next({ type: "interval", seconds: 30 }, "2024-01-01T00:00:00.250Z")).toBe("2024-01-01T00:00:30.250Z");
      expect(next({ type: "interval", minutes: 5 }, "2024-01-01T00:00:00Z")).toBe("2024-01-01T00:05:00.000Z");
      expect(next({ type: "interval", hours: 2 }, "2024-12-31T23:00:00Z")).toBe("2025-01-01T01:00:00.000Z");
    });

    it("runs one interval after the last run", () => {
      const s: CronSchedule = { type: "interval", minutes: 10 };
      expect(next(s, "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z")).toBe("2024-01-01T00:10:00.000Z");
      expect(next(s, "2024-01-01T00:03:00Z", "2024-01-01T00:00:00Z")).toBe("2024-01-01T00:10:00.000Z");
      // Last run recorded after afterMs (clock skew): still one period after it.
      expect(next(s, "2024-01-01T00:00:00Z", "2024-01-01T00:01:00Z")).toBe("2024-01-01T00:11:00.000Z");
    });

    it("keeps the phase of the last run and is strictly after afterMs after missed runs", () => {
      const s: CronSchedule = { type: "interval", minutes: 10 };
      expect(next(s, "2024-01-01T00:35:00Z", "2024-01-01T00:00:00Z")).toBe("2024-01-01T00:40:00.000Z");
      expect(next(s, "2024-01-01T00:40:00Z", "2024-01-01T00:00:00Z")).toBe("2024-01-01T00:50:00.000Z");
    });
  });

  describe("hourly", () => {
    it("defaults to minute 0 and is strictly after afterMs", () => {
      expect(next({ type: "hourly" }, "2024-01-01T10:00:00Z")).toBe("2024-01-01T11:00:00.000Z");
      expect(next({ type: "hourly" }, "2024-01-01T09:59:59.999Z")).toBe("2024-01-01T10:00:00.000Z");
      expect(next({ type: "hourly" }, "2024-01-01T10:00:00.001Z")).toBe("2024-01-01T11:00:00.000Z");
    });

    it("runs at minuteUTC, across the day boundary", () => {
      expect(next({ type: "hourly", minuteUTC: 15 }, "2024-01-01T10:14:00Z")).toBe("2024-01-01T10:15:00.000Z");
      expect(next({ type: "hourly", minuteUTC: 15 }, "2024-01-01T23:15:00Z")).toBe("2024-01-02T00:15:00.000Z");
    });
  });

  describe("daily", () => {
    it("runs at hourUTC:minuteUTC, today or tomorrow", () => {
      const s: CronSchedule = { type: "daily", hourUTC: 9, minuteUTC: 30 };
      expect(next(s, "2024-06-10T09:29:59Z")).toBe("2024-06-10T09:30:00.000Z");
      expect(next(s, "2024-06-10T09:30:00Z")).toBe("2024-06-11T09:30:00.000Z");
    });

    it("crosses month and year boundaries in UTC", () => {
      expect(next({ type: "daily", hourUTC: 0 }, "2024-01-31T12:00:00Z")).toBe("2024-02-01T00:00:00.000Z");
      expect(next({ type: "daily", hourUTC: 0 }, "2023-12-31T23:59:59Z")).toBe("2024-01-01T00:00:00.000Z");
      expect(next({ type: "daily", hourUTC: 23, minuteUTC: 59 }, "2024-12-31T23:59:00Z")).toBe(
        "2025-01-01T23:59:00.000Z",
      );
    });

    it("includes Feb 29 in leap years only", () => {
      const s: CronSchedule = { type: "daily", hourUTC: 12 };
      expect(next(s, "2024-02-28T13:00:00Z")).toBe("2024-02-29T12:00:00.000Z");
      expect(next(s, "2023-02-28T13:00:00Z")).toBe("2023-03-01T12:00:00.000Z");
    });
  });

  describe("weekly", () => {
    it("runs on the given UTC weekday", () => {
      // 2024-01-01 is a Monday.
      const s: CronSchedule = { type: "weekly", dayOfWeek: "monday", hourUTC: 8 };
      expect(next(s, "2024-01-01T07:00:00Z")).toBe("2024-01-01T08:00:00.000Z");
      expect(next(s, "2024-01-01T08:00:00Z")).toBe("2024-01-08T08:00:00.000Z");
      expect(next({ type: "weekly", dayOfWeek: "sunday", hourUTC: 0 }, "2024-01-01T00:00:00Z")).toBe(
        "2024-01-07T00:00:00.000Z",
      );
    });

    it("crosses the year boundary", () => {
      // 2024-12-31 is a Tuesday; the next Friday is 2025-01-03.
      const s: CronSchedule = { type: "weekly", dayOfWeek: "friday", hourUTC: 18, minuteUTC: 45 };
      expect(next(s, "2024-12-31T20:00:00Z")).toBe("2025-01-03T18:45:00.000Z");
    });
  });

  describe("monthly", () => {
    it("runs on the given day, across the year boundary", () => {
      const s: CronSchedule = { type: "monthly", day: 1, hourUTC: 0 };
      expect(next(s, "2024-12-15T00:00:00Z")).toBe("2025-01-01T00:00:00.000Z");
      expect(next(s, "2024-01-01T00:00:00Z")).toBe("2024-02-01T00:00:00.000Z");
    });

    it("skips months that lack the day, as Convex documents", () => {
      const s: CronSchedule = { type: "monthly", day: 31, hourUTC: 12, minuteUTC: 30 };
      expect(next(s, "2024-01-31T12:30:00Z")).toBe("2024-03-31T12:30:00.000Z");
      expect(next(s, "2024-03-31T12:30:00Z")).toBe("2024-05-31T12:30:00.000Z");
      expect(next({ type: "monthly", day: 30, hourUTC: 0 }, "2024-01-30T00:00:00Z")).toBe("2024-03-30T00:00:00.000Z");
    });

    it("runs on Feb 29 only in leap years", () => {
      const s: CronSchedule = { type: "monthly", day: 29, hourUTC: 6 };
      expect(next(s, "2024-01-29T06:00:00Z")).toBe("2024-02-29T06:00:00.000Z");
      expect(next(s, "2023-01-29T06:00:00Z")).toBe("2023-03-29T06:00:00.000Z");
      // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
      expect(next(s, "2100-01-29T06:00:00Z")).toBe("2100-03-29T06:00:00.000Z");
      expect(next(s, "2000-01-29T06:00:00Z")).toBe("2000-02-29T06:00:00.000Z");
    });
  });

  describe("cron", () => {
    it("evaluates 5-field expressions in UTC", () => {
      expect(next({ type: "cron", cron: "*/15 * * * *" }, "2024-01-01T10:07:00Z")).toBe("2024-01-01T10:15:00.000Z");
      expect(next({ type: "cron", cron: "*/15 * * * *" }, "2024-01-01T23:45:00Z")).toBe("2024-01-02T00:00:00.000Z");
      expect(next({ type: "cron", cron: "15 7 * * *" }, "2024-12-31T08:00:00Z")).toBe("2025-01-01T07:15:00.000Z");
      // Weekdays only: Friday 2024-01-05 17:00 -> Monday 2024-01-08 09:00.
      expect(next({ type: "cron", cron: "0 9 * * 1-5" }, "2024-01-05T17:00:00Z")).toBe("2024-01-08T09:00:00.000Z");
    });

    it("finds the next Feb 29", () => {
      expect(next({ type: "cron", cron: "0 0 29 2 *" }, "2024-03-01T00:00:00Z")).toBe("2028-02-29T00:00:00.000Z");
    });

    it("is strictly after afterMs", () => {
      expect(next({ type: "cron", cron: "* * * * *" }, "2024-01-01T10:00:00Z")).toBe("2024-01-01T10:01:00.000Z");
      expect(next({ type: "cron", cron: "* * * * *" }, "2024-01-01T10:00:59.999Z")).toBe("2024-01-01T10:01:00.000Z");
    });
  });

  it("rejects invalid hand-built schedules and times", () => {
    expect(() => nextRunAfter({ type: "interval", seconds: 0 }, 0)).toThrow(
      /Invalid cron schedule: interval seconds must be an integer greater than 0/,
    );
    expect(() => nextRunAfter({ type: "daily", hourUTC: 24 }, 0)).toThrow(/hourUTC must be an integer from 0 to 23/);
    expect(() => nextRunAfter({ type: "hourly" }, Number.NaN)).toThrow(/afterMs must be a finite number/);
    expect(() => nextRunAfter({ type: "interval", seconds: 1 }, 0, Number.NaN)).toThrow(
      /lastRunMs must be a finite number/,
    );
  });
});

describe("dueJobs", () => {
  const specs = new Map<string, CronSpec>([
    ["interval", { name: "jobs:tick", args: [{}], schedule: { type: "interval", minutes: 1 } }],
    ["daily", { name: "jobs:tick", args: [{}], schedule: { type: "daily", hourUTC: 12 } }],
  ]);
  const due = (state: Record<string, CronState>, now: string) =>
    dueJobs(specs, new Map(Object.entries(state)), at(now));

  it("is due once the next run after the last run has come", () => {
    const state = { interval: { lastRunMs: at("2024-01-01T11:59:00Z") }, daily: { lastRunMs: at("2024-01-01T00:00:00Z") } };
    expect(due(state, "2024-01-01T11:59:59Z")).toEqual([]);
    expect(due(state, "2024-01-01T12:00:00Z")).toEqual(["interval", "daily"]);
    // Missed runs coalesce into one due run.
    expect(due(state, "2024-01-05T00:00:00Z")).toEqual(["interval", "daily"]);
  });

  it("measures the first run from registration time", () => {
    const state = {
      interval: { registeredAtMs: at("2024-01-01T11:30:00Z") },
      daily: { registeredAtMs: at("2024-01-01T11:30:00Z") },
    };
    expect(due(state, "2024-01-01T11:30:59Z")).toEqual([]);
    expect(due(state, "2024-01-01T11:31:00Z")).toEqual(["interval"]);
    expect(due(state, "2024-01-01T12:00:00Z")).toEqual(["interval", "daily"]);
  });

  it("prefers the last run over registration time", () => {
    const state = {
      interval: { registeredAtMs: at("2024-01-01T00:00:00Z"), lastRunMs: at("2024-01-01T11:59:30Z") },
    };
    expect(due(state, "2024-01-01T12:00:00Z")).toEqual([]);
    expect(due(state, "2024-01-01T12:00:30Z")).toEqual(["interval"]);
  });

  it("skips running jobs so runs never overlap", () => {
    const state = {
      interval: { lastRunMs: at("2024-01-01T00:00:00Z"), running: true },
      daily: { lastRunMs: at("2024-01-01T00:00:00Z"), running: false },
    };
    expect(due(state, "2024-01-02T00:00:00Z")).toEqual(["daily"]);
  });

  it("is never due without a last run or registration time", () => {
    expect(due({}, "2030-01-01T00:00:00Z")).toEqual([]);
    expect(due({ interval: {} }, "2030-01-01T00:00:00Z")).toEqual([]);
  });
});
