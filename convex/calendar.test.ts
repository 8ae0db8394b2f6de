// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads.
import "@date-fns/tz";
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { FEED_MAX_SESSIONS, FEED_NAME } from "./model/calendar";
import { codeOf } from "./test.forum";
import { newConvexTest } from "./test.setup";
import { insertSession } from "./test.sessions";
import { signedIn, type T } from "./test.users";

const HOUR = 60 * 60 * 1000;
/** Monday 2 March 2026, 08:00 UTC; New York is on EST (UTC-5) until 8 March. */
const NOW = Date.UTC(2026, 2, 2, 8);
const at = (day: number, hour: number) => Date.UTC(2026, 2, 2 + day, hour);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
const SITE = "https://lwcc.example";
const API_SITE = "https://api.lwcc.example";

/** An iCalendar text read back with ical.js: the calendar's method and its events. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    method: calendar.getFirstPropertyValue("method"),
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    timezone: calendar.getFirstPropertyValue("x-wr-timezone"),
    zones: calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")),
    events: calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        sequence: event.sequence,
        summary: event.summary,
        start: event.startDate.toJSDate().getTime(),
        end: event.endDate.toJSDate().getTime(),
        zone: component.getFirstProperty("dtstart")?.getParameter("tzid"),
        status: component.getFirstPropertyValue("status"),
        location: event.location,
        description: event.description,
        attendees: event.attendees.map((attendee) => String(attendee.getFirstValue())),
      };
    }),
  };
}

async function setup() {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes", timezone: "Europe/Berlin" });
  await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyDay("09:00", "17:00"), exceptions: [] });
  const member = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz", timezone: "America/New_York", email: "maya@example.com" });
  await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 300, note: "Package" });
  return { t, coach, member };
}

const invitations = (t: T) =>
  t.run(async (ctx) =>
    (await ctx.db.query("emailOutbox").withIndex("by_created").collect())
      .filter((row) => row.attachments?.length)
      .map((row) => ({ to: row.to, subject: row.subject, text: row.text, template: row.template, file: row.attachments![0]!, calendar: parse(row.attachments![0]!.content) })),
  );

/** The feed at `url` as a calendar app reads it: status, type and the parsed calendar. */
async function readFeed(t: T, url: string) {
  const response = await t.fetch(new URL(url).pathname);
  const body = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), body, calendar: response.ok ? parse(body) : null };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("CONVEX_SITE_URL", API_SITE);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("the invitation each booking e-mail carries", () => {
  it("is a REQUEST in the member's zone with the join link; a move updates it, a cancellation cancels it, same UID, higher SEQUENCE", async () => {
    const { t, coach, member } = await setup();
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    await member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(3, 14) });
    await member.as.mutation(api.bookings.cancel, { sessionId: id });
    const [booked, moved, cancelled] = await invitations(t);

    expect(booked).toMatchObject({ to: "maya@example.com", template: "booking_confirmed", file: { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" } });
    expect(booked!.subject).toBe("Booked: Coaching session, Wed, Mar 4 at 10:00 AM");
    expect(booked!.text).toContain(`Join here when it starts: ${SITE}/session/${id}`);
    expect(booked!.calendar).toMatchObject({ method: "REQUEST", zones: ["America/New_York"] });
    expect(booked!.calendar.events).toEqual([
      {
        uid: `session-${id}@lwcc`,
        sequence: 0,
        summary: "Coaching session with Cora Reyes",
        start: at(2, 15),
        end: at(2, 16),
        zone: "America/New_York",
        status: "CONFIRMED",
        location: `${SITE}/session/${id}`,
        description: `Join: ${SITE}/session/${id}\nYour booking: ${SITE}/dashboard/bookings/${id}`,
        attendees: ["MAILTO:maya@example.com"],
      },
    ]);

    expect(moved).toMatchObject({ template: "booking_moved", subject: "Moved: Coaching session, now Thu, Mar 5 at 9:00 AM" });
    expect(moved!.calendar.method).toBe("REQUEST");
    expect(moved!.calendar.events).toMatchObject([{ uid: `session-${id}@lwcc`, sequence: 1, start: at(3, 14), end: at(3, 15), status: "CONFIRMED" }]);

    expect(cancelled).toMatchObject({ template: "booking_cancelled", file: { contentType: "text/calendar; charset=utf-8; method=CANCEL" } });
    expect(cancelled!.calendar.method).toBe("CANCEL");
    expect(cancelled!.calendar.events).toMatchObject([{ uid: `session-${id}@lwcc`, sequence: 2, start: at(3, 14), status: "CANCELLED" }]);
  });

  it("keeps the wall-clock time across a daylight-saving change in the member's zone", async () => {
    const { t, coach, member } = await setup();
    // Tuesday 10 March, after New York moved to EDT (UTC-4) on 8 March: 15:00 UTC is 11:00 there.
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(8, 15), durationMinutes: 60 });
    const [booked] = await invitations(t);
    expect(booked!.file.content).toMatch(/DTSTART;TZID=America\/New_York:20260310T110000/);
    expect(booked!.calendar.events[0]).toMatchObject({ uid: `session-${id}@lwcc`, start: at(8, 15) });
  });

  it("is sent once per change, even when a change is retried", async () => {
    const { t, coach, member } = await setup();
    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    await t.run(async (ctx) => {
      const { emailBookingChange } = await import("./model/bookingEmails");
      await emailBookingChange(ctx, (await ctx.db.get("sessions", id))!, "booked", Date.now());
    });
    expect(await invitations(t)).toHaveLength(1);
  });
});

