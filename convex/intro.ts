/**
 * The new-client funnel (SPEC §2 booking flow): a visitor books the free intro session with a
 * name, an e-mail and a free slot of a coach, with no account. The booking and a guest_temporary
 * account are made together and the visitor is signed in; an e-mail that already has an account
 * gets no second one: the booking joins that account and the visitor is asked to sign in.
 */
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { queueEmail } from "./email";
import { internalMutation, publicAction, publicQuery } from "./functions";
import { createIdentity, deleteIdentity, IdentityEmailTaken } from "./integrations/identity";
import { activityUrls } from "./model/activity";
import { coachAvailability, INTRO_SESSION_MINUTES, loadCoach, MAX_SLOT_RANGE_DAYS } from "./model/availability";
import { bounded, LIMITS } from "./model/bounds";
import { bookIntroSession, checkSlot, formatWhen, introSlots } from "./model/bookings";
import { userError } from "./model/errors";
import { checkIntro, generatePassword, NEW_GUEST } from "./model/intro";
import { searchTextOf } from "./model/userAdmin";
import { INTRO_MESSAGES } from "./model/messages";
import { enforceRateLimits } from "./model/rateLimits";
import { namesOf } from "./model/sessions";
import { DEFAULT_TIMEZONE, findUserByEmail, findUserByToken, isValidTimezone } from "./model/users";

/** The practice has a handful of coaches; the booking page lists them all. */
const COACHES_MAX = 50;

const bookingArgs = {
  name: bounded.line(LIMITS.name),
  email: bounded.line(LIMITS.email),
  coachId: v.id("users"),
  startsAt: bounded.time(),
  /** The visitor's IANA zone, for their e-mails and dashboard; UTC when the browser gives none. */
  timezone: v.optional(bounded.token(LIMITS.timezone)),
};

/** Coaches a visitor can book an intro with: active, with hours set. */
export const coaches = publicQuery({
  args: {},
  returns: v.array(v.object({ _id: v.id("users"), name: v.string() })),
  handler: async (ctx) => {
    const coaches = await ctx.db
      .query("users")
      .withIndex("by_role_and_status", (q) => q.eq("role", "coach").eq("status", "active"))
      .take(COACHES_MAX);
    const bookable: Doc<"users">[] = [];
    for (const coach of coaches) if (await coachAvailability(ctx, coach._id)) bookable.push(coach);
    const names = await namesOf(
      ctx,
      bookable.map((coach) => coach._id),
    );
    return bookable.map((coach) => ({ _id: coach._id, name: names.get(coach._id) ?? "" }));
  },
});

/** Open intro start times (UTC epoch ms) with a coach in [from, to). */
export const slots = publicQuery({
  args: { coachId: v.id("users"), from: bounded.time(), to: bounded.timeAfter("from", MAX_SLOT_RANGE_DAYS) },
  returns: v.array(v.number()),
  handler: (ctx, args) => introSlots(ctx, args, Date.now()),
});

const admission = v.union(v.object({ kind: v.literal("existing"), bookingId: v.id("sessions") }), v.object({ kind: v.literal("new") }));
const provisioned = v.object({ userId: v.id("users"), bookingId: v.id("sessions") });

const bookingResult = v.union(
  v.object({ kind: v.literal("existing"), bookingId: v.id("sessions") }),
  v.object({
    kind: v.literal("new"),
    bookingId: v.id("sessions"),
    userId: v.id("users"),
    /** Shown once, on the post-booking welcome; never stored by us. */
    password: v.string(),
    /** One-time sign-in ticket for the browser (Clerk's sign-in token, or the local provider's). */
    ticket: v.string(),
    dashboardUrl: v.string(),
  }),
);

/**
 * Books the intro. For a new e-mail the identity account is made first, then the users row and
 * the booking in one transaction; if that transaction refuses (the slot was taken meanwhile),
 * the identity account is removed again, so a failed booking leaves nothing behind.
 */
