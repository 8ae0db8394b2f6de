import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import { env } from "./_generated/server";
import type { Doc, Id } from "./_generated/dataModel";
import { INACTIVITY_MESSAGES, inactivityPolicy, retentionDue, stageRange } from "./model/inactivity";
import { LINK_PURPOSES, signAccountLink } from "./model/reactivation";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn, TEST_ISSUER, type T } from "./test.users";

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 5, 12);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  vi.stubEnv("LOCAL_AUTH_ISSUER", TEST_ISSUER);
  vi.stubEnv("LOCAL_AUTH_URL", "http://127.0.0.1:9");
  vi.stubEnv("LOCAL_AUTH_ADMIN_SECRET", "secret");
  server.use(http.post("http://127.0.0.1:9/auth/admin/accounts/:subject", () => HttpResponse.json({ ok: true })));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const emails = (t: T) => t.run((ctx) => ctx.db.query("emailOutbox").collect());
const user = (t: T, id: Id<"users">) => t.run((ctx) => ctx.db.get("users", id)) as Promise<Doc<"users">>;

/** One whole daily run: the cron's call and every batch and stage it schedules. */
async function dailyRun(t: T) {
  await t.mutation(internal.inactivity.sweep, {});
  await runScheduled(t);
  return t.query(internal.inactivity.lastRun, {});
}

/** Moves the clock to `days` after START (the scheduler's jobs, if any, stay due). */
function dayOf(days: number) {
  vi.setSystemTime(START + days * DAY + 60_000);
}

