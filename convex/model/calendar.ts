/**
 * Sessions in the member's own calendar (iCalendar, RFC 5545 and 5546): the invitation each
 * booking e-mail carries, the single-event file of "Add to calendar", and the private feed.
 * Built with ical-generator; VTIMEZONE blocks come from timezones-ical-library, which is plain
 * data, so it runs in Convex's default runtime (a library that reads zone files from disk would not).
 */
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { activityUrls } from "./activity";
import { newLinkToken } from "./intro";
import { siteLink } from "./reactivation";
import { namesOf, openSessions } from "./sessions";

/** What a subscribed calendar shows as the feed's name. */
export const FEED_NAME = "LWCC coaching sessions";
/** The most sessions one feed lists: the soonest ones. */
export const FEED_MAX_SESSIONS = 500;
/** How often calendar apps are asked to read the feed again (they may read it less often). */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** Where the feed is served (convex/http.ts): FEED_PATH_PREFIX + token + ".ics". */
export const FEED_PATH_PREFIX = "/calendar/feed/";
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const INVITATION_FILENAME = "invite.ics";
/** The media type of a calendar; an invitation names its method too, as RFC 6047 asks of e-mailed ones. */
export const icsContentType = (method?: "REQUEST" | "CANCEL") => `text/calendar; charset=utf-8${method ? `; method=${method}` : ""}`;

const PRODUCT_ID = { company: "LWCC", product: "Coaching sessions", language: "EN" };

/** One id per session for its whole life, so every update and the cancellation replace the same event. */
export const sessionUid = (id: Id<"sessions">) => `session-${id}@lwcc`;

let knownZones: Set<string> | undefined;
/** Whether the library can describe `zone`: asking it about another one logs to the console. */
const describable = (zone: string) => (knownZones ??= new Set(tzlib_get_timezones() as string[])).has(zone);

