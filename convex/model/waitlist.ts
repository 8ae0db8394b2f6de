/**
 * The sooner-slot waitlist: a member with a booking asks to hear about earlier times within a
 * window of days, times of day and weekdays (in their zone). When a time that fits opens (a
 * cancellation, a move, new availability), the waiting members are offered it in the order they
 * joined; an offer holds the time for that member alone for OFFER_HOLD_MINUTES. Claiming moves the
 * booking in one transaction; declining or letting the hold run out passes the time on.
 *
 * One scan (`offerEarlierTimes`) does all the offering: each waiting member in turn gets the
 * earliest fitting time nobody holds. Holds count as busy (bookings.ts busyTimes), so a time held
 * for the first member is not offered to the second, and nobody can book it meanwhile.
 */
import { TZDate } from "@date-fns/tz";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { queueEmail } from "../email";
import { activityUrls } from "./activity";
import { coachAvailability, DAY_MS, MAX_SLOT_RANGE_DAYS, MINUTE_MS, minutesOfDay, openSlots, type Interval } from "./availability";
import { busyTimes, formatWhen, rescheduleSession } from "./bookings";
import { userError } from "./errors";
import { OFFER_HOLD_MINUTES, WAITLIST_MAX_DAYS } from "./waitlistRules";
import { notify } from "./notifications";
import { siteLink } from "./reactivation";
import { namesOf } from "./sessions";

/** Waiting members one scan considers, the first to join first: a bounded read per freed time. */
export const WAITLIST_SCAN = 50;
/** Times a member passed up that are remembered (not offered again); the oldest go first. */
const PASSED_MAX = 20;

export type WaitlistWindow = Doc<"waitlistRequests">["window"];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant of local midnight starting `day` ("YYYY-MM-DD") in `zone`, or null for a day that is not one. */
function dayStart(day: string, zone: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new TZDate(year, month - 1, date, 0, 0, 0, 0, zone);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date ? start.getTime() : null;
}

