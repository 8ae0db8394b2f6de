import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { RESEND_BATCH } from "../tests/mocks/resend";
import { api, internal } from "./_generated/api";
import { BOUND_MESSAGES } from "./model/bounds";
import { CONTACT_TEXT, FORM_MESSAGES } from "./model/contact";
import type { RateLimitedError } from "./model/rateLimits";
import { newConvexTest } from "./test.setup";
import { signedIn } from "./test.users";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const errorData = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as { code: string; fields?: Record<string, string> };
    throw error;
  }
};

const message = { name: " Sam Rivera ", email: "Sam@Example.com", subject: "consultation", message: "I keep losing my afternoons." };

describe("contact.submit", () => {
  it("stores the message and puts a notification for each admin in the outbox", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const admin = await signedIn(t, "admin", { email: "ada@example.com" });
    await t.mutation(api.contact.submit, message);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const { page } = await admin.as.query(api.contact.list, { paginationOpts: { numItems: 5, cursor: null } });
    expect(page).toMatchObject([{ name: "Sam Rivera", email: "sam@example.com", subject: "consultation", read: false }]);
    const outbox = await admin.as.query(api.email.outbox, { paginationOpts: { numItems: 5, cursor: null } });
    expect(outbox.page).toMatchObject([{ to: "ada@example.com", subject: "New message from Sam Rivera (Free consultation)", status: "delivered" }]);
    await admin.as.mutation(api.contact.setRead, { id: page[0]!._id, read: true });
    expect((await admin.as.query(api.contact.list, { paginationOpts: { numItems: 5, cursor: null } })).page[0]!.read).toBe(true);
  });

  it("sends through Resend when it is configured, and records a refusal instead of losing it", async () => {
    vi.useFakeTimers();
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    await t.mutation(api.contact.submit, message);
    await t.finishAllScheduledFunctions(() => vi.advanceTimersToNextTimer(), 1_000);
    server.use(http.post(RESEND_BATCH, () => HttpResponse.json({ statusCode: 422, name: "validation_error", message: "Invalid `from` field." }, { status: 422 })));
    await t.mutation(api.contact.submit, { ...message, email: "other@example.com" });
    await t.finishAllScheduledFunctions(() => vi.advanceTimersToNextTimer(), 1_000);
    const { page } = await admin.as.query(api.email.outbox, { paginationOpts: { numItems: 5, cursor: null } });
    expect(page.map((m) => m.status)).toEqual(["failed", "sent"]);
    expect(page[0]!.error).toContain("Invalid `from` field.");
    expect(page[1]!.providerId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names every bad field, refuses oversized input and stores nothing", async () => {
    const t = newConvexTest();
    expect(await errorData(t.mutation(api.contact.submit, { name: "", email: "nope", message: "  " }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { name: "Enter your name.", email: "Enter a valid email address.", message: "Write a message." },
    });
    expect(await errorData(t.mutation(api.contact.submit, { ...message, message: "x".repeat(5001) }))).toMatchObject({
      fields: { message: "Use at most 5,000 characters." },
    });
    expect(await errorData(t.mutation(api.contact.submit, { ...message, subject: "billing" }))).toMatchObject({ code: "INVALID_INPUT" });
    // A line break in the name would reach the subject of the admins' e-mail.
    expect(await errorData(t.mutation(api.contact.submit, { ...message, name: "Sam\r\nBcc: everyone@example.com" }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { name: BOUND_MESSAGES.lineCharacters },
    });
    expect(await errorData(t.mutation(api.contact.submit, { ...message, message: "Hi\u202Eevil" }))).toMatchObject({
      fields: { message: BOUND_MESSAGES.textCharacters },
    });
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toEqual([]);
  });

  it("limits how many messages one sender can send in a row", async () => {
    const t = newConvexTest();
    for (let i = 0; i < 3; i++) await t.mutation(api.contact.submit, message);
    const refused = (await errorData(t.mutation(api.contact.submit, message))) as RateLimitedError | undefined;
    expect(refused).toEqual({ code: "RATE_LIMITED", message: CONTACT_TEXT.rateLimited, retryAfter: expect.any(Number) as number });
    // A token comes back every 10 minutes (6 an hour).
    expect(refused!.retryAfter).toBeGreaterThan(0);
    expect(refused!.retryAfter).toBeLessThanOrEqual(10 * 60_000);
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(3);
    await t.mutation(api.contact.submit, { ...message, email: "someone.else@example.com" });
  });

  it("limits all senders together, and a refused message leaves no trace", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    await signedIn(t, "admin");
    for (let i = 0; i < 50; i++) await t.mutation(api.contact.submit, { ...message, email: `sender${i}@example.com` });
    const late = { ...message, email: "late@example.com" };
    expect(await errorData(t.mutation(api.contact.submit, late))).toMatchObject({ code: "RATE_LIMITED", message: CONTACT_TEXT.rateLimited });
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(50);
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toHaveLength(50);
    // A minute refills the shared bucket by 3 (200 an hour) and the sender's by a tenth. The refused
    // message's token from the sender's bucket was handed back, so all 3 of theirs are still there.
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 3; i++) await t.mutation(api.contact.submit, late);
    expect(await errorData(t.mutation(api.contact.submit, late))).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("newsletter", () => {
  const post = (path: string, body: string, type = "application/x-www-form-urlencoded") =>
    ({ method: "POST", headers: { "content-type": type }, body }) as const;

  it("subscribes once from the form, idempotently", async () => {
    const t = newConvexTest();
    const first = await t.fetch("/api/newsletter", post("/api/newsletter", "name=Sam&email=sam%40example.com"));
    expect([first.status, await first.json()]).toEqual([200, { status: "subscribed" }]);
    const again = await t.fetch("/api/newsletter", post("/api/newsletter", "name=Sam&email=SAM%40example.com"));
    expect(await again.json()).toEqual({ status: "already_subscribed" });
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toHaveLength(1);
  });

  it("answers field errors and refuses oversized bodies, storing nothing", async () => {
    const t = newConvexTest();
    const bad = await t.fetch("/api/newsletter", post("/api/newsletter", "name=&email=nope"));
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { name: "Enter your name.", email: "Enter a valid email address." } },
    ]);
    const spoofed = await t.fetch("/api/newsletter", post("/api/newsletter", "name=Sam%E2%80%AE%0D%0Aevil&email=sam%40example.com"));
    expect([spoofed.status, await spoofed.json()]).toEqual([
      400,
      { code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { name: BOUND_MESSAGES.lineCharacters } },
    ]);
    const huge = await t.fetch("/api/newsletter", post("/api/newsletter", `name=${"x".repeat(20_000)}&email=a%40b.co`));
    expect(huge.status).toBe(413);
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toEqual([]);
  });

  it("refuses sign-up 101 in a burst with 429 and a calm message, storing nothing for it", async () => {
    const t = newConvexTest();
    for (let i = 0; i < 100; i++) await t.mutation(internal.forms.subscribe, { name: "Sam", email: `sam${i}@example.com`, source: "form" });
    const refused = await t.fetch("/api/newsletter", post("/api/newsletter", "name=Sam&email=sam100%40example.com"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ code: "RATE_LIMITED", message: FORM_MESSAGES.busy, retryAfter: expect.any(Number) as number });
    const plain = await t.fetch("/newsletter/subscribe", post("/newsletter/subscribe", "name=Sam&email=sam100%40example.com"));
    expect(plain.headers.get("location")).toBe("/?newsletter=busy#newsletter");
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toHaveLength(100);
    // Someone already subscribed is told so, limit or not.
    expect(await t.mutation(internal.forms.subscribe, { name: "Sam", email: "sam0@example.com", source: "form" })).toBe("already_subscribed");
  });

  it("works as a plain form post and sends the visitor back with the outcome", async () => {
    const t = newConvexTest();
    const ok = await t.fetch("/newsletter/subscribe", post("/newsletter/subscribe", "name=Sam&email=sam%40example.com"));
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/?newsletter=subscribed#newsletter"]);
    const bad = await t.fetch("/newsletter/subscribe", post("/newsletter/subscribe", "name=Sam&email="));
    expect(bad.headers.get("location")).toBe("/?newsletter=invalid#newsletter");
  });
});

describe("event registration", () => {
  it("registers by title, once per member, and says when there is no such event", async () => {
    const t = newConvexTest();
    await t.run((ctx) =>
      ctx.db.insert("events", {
        slug: "focus-lab",
        title: "Focus Lab",
        startsAt: Date.now() + 86_400_000,
        durationMinutes: 60,
        location: "Online",
        isOnline: true,
        description: "Work alongside others.",
        registrationUrl: "https://lwcc.example/events/focus-lab",
      }),
    );
    const register = (title: string) =>
      t.fetch("/api/events/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ eventTitle: title }) });
    expect((await register("Focus Lab")).status).toBe(200);
    expect((await register("Nope")).status).toBe(404);
    expect(await t.run((ctx) => ctx.db.query("eventRegistrations").collect())).toHaveLength(1);

    for (let i = 1; i < 100; i++) await t.mutation(internal.forms.registerForEvent, { eventTitle: "Focus Lab" });
    const refused = await register("Focus Lab");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED", message: FORM_MESSAGES.busy });
    expect(await t.run((ctx) => ctx.db.query("eventRegistrations").collect())).toHaveLength(100);
  });
});