describe("the private calendar feed", () => {
  it("lists the owner's upcoming sessions as text/calendar, updated by a move and emptied by a cancellation", async () => {
    const { t, coach, member } = await setup();
    expect(await member.as.query(api.calendar.myFeed, {})).toBeNull();
    const { url } = await member.as.mutation(api.calendar.newFeedLink, {});
    expect(url).toMatch(new RegExp(`^${API_SITE}/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await member.as.query(api.calendar.myFeed, {})).toEqual({ url, createdAt: NOW });

    const id = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    const first = await readFeed(t, url);
    expect(first).toMatchObject({ status: 200, type: "text/calendar; charset=utf-8" });
    // In UTC, with the owner's zone named: each calendar app shows the times in its own zone.
    expect(first.calendar).toMatchObject({ method: "PUBLISH", name: FEED_NAME, timezone: "America/New_York", zones: [] });
    expect(first.calendar!.events).toMatchObject([{ uid: `session-${id}@lwcc`, sequence: 0, start: at(2, 15), summary: "Coaching session with Cora Reyes" }]);

    await member.as.mutation(api.bookings.reschedule, { sessionId: id, startsAt: at(3, 14) });
    expect((await readFeed(t, url)).calendar!.events).toMatchObject([{ uid: `session-${id}@lwcc`, sequence: 1, start: at(3, 14) }]);

    await member.as.mutation(api.bookings.cancel, { sessionId: id });
    expect((await readFeed(t, url)).calendar!.events).toEqual([]);
  });

  it("shows a coach the sessions with their clients, in the coach's zone, and nobody else's", async () => {
    const { t, coach, member } = await setup();
    const other = await signedIn(t, "client", { firstName: "Sam", lastName: "Lee" });
    const own = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    await insertSession(t, { memberId: other.id, coachId: other.id, startsAt: at(2, 11) });
    const coachFeed = await readFeed(t, (await coach.as.mutation(api.calendar.newFeedLink, {})).url);
    expect(coachFeed.calendar).toMatchObject({ timezone: "Europe/Berlin" });
    expect(coachFeed.calendar!.events.map((e) => [e.uid, e.summary])).toEqual([[`session-${own}@lwcc`, "Coaching session with Maya Ortiz"]]);
  });

  it("stops working at once when a new link is made; an unknown or malformed link is 404 and reveals nothing", async () => {
    const { t, coach, member } = await setup();
    await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    const { url: old } = await member.as.mutation(api.calendar.newFeedLink, {});
    const { url: fresh } = await member.as.mutation(api.calendar.newFeedLink, {});
    expect(fresh).not.toBe(old);
    expect(await readFeed(t, old)).toMatchObject({ status: 404, calendar: null });
    expect((await readFeed(t, fresh)).calendar!.events).toHaveLength(1);
    expect(await member.as.query(api.calendar.myFeed, {})).toMatchObject({ url: fresh });
    expect(await t.run((ctx) => ctx.db.query("calendarFeeds").collect())).toHaveLength(1);
    for (const path of ["/calendar/feed/", "/calendar/feed/short.ics", `/calendar/feed/${"a".repeat(43)}.ics`, `/calendar/feed/${"a".repeat(43)}`, `/calendar/feed/${"%00".repeat(43)}.ics`]) {
      const response = await t.fetch(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("This calendar link is not known. Make a new one under Settings → Calendar.");
    }
  });

  it("closes with its owner's account", async () => {
    const { t, member } = await setup();
    const { url } = await member.as.mutation(api.calendar.newFeedLink, {});
    await t.run((ctx) => ctx.db.patch("users", member.id, { status: "deactivated" }));
    expect((await readFeed(t, url)).status).toBe(404);
  });

  it("limits how many new links a member makes in a row", async () => {
    const { member } = await setup();
    for (let i = 0; i < 5; i++) await member.as.mutation(api.calendar.newFeedLink, {});
    expect(await codeOf(member.as.mutation(api.calendar.newFeedLink, {}))).toBe("RATE_LIMITED");
  });

  it(`lists at most ${FEED_MAX_SESSIONS} sessions, the soonest`, async () => {
    const { t, coach, member } = await setup();
    await t.run(async (ctx) => {
      for (let i = 0; i < FEED_MAX_SESSIONS + 5; i++)
        await ctx.db.insert("sessions", {
          title: "Focus",
          description: "",
          coachId: coach.id,
          memberId: member.id,
          startsAt: NOW + (i + 1) * 2 * HOUR,
          endsAt: NOW + (i + 1) * 2 * HOUR + HOUR,
          durationMinutes: 60,
          status: "scheduled",
          meetingUrl: "",
          bookedAt: NOW,
          debitedMinutes: 60,
          reminderJobs: [],
        } satisfies Omit<Doc<"sessions">, "_id" | "_creationTime">);
    });
    const events = (await readFeed(t, (await member.as.mutation(api.calendar.newFeedLink, {})).url)).calendar!.events;
    expect(events).toHaveLength(FEED_MAX_SESSIONS);
    expect(events[0]!.start).toBe(NOW + 2 * HOUR);
  });
});

describe("a session as an .ics file", () => {
  it("is its member's and coach's, in their own zones; to anyone else the session does not exist", async () => {
    const { t, coach, member } = await setup();
    const id: Id<"sessions"> = await member.as.mutation(api.bookings.book, { coachId: coach.id, startsAt: at(2, 15), durationMinutes: 60 });
    const mine = await member.as.query(api.calendar.sessionFile, { sessionId: id });
    expect(mine.filename).toBe("lwcc-session.ics");
    expect(parse(mine.content)).toMatchObject({ method: "PUBLISH", zones: ["America/New_York"], events: [{ uid: `session-${id}@lwcc`, start: at(2, 15) }] });
    expect(parse((await coach.as.query(api.calendar.sessionFile, { sessionId: id })).content).zones).toEqual(["Europe/Berlin"]);
    const stranger = await signedIn(t, "client", { firstName: "Sam" });
    expect(await codeOf(stranger.as.query(api.calendar.sessionFile, { sessionId: id }))).toBe("SESSION_NOT_FOUND");
  });
});
