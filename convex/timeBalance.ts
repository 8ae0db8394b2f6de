/** The member's time balance: reading it and its history, admin corrections, purchases and expiry. */
import { paginationResultValidator } from "convex/server";
import { bounded } from "./model/bounds";
import { v } from "convex/values";
import { withSystemFields } from "convex-helpers/validators";
import { internal } from "./_generated/api";
import { adminMutation, internalMutation, memberQuery } from "./functions";
import { userError } from "./model/errors";
import {
  adjustBalance,
  creditPurchase as credit,
  EXPIRY_BATCH,
  expireDueBalances,
  LEDGER_ADJUSTMENT_MAX,
  LEDGER_NOTE_MAX,
  monthlyMinutes,
  monthlyStart,
  readBalance,
} from "./model/timeBalance";
import { timeBalanceFields, timeLedgerFields } from "./schema";

/** Entries one history page may hold. */
const HISTORY_PAGE_MAX = 100;

const balanceValidator = v.object(timeBalanceFields).omit("userId");
const entryValidator = v.object(withSystemFields("timeLedger", timeLedgerFields));

/** The caller's balance: all zeros before their first purchase. */
export const mine = memberQuery({
  args: {},
  returns: balanceValidator,
  handler: (ctx) => readBalance(ctx, ctx.viewer._id),
});

/** The caller's own ledger, newest first. */
export const history = memberQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(entryValidator),
  handler: (ctx, { paginationOpts }) =>
    ctx.db
      .query("timeLedger")
      .withIndex("by_user_and_at", (q) => q.eq("userId", ctx.viewer._id))
      .order("desc")
      .paginate({ ...paginationOpts, numItems: Math.min(paginationOpts.numItems, HISTORY_PAGE_MAX) }),
});

/**
 * Minutes the caller bought and used per month, the last MONTHLY_CHART_MONTHS months of their own
 * time zone, oldest first. It reads only those months' entries.
 */
export const monthly = memberQuery({
  args: {},
  returns: v.array(v.object({ month: v.string(), boughtMinutes: v.number(), usedMinutes: v.number() })),
  handler: async (ctx) => {
    const now = Date.now();
    const { _id: userId, timezone } = ctx.viewer;
    const entries = await ctx.db
      .query("timeLedger")
      .withIndex("by_user_and_at", (q) => q.eq("userId", userId).gte("at", monthlyStart(now, timezone)))
      .collect();
    return monthlyMinutes(entries, now, timezone);
  },
});

/** An admin's signed correction to a member's balance, with the reason; never below zero. */
export const adjust = adminMutation({
  args: { userId: v.id("users"), minutes: bounded.int(-LEDGER_ADJUSTMENT_MAX, LEDGER_ADJUSTMENT_MAX), note: bounded.line(LEDGER_NOTE_MAX) },
  returns: balanceValidator,
  handler: async (ctx, { userId, minutes, note }) => {
    if (!(await ctx.db.get("users", userId))) throw userError("NOT_FOUND");
    return adjustBalance(ctx, userId, { minutes, note, actorId: ctx.viewer._id }, Date.now());
  },
});

/** Minutes bought (billing, the seed): they count for TIME_BALANCE_VALID_DAYS from now. */
export const creditPurchase = internalMutation({
  args: { userId: v.id("users"), minutes: v.number(), note: v.string() },
  returns: balanceValidator,
  handler: (ctx, { userId, ...purchase }) => credit(ctx, userId, purchase, Date.now()),
});

/** Daily (convex/crons.ts): writes off balances past their validity, a batch at a time. */
export const expireDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const expired = await expireDueBalances(ctx, Date.now());
    if (expired === EXPIRY_BATCH) await ctx.scheduler.runAfter(0, internal.timeBalance.expireDue, {});
    return expired;
  },
});
