import { afterEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { CRON_JOB_NAMES, CRON_SCHEDULES } from "./model/cronJobs";
import { recordError } from "./model/errorRecords";
import { utcDay } from "./model/routeStats";
import { newConvexTest } from "./test.setup";
import { insertSession } from "./test.sessions";
import { signedIn, type T } from "./test.users";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const NOW = Date.UTC(2026, 2, 14, 12);

afterEach(() => vi.useRealTimers());

function atNow() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
}

const stats = (day: string, route: string, views: number, timed: Array<number>) => ({
  day,
  route,
  views,
  timedViews: timed.length,
  totalLoadMs: timed.reduce((sum, ms) => sum + ms, 0),
  maxLoadMs: Math.max(0, ...timed),
  low: timed.filter((ms) => ms < 200).length,
  medium: timed.filter((ms) => ms >= 200 && ms < 500).length,
  high: timed.filter((ms) => ms >= 500).length,
});

async function extractionRun(t: T, status: "queued" | "running" | "succeeded" | "failed", updatedAt: number) {
  const member = await signedIn(t, "client");
  const coach = await signedIn(t, "coach");
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id });
  return await t.run(async (ctx) => {
    const transcriptId = await ctx.db.insert("transcripts", {
      sessionId,
      memberId: member.id,
      format: "text",
      segments: [],
      text: "",
      uploadedBy: coach.id,
      createdAt: updatedAt,
    });
    return await ctx.db.insert("extractionRuns", {
      transcriptId,
      sessionId,
      memberId: member.id,
      coachId: coach.id,
      status,
      attempts: 1,
      createdAt: updatedAt,
      updatedAt,
    });
  });
}

describe("monitoring.overview", () => {
  it("charts the last 14 UTC days zero-filled and ranks the week's slowest routes", async () => {
    atNow();
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const today = utcDay(NOW);
    await t.run(async (ctx) => {
      await ctx.db.insert("routeStatsDaily", stats(today, "/dashboard", 3, [100, 700]));
      await ctx.db.insert("routeStatsDaily", stats(today, "/", 5, [50]));
      await ctx.db.insert("routeStatsDaily", stats(utcDay(NOW - 3 * DAY_MS), "/forum", 2, [300, 400]));
      // Charted (within 14 days) but not among the week's slow routes.
      await ctx.db.insert("routeStatsDaily", stats(utcDay(NOW - 10 * DAY_MS), "/reports", 1, [5_000]));
      // Older than the chart.
      await ctx.db.insert("routeStatsDaily", stats(utcDay(NOW - 20 * DAY_MS), "/old", 9, [9_000]));
    });
    const overview = await admin.as.query(api.monitoring.overview, {});
    expect(overview.days).toHaveLength(14);
    expect(overview.days[0]!.day).toBe(utcDay(NOW - 13 * DAY_MS));
    expect(overview.days[13]).toEqual({ day: today, pageviews: 8, averageLoadMs: 283, low: 2, medium: 0, high: 1 });
    expect(overview.days[3]).toEqual({ day: utcDay(NOW - 10 * DAY_MS), pageviews: 1, averageLoadMs: 5_000, low: 0, medium: 0, high: 1 });
    expect(overview.days[12]).toEqual({ day: utcDay(NOW - DAY_MS), pageviews: 0, averageLoadMs: null, low: 0, medium: 0, high: 0 });
    expect(overview.slowestRoutes).toEqual([
      { route: "/dashboard", views: 3, averageLoadMs: 400, maxLoadMs: 700, level: "medium" },
      { route: "/forum", views: 2, averageLoadMs: 350, maxLoadMs: 400, level: "medium" },
      { route: "/", views: 5, averageLoadMs: 50, maxLoadMs: 50, level: "low" },
    ]);
  });

  it("reports the scheduler, every cron job's last run, extraction, e-mail and the latest errors", async () => {
    atNow();
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    await extractionRun(t, "queued", NOW - HOUR_MS);
    await extractionRun(t, "running", NOW - HOUR_MS);
    await extractionRun(t, "failed", NOW - HOUR_MS);
    await extractionRun(t, "failed", NOW - 2 * DAY_MS);
    await t.run(async (ctx) => {
      await ctx.scheduler.runAt(NOW + HOUR_MS, internal.reactivation.removeExpiredTokens, {});
      await ctx.scheduler.runAt(NOW - 5 * 60_000, internal.reactivation.removeExpiredTokens, {});
      await ctx.db.insert("cronRuns", { job: "inactivity", startedAt: NOW - 2 * DAY_MS, finishedAt: NOW - 2 * DAY_MS, outcome: "succeeded" });
      await ctx.db.insert("cronRuns", { job: "inactivity", startedAt: NOW - DAY_MS, finishedAt: NOW - DAY_MS + 10, outcome: "failed", error: "boom" });
      await recordError(ctx, { category: "system", severity: "critical", code: "X", title: "T", message: "down", service: "web", timestamp: NOW - HOUR_MS, reference: "LW-ABCD" }, NOW);
      await recordError(ctx, { category: "network", severity: "low", code: "Y", title: "T", message: "slow", service: "web", timestamp: NOW - 2 * DAY_MS }, NOW);
    });
    const overview = await admin.as.query(api.monitoring.overview, {});
    expect(overview.scheduler).toEqual({ pending: 2, oldestPendingDueAt: NOW - 5 * 60_000, failedLastDay: 0 });
    expect(overview.crons.map((line) => line.job)).toEqual(CRON_JOB_NAMES);
    expect(overview.crons.find((line) => line.job === "inactivity")).toEqual({
      job: "inactivity",
      schedule: CRON_SCHEDULES.inactivity,
      lastRun: { startedAt: NOW - DAY_MS, finishedAt: NOW - DAY_MS + 10, outcome: "failed", error: "boom" },
    });
    expect(overview.crons.find((line) => line.job === "token expiry")!.lastRun).toBeNull();
    expect(overview.extraction).toEqual({ queued: 1, running: 1, failedLastDay: 1 });
    expect(overview.email).toEqual({ queued: 0, sending: 0, failedLastDay: 0 });
    expect(overview.errors.lastDay).toBe(1);
    expect(overview.errors.criticalLastDay).toBe(1);
    expect(overview.errors.recent.map((record) => [record.code, record.reference])).toEqual([
      ["X", "LW-ABCD"],
      ["Y", null],
    ]);
  });
});

