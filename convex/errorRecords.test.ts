import { afterEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { errorReporting, recordEmailFailure, recordError, type ErrorRecordInput } from "./model/errorRecords";
import { SYSTEM_ERROR_TEXTS } from "./model/messages";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

afterEach(() => {
  vi.unstubAllEnvs();
});

const HOUR_MS = 60 * 60_000;
const NOW = Date.UTC(2026, 2, 2, 12);

const failure = (overrides: Partial<ErrorRecordInput> = {}): ErrorRecordInput => ({
  category: "network",
  severity: "medium",
  code: "EMAIL_FAILED",
  title: "E-mail not sent",
  message: "Mailbox full",
  service: "email",
  timestamp: NOW,
  ...overrides,
});

const groups = (t: T) => t.run((ctx) => ctx.db.query("errorGroups").collect());
const records = (t: T) => t.run((ctx) => ctx.db.query("errorRecords").collect());

describe("recordError", () => {
  it("stores the SPEC §3 record and opens its group in the same transaction", async () => {
    const t = newConvexTest();
    const user = await signedIn(t, "client");
    const id = await t.run((ctx) =>
      recordError(
        ctx,
        failure({ details: "550 5.2.2", context: { to: "maya@example.com" }, recovery: "Try later", userId: user.id, sessionId: "s-1" }),
        NOW,
      ),
    );
    const [record] = await records(t);
    expect(record).toMatchObject({
      _id: id,
      category: "network",
      severity: "medium",
      code: "EMAIL_FAILED",
      title: "E-mail not sent",
      message: "Mailbox full",
      details: "550 5.2.2",
      context: { to: "maya@example.com" },
      recovery: "Try later",
      timestamp: NOW,
      reported: false,
      userId: user.id,
      sessionId: "s-1",
      service: "email",
    });
    expect(await groups(t)).toEqual([
      expect.objectContaining({
        fingerprint: record!.fingerprint,
        service: "email",
        code: "EMAIL_FAILED",
        severity: "medium",
        count: 1,
        firstAt: NOW,
        lastAt: NOW,
        lastRecordId: id,
      }),
    ]);
  });

  it("counts repeats in one group that keeps the highest severity and the latest occurrence", async () => {
    const t = newConvexTest();
    const first = await t.run((ctx) => recordError(ctx, failure({ severity: "high" }), NOW));
    const latest = await t.run((ctx) => recordError(ctx, failure({ severity: "low", timestamp: NOW + 2 * HOUR_MS }), NOW));
    // Arriving late (an older occurrence) counts, without becoming the latest.
    await t.run((ctx) => recordError(ctx, failure({ severity: "critical", timestamp: NOW - HOUR_MS }), NOW));
    await t.run((ctx) => recordError(ctx, failure({ message: "Mailbox gone" }), NOW));
    const all = await groups(t);
    expect(all).toHaveLength(2);
    expect(all.find((group) => group.message === "Mailbox full")).toMatchObject({
      count: 3,
      severity: "critical",
      firstAt: NOW - HOUR_MS,
      lastAt: NOW + 2 * HOUR_MS,
      lastRecordId: latest,
    });
    expect(latest).not.toBe(first);
    expect(await records(t)).toHaveLength(4);
  });

  it("refuses a record without a code, title or message, and writes nothing", async () => {
    const t = newConvexTest();
    for (const field of ["code", "title", "message"] as const) {
      await expect(t.run((ctx) => recordError(ctx, failure({ [field]: " " }), NOW))).rejects.toThrow(
        SYSTEM_ERROR_TEXTS.incomplete([field]),
      );
    }
    expect(await records(t)).toEqual([]);
    expect(await groups(t)).toEqual([]);
  });
});

describe("errorReporting", () => {
  it("counts critical groups seen in the last day and lists the latest groups first", async () => {
    const t = newConvexTest();
    await t.run(async (ctx) => {
      await recordError(ctx, failure({ severity: "critical", message: "Old outage", timestamp: NOW - 25 * HOUR_MS }), NOW);
      await recordError(
        ctx,
        failure({ severity: "critical", message: "Resend down", service: "email", timestamp: NOW - 2 * HOUR_MS }),
        NOW,
      );
      await recordError(ctx, failure({ severity: "critical", message: "Resend down", service: "email", timestamp: NOW - HOUR_MS }), NOW);
      await recordError(
        ctx,
        failure({
          severity: "high",
          code: "WEBHOOK_REFUSED",
          message: "Invalid signature",
          service: "stripe",
          timestamp: NOW - 3 * HOUR_MS,
        }),
        NOW,
      );
      // A group that once was critical stays critical.
      await recordError(
        ctx,
        failure({ severity: "critical", message: "Scheduler stuck", service: "scheduler", timestamp: NOW - 30 * HOUR_MS }),
        NOW,
      );
      await recordError(
        ctx,
        failure({ severity: "low", message: "Scheduler stuck", service: "scheduler", timestamp: NOW - 10 * 60_000 }),
        NOW,
      );
    });
    const reporting = await t.run((ctx) => errorReporting(ctx, NOW));
    expect(reporting.criticalErrors).toBe(2);
    expect(
      reporting.recentErrors.map(({ severity, service, occurredAt, message, count }) => ({
        severity,
        service,
        occurredAt,
        message,
        count,
      })),
    ).toEqual([
      { severity: "critical", service: "scheduler", occurredAt: NOW - 10 * 60_000, message: "Scheduler stuck", count: 2 },
      { severity: "critical", service: "email", occurredAt: NOW - HOUR_MS, message: "Resend down", count: 2 },
      { severity: "high", service: "stripe", occurredAt: NOW - 3 * HOUR_MS, message: "Invalid signature", count: 1 },
      { severity: "critical", service: "email", occurredAt: NOW - 25 * HOUR_MS, message: "Old outage", count: 1 },
    ]);
  });

  it("lists at most 20 groups", async () => {
    const t = newConvexTest();
    await t.run(async (ctx) => {
      for (let i = 0; i < 25; i++) await recordError(ctx, failure({ message: `Failure ${i}`, timestamp: NOW - i * 60_000 }), NOW);
    });
    const { recentErrors } = await t.run((ctx) => errorReporting(ctx, NOW));
    expect(recentErrors).toHaveLength(20);
    expect(recentErrors[0]!.message).toBe("Failure 0");
  });
});

describe("recordEmailFailure", () => {
  const outboxRow = (t: T, status: Doc<"emailOutbox">["status"]) =>
    t.run(async (ctx) => {
      const id = await ctx.db.insert("emailOutbox", {
        to: "maya@example.com",
        subject: "Hi",
        text: "Hello",
        template: "welcome",
        createdAt: NOW,
        status,
      });
      return (await ctx.db.get("emailOutbox", id))!;
    });

  it("records an e-mail that has just failed or bounced, with the reason and the e-mail it was", async () => {
    const t = newConvexTest();
    const sent = await outboxRow(t, "sent");
    await t.run((ctx) => recordEmailFailure(ctx, sent, "bounced", "The recipient's mailbox does not exist.", NOW));
    await t.run((ctx) => recordEmailFailure(ctx, sent, "failed", undefined, NOW));
    expect(
      (await records(t)).map(({ code, category, severity, title, message, service, context, timestamp }) => ({
        code,
        category,
        severity,
        title,
        message,
        service,
        context,
        timestamp,
      })),
    ).toEqual([
      {
        code: "EMAIL_BOUNCED",
        category: "validation",
        severity: "medium",
        title: SYSTEM_ERROR_TEXTS.EMAIL_BOUNCED.title,
        message: "The recipient's mailbox does not exist.",
        service: "email",
        context: { outboxId: sent._id, to: "maya@example.com", template: "welcome" },
        timestamp: NOW,
      },
      {
        code: "EMAIL_FAILED",
        category: "network",
        severity: "high",
        title: SYSTEM_ERROR_TEXTS.EMAIL_FAILED.title,
        message: SYSTEM_ERROR_TEXTS.EMAIL_FAILED.message,
        service: "email",
        context: { outboxId: sent._id, to: "maya@example.com", template: "welcome" },
        timestamp: NOW,
      },
    ]);
  });

  it("records nothing for other statuses, or for a failure the row already had", async () => {
    const t = newConvexTest();
    const sent = await outboxRow(t, "sent");
    const failed = await outboxRow(t, "failed");
    for (const status of ["queued", "sent", "delivered", "opened", "clicked", "complained", "delivery_delayed"] as const) {
      expect(await t.run((ctx) => recordEmailFailure(ctx, sent, status, "reason", NOW))).toBeNull();
    }
    expect(await t.run((ctx) => recordEmailFailure(ctx, failed, "failed", "reason", NOW))).toBeNull();
    expect(await records(t)).toEqual([]);
  });
});

describe("the errors tab", () => {
  it("pages through records newest first, optionally of one service, and opens one", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const ids = await t.run(async (ctx) => [
      await recordError(ctx, failure({ service: "email", timestamp: NOW - 3000 }), NOW),
      await recordError(
        ctx,
        failure({ service: "stripe", code: "WEBHOOK_REFUSED", message: "Invalid signature", timestamp: NOW - 2000 }),
        NOW,
      ),
      await recordError(ctx, failure({ service: "email", timestamp: NOW - 1000 }), NOW),
    ]);
    const first = await admin.as.query(api.errorRecords.recent, { paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((record) => record._id)).toEqual([ids[2], ids[1]]);
    const rest = await admin.as.query(api.errorRecords.recent, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(rest.page.map((record) => record._id)).toEqual([ids[0]]);
    const email = await admin.as.query(api.errorRecords.recent, { paginationOpts: { numItems: 10, cursor: null }, service: "email" });
    expect(email.page.map((record) => record._id)).toEqual([ids[2], ids[0]]);
    expect(await admin.as.query(api.errorRecords.get, { id: ids[1]! })).toMatchObject({ service: "stripe", message: "Invalid signature" });
  });
});

describe("refused webhooks", () => {
  const refusals = async (t: T) =>
    (await records(t)).map(({ code, severity, category, service, message }) => ({ code, severity, category, service, message }));

  it("records a Resend, Stripe or Clerk delivery that fails verification, once per delivery", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    vi.stubEnv("RESEND_WEBHOOK_SECRET", `whsec_${btoa("a-test-signing-secret-of-32-bytes!")}`);
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_refusals");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_test_refusals");
    vi.stubEnv("CLERK_WEBHOOK_SECRET", `whsec_${btoa("a-test-signing-secret-of-32-bytes!")}`);
    vi.stubEnv("CLERK_JWT_ISSUER_DOMAIN", "https://clerk.example.com");
    const t = newConvexTest();
    const unsigned = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: "email.delivered" }) };
    for (const path of ["/resend-webhook", "/stripe/webhook", "/clerk-users-webhook", "/resend-webhook"]) {
      expect((await t.fetch(path, unsigned)).status).toBe(400);
    }
    const refused = { code: "WEBHOOK_REFUSED", severity: "high", category: "authentication" };
    expect(await refusals(t)).toEqual([
      { ...refused, service: "resend", message: "Invalid webhook signature" },
      { ...refused, service: "stripe", message: "Invalid signature" },
      { ...refused, service: "clerk", message: "Invalid webhook signature" },
      { ...refused, service: "resend", message: "Invalid webhook signature" },
    ]);
    expect((await groups(t)).map((group) => [group.service, group.count])).toEqual([
      ["resend", 2],
      ["stripe", 1],
      ["clerk", 1],
    ]);
  });

  it("stops recording a flood of forgeries at the rate limit", async () => {
    const t = newConvexTest();
    for (let i = 0; i < 101; i++)
      await t.mutation(internal.errorRecords.recordWebhookRefusal, { provider: "stripe", reason: "Invalid signature" });
    expect(await records(t)).toHaveLength(100);
    expect((await groups(t))[0]!.count).toBe(100);
  });
});
