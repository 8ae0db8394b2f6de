import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { EmailStatus } from "./model/email";
import { outboxByStatus } from "./model/emailAggregates";
import { MIN_PROBE_INTERVAL_MS, PROBE_RETENTION_MS, recordProbe, systemHealth, type ProbeResult } from "./model/emailHealth";
import { SYSTEM_ERROR_TEXTS } from "./model/messages";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

afterEach(() => {
  vi.unstubAllEnvs();
});

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const RESEND_DOMAINS = "https://api.resend.com/domains";

const probes = (t: T, service?: string) =>
  t.run((ctx) =>
    service === undefined
      ? ctx.db.query("healthProbes").collect()
      : ctx.db
          .query("healthProbes")
          .withIndex("by_service_and_at", (q) => q.eq("service", service))
          .collect(),
  );
const errorRecords = (t: T) => t.run((ctx) => ctx.db.query("errorRecords").collect());
const health = (t: T, now = Date.now()) => t.run((ctx) => systemHealth(ctx, now));
const serviceLine = async (t: T, name: string, now?: number) => (await health(t, now)).services.find((service) => service.name === name)!;

/** Lets the scheduler tick that a round asked for run (runAfter(0), real timers). */
async function runTick(t: T) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await t.finishInProgressScheduledFunctions();
}

/** Stores checks as a round would, at given times. */
const record = (t: T, ...results: ProbeResult[]) =>
  t.run(async (ctx) => {
    for (const result of results) await recordProbe(ctx, result);
  });

/** An outbox row, counted by the outbox aggregate as every write to the outbox is. */
const outboxRow = (t: T, status: EmailStatus, createdAt: number) =>
  t.run(async (ctx) => {
    const id = await ctx.db.insert("emailOutbox", {
      to: "maya@example.com",
      subject: "Hi",
      text: "Hello",
      template: "welcome",
      createdAt,
      status,
    });
    await outboxByStatus.insert(ctx, (await ctx.db.get("emailOutbox", id)) as Doc<"emailOutbox">);
  });

describe("probe", () => {
  it("measures each service and the host, and the scheduler's lag once its tick runs", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const before = Date.now();
    expect(await admin.as.action(api.emailHealth.probe, {})).toBeNull();
    const rows = await probes(t);
    expect(rows.map((row) => row.service).sort()).toEqual(["database", "disk", "email", "memory"]);
    for (const row of rows) {
      expect(row.ok, row.service).toBe(true);
      expect(row.at).toBeGreaterThanOrEqual(before);
    }
    for (const service of ["database", "email"]) {
      expect(rows.find((row) => row.service === service)!.responseTimeMs).toBeGreaterThanOrEqual(0);
    }
    for (const service of ["memory", "disk"]) {
      const { used, total } = rows.find((row) => row.service === service)!;
      expect(used).toBeGreaterThan(0);
      expect(total).toBeGreaterThanOrEqual(used!);
    }
    await runTick(t);
    const [tick] = await probes(t, "scheduler");
    expect(tick).toMatchObject({ ok: true });
    expect(tick!.responseTimeMs).toBeGreaterThanOrEqual(0);

    const now = Date.now();
    const { services, resources } = await health(t, now);
    expect(services.map(({ name, status, uptime, errors }) => ({ name, status, uptime, errors }))).toEqual([
      { name: "E-mail delivery", status: "operational", uptime: 100, errors: 0 },
      { name: "Database", status: "operational", uptime: 100, errors: 0 },
      { name: "Scheduler", status: "operational", uptime: 100, errors: 0 },
    ]);
    expect(services.every((service) => service.checkedAt !== null && service.responseTime !== null)).toBe(true);
    expect(resources.systemMemory).toMatchObject({ used: rows.find((row) => row.service === "memory")!.used });
    expect(resources.diskSpace!.percentage).toBeGreaterThan(0);
    expect(await errorRecords(t)).toEqual([]);
  });

  it(`skips a round within ${MIN_PROBE_INTERVAL_MS / 1000} s of the last one`, async () => {
    const t = newConvexTest();
    await t.action(internal.emailHealth.probeAll, {});
    const taken = (await probes(t)).length;
    await t.action(internal.emailHealth.probeAll, {});
    expect(await probes(t)).toHaveLength(taken);
  });

  it("is for admins only", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    await expect(coach.as.action(api.emailHealth.probe, {})).rejects.toThrow();
    await expect(t.action(api.emailHealth.probe, {})).rejects.toThrow();
    expect(await probes(t)).toEqual([]);
  });
});

