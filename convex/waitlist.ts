/**
 * The sooner-slot waitlist: join from a booking with a window, leave, take or pass an offered
 * earlier time, and the coach's view of who waits. The rules are in convex/model/waitlist.ts.
 */
import { v } from "convex/values";
import { internalMutation, memberMutation, memberQuery, staffQuery } from "./functions";
import { bounded } from "./model/bounds";
import { claimOffer, declineOffer, endHold as endHoldOf, joinWaitlist, leaveWaitlist, offerEarlierTimes, openOffersOf, requestFor, scheduleScan, waitingFor } from "./model/waitlist";
import { loadSessionFor } from "./model/sessions";
import { waitlistWindowValidator } from "./schema";

const windowArg = v.object({
  fromDay: bounded.token(10),
  toDay: bounded.token(10),
  fromTime: bounded.token(5),
  toTime: bounded.token(5),
  weekdays: bounded.array(bounded.int(0, 6), 7),
});

/** Asks to hear about earlier times for one of the caller's bookings, within `window` (their zone). */
export const join = memberMutation({
  args: { sessionId: v.id("sessions"), window: windowArg },
  returns: v.id("waitlistRequests"),
  handler: (ctx, args) => joinWaitlist(ctx, ctx.viewer, args, Date.now()),
});

/** Takes one of the caller's bookings off the waitlist. */
export const leave = memberMutation({
  args: { sessionId: v.id("sessions") },
  returns: v.null(),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    if (session.memberId !== ctx.viewer._id) return null;
    await leaveWaitlist(ctx, session._id);
    await scheduleScan(ctx, session.coachId);
    return null;
  },
});

/** The caller's booking's place on the waitlist: its window and whether a time is offered now. */
export const forBooking = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.union(v.object({ window: waitlistWindowValidator, timezone: v.string(), offered: v.boolean() }), v.null()),
  handler: async (ctx, { sessionId }) => {
    const session = await loadSessionFor(ctx, ctx.viewer, sessionId, "read");
    if (session.memberId !== ctx.viewer._id) return null;
    const request = await requestFor(ctx, session._id);
    return request ? { window: request.window, timezone: request.timezone, offered: request.status === "offered" } : null;
  },
});

const offerValidator = v.object({
  _id: v.id("waitlistOffers"),
  sessionId: v.id("sessions"),
  startsAt: v.number(),
  endsAt: v.number(),
  expiresAt: v.number(),
});

/** Earlier times held for the caller now, soonest first: the banner's content. */
export const myOffers = memberQuery({
  args: {},
  returns: v.array(offerValidator),
  handler: async (ctx) =>
    (await openOffersOf(ctx, ctx.viewer._id, Date.now())).map(({ _id, sessionId, startsAt, endsAt, expiresAt }) => ({ _id, sessionId, startsAt, endsAt, expiresAt })),
});

/** Moves the caller's booking to the offered time; returns the booking's id. */
export const claim = memberMutation({
  args: { offerId: v.id("waitlistOffers") },
  returns: v.id("sessions"),
  handler: (ctx, { offerId }) => claimOffer(ctx, ctx.viewer, offerId, Date.now()),
});

/** Passes the offered time on; the caller keeps waiting for another. */
export const decline = memberMutation({
  args: { offerId: v.id("waitlistOffers") },
  returns: v.null(),
  handler: async (ctx, { offerId }) => {
    await declineOffer(ctx, ctx.viewer, offerId, Date.now());
    return null;
  },
});

/** Who waits for an earlier time with the calling coach, first to join first. */
export const waiting = staffQuery({
  args: {},
  returns: v.array(
    v.object({
      requestId: v.id("waitlistRequests"),
      memberName: v.string(),
      sessionId: v.id("sessions"),
      bookedFor: v.number(),
      window: waitlistWindowValidator,
      timezone: v.string(),
      joinedAt: v.number(),
      offered: v.boolean(),
    }),
  ),
  handler: (ctx) => waitingFor(ctx, ctx.viewer._id),
});

/** The scan after a time may have opened: a cancellation, a move, new hours, a passed offer. */
export const offerEarlier = internalMutation({
  args: { coachId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { coachId }) => {
    await offerEarlierTimes(ctx, coachId, Date.now());
    return null;
  },
});

/** An offer's hold runs out: if still open, its time is passed on. */
export const endHold = internalMutation({
  args: { offerId: v.id("waitlistOffers") },
  returns: v.null(),
  handler: async (ctx, { offerId }) => {
    await endHoldOf(ctx, offerId, Date.now());
    return null;
  },
});