export const book = publicAction({
  args: bookingArgs,
  returns: bookingResult,
  // Annotated: the result would otherwise be inferred through `internal`, which refers back to this file.
  handler: async (ctx, args): Promise<Infer<typeof bookingResult>> => {
    const admitted: Infer<typeof admission> = await ctx.runMutation(internal.intro.admit, args);
    if (admitted.kind === "existing") return admitted;
    const { firstName, lastName, email } = checkIntro(args);
    const password = generatePassword();
    let identity: { tokenIdentifier: string; ticket: string };
    try {
      identity = await createIdentity({ email, password, firstName, lastName, role: NEW_GUEST.role });
    } catch (error) {
      if (error instanceof IdentityEmailTaken) throw userError("INTRO_EMAIL_HAS_ACCOUNT");
      console.error("Creating the identity account for an intro booking failed", error);
      throw userError("INTRO_SETUP_FAILED");
    }
    try {
      const { userId, bookingId }: Infer<typeof provisioned> = await ctx.runMutation(internal.intro.provision, {
        ...args,
        tokenIdentifier: identity.tokenIdentifier,
      });
      return { kind: "new" as const, bookingId, userId, password, ticket: identity.ticket, dashboardUrl: "/dashboard" };
    } catch (error) {
      await deleteIdentity(identity.tokenIdentifier).catch((cleanup: unknown) =>
        console.error(`Removing identity ${identity.tokenIdentifier} after a failed intro booking failed`, cleanup),
      );
      throw error;
    }
  },
});

/**
 * The checks that come before any account is made: the form, the rate limits, the slot. An
 * e-mail that already has an account is booked here, on that account.
 */
export const admit = internalMutation({
  args: bookingArgs,
  returns: admission,
  handler: async (ctx, args) => {
    const now = Date.now();
    const { email } = checkIntro(args);
    await enforceRateLimits(ctx, [{ name: "introPerEmail", key: email }, { name: "introOverall" }], INTRO_MESSAGES.INTRO_BUSY);
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) {
      if (existing.status !== "active") throw userError("INTRO_ACCOUNT_DEACTIVATED");
      const bookingId = await bookIntroSession(ctx, existing, args, now);
      await confirm(ctx, bookingId, existing, false);
      return { kind: "existing" as const, bookingId };
    }
    const coach = await loadCoach(ctx, args.coachId);
    await checkSlot(ctx, { coachId: coach._id, startsAt: args.startsAt, durationMinutes: INTRO_SESSION_MINUTES }, now);
    return { kind: "new" as const };
  },
});

/** The guest's users row and the booking, in one transaction. */
export const provision = internalMutation({
  args: { ...bookingArgs, tokenIdentifier: v.string() },
  returns: provisioned,
  handler: async (ctx, args) => {
    const now = Date.now();
    const { firstName, lastName, email } = checkIntro(args);
    // Someone else may have taken the address between admit and here.
    const byEmail = await findUserByEmail(ctx.db, email);
    // Clerk's user.created webhook can arrive first and make a plain row for this identity: it becomes the guest.
    const byToken = await findUserByToken(ctx.db, args.tokenIdentifier);
    if (byEmail && byEmail._id !== byToken?._id) throw userError("INTRO_EMAIL_HAS_ACCOUNT");
    const timezone = args.timezone && isValidTimezone(args.timezone) ? args.timezone : DEFAULT_TIMEZONE;
    const profile = {
      ...NEW_GUEST,
      email,
      firstName,
      lastName,
      searchText: searchTextOf({ email, firstName, lastName }),
      timezone,
      status: "active" as const,
      lastActiveAt: now,
    };
    let userId: Id<"users">;
    if (byToken) {
      userId = byToken._id;
      await ctx.db.patch("users", userId, profile);
    } else {
      userId = await ctx.db.insert("users", { ...profile, tokenIdentifier: args.tokenIdentifier, createdAt: now });
    }
    const guest = (await ctx.db.get("users", userId))!;
    const bookingId = await bookIntroSession(ctx, guest, args, now);
    await confirm(ctx, bookingId, guest, true);
    return { userId, bookingId };
  },
});

/** The booking confirmation by e-mail. It never carries the password: that is shown once, on screen. */
async function confirm(ctx: MutationCtx, bookingId: Id<"sessions">, member: Doc<"users">, isNewUser: boolean) {
  const session = (await ctx.db.get("sessions", bookingId))!;
  const coachName = (await namesOf(ctx, [session.coachId])).get(session.coachId) ?? "your coach";
  const when = formatWhen(session.startsAt, member.timezone);
  const account = isNewUser
    ? "We made you an account to see it in: sign in with this e-mail and the password shown after booking."
    : "It's booked on your existing account: sign in to see it. If you didn't book it, you can cancel it under Bookings.";
  await queueEmail(
    ctx,
    {
      to: member.email,
      subject: "Your free intro session is booked",
      text: `Hi ${member.firstName},\n\nYour free ${session.durationMinutes}-minute intro session with ${coachName} is booked for ${when}.\n\n${account}\n\nYour booking: ${activityUrls.booking(bookingId)}`,
      template: "intro_booked",
    },
    { idempotencyKey: `intro-booked:${bookingId}` },
  );
}