describe("the inactivity sweep", () => {
  it("warns at day 60 and 80 once each, with a notice and a keep-active link, and deactivates at day 90 with a reactivation link", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client", { firstName: "Sam", email: "sam@example.com" });
    const fresh = await signedIn(t, "client");

    dayOf(50);
    await fresh.as.mutation(api.users.ensureCurrent, {});
    dayOf(59);
    expect(await dailyRun(t)).toMatchObject({ warned: 0, deactivated: 0 });
    expect(await emails(t)).toEqual([]);

    dayOf(60);
    expect(await dailyRun(t)).toMatchObject({ warned: 1, deactivated: 0 });
    dayOf(61);
    expect(await dailyRun(t)).toMatchObject({ warned: 0 });
    const [sixty] = await emails(t);
    expect(sixty).toMatchObject({ to: "sam@example.com", subject: "We miss you at LWCC", template: "inactivity_warning_60" });
    expect(sixty!.text).toContain("It's been 60 days since you last signed in");
    expect(sixty!.text).toMatch(/\/account\/keep-active\?token=/);
    expect(await sam.as.query(api.inactivity.notice, {})).toMatchObject({ level: 60, sentAt: START + 60 * DAY + 60_000 });
    expect(await fresh.as.query(api.inactivity.notice, {})).toBeNull();

    dayOf(80);
    expect(await dailyRun(t)).toMatchObject({ warned: 1 });
    expect((await emails(t)).map((email) => email.template)).toEqual(["inactivity_warning_60", "inactivity_warning_80"]);
    expect(await sam.as.query(api.inactivity.notice, {})).toMatchObject({ level: 80 });

    dayOf(89);
    expect(await dailyRun(t)).toMatchObject({ deactivated: 0 });
    dayOf(90);
    expect(await dailyRun(t)).toMatchObject({ deactivated: 1 });
    expect(await user(t, sam.id)).toMatchObject({ status: "deactivated", deactivationReason: "inactivity_90_days" });
    expect(await user(t, fresh.id)).toMatchObject({ status: "active" });
    const paused = (await emails(t)).filter((email) => email.template === "reactivation_inactivity_90_days");
    expect(paused.map((email) => email.to)).toEqual(["sam@example.com"]);
    expect(paused[0]!.text).toContain("kept for 90 days");
    // The member who came back at day 50 is warned 60 days after that.
    dayOf(110);
    expect(await dailyRun(t)).toMatchObject({ warned: 1 });
  });

  it("starts a new inactivity period when the member comes back, so the warnings can come again", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client");
    dayOf(60);
    await dailyRun(t);
    // Signing in again is activity.
    await sam.as.mutation(api.users.ensureCurrent, {});
    dayOf(100);
    await dailyRun(t);
    expect(await user(t, sam.id)).toMatchObject({ status: "active" });
    dayOf(121);
    await dailyRun(t);
    expect((await emails(t)).map((email) => email.template)).toEqual(["inactivity_warning_60", "inactivity_warning_60"]);
  });

  it("keeps the account active from the warning's one-click link, without signing in", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client");
    dayOf(80);
    await dailyRun(t);
    const token = decodeURIComponent(/keep-active\?token=([^\s]+)/.exec((await emails(t))[0]!.text)![1]!);
    expect(await t.mutation(api.inactivity.keepActive, { token })).toEqual({ ok: true, firstName: "Test" });
    expect((await user(t, sam.id)).lastActiveAt).toBe(Date.now());
    expect(await sam.as.query(api.inactivity.notice, {})).toBeNull();
    dayOf(95);
    await dailyRun(t);
    expect(await user(t, sam.id)).toMatchObject({ status: "active" });
    // Its own purpose: a keep-active link cannot reactivate, and a reactivation link cannot keep active.
    expect(await t.mutation(api.reactivation.check, { token })).toMatchObject({ errorType: "wrong_purpose" });
    const other = await signAccountLink(env.ACCOUNT_LINK_SECRET!, { purpose: LINK_PURPOSES.reactivation, userId: sam.id, email: "x", jti: "r" }, Date.now(), DAY);
    expect(await t.mutation(api.inactivity.keepActive, { token: other.token })).toMatchObject({ ok: false, reason: "invalid" });
    dayOf(80 + 36);
    expect(await t.mutation(api.inactivity.keepActive, { token })).toMatchObject({ ok: false, reason: "expired" });
  });

  it("sends a paused account's keep-active link to reactivation instead", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client");
    dayOf(80);
    await dailyRun(t);
    const token = decodeURIComponent(/keep-active\?token=([^\s]+)/.exec((await emails(t))[0]!.text)![1]!);
    dayOf(90);
    await dailyRun(t);
    expect(await t.mutation(api.inactivity.keepActive, { token })).toMatchObject({ ok: false, reason: "deactivated" });
    expect(await user(t, sam.id)).toMatchObject({ status: "deactivated" });
  });

  it("revokes the keep-active link when the account's status changes", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client");
    const admin = await signedIn(t, "admin");
    dayOf(80);
    await dailyRun(t);
    const token = decodeURIComponent(/keep-active\?token=([^\s]+)/.exec((await emails(t))[0]!.text)![1]!);
    await admin.as.mutation(api.users.setStatus, { userId: sam.id, status: "deactivated", reason: "other" });
    await admin.as.mutation(api.users.setStatus, { userId: sam.id, status: "active" });
    const before = (await user(t, sam.id)).lastActiveAt;
    dayOf(81);
    expect(await t.mutation(api.inactivity.keepActive, { token })).toMatchObject({ ok: false, reason: "invalid" });
    expect((await user(t, sam.id)).lastActiveAt).toBe(before);
    // Paused by an admin: the link sends the person to a person, not to a reactivation link that cannot help.
    await admin.as.mutation(api.users.setStatus, { userId: sam.id, status: "deactivated", reason: "other" });
    expect(await t.mutation(api.inactivity.keepActive, { token })).toEqual({ ok: false, reason: "held", message: INACTIVITY_MESSAGES.keepHeld });
  });

  it("lets a member dismiss the dashboard notice", async () => {
    const t = newConvexTest();
    const sam = await signedIn(t, "client");
    dayOf(60);
    await dailyRun(t);
    await sam.as.mutation(api.inactivity.dismissNotice, {});
    expect(await sam.as.query(api.inactivity.notice, {})).toBeNull();
  });

  it("never pauses coaches, paying members or the last active admin", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    const paying = await signedIn(t, "client", { tier: "control" });
    const guest = await signedIn(t, "guest_confirmed", { tier: "basic" });
    const admin = await signedIn(t, "admin");
    dayOf(90);
    expect(await dailyRun(t)).toMatchObject({ deactivated: 1, skipped: 3 });
    expect(await user(t, coach.id)).toMatchObject({ status: "active" });
    expect(await user(t, paying.id)).toMatchObject({ status: "active" });
    expect(await user(t, guest.id)).toMatchObject({ status: "deactivated" });
    expect(await user(t, admin.id)).toMatchObject({ status: "active" });
  });

  it("pauses an idle admin while another admin is active", async () => {
    const t = newConvexTest();
    const idle = await signedIn(t, "admin");
    dayOf(90);
    const active = await signedIn(t, "admin");
    await dailyRun(t);
    expect(await user(t, idle.id)).toMatchObject({ status: "deactivated" });
    expect(await user(t, active.id)).toMatchObject({ status: "active" });
  });

  it("works in batches and reads only the accounts due, never the table", async () => {
    // Each paused account is e-mailed, and each e-mail is counted in outboxByStatus, whose tree
    // reads take about 13 documents: a batch of 100 reads ~1,600, still short of the 2,250 rows.
    const t = newConvexTest({ transactionLimits: { documentsRead: 2000 } });
    await t.run(async (ctx) => {
      const base = { role: "client", userType: "client", tier: "foundation", forumMember: false, firstName: "A", lastName: "B", status: "active", timezone: "UTC", createdAt: START } as const;
      for (let i = 0; i < 250; i++) await ctx.db.insert("users", { ...base, email: `due${i}@example.com`, lastActiveAt: START - 95 * DAY + i });
      for (let i = 0; i < 2000; i++) await ctx.db.insert("users", { ...base, email: `fresh${i}@example.com`, lastActiveAt: START - (i % 50) * DAY });
    });
    const first = await t.mutation(internal.inactivity.sweep, {});
    expect(first).toMatchObject({ stage: "deactivate", more: true, stats: { read: 100, deactivated: 100 } });
    await runScheduled(t);
    const run = await t.query(internal.inactivity.lastRun, {});
    expect(run).toMatchObject({ deactivated: 250, warned: 0 });
    expect(run!.read).toBeLessThanOrEqual(2 * 250);
    // The next day only the accounts that crossed a line since are read: none here.
    dayOf(1);
    expect(await dailyRun(t)).toMatchObject({ deactivated: 0, warned: 0, read: 3 });
  }, 60_000);
});