describe("the e-mail check offline", () => {
  it("fails once an e-mail has waited more than 5 minutes in the outbox: down, backed up, and a critical error", async () => {
    const t = newConvexTest();
    await outboxRow(t, "queued", Date.now() - 6 * MINUTE_MS);
    await t.action(internal.emailHealth.probeAll, {});
    const [email] = await probes(t, "email");
    expect(email).toMatchObject({ ok: false, error: SYSTEM_ERROR_TEXTS.outboxStuck(5) });
    expect(email!.responseTimeMs).toBeGreaterThanOrEqual(0);
    const { services, queues } = await health(t);
    expect(services[0]).toMatchObject({ name: "E-mail delivery", status: "down", uptime: 0, errors: 1 });
    expect(queues[0]).toMatchObject({ status: "backed_up", depth: 1 });
    expect(await errorRecords(t)).toEqual([
      expect.objectContaining({
        code: "HEALTH_CHECK_FAILED",
        severity: "critical",
        category: "network",
        service: "email",
        title: SYSTEM_ERROR_TEXTS.HEALTH_CHECK_FAILED.title,
        message: SYSTEM_ERROR_TEXTS.outboxStuck(5),
      }),
    ]);
  });

  it("passes while the waiting e-mails are recent", async () => {
    const t = newConvexTest();
    await outboxRow(t, "queued", Date.now() - 4 * MINUTE_MS);
    await t.action(internal.emailHealth.probeAll, {});
    expect((await probes(t, "email"))[0]).toMatchObject({ ok: true });
  });
});

