// Loaded before fake timers replace Date (see bookings.test.ts).
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLERK_API, TAKEN_EMAILS } from "../tests/mocks/clerk";
import { server } from "../tests/mocks/server";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { INTRO_SESSION_MINUTES } from "./model/availability";
import { generatePassword } from "./model/intro";
import { AUTH_MESSAGES, BOUND_MESSAGES, INTRO_MESSAGES } from "./model/messages";
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

const counts = (t: T) =>
  t.run(async (ctx) => ({
    users: (await ctx.db.query("users").collect()).length,
    sessions: (await ctx.db.query("sessions").collect()).length,
    emails: (await ctx.db.query("emailOutbox").collect()).length,
  }));

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

describe("booking the free intro session", () => {
  it("makes a guest_temporary account at Clerk with the role in its metadata, books the intro free and hands back a sign-in ticket", async () => {
    const { t, coach } = await setup();
    const calls = clerkCalls();
    const seen: unknown[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && request.url === `${CLERK_API}/users`)
        void request
          .clone()
          .json()
          .then((body) => seen.push(body));
    });

    const result = await t.action(api.intro.book, visitor(coach.id));

    expect(calls).toEqual(["POST /v1/users", "POST /v1/sign_in_tokens"]);
    if (result.kind !== "new") throw new Error("expected a new account");
    expect(result.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(result.ticket).toMatch(/^ticket_for_user_created\d+$/);
    expect(result.dashboardUrl).toBe("/dashboard");
    expect(seen[0]).toMatchObject({
      email_address: ["maya@example.com"],
      password: result.password,
      first_name: "Maya",
      last_name: "Ortiz",
      public_metadata: { role: "guest_temporary" },
    });

    const { user, session, ledger, emails } = await t.run(async (ctx) => ({
      user: await ctx.db.get("users", result.userId),
      session: await ctx.db.get("sessions", result.bookingId),
      ledger: await ctx.db.query("timeLedger").collect(),
      emails: await ctx.db.query("emailOutbox").collect(),
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
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: "maya@example.com", subject: "Your free intro session is booked", template: "intro_booked" });
    expect(emails[0]!.text).not.toContain(result.password);

    // Signed in with that identity, the guest sees the booking.
    const [, subject] = user!.tokenIdentifier!.split("|");
    const guest = t.withIdentity({ issuer: ISSUER, subject, tokenIdentifier: user!.tokenIdentifier! });
    expect(await guest.query(api.bookings.get, { sessionId: result.bookingId })).toMatchObject({ _id: result.bookingId });
  });

  it("books on the existing account of a known e-mail, makes no second account and reveals nothing about it", async () => {
    const { t, coach } = await setup();
    const member = await signedIn(t, "client", { email: "maya@example.com" });
    const calls = clerkCalls();

    const result = await t.action(api.intro.book, visitor(coach.id));

    expect(calls).toEqual([]);
    expect(Object.keys(result).sort()).toEqual(["bookingId", "kind"]);
    expect(result.kind).toBe("existing");
    const session = await t.run((ctx) => ctx.db.get("sessions", result.bookingId));
    expect(session).toMatchObject({ memberId: member.id, kind: "intro" });
    expect((await counts(t)).users).toBe(2);
  });

  it("gives each account one intro; a cancelled one may be booked again", async () => {
    const { t, coach } = await setup();
    const member = await signedIn(t, "client", { email: "maya@example.com" });
    const first = await t.action(api.intro.book, visitor(coach.id));
    const before = await counts(t);

    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { startsAt: at(2, 10) })))).toMatchObject({
      code: "INTRO_ALREADY_BOOKED",
      message: INTRO_MESSAGES.INTRO_ALREADY_BOOKED,
    });
    expect(await counts(t)).toEqual(before);

    await member.as.mutation(api.bookings.cancel, { sessionId: first.bookingId });
    expect((await t.action(api.intro.book, visitor(coach.id, { startsAt: at(2, 10) }))).kind).toBe("existing");
  });

  it("refuses bad input field by field before anything is made", async () => {
    const { t, coach } = await setup();
    const calls = clerkCalls();
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { name: "  ", email: "maya@" })))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { name: "Enter your name.", email: "Enter a valid email address." },
    });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { name: "x".repeat(101) })))).toMatchObject({
      fields: { name: "Use at most 100 characters." },
    });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { startsAt: at(1, 10, 15) })))).toMatchObject({
      code: "SLOT_UNAVAILABLE",
    });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { startsAt: at(-1, 10) })))).toMatchObject({ code: "SLOT_IN_PAST" });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { startsAt: 8_640_000_000_000_001 })))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { startsAt: BOUND_MESSAGES.time },
    });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { name: "Maya\u202E\r\nOrtiz" })))).toMatchObject({
      fields: { name: BOUND_MESSAGES.lineCharacters },
    });
    const client = await signedIn(t, "client");
    expect(await errorOf(t.action(api.intro.book, visitor(client.id)))).toMatchObject({ code: "COACH_NOT_FOUND" });
    expect(calls).toEqual([]);
    expect(await counts(t)).toEqual({ users: 2, sessions: 0, emails: 0 });
  });

  it("refuses a slot the coach already has, before making an account", async () => {
    const { t, coach } = await setup();
    const other = await signedIn(t, "client");
    await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: at(1, 10), durationMinutes: 60 });
    const calls = clerkCalls();
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id)))).toMatchObject({ code: "SLOT_UNAVAILABLE" });
    expect(calls).toEqual([]);
  });

  it("removes the Clerk account again when the slot is taken while it was being made", async () => {
    const { t, coach } = await setup();
    const other = await signedIn(t, "client");
    server.use(
      http.post(`${CLERK_API}/users`, async () => {
        await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: at(1, 10), durationMinutes: 60 });
        return undefined;
      }),
    );
    const calls = clerkCalls();
    const before = await counts(t);
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id)))).toMatchObject({ code: "SLOT_UNAVAILABLE" });
    expect(calls).toEqual(["POST /v1/users", "POST /v1/sign_in_tokens", expect.stringMatching(/^DELETE \/v1\/users\/user_created\d+$/)]);
    expect(await counts(t)).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it("asks the visitor to sign in when Clerk already has the address, and writes nothing", async () => {
    const { t, coach } = await setup();
    TAKEN_EMAILS.add("maya@example.com");
    try {
      const before = await counts(t);
      expect(await errorOf(t.action(api.intro.book, visitor(coach.id)))).toMatchObject({
        code: "INTRO_EMAIL_HAS_ACCOUNT",
        message: INTRO_MESSAGES.INTRO_EMAIL_HAS_ACCOUNT,
      });
      expect(await counts(t)).toEqual(before);
    } finally {
      TAKEN_EMAILS.delete("maya@example.com");
    }
  });

  it("says so calmly when the identity provider fails, and books nothing", async () => {
    const { t, coach } = await setup();
    server.use(
      http.post(`${CLERK_API}/users`, () => HttpResponse.json({ errors: [{ code: "internal", message: "down" }] }, { status: 503 })),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = await counts(t);
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id)))).toMatchObject({ code: "INTRO_SETUP_FAILED" });
    expect(await counts(t)).toEqual(before);
  });

  it("refuses a deactivated account's e-mail with the way back", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "client", { email: "maya@example.com", status: "deactivated", deactivationReason: "inactivity_90_days" });
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id)))).toMatchObject({ code: "INTRO_ACCOUNT_DEACTIVATED" });
  });

  it("limits attempts per e-mail, whatever its case, so a failing provider is not hammered", async () => {
    const { t, coach } = await setup();
    server.use(
      http.post(`${CLERK_API}/users`, () => HttpResponse.json({ errors: [{ code: "internal", message: "down" }] }, { status: 503 })),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const email of ["a@b.co", "A@b.co", "a@B.CO"]) {
      expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { email })))).toMatchObject({ code: "INTRO_SETUP_FAILED" });
    }
    expect(await errorOf(t.action(api.intro.book, visitor(coach.id, { email: "a@b.co" })))).toMatchObject({
      code: "RATE_LIMITED",
      message: INTRO_MESSAGES.INTRO_BUSY,
    });
    expect(((await errorOf(t.action(api.intro.book, visitor(coach.id, { email: "someone@else.co" })))) as { code: string }).code).toBe(
      "INTRO_SETUP_FAILED",
    );
  });
});

describe("intro slots for visitors", () => {
  it("lists coaches with hours and their open 20-minute slots, without the times already taken", async () => {
    const { t, coach } = await setup();
    await signedIn(t, "coach", { firstName: "No", lastName: "Hours" });
    expect(await t.query(api.intro.coaches, {})).toEqual([{ _id: coach.id, name: "Cora Reyes" }]);
    const other = await signedIn(t, "client");
    await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: at(1, 10), durationMinutes: 60 });
    const slots = await t.query(api.intro.slots, { coachId: coach.id, from: at(1, 0), to: at(2, 0) });
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

describe("generated passwords", () => {
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
});
