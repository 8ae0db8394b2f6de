/**
 * Gentle nudges for commitments: the member's choice, the one-click answers from a nudge's links,
 * and the sweep the cron runs. The rules are in model/nudges.ts and model/nudgeRules.ts.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, memberMutation, memberQuery, publicMutation } from "./functions";
import { bounded } from "./model/bounds";
import { answerNudge, nudgeSettingsOf, removeExpiredNudges, saveNudgeSettings, sendDueNudges } from "./model/nudges";
import { NUDGE_BATCH } from "./model/nudgeRules";
import { nudgeAnswerValidator } from "./schema";

const settingsValidator = v.object({ enabled: v.boolean(), quietStart: bounded.int(0, 23), quietEnd: bounded.int(0, 23) });

/** The caller's nudge choice: off, with quiet hours 20:00-09:00, until they choose. */
export const settings = memberQuery({
  args: {},
  returns: settingsValidator,
  handler: (ctx) => nudgeSettingsOf(ctx, ctx.viewer._id),
});

export const save = memberMutation({
  args: settingsValidator.fields,
  returns: v.null(),
  handler: async (ctx, settings) => {
    await saveNudgeSettings(ctx, ctx.viewer, settings, Date.now());
    return null;
  },
});

/** A nudge link's answer, from the e-mail or the notification: the signed link is the authority, no sign-in needed. */
export const answer = publicMutation({
  args: { token: bounded.token() },
  returns: v.union(
    v.object({ ok: v.literal(true), answer: nudgeAnswerValidator, title: v.string(), message: v.string() }),
    v.object({ ok: v.literal(false), reason: v.union(v.literal("expired"), v.literal("invalid"), v.literal("answered"), v.literal("gone")), message: v.string() }),
  ),
  handler: (ctx, { token }) => answerNudge(ctx, token, Date.now()),
});

/** One batch of the members due a look; a full batch schedules the next straight away. */
export const sendDue = internalMutation({
  args: { now: v.optional(v.number()) },
  returns: v.object({ looked: v.number(), sent: v.number(), removed: v.number() }),
  handler: async (ctx, args) => {
    const now = args.now ?? Date.now();
    const { looked, sent, more } = await sendDueNudges(ctx, now);
    const removed = await removeExpiredNudges(ctx, now, NUDGE_BATCH);
    if (more) await ctx.scheduler.runAfter(0, internal.nudges.sendDue, {});
    return { looked, sent, removed };
  },
});
