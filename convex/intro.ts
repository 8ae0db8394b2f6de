/**
 * The new-client funnel (SPEC §2 booking flow): a visitor books the free intro session with a
 * name, an e-mail and a free slot of a coach, with no account.
 *
 * Whoever types an address must not learn whether it has an account, nor book in its name. So a
 * booking is finished by a link e-mailed to the address, and until then the time is held: the
 * answer, the work done and the calendar are the same for every address. The e-mail differs, and
 * only its owner reads it: a new address is asked to confirm (the guest account is made then, the
 * password shown once, the browser signed in); an address with an account is asked to sign in and
 * confirm; a paused account is told how to come back first. A signed-in member booking with their
 * own address is booked at once: they have nothing to learn about themselves.
 */
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "./_generated/server";
import { queueEmail } from "./email";
import { internalMutation, internalQuery, memberMutation, publicAction, publicMutation, publicQuery } from "./functions";
import { createIdentity, deleteIdentity, IdentityEmailTaken } from "./integrations/identity";
import { linkMayReactivate } from "./model/accountLinks";
import { activityUrls } from "./model/activity";
import { coachAvailability, INTRO_SESSION_MINUTES, loadCoach, MAX_SLOT_RANGE_DAYS, MINUTE_MS } from "./model/availability";
import { bounded, LIMITS } from "./model/bounds";
import { emailBookingChange } from "./model/bookingEmails";
import { bookIntroSession, checkSlot, formatWhen, introSlots } from "./model/bookings";
import { userError } from "./model/errors";
import {
  checkIntro,
  generatePassword,
  INTRO_CONFIRM_PATH,
  INTRO_EMAIL_SUBJECT,
  introHoldUntil,
  LINK_TOKEN_PATTERN,
  linkTokenHash,
  NEW_GUEST,
  newLinkToken,
} from "./model/intro";
import { INTRO_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { callerKey, enforceRateLimits } from "./model/rateLimits";
import { REACTIVATE_PATH, siteLink } from "./model/reactivation";
import { namesOf } from "./model/sessions";
import { searchTextOf } from "./model/userAdmin";
import { DEFAULT_TIMEZONE, findUserByEmail, findUserByToken, isValidTimezone } from "./model/users";

/** The practice has a handful of coaches; the booking page lists them all. */
const COACHES_MAX = 50;
/** An expired or used request is kept this long, so its link says what happened, then removed. */
const REQUEST_KEPT_MS = 24 * 60 * 60 * 1000;
/** Pending requests of one address looked at when a newer one replaces them (rate limits keep it to a few). */
const PENDING_PER_EMAIL_MAX = 20;

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

// ---------------------------------------------------------------- asking

/**
 * Asks for the intro. After the same checks for every address (the form, the rate limits, the
 * slot), the time is held and a link is e-mailed; the answer is `check_email` whatever the
 * address. Only a signed-in member using their own address is booked here and now.
 */
export const book = publicMutation({
  args: bookingArgs,
  returns: v.union(v.object({ kind: v.literal("check_email") }), v.object({ kind: v.literal("booked"), bookingId: v.id("sessions") })),
  handler: async (ctx, args) => {
    const now = Date.now();
    const { email } = checkIntro(args);
    await enforceRateLimits(
      ctx,
      [
        { name: "introPerClient", key: await callerKey(ctx), message: RATE_LIMIT_MESSAGES.introClient },
        { name: "introPerEmail", key: email },
        { name: "introOverall" },
      ],
      INTRO_MESSAGES.INTRO_BUSY,
    );
    const coach = await loadCoach(ctx, args.coachId);
    await checkSlot(ctx, { coachId: coach._id, startsAt: args.startsAt, durationMinutes: INTRO_SESSION_MINUTES }, now);
    const viewer = ctx.viewer;
    if (viewer?.status === "active" && viewer.email === email) {
      const bookingId = await bookIntroSession(ctx, viewer, args, now);
      await confirmationEmail(ctx, bookingId, viewer, false);
      return { kind: "booked" as const, bookingId };
    }
    await holdAndEmail(ctx, { ...args, email, coachId: coach._id }, now);
    return { kind: "check_email" as const };
  },
});

/**
 * Holds the time for this address (replacing its earlier request, whose link then stops working)
 * and e-mails the link. The e-mail depends on the address's account; nothing else does.
 */
async function holdAndEmail(
  ctx: MutationCtx,
  input: { name: string; email: string; coachId: Id<"users">; startsAt: number; timezone?: string },
  now: number,
) {
  const earlier = await ctx.db
    .query("introRequests")
    .withIndex("by_email_and_status", (q) => q.eq("email", input.email).eq("status", "pending"))
    .take(PENDING_PER_EMAIL_MAX);
  for (const request of earlier) await ctx.db.patch("introRequests", request._id, { status: "replaced" });
  const token = newLinkToken();
  const expiresAt = introHoldUntil(now, input.startsAt);
  const timezone = input.timezone && isValidTimezone(input.timezone) ? input.timezone : DEFAULT_TIMEZONE;
  const requestId = await ctx.db.insert("introRequests", {
    email: input.email,
    name: input.name.trim(),
    timezone,
    coachId: input.coachId,
    startsAt: input.startsAt,
    endsAt: input.startsAt + INTRO_SESSION_MINUTES * MINUTE_MS,
    tokenHash: await linkTokenHash(token),
    status: "pending",
    createdAt: now,
    expiresAt,
  });
  await ctx.scheduler.runAt(expiresAt + REQUEST_KEPT_MS, internal.intro.forgetRequest, { requestId });
  const account = await findUserByEmail(ctx.db, input.email);
  const coachName = (await namesOf(ctx, [input.coachId])).get(input.coachId) ?? "your coach";
  const link = siteLink(env.SITE_URL, `${INTRO_CONFIRM_PATH}?token=${token}`);
  await queueEmail(
    ctx,
    {
      to: input.email,
      subject: INTRO_EMAIL_SUBJECT,
      template: account ? (account.status === "active" ? "intro_sign_in" : "intro_account_paused") : "intro_confirm",
      text: requestEmailText({ account, name: input.name, coachName, startsAt: input.startsAt, expiresAt, timezone: account?.timezone ?? timezone, link }),
    },
    { idempotencyKey: `intro-request:${requestId}` },
  );
}

/** The e-mail to the address: what was asked, what to do next, and what happens if it was not them. */
export function requestEmailText(input: {
  account: Doc<"users"> | null;
  name: string;
  coachName: string;
  startsAt: number;
  expiresAt: number;
  timezone: string;
  link: string;
}): string {
  const { account, coachName, link } = input;
  const when = formatWhen(input.startsAt, input.timezone);
  const until = formatWhen(input.expiresAt, input.timezone);
  const asked = `A free ${INTRO_SESSION_MINUTES}-minute intro session with ${coachName} on ${when} was asked for with this e-mail address.`;
  const notYou = "If this wasn't you, you can ignore this e-mail: nothing is booked, and the time is freed again.";
  if (!account) {
    const first = input.name.trim().split(/\s+/)[0] || "there";
    return [
      `Hi ${first},`,
      "",
      `Thanks for booking! ${asked} We're holding that time for you until ${until}.`,
      "",
      "To finish booking, open this link and press Confirm:",
      link,
      "",
      "What happens then: we make your account and sign you in, show your password once (save it then), and ask a few short questions that help your coach prepare (about two minutes).",
      "",
      notYou,
      "",
      "LWCC",
    ].join("\n");
  }
  const greeting = `Hi ${account.firstName || "there"},`;
  if (account.status !== "active") {
    const back = linkMayReactivate(account)
      ? `To reactivate it for free, ask for a link at ${siteLink(env.SITE_URL, REACTIVATE_PATH)}.`
      : `Please contact us at ${siteLink(env.SITE_URL, "/contact")} and a person will help you.`;
    return [
      greeting,
      "",
      `${asked} Your LWCC account is paused, so nothing has been booked on it.`,
      "",
      `${back} Then sign in and confirm the booking with this link; we're holding the time until ${until}:`,
      link,
      "",
      notYou,
      "",
      "LWCC",
    ].join("\n");
  }
  return [
    greeting,
    "",
    `${asked} You already have an LWCC account, so nothing has been booked on it yet.`,
    "",
    `To book it, open this link, sign in and press Confirm. We're holding the time until ${until}:`,
    link,
    "",
    notYou,
    "",
    "LWCC",
  ].join("\n");
}

// ---------------------------------------------------------------- the e-mailed link

type LinkLookup = { state: "pending"; request: Doc<"introRequests"> } | { state: "confirmed" | "replaced" | "expired" | "invalid"; request: Doc<"introRequests"> | null };

/** The request a token names, and what state its link is in now. */
async function requestOf(ctx: Pick<QueryCtx, "db">, token: string, now: number): Promise<LinkLookup> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { state: "invalid", request: null };
  const tokenHash = await linkTokenHash(token);
  const request = await ctx.db
    .query("introRequests")
    .withIndex("by_token_hash", (q) => q.eq("tokenHash", tokenHash))
    .unique();
  if (!request) return { state: "invalid", request: null };
  if (request.status !== "pending") return { state: request.status, request };
  return request.expiresAt <= now ? { state: "expired", request } : { state: "pending", request };
}

