/** The contact form: visitors and members write, admins read (and are told by e-mail). */
import { withSystemFields } from "convex-helpers/validators";
import { paginationResultValidator } from "convex/server";
import { bounded, LIMITS } from "./model/bounds";
import { ConvexError, v } from "convex/values";
import { queueEmail } from "./email";
import { adminMutation, adminQuery, publicMutation } from "./functions";
import { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS, contactErrors } from "./model/contact";
import type { ContactSubject } from "./model/contactSubjects";
import { AUTH_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { callerKey, enforceRateLimits } from "./model/rateLimits";
import { normalizeEmail } from "./model/users";
import { contactMessageFields } from "./schema";

const messageValidator = v.object(withSystemFields("contactMessages", contactMessageFields));

/**
 * Stores a message and tells every active admin. Bad input or too many messages store nothing:
 * per sender address, per client (the member, else the network address) and for everyone.
 */
export const submit = publicMutation({
  args: {
    name: bounded.line(CONTACT_LIMITS.name),
    email: bounded.line(CONTACT_LIMITS.email),
    subject: v.optional(bounded.token(LIMITS.code)),
    message: bounded.text(CONTACT_LIMITS.message),
  },
  returns: v.null(),
  handler: async (ctx, input) => {
    const fields = contactErrors(input);
    if (Object.keys(fields).length > 0) throw new ConvexError({ code: "INVALID_INPUT", message: AUTH_MESSAGES.INVALID_INPUT, fields });
    const email = normalizeEmail(input.email);
    await enforceRateLimits(
      ctx,
      [
        { name: "contactPerClient", key: await callerKey(ctx) },
        { name: "contactPerSender", key: email },
        { name: "contactOverall", message: RATE_LIMIT_MESSAGES.contactBusy },
      ],
      RATE_LIMIT_MESSAGES.contactClient,
    );
    const subject = input.subject ? (input.subject as ContactSubject) : undefined;
    const message = {
      name: input.name.trim(),
      email,
      message: input.message.trim(),
      createdAt: Date.now(),
      read: false,
      ...(subject ? { subject } : {}),
      ...(ctx.viewer ? { userId: ctx.viewer._id } : {}),
    };
    await ctx.db.insert("contactMessages", message);
    const admins = await ctx.db
      .query("users")
      .withIndex("by_role_and_status", (q) => q.eq("role", "admin").eq("status", "active"))
      .take(20);
    for (const admin of admins) {
      await queueEmail(ctx, {
        to: admin.email,
        subject: `New message from ${message.name}${subject ? ` (${CONTACT_SUBJECT_LABELS[subject]})` : ""}`,
        text: `${message.name} <${message.email}> wrote:\n\n${message.message}\n\nReply within 24 hours.`,
        template: "contact_notification",
      });
    }
    return null;
  },
});

/** The inbox, newest first. */
export const list = adminQuery({
  args: { paginationOpts: bounded.paginationOpts },
  returns: paginationResultValidator(messageValidator),
  handler: (ctx, { paginationOpts }) => ctx.db.query("contactMessages").withIndex("by_created").order("desc").paginate(paginationOpts),
});

export const setRead = adminMutation({
  args: { id: v.id("contactMessages"), read: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { id, read }) => {
    if (!(await ctx.db.get("contactMessages", id))) throw new ConvexError({ code: "NOT_FOUND", message: "That message no longer exists." });
    await ctx.db.patch("contactMessages", id, { read });
    return null;
  },
});