describe("the rules", () => {
  it("puts each account in one stage by its idle days", () => {
    const now = START;
    expect(stageRange("deactivate", now)).toEqual({ after: null, through: now - 90 * DAY });
    expect(stageRange("warn80", now)).toEqual({ after: now - 90 * DAY, through: now - 80 * DAY });
    expect(stageRange("warn60", now)).toEqual({ after: now - 80 * DAY, through: now - 60 * DAY });
  });

  it("applies to clients and guests, admins with care, never to coaches or paying members", () => {
    expect(inactivityPolicy({ role: "client", tier: "foundation" })).toBe("applies");
    expect(inactivityPolicy({ role: "guest_temporary", tier: "public" })).toBe("applies");
    expect(inactivityPolicy({ role: "client", tier: "mastery" })).toBe("exempt_paying");
    expect(inactivityPolicy({ role: "coach", tier: "foundation" })).toBe("exempt_coach");
    expect(inactivityPolicy({ role: "admin", tier: "mastery" })).toBe("admin");
  });

  it("cleans up only deactivated Foundation accounts after 90 days", () => {
    const base = { status: "deactivated", tier: "foundation", deactivatedAt: START };
    expect(retentionDue(base, START + 90 * DAY)).toBe(true);
    expect(retentionDue(base, START + 90 * DAY - 1)).toBe(false);
    expect(retentionDue({ ...base, tier: "control" }, START + 200 * DAY)).toBe(false);
    expect(retentionDue({ ...base, status: "active" }, START + 200 * DAY)).toBe(false);
    expect(retentionDue({ ...base, anonymizedAt: START }, START + 200 * DAY)).toBe(false);
  });
});

describe("retention", () => {
  it("anonymises a Foundation account 90 days after deactivation and removes only its own data", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    const old = await signedIn(t, "client", {
      status: "deactivated",
      deactivationReason: "inactivity_90_days",
      deactivatedAt: START - 91 * DAY,
      forumName: "Quiet Fox",
      forumNameKey: "quiet fox",
    });
    const recent = await signedIn(t, "client", { status: "deactivated", deactivationReason: "inactivity_90_days", deactivatedAt: START - 30 * DAY });
    const paid = await signedIn(t, "client", { tier: "control", status: "deactivated", deactivationReason: "other", deactivatedAt: START - 200 * DAY });
    const sessionId = await t.run(async (ctx) => {
      await ctx.db.insert("reactivationTokens", { jti: "j", userId: old.id, issuedAt: START, expiresAt: START + DAY });
      await ctx.db.insert("inactivityWarnings", { userId: old.id, level: 60, periodStart: 1, sentAt: 2 });
      await ctx.db.insert("notifications", { userId: old.id, type: "system_alert", priority: "low", title: "Hi", message: "Hi", read: false, timestamp: 1, actions: [], data: {} });
      return ctx.db.insert("sessions", {
        title: "Coaching",
        description: "",
        coachId: coach.id,
        memberId: old.id,
        startsAt: START - 200 * DAY,
        endsAt: START - 200 * DAY + 3_600_000,
        durationMinutes: 60,
        status: "completed",
        meetingUrl: "https://meet.example/x",
        bookedAt: START - 201 * DAY,
        debitedMinutes: 60,
        reminderJobs: [],
      });
    });
    await t.mutation(internal.retention.cleanUp, {});
    await runScheduled(t);
    const cleaned = await user(t, old.id);
    expect(cleaned).toMatchObject({ firstName: "Former", lastName: "member", email: `removed+${old.id}@deleted.invalid`, anonymizedAt: Date.now(), status: "deactivated" });
    for (const field of ["tokenIdentifier", "forumName", "forumNameKey"]) expect(cleaned).not.toHaveProperty(field);
    expect(await t.run((ctx) => Promise.all([ctx.db.query("reactivationTokens").collect(), ctx.db.query("inactivityWarnings").collect(), ctx.db.query("notifications").collect()]))).toEqual([[], [], []]);
    expect(await t.run((ctx) => ctx.db.get("sessions", sessionId))).toMatchObject({ memberId: old.id, coachId: coach.id });
    expect(await user(t, recent.id)).not.toHaveProperty("anonymizedAt");
    expect(await user(t, paid.id)).not.toHaveProperty("anonymizedAt");
    // A second run finds nothing more to do.
    expect(await t.mutation(internal.retention.cleanUp, {})).toEqual({ anonymized: 0, more: false });
  });
});