const STATE_ERRORS = {
  confirmed: "INTRO_LINK_USED",
  replaced: "INTRO_LINK_REPLACED",
  expired: "INTRO_LINK_EXPIRED",
  invalid: "INTRO_LINK_INVALID",
} as const;

/** The pending request of a token, or the ConvexError that says what became of its link. */
async function pendingRequest(ctx: Pick<QueryCtx, "db">, token: string, now: number): Promise<Doc<"introRequests">> {
  const found = await requestOf(ctx, token, now);
  if (found.state !== "pending") throw userError(STATE_ERRORS[found.state]);
  return found.request;
}

const linkStateValidator = v.union(
  v.object({
    state: v.literal("pending"),
    email: v.string(),
    startsAt: v.number(),
    durationMinutes: v.number(),
    coachName: v.string(),
    expiresAt: v.number(),
    /** Whether the address has an account, and whether it is paused: told to the link's holder only, who owns the address. */
    account: v.union(v.literal("none"), v.literal("active"), v.literal("paused")),
    /** The signed-in caller is that account. */
    viewerIsOwner: v.boolean(),
  }),
  v.object({ state: v.union(v.literal("confirmed"), v.literal("replaced"), v.literal("expired"), v.literal("invalid")), message: v.string() }),
);

/** What /booking/confirm shows for a link, without using it. */
export const link = publicQuery({
  args: { token: bounded.token() },
  returns: linkStateValidator,
  handler: async (ctx, { token }): Promise<Infer<typeof linkStateValidator>> => {
    const found = await requestOf(ctx, token, Date.now());
    if (found.state !== "pending") return { state: found.state, message: INTRO_MESSAGES[STATE_ERRORS[found.state]] };
    const { request } = found;
    const account = await findUserByEmail(ctx.db, request.email);
    return {
      state: "pending",
      email: request.email,
      startsAt: request.startsAt,
      durationMinutes: INTRO_SESSION_MINUTES,
      coachName: (await namesOf(ctx, [request.coachId])).get(request.coachId) ?? "",
      expiresAt: request.expiresAt,
      account: !account ? "none" : account.status === "active" ? "active" : "paused",
      viewerIsOwner: ctx.viewer !== null && account !== null && ctx.viewer._id === account._id,
    };
  },
});

