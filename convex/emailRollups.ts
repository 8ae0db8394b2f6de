/**
 * The fold that keeps the e-mail counts (model/emailRollups.ts), and the backfill that counts
 * events written before counts were folded.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./functions";
import { foldWaiting, FOLD_BATCH, runFold } from "./model/emailRollups";

const foldResult = v.object({ folded: v.number(), more: v.boolean() });

/** Scheduled by the first event that finds no fold coming; runs again at once while events wait. */
export const fold = internalMutation({
  args: {},
  returns: foldResult,
  handler: (ctx) => runFold(ctx, Date.now()),
});

/**
 * Counts the events written before counts were folded, a batch per run, each run scheduling the
 * next until none is left; an event already counted is never counted again, so it may be stopped
 * and run again. Once after deploying: `npx convex run emailRollups:backfill`.
 */
export const backfill = internalMutation({
  args: {},
  returns: foldResult,
  handler: async (ctx) => {
    const result = await foldWaiting(ctx, undefined, FOLD_BATCH);
    if (result.more) await ctx.scheduler.runAfter(0, internal.emailRollups.backfill, {});
    return result;
  },
});