/** A window's bounds as instants and minutes, or WAITLIST_WINDOW_INVALID. */
export function checkWindow(window: WaitlistWindow, zone: string, now: number) {
  const first = dayStart(window.fromDay, zone);
  const last = dayStart(window.toDay, zone);
  const fromMinutes = minutesOfDay(window.fromTime);
  const toMinutes = minutesOfDay(window.toTime);
  const weekdays = new Set(window.weekdays);
  const valid =
    first !== null &&
    last !== null &&
    first <= last &&
    last <= now + WAITLIST_MAX_DAYS * DAY_MS &&
    fromMinutes !== null &&
    toMinutes !== null &&
    fromMinutes < toMinutes &&
    weekdays.size > 0 &&
    weekdays.size === window.weekdays.length &&
    window.weekdays.every((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  if (!valid) throw userError("WAITLIST_WINDOW_INVALID");
  return { from: first, until: last + DAY_MS, fromMinutes, toMinutes, weekdays };
}

/** Whether a session from `start` to `end` lies inside the window, on its days and times, in `zone`. */
export function fits(window: WaitlistWindow, zone: string, start: number, end: number): boolean {
  const local = new TZDate(start, zone);
  const day = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
  const startMinutes = local.getHours() * 60 + local.getMinutes();
  const endMinutes = startMinutes + Math.round((end - start) / MINUTE_MS);
  return (
    day >= window.fromDay &&
    day <= window.toDay &&
    window.weekdays.includes(local.getDay()) &&
    startMinutes >= minutesOfDay(window.fromTime)! &&
    endMinutes <= minutesOfDay(window.toTime)!
  );
}

/** Times held by open offers of `coachId` overlapping `range`, for busyTimes. */
export async function heldTimes(ctx: Pick<QueryCtx, "db">, coachId: Id<"users">, range: Interval, after: number, limit: number, now: number): Promise<Interval[]> {
  const offers = await ctx.db
    .query("waitlistOffers")
    .withIndex("by_coach_status_and_start", (q) => q.eq("coachId", coachId).eq("status", "open").gt("startsAt", after).lt("startsAt", range.end))
    .take(limit);
  return offers.filter((offer) => offer.expiresAt > now && offer.endsAt > range.start).map((offer) => ({ start: offer.startsAt, end: offer.endsAt }));
}

function activeRequests(ctx: Pick<QueryCtx, "db">, sessionId: Id<"sessions">) {
  return Promise.all(
    (["waiting", "offered"] as const).map((status) =>
      ctx.db
        .query("waitlistRequests")
        .withIndex("by_session_and_status", (q) => q.eq("sessionId", sessionId).eq("status", status))
        .first(),
    ),
  ).then(([waiting, offered]) => waiting ?? offered);
}

/** Schedules the scan for a time that may have opened, when anybody waits for one with the coach. */
export async function scheduleScan(ctx: Pick<MutationCtx, "db" | "scheduler">, coachId: Id<"users">) {
  const waiting = await ctx.db
    .query("waitlistRequests")
    .withIndex("by_coach_status_and_joined", (q) => q.eq("coachId", coachId).eq("status", "waiting"))
    .first();
  if (waiting) await ctx.scheduler.runAfter(0, internal.waitlist.offerEarlier, { coachId });
}

/**
 * Puts the member's booking on the waitlist with `window`, or changes the window of the request it
 * already has (keeping its place). The member's zone is the window's.
 */
export async function joinWaitlist(ctx: MutationCtx, member: Doc<"users">, args: { sessionId: Id<"sessions">; window: WaitlistWindow }, now: number) {
  const session = await ctx.db.get("sessions", args.sessionId);
  if (!session || session.memberId !== member._id) throw userError("SESSION_NOT_FOUND");
  if (session.status !== "scheduled" || session.startsAt <= now) throw userError("SESSION_NOT_CHANGEABLE");
  checkWindow(args.window, member.timezone, now);
  const existing = await activeRequests(ctx, session._id);
  const requestId = existing
    ? (await ctx.db.patch("waitlistRequests", existing._id, { window: args.window, timezone: member.timezone }), existing._id)
    : await ctx.db.insert("waitlistRequests", {
        memberId: member._id,
        coachId: session.coachId,
        sessionId: session._id,
        window: args.window,
        timezone: member.timezone,
        joinedAt: now,
        status: "waiting",
        passed: [],
      });
  await scheduleScan(ctx, session.coachId);
  return requestId;
}

async function openOfferOf(ctx: Pick<QueryCtx, "db">, requestId: Id<"waitlistRequests">) {
  return ctx.db
    .query("waitlistOffers")
    .withIndex("by_request_and_status", (q) => q.eq("requestId", requestId).eq("status", "open"))
    .first();
}

/** Takes the booking off the waitlist; an offer it holds is withdrawn (the caller schedules the scan that passes it on). */
export async function leaveWaitlist(ctx: MutationCtx, sessionId: Id<"sessions">) {
  const request = await activeRequests(ctx, sessionId);
  if (!request) return;
  const offer = await openOfferOf(ctx, request._id);
  if (offer) await ctx.db.patch("waitlistOffers", offer._id, { status: "withdrawn" });
  await ctx.db.patch("waitlistRequests", request._id, { status: "left" });
}

/**
 * Offers each waiting member of `coachId`, first to join first, the earliest time that fits their
 * window, comes before their booking, is open for both coach and member, and nobody holds. A
 * request whose booking has since started, ended or been cancelled leaves the list.
 */
export async function offerEarlierTimes(ctx: MutationCtx, coachId: Id<"users">, now: number) {
  const availability = await coachAvailability(ctx, coachId);
  if (!availability) return;
  const waiting = await ctx.db
    .query("waitlistRequests")
    .withIndex("by_coach_status_and_joined", (q) => q.eq("coachId", coachId).eq("status", "waiting"))
    .take(WAITLIST_SCAN);
  for (const request of waiting) {
    const session = await ctx.db.get("sessions", request.sessionId);
    if (!session || session.status !== "scheduled" || session.startsAt <= now) {
      await ctx.db.patch("waitlistRequests", request._id, { status: "left" });
      continue;
    }
    const window = checkWindowOrNull(request, now);
    if (!window) continue;
    const from = Math.max(now, window.from);
    const to = Math.min(session.startsAt, window.until, from + MAX_SLOT_RANGE_DAYS * DAY_MS);
    if (to <= from) continue;
    const length = session.durationMinutes * MINUTE_MS;
    const range = { start: from, end: to + length };
    const busy = [...(await busyTimes(ctx, { coachId }, range, now, session._id)), ...(await busyTimes(ctx, { memberId: session.memberId }, range, now, session._id))];
    const startsAt = openSlots({ availability, from, to, durationMinutes: session.durationMinutes, busy, now }).find(
      (start) => start < session.startsAt && !request.passed.includes(start) && fits(request.window, request.timezone, start, start + length),
    );
    if (startsAt !== undefined) await makeOffer(ctx, request, session, startsAt, now);
  }
}

function checkWindowOrNull(request: Doc<"waitlistRequests">, now: number) {
  try {
    return checkWindow(request.window, request.timezone, Math.min(now, request.joinedAt));
  } catch {
    return null;
  }
}

/** Holds `startsAt` for the request's member, tells them in the app and by e-mail, and schedules the hold's end. */
async function makeOffer(ctx: MutationCtx, request: Doc<"waitlistRequests">, session: Doc<"sessions">, startsAt: number, now: number) {
  const expiresAt = now + OFFER_HOLD_MINUTES * MINUTE_MS;
  const offerId = await ctx.db.insert("waitlistOffers", {
    requestId: request._id,
    memberId: request.memberId,
    coachId: request.coachId,
    sessionId: session._id,
    startsAt,
    endsAt: startsAt + session.durationMinutes * MINUTE_MS,
    offeredAt: now,
    expiresAt,
    status: "open",
  });
  await ctx.db.patch("waitlistRequests", request._id, { status: "offered" });
  await ctx.scheduler.runAt(expiresAt, internal.waitlist.endHold, { offerId });
  const member = await ctx.db.get("users", request.memberId);
  if (!member) return;
  const coachName = (await namesOf(ctx, [request.coachId])).get(request.coachId) ?? "your coach";
  const when = formatWhen(startsAt, member.timezone);
  const until = formatWhen(expiresAt, member.timezone).replace(/^.* at /, "");
  const text = OFFER_TEXTS.offered(when, coachName, until);
  const url = activityUrls.booking(session._id);
  await notify(
    ctx,
    member._id,
    { type: "booking_updated", priority: "high", title: text.title, message: text.message, actions: [{ label: "See the earlier time", url }], data: { sessionId: session._id } },
    { now },
  );
  await queueEmail(
    ctx,
    { to: member.email, subject: text.title, text: `Hi ${member.firstName},\n\n${text.message}\n\nTake it or pass: ${siteLink(env.SITE_URL, url)}\n\nIf you pass or let it go, your booking stays as it is.`, template: "waitlist_offer" },
    { idempotencyKey: `waitlist-offer:${offerId}` },
  );
}

/** What an offer says, in calm words: it is a chance, not a task. */
export const OFFER_TEXTS = {
  offered: (when: string, coachName: string, until: string) => ({
    title: "An earlier time is free",
    message: `${when} with ${coachName} is free and held for you until ${until}. Your booking stays as it is unless you take it.`,
  }),
};

/** The caller's open offer, or OFFER_GONE for one that is not theirs, not open or past its hold. */
async function loadOpenOffer(ctx: Pick<QueryCtx, "db">, member: Doc<"users">, offerId: Id<"waitlistOffers">, now: number) {
  const offer = await ctx.db.get("waitlistOffers", offerId);
  if (!offer || offer.memberId !== member._id || offer.status !== "open" || offer.expiresAt <= now) throw userError("OFFER_GONE");
  return offer;
}

/** Passes an offered time on: the member keeps waiting, and this time is not offered to them again. */
async function passOn(ctx: MutationCtx, offer: Doc<"waitlistOffers">, status: "declined" | "expired", now: number) {
  await ctx.db.patch("waitlistOffers", offer._id, { status });
  const request = await ctx.db.get("waitlistRequests", offer.requestId);
  if (request?.status === "offered")
    await ctx.db.patch("waitlistRequests", request._id, { status: "waiting", passed: [...request.passed, offer.startsAt].slice(-PASSED_MAX) });
  await offerEarlierTimes(ctx, offer.coachId, now);
}

export async function declineOffer(ctx: MutationCtx, member: Doc<"users">, offerId: Id<"waitlistOffers">, now: number) {
  await passOn(ctx, await loadOpenOffer(ctx, member, offerId, now), "declined", now);
}

/** The hold's end: an offer still open then is passed on. */
export async function endHold(ctx: MutationCtx, offerId: Id<"waitlistOffers">, now: number) {
  const offer = await ctx.db.get("waitlistOffers", offerId);
  if (offer?.status === "open" && offer.expiresAt <= now) await passOn(ctx, offer, "expired", now);
}

/**
 * Moves the member's booking to the offered time, in one transaction: the hold is released and
 * the move checked like any reschedule, so two claims of one time cannot both succeed. The old
 * time is then free for the next waiting member (the move schedules the scan).
 */
export async function claimOffer(ctx: MutationCtx, member: Doc<"users">, offerId: Id<"waitlistOffers">, now: number) {
  const offer = await loadOpenOffer(ctx, member, offerId, now);
  await ctx.db.patch("waitlistOffers", offer._id, { status: "claimed" });
  await ctx.db.patch("waitlistRequests", offer.requestId, { status: "moved" });
  await rescheduleSession(ctx, member, { sessionId: offer.sessionId, startsAt: offer.startsAt }, now);
  return offer.sessionId;
}

/** The member's open offers, soonest first, for the banner. */
export async function openOffersOf(ctx: Pick<QueryCtx, "db">, memberId: Id<"users">, now: number) {
  const offers = await ctx.db
    .query("waitlistOffers")
    .withIndex("by_member_and_status", (q) => q.eq("memberId", memberId).eq("status", "open"))
    .take(10);
  return offers.filter((offer) => offer.expiresAt > now).sort((a, b) => a.startsAt - b.startsAt);
}

/** The booking's place on the waitlist, if it has one. */
export const requestFor = activeRequests;

/** Who waits for an earlier time with the coach, first to join first, with their booking's time. */
export async function waitingFor(ctx: Pick<QueryCtx, "db">, coachId: Id<"users">) {
  const [waiting, offered] = await Promise.all(
    (["waiting", "offered"] as const).map((status) =>
      ctx.db
        .query("waitlistRequests")
        .withIndex("by_coach_status_and_joined", (q) => q.eq("coachId", coachId).eq("status", status))
        .take(WAITLIST_SCAN),
    ),
  );
  const requests = [...waiting!, ...offered!].sort((a, b) => a.joinedAt - b.joinedAt);
  const [names, sessions] = await Promise.all([namesOf(ctx, requests.map((r) => r.memberId)), Promise.all(requests.map((r) => ctx.db.get("sessions", r.sessionId)))]);
  return requests.map((request, index) => ({
    requestId: request._id,
    memberName: names.get(request.memberId) ?? "",
    sessionId: request.sessionId,
    bookedFor: sessions[index]?.startsAt ?? 0,
    window: request.window,
    timezone: request.timezone,
    joinedAt: request.joinedAt,
    offered: request.status === "offered",
  }));
}