const provisioned = v.object({ userId: v.id("users"), bookingId: v.id("sessions") });

const confirmedNew = v.object({
  bookingId: v.id("sessions"),
  userId: v.id("users"),
  /** Shown once, on the post-booking welcome; never stored by us. */
  password: v.string(),
  /** One-time sign-in ticket for the browser (Clerk's sign-in token, or the local provider's). */
  ticket: v.string(),
  dashboardUrl: v.string(),
  email: v.string(),
  name: v.string(),
});

/**
 * Confirms the link of an address that has no account: the identity account is made first, then
 * the users row and the booking in one transaction; if that transaction refuses (the link was used
 * meanwhile, the address got an account), the identity account is removed again, so a failed
 * confirmation leaves nothing behind.
 */
export const confirm = publicAction({
  args: { token: bounded.token() },
  returns: confirmedNew,
  // Annotated: the result would otherwise be inferred through `internal`, which refers back to this file.
  handler: async (ctx, { token }): Promise<Infer<typeof confirmedNew>> => {
    const request: { email: string; name: string } = await ctx.runQuery(internal.intro.newAccountRequest, { token });
    const { firstName, lastName, email } = checkIntro(request);
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
        token,
        tokenIdentifier: identity.tokenIdentifier,
      });
      return { bookingId, userId, password, ticket: identity.ticket, dashboardUrl: "/dashboard", email, name: request.name };
    } catch (error) {
      await deleteIdentity(identity.tokenIdentifier).catch((cleanup: unknown) =>
        console.error(`Removing identity ${identity.tokenIdentifier} after a failed intro booking failed`, cleanup),
      );
      throw error;
    }
  },
});

