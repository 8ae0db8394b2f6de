import { afterEach, describe, expect, it, vi } from "vitest";
import { internal } from "./_generated/api";
import crons from "./crons";
import { CRON_JOB_NAMES, CRON_RUN_RETENTION_MS, CRON_SCHEDULES } from "./model/cronJobs";
import { SYSTEM_ERROR_TEXTS } from "./model/messages";
import type * as timeBalanceModel from "./model/timeBalance";
import { newConvexTest } from "./test.setup";
import type { T } from "./test.users";

/** Makes the time-balance expiry throw while set, so a job's failure can be recorded. */
const expiry = vi.hoisted(() => ({ fails: false }));
vi.mock("./model/timeBalance", async (importOriginal) => {
  const actual = await importOriginal<typeof timeBalanceModel>();
  return {
    ...actual,
    expireDueBalances: (...args: Parameters<typeof actual.expireDueBalances>) => {
      if (expiry.fails) throw new Error("ledger unavailable");
      return actual.expireDueBalances(...args);
    },
  };
});

afterEach(() => {
  expiry.fails = false;
  vi.useRealTimers();
});

const runs = (t: T) => t.run((ctx) => ctx.db.query("cronRuns").collect());

describe("the cron registry", () => {
  it("registers every job with its UTC cron expression, run through cronJobs.run", () => {
    expect(Object.keys(crons.crons).sort()).toEqual([...CRON_JOB_NAMES].sort());
    for (const job of CRON_JOB_NAMES) {
      expect(crons.crons[job]).toEqual({ name: "cronJobs:run", args: [{ job }], schedule: { type: "cron", cron: CRON_SCHEDULES[job] } });
    }
  });
});

describe("cronJobs.run", () => {
  it("records a run as succeeded once its job is done", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 2, 2, 3, 17));
    const t = newConvexTest();
    await t.action(internal.cronJobs.run, { job: "token expiry" });
    const [run] = await runs(t);
    expect(run).toMatchObject({ job: "token expiry", startedAt: Date.now(), finishedAt: Date.now(), outcome: "succeeded" });
    expect(run!.error).toBeUndefined();
  });

  it("records a failed run with its error, and an error record for the errors tab, without throwing", async () => {
    const t = newConvexTest();
    expiry.fails = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(t.action(internal.cronJobs.run, { job: "expire time balances" })).resolves.toBeNull();
    const [run] = await runs(t);
    expect(run).toMatchObject({ job: "expire time balances", outcome: "failed" });
    expect(run!.error).toContain("ledger unavailable");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Cron job "expire time balances" failed'));
    const [record] = await t.run((ctx) => ctx.db.query("errorRecords").collect());
    expect(record).toMatchObject({ service: "cron", code: SYSTEM_ERROR_TEXTS.CRON_FAILED.code, severity: "high" });
    expect(record!.message).toContain("expire time balances: ");
  });

  it("removes runs older than 30 days as new ones start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Date.UTC(2026, 2, 2, 12);
    vi.setSystemTime(now);
    const t = newConvexTest();
    await t.run(async (ctx) => {
      for (const startedAt of [now - CRON_RUN_RETENTION_MS - 1, now - CRON_RUN_RETENTION_MS + 60_000]) {
        await ctx.db.insert("cronRuns", { job: "inactivity", startedAt, finishedAt: startedAt, outcome: "succeeded" });
      }
    });
    await t.action(internal.cronJobs.run, { job: "token expiry" });
    expect((await runs(t)).map((run) => run.startedAt).sort()).toEqual([now - CRON_RUN_RETENTION_MS + 60_000, now]);
  });
});
