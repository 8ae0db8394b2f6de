// Loaded before fake timers replace Date (see bookings.test.ts).
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLERK_API, TAKEN_EMAILS } from "../tests/mocks/clerk";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { INTRO_SESSION_MINUTES } from "./model/availability";
import { generatePassword, INTRO_EMAIL_SUBJECT, INTRO_LINK_TTL_MS, linkTokenHash, newLinkToken } from "./model/intro";
import { AUTH_MESSAGES, BOUND_MESSAGES, INTRO_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { newConvexTest } from "./test.setup";
import { insertSession } from "./test.sessions";
import { signedIn, type T } from "./test.users";

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string; message: string; fields?: Record<string, string> }) : error;
  }
};

const ISSUER = "https://clerk.example.com";
/** Monday 2 March 2026, 08:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 8);
const HOUR = 60 * 60 * 1000;
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, 2 + day, hour, minute);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

async function setup() {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  await coach.as.mutation(api.availability.save, { timezone: "UTC", weekly: everyDay("09:00", "17:00"), exceptions: [] });
  return { t, coach };
}

/** Every call the adapters make to Clerk's Backend API, as "METHOD path". */
function clerkCalls() {
  const calls: string[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (url.origin === new URL(CLERK_API).origin) calls.push(`${request.method} ${url.pathname}`);
  });
  return calls;
}

const visitor = (coachId: Id<"users">, fields: Partial<{ name: string; email: string; startsAt: number; timezone: string }> = {}) => ({
  name: "Maya Ortiz",
  email: "Maya@Example.com ",
  coachId,
  startsAt: at(1, 10),
  timezone: "America/New_York",
  ...fields,
});

/** Rows of every table a request could touch. */
const counts = (t: T) =>
  t.run(async (ctx) => ({
    users: (await ctx.db.query("users").collect()).length,
    sessions: (await ctx.db.query("sessions").collect()).length,
    emails: (await ctx.db.query("emailOutbox").collect()).length,
    requests: (await ctx.db.query("introRequests").collect()).length,
  }));

/** Scheduled jobs by function name. */
const jobs = (t: T) =>
  t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((job) => job.name).sort());

const emails = (t: T) => t.run((ctx) => ctx.db.query("emailOutbox").collect());