/** The VTIMEZONE block of an IANA zone, or null for a zone the library does not know (times are then UTC). */
function vtimezone(zone: string): string | null {
  const block = describable(zone) ? tzlib_get_ical_block(zone) : null;
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/**
 * An empty calendar. The timezone entry carries only the generator: with a name, ical-generator
 * would also write DTSTAMP in that zone, which RFC 5545 requires in UTC.
 */
function calendar(method: ICalCalendarMethod | null, name?: string): ICalCalendar {
  return ical({
    prodId: PRODUCT_ID,
    ...(method ? { method } : {}),
    ...(name ? { name } : {}),
    timezone: { name: "", generator: vtimezone },
  });
}

/** A session as one calendar event, in `timezone` when it is a zone we can describe. */
export interface CalendarEvent {
  sessionId: Id<"sessions">;
  title: string;
  /** The other person: the coach for a member, the member for a coach. */
  withName: string;
  startsAt: number;
  endsAt: number;
  sequence: number;
  cancelled?: boolean;
}

/** Absolute links to the session page (where it is joined) and the booking, on SITE_URL. */
export function sessionLinks(sessionId: Id<"sessions">, siteUrl: string | undefined) {
  return { join: siteLink(siteUrl, activityUrls.session(sessionId)), booking: siteLink(siteUrl, activityUrls.booking(sessionId)) };
}

/** Adds `event` with its times in `timezone`, or in UTC when it is null or a zone we cannot describe. */
function addEvent(cal: ICalCalendar, event: CalendarEvent, timezone: string | null, now: number, siteUrl: string | undefined) {
  const zone = timezone && describable(timezone) ? timezone : null;
  // Luxon, not TZDate: ical-generator recognises a TZDate with `instanceof Date`, which fails where
  // the runtime gives each call its own Date (the embedded backend does).
  const at = (ms: number) => (zone ? DateTime.fromMillis(ms, { zone }) : new Date(ms));
  const links = sessionLinks(event.sessionId, siteUrl);
  return cal.createEvent({
    id: sessionUid(event.sessionId),
    sequence: event.sequence,
    stamp: new Date(now),
    start: at(event.startsAt),
    end: at(event.endsAt),
    timezone: zone,
    summary: event.withName ? `${event.title} with ${event.withName}` : event.title,
    description: `Join: ${links.join}\nYour booking: ${links.booking}`,
    location: links.join,
    url: links.join,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/**
 * The invitation of one booking for its member (RFC 5546): REQUEST when booked or moved, CANCEL
 * when cancelled. The member is the attendee, already accepted: the booking is theirs.
 */
export function invitation(
  method: "REQUEST" | "CANCEL",
  event: CalendarEvent,
  people: { organizer: { name: string; email: string }; attendee: { name: string; email: string; timezone: string } },
  now: number,
  siteUrl: string | undefined,
): string {
  const cal = calendar(method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  const created = addEvent(cal, { ...event, cancelled: method === "CANCEL" }, people.attendee.timezone, now, siteUrl);
  created.organizer(people.organizer);
  created.createAttendee({ name: people.attendee.name, email: people.attendee.email, rsvp: false, status: ICalAttendeeStatus.ACCEPTED });
  return cal.toString();
}

/** One session as a file to open in a calendar app ("Add to calendar"). */
export function eventFile(event: CalendarEvent, timezone: string, now: number, siteUrl: string | undefined): string {
  const cal = calendar(ICalCalendarMethod.PUBLISH);
  addEvent(cal, event, timezone, now, siteUrl);
  return cal.toString();
}

/**
 * A subscribed calendar: the events as they are now; one that is gone from the list is gone from
 * the calendar. Times are in UTC, which every calendar app shows in its own zone, with the owner's
 * zone named (X-WR-TIMEZONE): converting hundreds of times into a zone took most of a feed's time.
 */
export function feedCalendar(events: readonly CalendarEvent[], timezone: string, now: number, siteUrl: string | undefined): string {
  const cal = calendar(ICalCalendarMethod.PUBLISH, FEED_NAME);
  cal.ttl(FEED_REFRESH_SECONDS);
  if (describable(timezone)) cal.x("X-WR-TIMEZONE", timezone);
  for (const event of events) addEvent(cal, event, null, now, siteUrl);
  return cal.toString();
}

/** A session as its `viewer` sees it in a calendar: named after the other person. */
export async function calendarEvents(ctx: Pick<QueryCtx, "db">, viewerId: Id<"users">, sessions: readonly Doc<"sessions">[]): Promise<CalendarEvent[]> {
  const names = await namesOf(
    ctx,
    sessions.map((session) => (session.memberId === viewerId ? session.coachId : session.memberId)),
  );
  return sessions.map((session) => ({
    sessionId: session._id,
    title: session.title,
    withName: names.get(session.memberId === viewerId ? session.coachId : session.memberId) ?? "",
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    sequence: session.calendarSequence ?? 0,
    ...(session.status === "cancelled" ? { cancelled: true } : {}),
  }));
}

/** The user's sessions that have not ended, as member and as coach, soonest first: at most FEED_MAX_SESSIONS. */
export async function feedSessions(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, now: number): Promise<Doc<"sessions">[]> {
  const [asMember, asCoach] = await Promise.all([
    openSessions(ctx, { memberId: userId }, now, FEED_MAX_SESSIONS),
    openSessions(ctx, { coachId: userId }, now, FEED_MAX_SESSIONS),
  ]);
  return [...asMember, ...asCoach].sort((a, b) => a.startsAt - b.startsAt).slice(0, FEED_MAX_SESSIONS);
}

/** The feed's URL: on the deployment's http origin, where convex/http.ts serves it. */
export const feedUrl = (token: string, convexSiteUrl: string | undefined) => siteLink(convexSiteUrl, `${FEED_PATH_PREFIX}${token}.ics`);

export function feedOf(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return ctx.db
    .query("calendarFeeds")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .first();
}

/** A new feed token for the user; the old one (if any) stops working in the same transaction. */
export async function replaceFeed(ctx: Pick<MutationCtx, "db">, userId: Id<"users">, now: number): Promise<string> {
  const old = await ctx.db
    .query("calendarFeeds")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(10);
  for (const row of old) await ctx.db.delete("calendarFeeds", row._id);
  const token = newLinkToken();
  await ctx.db.insert("calendarFeeds", { userId, token, createdAt: now });
  return token;
}

/** The feed a token opens: its owner, if the token is current and the owner still active. */
export async function feedOwner(ctx: Pick<QueryCtx, "db">, token: string): Promise<Doc<"users"> | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const feed = await ctx.db
    .query("calendarFeeds")
    .withIndex("by_token", (q) => q.eq("token", token))
    .unique();
  const owner = feed ? await ctx.db.get("users", feed.userId) : null;
  return owner?.status === "active" ? owner : null;
}
