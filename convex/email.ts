/** The e-mail outbox: queueing, delivery through the configured adapter, and the admin view. */
import { withSystemFields } from "convex-helpers/validators";
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { MutationCtx } from "./_generated/server";
import { adminQuery, internalAction, internalMutation, internalQuery } from "./functions";
import { resendConfigured, sendWithResend } from "./integrations/email";
import { emailOutboxFields, emailStatusValidator } from "./schema";

/** Queues one e-mail in the calling transaction and schedules its delivery. */
export async function queueEmail(ctx: MutationCtx, message: { to: string; subject: string; text: string; template: string }) {
  const id = await ctx.db.insert("emailOutbox", { ...message, createdAt: Date.now(), status: "queued" });
  await ctx.scheduler.runAfter(0, internal.email.deliver, { id });
  return id;
}

export const deliver = internalAction({
  args: { id: v.id("emailOutbox") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const message = await ctx.runQuery(internal.email.get, { id });
    if (!message || message.status !== "queued") return null;
    if (!resendConfigured()) {
      await ctx.runMutation(internal.email.setStatus, { id, status: "stored" });
      return null;
    }
    try {
      const providerId = await sendWithResend(message);
      await ctx.runMutation(internal.email.setStatus, { id, status: "sent", providerId });
    } catch (error) {
      await ctx.runMutation(internal.email.setStatus, { id, status: "failed", error: error instanceof Error ? error.message : String(error) });
    }
    return null;
  },
});

const outboxValidator = v.object(withSystemFields("emailOutbox", emailOutboxFields));

export const get = internalQuery({
  args: { id: v.id("emailOutbox") },
  returns: v.union(v.null(), outboxValidator),
  handler: (ctx, { id }) => ctx.db.get("emailOutbox", id),
});

export const setStatus = internalMutation({
  args: { id: v.id("emailOutbox"), status: emailStatusValidator, providerId: v.optional(v.string()), error: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { id, ...change }) => {
    await ctx.db.patch("emailOutbox", id, change);
    return null;
  },
});

/** Everything sent, newest first: the embedded default's inbox for admins. */
export const outbox = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(outboxValidator),
  handler: (ctx, { paginationOpts }) => ctx.db.query("emailOutbox").withIndex("by_created").order("desc").paginate(paginationOpts),
});