/** The token of the link in the newest e-mail to `to`. */
async function tokenSentTo(t: T, to: string) {
  const mail = (await emails(t)).filter((row) => row.to === to).at(-1);
  const token = /\/booking\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no booking link was e-mailed to ${to}`);
  return token;
}

const slotsOf = (t: T, coachId: Id<"users">) => t.query(api.intro.slots, { coachId, from: at(1, 0), to: at(2, 0) });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  vi.stubEnv("CLERK_JWT_ISSUER_DOMAIN", `${ISSUER}/`);
  vi.stubEnv("CLERK_SECRET_KEY", "sk_test_123");
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe("asking for the free intro", () => {
  it("answers the same for a new address, a member's and a paused account's, books nothing on any account, and e-mails each owner the next step", async () => {
    // Each address alone, on a fresh deployment: the same answer, the same rows and the same jobs written.
    const work = [];
    for (const email of ["nova@example.com", "theo@example.com", "dana@example.com"]) {
      const { t, coach } = await setup();
      await signedIn(t, "client", { email: "theo@example.com", firstName: "Theo" });
      await signedIn(t, "client", { email: "dana@example.com", firstName: "Dana", status: "deactivated", deactivationReason: "inactivity_90_days" });
      const before = await counts(t);
      const answer = await t.mutation(api.intro.book, visitor(coach.id, { email }));
      const after = await counts(t);
      work.push({
        answer,
        rows: Object.fromEntries(Object.entries(after).map(([table, rows]) => [table, rows - before[table as keyof typeof before]])),
        jobs: await jobs(t),
      });
    }
    expect(work[0]).toEqual({
      answer: { kind: "check_email" },
      rows: { users: 0, sessions: 0, emails: 1, requests: 1 },
      jobs: ["email:deliverLocally", "intro:forgetRequest"],
    });
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);

    // Together, on one deployment.
    const { t, coach } = await setup();
    const theo = await signedIn(t, "client", { email: "theo@example.com", firstName: "Theo" });
    await signedIn(t, "client", { email: "dana@example.com", firstName: "Dana", status: "deactivated", deactivationReason: "inactivity_90_days" });
    const calls = clerkCalls();
    for (const [email, startsAt] of [
      ["nova@example.com", at(1, 10)],
      ["theo@example.com", at(1, 11)],
      ["dana@example.com", at(1, 12)],
    ] as const) {
      expect(await t.mutation(api.intro.book, visitor(coach.id, { email, startsAt }))).toEqual({ kind: "check_email" });
    }
    expect(calls).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);
    expect((await t.run((ctx) => ctx.db.get("users", theo.id)))!.lastActiveAt).toBe(NOW);

    // Each time is held, whoever asked: the calendar tells nothing either.
    const slots = await slotsOf(t, coach.id);
    for (const held of [at(1, 10), at(1, 11), at(1, 12)]) expect(slots).not.toContain(held);
    expect(slots).toContain(at(1, 13));

    // The e-mails: same subject, each with its own link and the next step for that owner.
    const sent = await emails(t);
    expect(sent.map((mail) => [mail.to, mail.subject, mail.template])).toEqual([
      ["nova@example.com", INTRO_EMAIL_SUBJECT, "intro_confirm"],
      ["theo@example.com", INTRO_EMAIL_SUBJECT, "intro_sign_in"],
      ["dana@example.com", INTRO_EMAIL_SUBJECT, "intro_account_paused"],
    ]);
    expect(sent[0]!.text).toMatch(/^Hi Maya,/);
    expect(sent[0]!.text).toContain("we make your account and sign you in, show your password once");
    expect(sent[1]!.text).toMatch(/^Hi Theo,/);
    expect(sent[1]!.text).toContain("You already have an LWCC account, so nothing has been booked on it yet.");
    expect(sent[1]!.text).toContain("open this link, sign in and press Confirm");
    expect(sent[2]!.text).toContain("Your LWCC account is paused, so nothing has been booked on it.");
    expect(sent[2]!.text).toContain("/account/reactivate");
    for (const mail of sent) {
      expect(mail.text).toMatch(/\/booking\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
      expect(mail.text).toContain("If this wasn't you, you can ignore this e-mail");
    }
    // Only the token's hash is stored.
    const requests = await t.run((ctx) => ctx.db.query("introRequests").collect());
    const token = await tokenSentTo(t, "nova@example.com");
    expect(requests.map((request) => request.tokenHash)).toContain(await linkTokenHash(token));
    expect(JSON.stringify(requests)).not.toContain(token);
  });

  it("tells a paused account whose pause needs a person to contact us", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "client", { email: "held@example.com", status: "deactivated", deactivationReason: "other" });
    expect(await t.mutation(api.intro.book, visitor(coach.id, { email: "held@example.com" }))).toEqual({ kind: "check_email" });
    const [mail] = await emails(t);
    expect(mail!.text).toContain("Please contact us at /contact");
    expect(mail!.text).not.toContain("/account/reactivate");
  });

  it("books a signed-in member's own address at once, and treats anyone else's like a visitor's", async () => {
    const { t, coach } = await setup();
    const theo = await signedIn(t, "client", { email: "theo@example.com" });
    await signedIn(t, "client", { email: "maya@example.com" });
    const booked = await theo.as.mutation(api.intro.book, visitor(coach.id, { email: "Theo@Example.com" }));
    if (booked.kind !== "booked") throw new Error("expected a booking");
    expect(await t.run((ctx) => ctx.db.get("sessions", booked.bookingId))).toMatchObject({ memberId: theo.id, kind: "intro", startsAt: at(1, 10) });
    expect((await emails(t)).map((mail) => [mail.to, mail.subject])).toEqual([["theo@example.com", "Your free intro session is booked"]]);

    expect(await theo.as.mutation(api.intro.book, visitor(coach.id, { email: "maya@example.com", startsAt: at(1, 11) }))).toEqual({ kind: "check_email" });
    expect((await t.run((ctx) => ctx.db.query("sessions").collect())).length).toBe(1);
  });

  it("lets a newer request replace the older one: its link stops working and its time is freed", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const first = await tokenSentTo(t, "maya@example.com");
    await t.mutation(api.intro.book, visitor(coach.id, { startsAt: at(1, 14) }));
    const second = await tokenSentTo(t, "maya@example.com");
    expect(second).not.toBe(first);
    expect(await t.query(api.intro.link, { token: first })).toEqual({ state: "replaced", message: INTRO_MESSAGES.INTRO_LINK_REPLACED });
    expect(await errorOf(t.action(api.intro.confirm, { token: first }))).toMatchObject({ code: "INTRO_LINK_REPLACED" });
    const slots = await slotsOf(t, coach.id);
    expect(slots).toContain(at(1, 10));
    expect(slots).not.toContain(at(1, 14));
  });

  it("holds the time until the link expires, then frees it", async () => {
    const { t, coach } = await setup();
    const other = await signedIn(t, "client");
    await t.mutation(api.intro.book, visitor(coach.id, { startsAt: at(2, 10) }));
    // Another visitor and a member are refused the held time, in the same words as for a booked one.
    expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email: "someone@else.co", startsAt: at(2, 10) })))).toMatchObject({
      code: "SLOT_UNAVAILABLE",
    });
    const memberSlots = () => other.as.query(api.availability.slots, { coachId: coach.id, from: at(2, 0), to: at(3, 0), durationMinutes: 30 });
    expect(await memberSlots()).not.toContain(at(2, 10));
    vi.setSystemTime(NOW + INTRO_LINK_TTL_MS + 1);
    const token = await tokenSentTo(t, "maya@example.com");
    expect(await t.query(api.intro.link, { token })).toEqual({ state: "expired", message: INTRO_MESSAGES.INTRO_LINK_EXPIRED });
    expect(await t.query(api.intro.slots, { coachId: coach.id, from: at(2, 0), to: at(3, 0) })).toContain(at(2, 10));
    expect(await memberSlots()).toContain(at(2, 10));
    // A day after it ran out, the request itself is removed.
    const [job] = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(job).toMatchObject({ name: "intro:forgetRequest", scheduledTime: NOW + INTRO_LINK_TTL_MS + 24 * HOUR });
    await t.mutation(internal.intro.forgetRequest, job!.args[0] as { requestId: Id<"introRequests"> });
    expect(await t.query(api.intro.link, { token })).toEqual({ state: "invalid", message: INTRO_MESSAGES.INTRO_LINK_INVALID });
  });

  it("refuses bad input field by field, and a slot that is not open, before anything is held or sent", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "client", { email: "maya@example.com" });
    const other = await signedIn(t, "client");
    await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: at(1, 12), durationMinutes: 60 });
    const before = await counts(t);
    // The same refusals for an address with an account and one without.
    for (const email of ["maya@example.com", "new.visitor@example.com"]) {
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { name: "  ", email: "maya@" })))).toMatchObject({
        code: "INVALID_INPUT",
        fields: { name: "Enter your name.", email: "Enter a valid email address." },
      });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, name: "x".repeat(101) })))).toMatchObject({
        fields: { name: "Use at most 100 characters." },
      });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, startsAt: at(1, 10, 15) })))).toMatchObject({ code: "SLOT_UNAVAILABLE" });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, startsAt: at(1, 12) })))).toMatchObject({ code: "SLOT_UNAVAILABLE" });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, startsAt: at(-1, 10) })))).toMatchObject({ code: "SLOT_IN_PAST" });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, startsAt: 8_640_000_000_000_001 })))).toMatchObject({
        code: "INVALID_INPUT",
        fields: { startsAt: BOUND_MESSAGES.time },
      });
      expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email, name: "Maya\u202E\r\nOrtiz" })))).toMatchObject({
        fields: { name: BOUND_MESSAGES.lineCharacters },
      });
      expect(await errorOf(t.mutation(api.intro.book, visitor(other.id, { email })))).toMatchObject({ code: "COACH_NOT_FOUND" });
    }
    expect(await counts(t)).toEqual(before);
  });

  it("limits requests per e-mail, whatever its case, and for an address with an account alike", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "client", { email: "a@b.co" });
    for (const [i, email] of ["a@b.co", "A@b.co", "a@B.CO"].entries()) {
      expect(await t.mutation(api.intro.book, visitor(coach.id, { email, startsAt: at(1, 10 + i) }))).toEqual({ kind: "check_email" });
    }
    expect(await errorOf(t.mutation(api.intro.book, visitor(coach.id, { email: "a@b.co", startsAt: at(1, 14) })))).toMatchObject({
      code: "RATE_LIMITED",
      message: INTRO_MESSAGES.INTRO_BUSY,
    });
    expect(await t.mutation(api.intro.book, visitor(coach.id, { email: "someone@else.co", startsAt: at(1, 14) }))).toEqual({ kind: "check_email" });
  });
});

describe("the e-mailed link of a new address", () => {
  it("makes a guest_temporary account at Clerk with the role in its metadata, books the held time free and hands back the password and a sign-in ticket", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const token = await tokenSentTo(t, "maya@example.com");
    expect(await t.query(api.intro.link, { token })).toEqual({
      state: "pending",
      email: "maya@example.com",
      startsAt: at(1, 10),
      durationMinutes: INTRO_SESSION_MINUTES,
      coachName: "Cora Reyes",
      expiresAt: NOW + INTRO_LINK_TTL_MS,
      account: "none",
      viewerIsOwner: false,
    });
    const calls = clerkCalls();
    const seen: unknown[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && request.url === `${CLERK_API}/users`)
        void request
          .clone()
          .json()
          .then((body) => seen.push(body));
    });

    const result = await t.action(api.intro.confirm, { token });

    expect(calls).toEqual(["POST /v1/users", "POST /v1/sign_in_tokens"]);
    expect(result.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(result.ticket).toMatch(/^ticket_for_user_created\d+$/);
    expect(result).toMatchObject({ dashboardUrl: "/dashboard", email: "maya@example.com", name: "Maya Ortiz" });
    expect(seen[0]).toMatchObject({
      email_address: ["maya@example.com"],
      password: result.password,
      first_name: "Maya",
      last_name: "Ortiz",
      public_metadata: { role: "guest_temporary" },
    });

    const { user, session, ledger, sent } = await t.run(async (ctx) => ({
      user: await ctx.db.get("users", result.userId),
      session: await ctx.db.get("sessions", result.bookingId),
      ledger: await ctx.db.query("timeLedger").collect(),
      sent: await ctx.db.query("emailOutbox").collect(),
    }));
    expect(user).toMatchObject({
      role: "guest_temporary",
      userType: "guest_temporary",
      email: "maya@example.com",
      firstName: "Maya",
      lastName: "Ortiz",
      timezone: "America/New_York",
      status: "active",
      tokenIdentifier: `${ISSUER}|${result.ticket.replace("ticket_for_", "")}`,
    });
    expect(session).toMatchObject({
      kind: "intro",
      title: "Free intro session",
      memberId: result.userId,
      coachId: coach.id,
      startsAt: at(1, 10),
      durationMinutes: INTRO_SESSION_MINUTES,
      endsAt: at(1, 10, INTRO_SESSION_MINUTES),
      debitedMinutes: 0,
      status: "scheduled",
    });
    expect(ledger).toEqual([]);
    // The confirmation goes by e-mail; the password never does.
    expect(sent.map((mail) => [mail.to, mail.template])).toEqual([
      ["maya@example.com", "intro_confirm"],
      ["maya@example.com", "intro_booked"],
    ]);
    for (const mail of sent) expect(mail.text).not.toContain(result.password);
    // The booking e-mail carries the invitation that puts the session in the member's calendar.
    expect(sent[1]!.attachments).toMatchObject([{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" }]);
    expect(sent[1]!.attachments![0]!.content).toContain(`UID:session-${result.bookingId}@lwcc`);

    // Signed in with that identity, the guest sees the booking.
    const [, subject] = user!.tokenIdentifier!.split("|");
    const guest = t.withIdentity({ issuer: ISSUER, subject, tokenIdentifier: user!.tokenIdentifier! });
    expect(await guest.query(api.bookings.get, { sessionId: result.bookingId })).toMatchObject({ _id: result.bookingId });

    // The link works once.
    expect(await t.query(api.intro.link, { token })).toEqual({ state: "confirmed", message: INTRO_MESSAGES.INTRO_LINK_USED });
    const again = clerkCalls();
    expect(await errorOf(t.action(api.intro.confirm, { token }))).toMatchObject({ code: "INTRO_LINK_USED" });
    expect(again).toEqual([]);
  });

  it("refuses a link that is not one of ours, without reaching Clerk", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const token = await tokenSentTo(t, "maya@example.com");
    const calls = clerkCalls();
    for (const forged of ["", "abc", `${token}x`, newLinkToken(), `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`]) {
      expect(await t.query(api.intro.link, { token: forged })).toEqual({ state: "invalid", message: INTRO_MESSAGES.INTRO_LINK_INVALID });
      expect(await errorOf(t.action(api.intro.confirm, { token: forged }))).toMatchObject({ code: "INTRO_LINK_INVALID" });
    }
    expect(calls).toEqual([]);
  });

  it("removes the Clerk account again when the address got an account while it was being made", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const token = await tokenSentTo(t, "maya@example.com");
    server.use(
      http.post(`${CLERK_API}/users`, async () => {
        await signedIn(t, "client", { email: "maya@example.com" });
        return undefined;
      }),
    );
    const calls = clerkCalls();
    const before = await counts(t);
    expect(await errorOf(t.action(api.intro.confirm, { token }))).toMatchObject({ code: "INTRO_EMAIL_HAS_ACCOUNT" });
    expect(calls).toEqual(["POST /v1/users", "POST /v1/sign_in_tokens", expect.stringMatching(/^DELETE \/v1\/users\/user_created\d+$/)]);
    expect(await counts(t)).toEqual({ ...before, users: before.users + 1 });
    // The owner can still confirm it, signed in.
    expect(await t.query(api.intro.link, { token })).toMatchObject({ state: "pending", account: "active" });
  });

  it("asks the holder to sign in when Clerk already has the address, and writes nothing", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const token = await tokenSentTo(t, "maya@example.com");
    TAKEN_EMAILS.add("maya@example.com");
    try {
      const before = await counts(t);
      expect(await errorOf(t.action(api.intro.confirm, { token }))).toMatchObject({
        code: "INTRO_EMAIL_HAS_ACCOUNT",
        message: INTRO_MESSAGES.INTRO_EMAIL_HAS_ACCOUNT,
      });
      expect(await counts(t)).toEqual(before);
    } finally {
      TAKEN_EMAILS.delete("maya@example.com");
    }
  });

  it("says so calmly when the identity provider fails, books nothing, and the link still works", async () => {
    const { t, coach } = await setup();
    await t.mutation(api.intro.book, visitor(coach.id));
    const token = await tokenSentTo(t, "maya@example.com");
    server.use(
      http.post(`${CLERK_API}/users`, () => HttpResponse.json({ errors: [{ code: "internal", message: "down" }] }, { status: 503 }), { once: true }),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = await counts(t);
    expect(await errorOf(t.action(api.intro.confirm, { token }))).toMatchObject({ code: "INTRO_SETUP_FAILED" });
    expect(await counts(t)).toEqual(before);
    expect((await t.action(api.intro.confirm, { token })).bookingId).toBeDefined();
  });
});

describe("the e-mailed link of an address with an account", () => {
  it("asks its owner to sign in, then books the held time on their account", async () => {
    const { t, coach } = await setup();
    const theo = await signedIn(t, "client", { email: "theo@example.com" });
    const other = await signedIn(t, "client", { email: "someone@example.com" });
    await t.mutation(api.intro.book, visitor(coach.id, { email: "theo@example.com" }));
    const token = await tokenSentTo(t, "theo@example.com");
    expect(await t.query(api.intro.link, { token })).toMatchObject({ state: "pending", account: "active", viewerIsOwner: false });
    expect(await theo.as.query(api.intro.link, { token })).toMatchObject({ state: "pending", account: "active", viewerIsOwner: true });

    // Not signed in, the link makes no second account; signed in as someone else, it books nothing.
    const calls = clerkCalls();
    expect(await errorOf(t.action(api.intro.confirm, { token }))).toMatchObject({ code: "INTRO_EMAIL_HAS_ACCOUNT" });
    expect(calls).toEqual([]);
    expect(await errorOf(other.as.mutation(api.intro.confirmExisting, { token }))).toEqual({
      code: "INTRO_LINK_OTHER_ACCOUNT",
      message: INTRO_MESSAGES.INTRO_LINK_OTHER_ACCOUNT,
    });
    expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);

    const { bookingId } = await theo.as.mutation(api.intro.confirmExisting, { token });
    expect(await t.run((ctx) => ctx.db.get("sessions", bookingId))).toMatchObject({ memberId: theo.id, kind: "intro", startsAt: at(1, 10), status: "scheduled" });
    expect((await emails(t)).map((mail) => mail.template)).toEqual(["intro_sign_in", "intro_booked"]);
    expect(await errorOf(theo.as.mutation(api.intro.confirmExisting, { token }))).toMatchObject({ code: "INTRO_LINK_USED" });
  });

  it("gives each account one intro: the owner hears it when confirming, nobody else ever does", async () => {
    const { t, coach } = await setup();
    const theo = await signedIn(t, "client", { email: "theo@example.com" });
    await insertSession(t, { kind: "intro", memberId: theo.id, coachId: coach.id, startsAt: at(3, 10), durationMinutes: 20 });
    expect(await t.mutation(api.intro.book, visitor(coach.id, { email: "theo@example.com" }))).toEqual({ kind: "check_email" });
    const token = await tokenSentTo(t, "theo@example.com");
    expect(await errorOf(theo.as.mutation(api.intro.confirmExisting, { token }))).toMatchObject({
      code: "INTRO_ALREADY_BOOKED",
      message: INTRO_MESSAGES.INTRO_ALREADY_BOOKED,
    });
    // Refused, so the link is still unused and the time still held.
    expect(await t.query(api.intro.link, { token })).toMatchObject({ state: "pending" });
  });

  it("tells the holder of a paused account's link that it is paused", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "client", { email: "dana@example.com", status: "deactivated", deactivationReason: "inactivity_90_days" });
    await t.mutation(api.intro.book, visitor(coach.id, { email: "dana@example.com" }));
    expect(await t.query(api.intro.link, { token: await tokenSentTo(t, "dana@example.com") })).toMatchObject({ state: "pending", account: "paused" });
  });

  it("limits attempts per client, whatever e-mails it uses, and still serves another visitor", async () => {
    const { t, coach } = await setup();
    const flood = t.withRequestMetadata({ ip: "203.0.113.7", userAgent: "flood" });
    for (let i = 0; i < 5; i++) {
      const request = visitor(coach.id, { email: `visitor${i}@example.com`, startsAt: at(1, 9, i * 30) });
      expect(await flood.mutation(api.intro.book, request)).toEqual({ kind: "check_email" });
    }
    const last = visitor(coach.id, { email: "visitor5@example.com", startsAt: at(2, 9) });
    const refused = (await errorOf(flood.mutation(api.intro.book, last))) as { code: string; message: string; retryAfter: number };
    expect(refused).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.introClient(refused.retryAfter), retryAfter: expect.any(Number) as number });
    const other = t.withRequestMetadata({ ip: "198.51.100.20", userAgent: "reader" });
    expect(await other.mutation(api.intro.book, last)).toEqual({ kind: "check_email" });
  });
});

describe("intro slots for visitors", () => {
  it("lists coaches with hours and their open 20-minute slots, without the times already taken", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "coach", { firstName: "No", lastName: "Hours" });
    expect(await t.query(api.intro.coaches, {})).toEqual([{ _id: coach.id, name: "Cora Reyes" }]);
    const other = await signedIn(t, "client");
    await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: at(1, 10), durationMinutes: 60 });
    const slots = await slotsOf(t, coach.id);
    expect(slots[0]).toBe(at(1, 9));
    expect(slots).not.toContain(at(1, 10));
    expect(slots).not.toContain(at(1, 10, 30));
    expect(slots).toContain(at(1, 11));
    expect(slots.at(-1)).toBe(at(1, 16, 30));
    expect(await errorOf(t.query(api.intro.slots, { coachId: coach.id, from: at(0, 0), to: at(90, 0) }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    // Past the range of a JavaScript Date: once an endless loop that stalled the whole backend.
    expect(await errorOf(t.query(api.intro.slots, { coachId: coach.id, from: 8_640_000_000_000_001, to: 8_640_000_000_000_002 }))).toEqual({
      code: "INVALID_INPUT",
      message: AUTH_MESSAGES.INVALID_INPUT,
      fields: { from: BOUND_MESSAGES.time, to: BOUND_MESSAGES.time },
    });
  });
});

describe("generated passwords and link tokens", () => {
  it("are four groups of four from an alphabet without look-alikes, different each time", () => {
    const passwords = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(passwords.size).toBe(200);
    for (const password of passwords) expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
  });

  it("skips bytes that would bias the alphabet", () => {
    // 248 and above are rejected (248 = 8 x 31); 0 maps to "a", 31 to "a" again.
    const bytes = [255, 250, 248, ...Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 0 : 31))];
    const password = generatePassword((buffer) => {
      buffer.set(bytes.slice(0, buffer.length));
      return buffer;
    });
    expect(password).toBe("aaaa-aaaa-aaaa-aaaa");
  });

  it("makes link tokens of 256 random bits, url-safe, and stores only their SHA-256", async () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newLinkToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newLinkToken((buffer) => buffer.fill(255))).toBe("_".repeat(42) + "8");
    expect(await linkTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