/** A pending link of an address without an account: what confirm needs before it makes one. */
export const newAccountRequest = internalQuery({
  args: { token: bounded.token() },
  returns: v.object({ email: v.string(), name: v.string() }),
  handler: async (ctx, { token }) => {
    const request = await pendingRequest(ctx, token, Date.now());
    if (await findUserByEmail(ctx.db, request.email)) throw userError("INTRO_EMAIL_HAS_ACCOUNT");
    return { email: request.email, name: request.name };
  },
});

/** The guest's users row and the booking, and the link used, in one transaction. */
export const provision = internalMutation({
  args: { token: bounded.token(), tokenIdentifier: bounded.token() },
  returns: provisioned,
  handler: async (ctx, args) => {
    const now = Date.now();
    const request = await pendingRequest(ctx, args.token, now);
    const { firstName, lastName, email } = checkIntro(request);
    // Someone may have registered the address since the link was checked.
    const byEmail = await findUserByEmail(ctx.db, email);
    // Clerk's user.created webhook can arrive first and make a plain row for this identity: it becomes the guest.
    const byToken = await findUserByToken(ctx.db, args.tokenIdentifier);
    if (byEmail && byEmail._id !== byToken?._id) throw userError("INTRO_EMAIL_HAS_ACCOUNT");
    const profile = {
      ...NEW_GUEST,
      email,
      firstName,
      lastName,
      searchText: searchTextOf({ email, firstName, lastName }),
      timezone: request.timezone,
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
    const bookingId = await bookHeldTime(ctx, request, guest, now);
    await confirmationEmail(ctx, bookingId, guest, true);
    return { userId, bookingId };
  },
});

/**
 * Confirms the link of an address that has an account, for its owner once signed in: the held
 * time is booked on their account.
 */
export const confirmExisting = memberMutation({
  args: { token: bounded.token() },
  returns: v.object({ bookingId: v.id("sessions") }),
  handler: async (ctx, { token }) => {
    const now = Date.now();
    const request = await pendingRequest(ctx, token, now);
    if (ctx.viewer.email !== request.email) throw userError("INTRO_LINK_OTHER_ACCOUNT");
    const bookingId = await bookHeldTime(ctx, request, ctx.viewer, now);
    await confirmationEmail(ctx, bookingId, ctx.viewer, false);
    return { bookingId };
  },
});

/** Uses the link and books its time on `member`; the hold is released first, so it does not block its own booking. */
async function bookHeldTime(ctx: MutationCtx, request: Doc<"introRequests">, member: Doc<"users">, now: number) {
  await ctx.db.patch("introRequests", request._id, { status: "confirmed" });
  const bookingId = await bookIntroSession(ctx, member, { coachId: request.coachId, startsAt: request.startsAt }, now);
  await ctx.db.patch("introRequests", request._id, { bookingId });
  return bookingId;
}

/** Removes a request a day after its link ran out: its name and address are kept no longer than needed. */
export const forgetRequest = internalMutation({
  args: { requestId: v.id("introRequests") },
  returns: v.null(),
  handler: async (ctx, { requestId }) => {
    if (await ctx.db.get("introRequests", requestId)) await ctx.db.delete("introRequests", requestId);
    return null;
  },
});

/** The booking confirmation by e-mail. It never carries the password: that is shown once, on screen. */
async function confirmationEmail(ctx: MutationCtx, bookingId: Id<"sessions">, member: Doc<"users">, isNewUser: boolean) {
  const session = (await ctx.db.get("sessions", bookingId))!;
  const coachName = (await namesOf(ctx, [session.coachId])).get(session.coachId) ?? "your coach";
  const when = formatWhen(session.startsAt, member.timezone);
  const account = isNewUser
    ? "We made you an account to see it in: sign in with this e-mail and the password shown after booking."
    : "It's booked on your account: sign in to see it under Bookings.";
  await emailBookingChange(ctx, session, "booked", Date.now(), {
    subject: "Your free intro session is booked",
    text: `Hi ${member.firstName},\n\nYour free ${session.durationMinutes}-minute intro session with ${coachName} is booked for ${when}.\n\n${account}\n\nYour booking: ${activityUrls.booking(bookingId)}\n\nThe attached invitation adds it to your calendar.`,
    template: "intro_booked",
  });
}