describe("the e-mail check with Resend (RESEND_API_KEY set)", () => {
  const domains = (answer: () => Response) => {
    const seen: string[] = [];
    server.use(
      http.get(RESEND_DOMAINS, ({ request }) => {
        seen.push(`${request.headers.get("authorization")} ${new URL(request.url).search}`);
        return answer();
      }),
    );
    return seen;
  };

  it("reads Resend's domains with the key and times the answer; the call counts against the API budget", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    const seen = domains(() => HttpResponse.json({ object: "list", has_more: false, data: [] }));
    const t = newConvexTest();
    await t.action(internal.emailHealth.probeAll, {});
    expect(seen).toEqual(["Bearer re_test_123 ?limit=1"]);
    const [email] = await probes(t, "email");
    expect(email).toMatchObject({ ok: true });
    expect(email!.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect((await health(t)).resources.airtableApiCalls).toMatchObject({ used: 1, total: 1000 });
  });

  it("passes with a key that may only send: Resend answered and knows it", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_sending_only");
    domains(() =>
      HttpResponse.json(
        { statusCode: 401, name: "restricted_api_key", message: "This API key is restricted to only send emails" },
        { status: 401 },
      ),
    );
    const t = newConvexTest();
    await t.action(internal.emailHealth.probeAll, {});
    expect((await probes(t, "email"))[0]).toMatchObject({ ok: true });
  });

  it("fails with Resend's reason for a key it does not know, or when it cannot be reached", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_revoked");
    domains(() => HttpResponse.json({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" }, { status: 403 }));
    const t = newConvexTest();
    await t.action(internal.emailHealth.probeAll, {});
    expect((await probes(t, "email"))[0]).toMatchObject({ ok: false, error: "Resend answered: API key is invalid" });
    expect((await health(t)).services[0]).toMatchObject({ status: "down" });

    domains(() => HttpResponse.error());
    const unreachable = newConvexTest();
    await unreachable.action(internal.emailHealth.probeAll, {});
    expect((await probes(unreachable, "email"))[0]).toMatchObject({
      ok: false,
      error: "Resend answered: Unable to fetch data. The request could not be resolved.",
    });
  });
});

describe("the scheduler check", () => {
  it("marks the scheduler down when a round's tick has not run a minute later, until a tick runs", async () => {
    const t = newConvexTest();
    const now = Date.now();
    // Rounds every 30 seconds (an open dashboard) whose ticks never ran: the oldest is judged.
    await record(
      t,
      { service: "database", at: now - 90_000, ok: true, responseTimeMs: 3 },
      { service: "database", at: now - 60_000, ok: true, responseTimeMs: 3 },
      { service: "database", at: now - 30_000, ok: true, responseTimeMs: 3 },
    );
    await t.action(internal.emailHealth.probeAll, {});
    const [stuck] = await probes(t, "scheduler");
    expect(stuck).toMatchObject({ ok: false, error: SYSTEM_ERROR_TEXTS.schedulerStuck(60) });
    expect(await serviceLine(t, "Scheduler")).toMatchObject({ status: "down", errors: 1 });
    expect((await errorRecords(t)).map((record) => [record.service, record.code, record.severity])).toEqual([
      ["scheduler", "HEALTH_CHECK_FAILED", "critical"],
    ]);
    await runTick(t);
    // It runs again: answering now, after a failed check today.
    expect(await serviceLine(t, "Scheduler")).toMatchObject({ status: "degraded", uptime: 50, errors: 1 });
  });

  it("does not judge a tick asked for less than a minute ago, nor one that ran", async () => {
    const t = newConvexTest();
    const now = Date.now();
    await record(t, { service: "database", at: now - 30_000, ok: true, responseTimeMs: 3 });
    const ranLate = newConvexTest();
    await record(
      ranLate,
      { service: "database", at: now - 5 * MINUTE_MS, ok: true, responseTimeMs: 3 },
      { service: "scheduler", at: now - 5 * MINUTE_MS + 40, ok: true, responseTimeMs: 40 },
    );
    for (const world of [t, ranLate]) {
      await world.action(internal.emailHealth.probeAll, {});
      expect((await probes(world, "scheduler")).filter((row) => !row.ok)).toEqual([]);
      expect(await errorRecords(world)).toEqual([]);
    }
  });
});

describe("systemHealth", () => {
  const NOW = Date.UTC(2026, 2, 2, 12, 40);
  const check = (service: ProbeResult["service"], minutesAgo: number, ok = true, responseTimeMs = 20): ProbeResult => ({
    service,
    at: NOW - minutesAgo * MINUTE_MS,
    ok,
    responseTimeMs,
  });

  it("knows nothing before the first check", async () => {
    const t = newConvexTest();
    const { services, queues, resources } = await health(t, NOW);
    expect(services).toEqual(
      ["E-mail delivery", "Database", "Scheduler"].map((name) => ({
        name,
        status: "unknown",
        responseTime: null,
        uptime: null,
        errors: 0,
        checkedAt: null,
      })),
    );
    expect(queues).toEqual([{ name: "E-mail outbox", status: "healthy", depth: 0, processing: 0, throughput: 0 }]);
    expect(resources).toEqual({
      mailjetQuota: { used: 0, total: 100, percentage: 0, status: "healthy" },
      airtableApiCalls: { used: 0, total: 1000, percentage: 0, status: "healthy" },
      systemMemory: null,
      diskSpace: null,
    });
  });

  it("gives uptime and errors over the day's checks, by the hour, and the latest check's time", async () => {
    const t = newConvexTest();
    // 99 good checks and one failure today; one failure 25 hours ago, outside the day.
    await record(t, check("database", 25 * 60, false));
    for (let i = 0; i < 99; i++) await record(t, check("database", 5 * i + 1));
    await record(t, check("database", 200, false));
    expect(await serviceLine(t, "Database", NOW)).toEqual({
      name: "Database",
      status: "operational",
      responseTime: 20,
      uptime: 99,
      errors: 1,
      checkedAt: NOW - MINUTE_MS,
    });
    // A second failure today puts the day under 99 %.
    await record(t, check("database", 300, false));
    expect(await serviceLine(t, "Database", NOW)).toMatchObject({ status: "degraded", uptime: 98, errors: 2 });
  });

  it("is degraded when the latest check was slow, and down when it failed", async () => {
    const t = newConvexTest();
    await record(t, check("database", 10), check("database", 5, true, 1_500));
    expect(await serviceLine(t, "Database", NOW)).toMatchObject({ status: "degraded", responseTime: 1_500, uptime: 100 });
    await record(t, check("database", 1, false, 5));
    expect(await serviceLine(t, "Database", NOW)).toMatchObject({ status: "down", responseTime: 5, errors: 1 });
  });

  it("counts the outbox: waiting, in flight over the day, handed over in the last hour", async () => {
    const t = newConvexTest();
    const rows: [EmailStatus, number][] = [
      ["queued", 1],
      ["queued", 2],
      ["sent", 30],
      ["delivery_delayed", 180],
      ["sent", 25 * 60],
      ["delivered", 10],
      ["failed", 50],
      ["bounced", 120],
      ["opened", 61],
    ];
    for (const [status, minutesAgo] of rows) await outboxRow(t, status, NOW - minutesAgo * MINUTE_MS);
    const { queues, resources } = await health(t, NOW);
    expect(queues).toEqual([{ name: "E-mail outbox", status: "healthy", depth: 2, processing: 2, throughput: 3 }]);
    // Today (UTC) is everything but the row of yesterday; this hour (12:00 to 12:40) handed over the sent and the delivered one.
    expect(resources.mailjetQuota).toMatchObject({ used: 8, total: 100, percentage: 8 });
    expect(resources.airtableApiCalls).toMatchObject({ used: 2, total: 1000, percentage: 0.2 });
    await outboxRow(t, "queued", NOW - 6 * MINUTE_MS);
    expect((await health(t, NOW)).queues[0]).toMatchObject({ status: "backed_up", depth: 3 });
  });

  it("warns above 80 % of the daily quota and is critical above 85 % of the API budget, not at them", async () => {
    vi.stubEnv("EMAIL_DAILY_QUOTA", "10");
    vi.stubEnv("VENDOR_API_CALL_BUDGET", "20");
    const t = newConvexTest();
    for (let i = 0; i < 8; i++) await outboxRow(t, "queued", NOW - 3 * HOUR_MS);
    expect((await health(t, NOW)).resources.mailjetQuota).toEqual({ used: 8, total: 10, percentage: 80, status: "healthy" });
    await outboxRow(t, "queued", NOW - 3 * HOUR_MS);
    expect((await health(t, NOW)).resources.mailjetQuota).toEqual({ used: 9, total: 10, percentage: 90, status: "warning" });

    const calls = newConvexTest();
    for (let i = 0; i < 17; i++) await outboxRow(calls, "delivered", NOW - 5 * MINUTE_MS);
    expect((await health(calls, NOW)).resources.airtableApiCalls).toEqual({ used: 17, total: 20, percentage: 85, status: "healthy" });
    await outboxRow(calls, "sent", NOW - 5 * MINUTE_MS);
    expect((await health(calls, NOW)).resources.airtableApiCalls).toEqual({ used: 18, total: 20, percentage: 90, status: "critical" });
  });

  it("shows memory and disk as last measured, and none when the latest measure failed", async () => {
    const t = newConvexTest();
    const GB = 1024 ** 3;
    await record(
      t,
      { service: "memory", at: NOW - MINUTE_MS, ok: true, used: 0.5 * GB, total: 8 * GB },
      { service: "disk", at: NOW - MINUTE_MS, ok: true, used: 95 * GB, total: 100 * GB },
    );
    expect((await health(t, NOW)).resources).toMatchObject({
      systemMemory: { used: 0.5 * GB, total: 8 * GB, percentage: 6.3, status: "healthy" },
      diskSpace: { used: 95 * GB, total: 100 * GB, percentage: 95, status: "critical" },
    });
    await record(t, { service: "disk", at: NOW, ok: false, error: SYSTEM_ERROR_TEXTS.noDisk });
    expect((await health(t, NOW)).resources.diskSpace).toBeNull();
    // A resource is not a service: the failed measure is a medium error, and no service's uptime moves.
    expect((await errorRecords(t)).map((record) => [record.service, record.severity, record.message])).toEqual([
      ["disk", "medium", SYSTEM_ERROR_TEXTS.noDisk],
    ]);
    expect(await t.run((ctx) => ctx.db.query("healthProbeHours").collect())).toEqual([]);
  });
});

describe("prune", () => {
  it("removes checks and hourly counts older than a week", async () => {
    const t = newConvexTest();
    const now = Date.now();
    await record(
      t,
      { service: "database", at: now - PROBE_RETENTION_MS - HOUR_MS, ok: true, responseTimeMs: 5 },
      { service: "memory", at: now - PROBE_RETENTION_MS - HOUR_MS, ok: true, used: 1, total: 2 },
      { service: "database", at: now - HOUR_MS, ok: true, responseTimeMs: 5 },
    );
    await t.mutation(internal.emailHealth.prune, {});
    expect((await probes(t)).map((row) => row.at)).toEqual([now - HOUR_MS]);
    expect((await t.run((ctx) => ctx.db.query("healthProbeHours").collect())).map((row) => row.checks)).toEqual([1]);
  });
});