describe("errorRecords.byReference", () => {
  it("finds the record of a member's support code, or null", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const id: Id<"errorRecords"> = await t.run((ctx) =>
      recordError(ctx, { category: "data", severity: "medium", code: "Z", title: "T", message: "m", service: "web", reference: "LW-7K2Q-9XTA" }, NOW),
    );
    expect((await admin.as.query(api.errorRecords.byReference, { reference: " LW-7K2Q-9XTA " }))?._id).toBe(id);
    expect(await admin.as.query(api.errorRecords.byReference, { reference: "LW-NONE" })).toBeNull();
  });
});

describe("system.health checks", () => {
  it("turns degraded while a cron's last run failed, extraction's last run failed, or a critical error came in the last hour", async () => {
    atNow();
    const t = newConvexTest();
    await extractionRun(t, "succeeded", NOW - 2 * HOUR_MS);
    await extractionRun(t, "failed", NOW - HOUR_MS);
    await t.run(async (ctx) => {
      await ctx.db.insert("cronRuns", { job: "token expiry", startedAt: NOW - HOUR_MS, outcome: "failed", error: "boom" });
      await recordError(ctx, { category: "system", severity: "critical", code: "X", title: "T", message: "down", service: "web", timestamp: NOW - 60_000 }, NOW);
    });
    const { checks } = await t.query(api.system.health, {});
    expect(checks).toEqual({
      scheduler: { pending: 0, oldestPendingDueAt: null },
      crons: { status: "degraded", failing: ["token expiry"] },
      extraction: { status: "degraded", queued: 0 },
      email: { status: "ok", queued: 0 },
      errors: { status: "degraded", lastHour: 1 },
    });
  });
});
