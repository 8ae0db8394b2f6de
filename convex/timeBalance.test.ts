// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads, and
// convex-test loads the functions (and with them @date-fns/tz) only at the first call.
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import crons from "./crons";
import { EXPIRY_BATCH, LEDGER_ADJUSTMENT_MAX, TIME_BALANCE_VALID_MS, type LedgerKind } from "./model/timeBalance";
import { newConvexTest } from "./test.setup";
import { signedIn } from "./test.users";
import { insertSession, storedAndDerivedBalance } from "./test.sessions";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

const NOW = Date.UTC(2026, 2, 2, 8);

afterEach(() => {
  vi.useRealTimers();
});

describe("timeBalance", () => {
  it("shows zeros before the first purchase", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    expect(await member.as.query(api.timeBalance.mine, {})).toEqual({ totalMinutes: 0, consumedMinutes: 0, remainingMinutes: 0 });
  });

  it("credits a purchase valid for 365 days, and keeps the row equal to the ledger", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 120, note: "Starter package" });
    expect(await member.as.query(api.timeBalance.mine, {})).toEqual({
      totalMinutes: 120,
      consumedMinutes: 0,
      remainingMinutes: 120,
      lastPurchaseAt: NOW,
      expiresAt: NOW + TIME_BALANCE_VALID_MS,
    });
    const { stored, derived } = await storedAndDerivedBalance(t, member.id);
    expect(stored).toEqual(derived);
    expect(await codeOf(t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 0, note: "Nothing" }))).toBe(
      "INVALID_INPUT",
    );
    expect(await codeOf(t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 1.5, note: "Half" }))).toBe(
      "INVALID_INPUT",
    );
  });

  it("lists the caller's own entries, newest first, a page at a time", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const other = await signedIn(t, "client");
    for (const minutes of [60, 90, 120]) {
      vi.advanceTimersByTime(1000);
      await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes, note: `${minutes} minutes` });
    }
    await t.mutation(internal.timeBalance.creditPurchase, { userId: other.id, minutes: 30, note: "Other" });
    const first = await member.as.query(api.timeBalance.history, { paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((e) => e.minutes)).toEqual([120, 90]);
    const second = await member.as.query(api.timeBalance.history, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(second.page.map((e) => e.minutes)).toEqual([60]);
    expect(second.isDone).toBe(true);
  });

  it("totals the caller's minutes bought and used per month of their own time zone", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW); // March 2, 2026, 3:00 AM in New York
    const t = newConvexTest();
    const member = await signedIn(t, "client", { timezone: "America/New_York" });
    const other = await signedIn(t, "client");
    const coach = await signedIn(t, "coach");
    const cancelled = await insertSession(t, { memberId: member.id, coachId: coach.id });
    const kept = await insertSession(t, { memberId: member.id, coachId: coach.id });
    await t.run(async (ctx) => {
      const entry = (kind: LedgerKind, minutes: number, at: number, sessionId?: Id<"sessions">) =>
        ctx.db.insert("timeLedger", { userId: member.id, kind, minutes, at, note: "", ...(sessionId ? { sessionId } : {}) });
      await entry("purchase", 300, Date.UTC(2025, 8, 30, 12)); // September: before the months shown
      await entry("purchase", 600, Date.UTC(2025, 9, 1, 12));
      await entry("booking_debit", -60, Date.UTC(2026, 0, 10), cancelled);
      await entry("refund", 60, Date.UTC(2026, 1, 5), cancelled);
      await entry("booking_debit", -90, Date.UTC(2026, 2, 1, 3), kept); // February 28, 10:00 PM in New York
      await entry("expiry", -30, Date.UTC(2026, 2, 2, 6));
      await ctx.db.insert("timeLedger", { userId: other.id, kind: "purchase", minutes: 120, at: Date.UTC(2026, 1, 1), note: "" });
    });
    expect(await member.as.query(api.timeBalance.monthly, {})).toEqual([
      { month: "2025-10", boughtMinutes: 600, usedMinutes: 0 },
      { month: "2025-11", boughtMinutes: 0, usedMinutes: 0 },
      { month: "2025-12", boughtMinutes: 0, usedMinutes: 0 },
      { month: "2026-01", boughtMinutes: 0, usedMinutes: 0 },
      { month: "2026-02", boughtMinutes: 0, usedMinutes: 90 },
      { month: "2026-03", boughtMinutes: 0, usedMinutes: 0 },
    ]);
    expect((await other.as.query(api.timeBalance.monthly, {})).map((m) => m.boughtMinutes)).toEqual([0, 0, 0, 0, 120, 0]);
  });

  it("lets an admin adjust a balance either way, never below zero", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 60, note: "Package" });
    expect(await admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes: 30, note: "Goodwill" })).toMatchObject({
      totalMinutes: 90,
      remainingMinutes: 90,
    });
    expect(await admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes: -20, note: "Correction" })).toMatchObject({
      totalMinutes: 90,
      remainingMinutes: 70,
      consumedMinutes: 20,
    });
    expect(await codeOf(admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes: -71, note: "Too much" }))).toBe(
      "ADJUSTMENT_BELOW_ZERO",
    );
    expect(await codeOf(admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes: 10, note: "  " }))).toBe("INVALID_INPUT");
    expect(await codeOf(admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes: 0, note: "Zero" }))).toBe("INVALID_INPUT");
    for (const minutes of [1e308, -1e308, LEDGER_ADJUSTMENT_MAX + 1, 1.5, Number.NaN])
      expect(await codeOf(admin.as.mutation(api.timeBalance.adjust, { userId: member.id, minutes, note: "Huge" })), String(minutes)).toBe("INVALID_INPUT");
    expect(await member.as.query(api.timeBalance.mine, {})).toMatchObject({ remainingMinutes: 70 });
    const entries = await t.run((ctx) => ctx.db.query("timeLedger").collect());
    expect(entries.filter((e) => e.kind === "adjustment").map((e) => [e.minutes, e.actorId])).toEqual([
      [30, admin.id],
      [-20, admin.id],
    ]);
    const { stored, derived } = await storedAndDerivedBalance(t, member.id);
    expect(stored).toEqual(derived);
  });

  it("writes off what is left once the validity passed, and leaves the rest alone", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const t = newConvexTest();
    const old = await signedIn(t, "client");
    const admin = await signedIn(t, "admin");
    const fresh = await signedIn(t, "client");
    const adjustedOnly = await signedIn(t, "client");
    await t.mutation(internal.timeBalance.creditPurchase, { userId: old.id, minutes: 120, note: "Old package" });
    await admin.as.mutation(api.timeBalance.adjust, { userId: adjustedOnly.id, minutes: 30, note: "Credit without expiry" });
    vi.setSystemTime(NOW + 200 * 24 * 60 * 60 * 1000);
    await t.mutation(internal.timeBalance.creditPurchase, { userId: fresh.id, minutes: 60, note: "New package" });
    vi.setSystemTime(NOW + TIME_BALANCE_VALID_MS);
    expect(await t.mutation(internal.timeBalance.expireDue, {})).toBe(1);
    expect(await old.as.query(api.timeBalance.mine, {})).toEqual({
      totalMinutes: 120,
      consumedMinutes: 120,
      remainingMinutes: 0,
      lastPurchaseAt: NOW,
    });
    expect(await fresh.as.query(api.timeBalance.mine, {})).toMatchObject({ remainingMinutes: 60 });
    expect(await adjustedOnly.as.query(api.timeBalance.mine, {})).toMatchObject({ remainingMinutes: 30 });
    const { stored, derived } = await storedAndDerivedBalance(t, old.id);
    expect(stored).toEqual(derived);
    expect(await t.mutation(internal.timeBalance.expireDue, {})).toBe(0);
  });

  it("expires more than one batch by rescheduling itself", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const t = newConvexTest();
    const ids: Id<"users">[] = [];
    for (let i = 0; i < EXPIRY_BATCH + 5; i++) ids.push((await signedIn(t, "client")).id);
    for (const userId of ids) await t.mutation(internal.timeBalance.creditPurchase, { userId, minutes: 30, note: "Package" });
    vi.setSystemTime(NOW + TIME_BALANCE_VALID_MS + 1);
    expect(await t.mutation(internal.timeBalance.expireDue, {})).toBe(EXPIRY_BATCH);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const left = await t.run((ctx) => ctx.db.query("timeBalances").collect());
    expect(left.every((row) => row.remainingMinutes === 0 && row.expiresAt === undefined)).toBe(true);
  });

  it("runs the expiry daily from crons.ts", () => {
    expect(crons.crons["expire time balances"]).toMatchObject({
      name: "cronJobs:run",
      args: [{ job: "expire time balances" }],
      schedule: { type: "cron", cron: "17 3 * * *" },
    });
  });
});
