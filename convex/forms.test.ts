import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { RESEND_BATCH } from "../tests/mocks/resend";
import { api, internal } from "./_generated/api";
import { FORM_MESSAGES } from "./model/contact";
import { BOUND_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import type { RateLimitedError } from "./model/rateLimits";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

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
    expect(refused).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.contactClient(refused!.retryAfter), retryAfter: expect.any(Number) as number });
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
    // Fifty visitors, each from an address of their own, fill the shared bucket.
    for (let i = 0; i < 50; i++) await t.withRequestMetadata({ ip: `203.0.113.${i}` }).mutation(api.contact.submit, { ...message, email: `sender${i}@example.com` });
    const late = { ...message, email: "late@example.com" };
    const lateVisitor = t.withRequestMetadata({ ip: "198.51.100.1" });
    const refused = (await errorData(lateVisitor.mutation(api.contact.submit, late))) as RateLimitedError | undefined;
    expect(refused).toMatchObject({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.contactBusy(refused!.retryAfter) });
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(50);
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toHaveLength(50);
    // A minute refills the shared bucket by 3 (200 an hour) and the sender's by a tenth. The refused
    // message's token from the sender's bucket was handed back, so all 3 of theirs are still there.
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 3; i++) await lateVisitor.mutation(api.contact.submit, late);
    expect(await errorData(lateVisitor.mutation(api.contact.submit, late))).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("contact.submit per client", () => {
  const from = (t: T, ip: string) => t.withRequestMetadata({ ip, userAgent: "test" });

  it("refuses one address's flood of messages, whatever senders it names, and still takes another visitor's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const flood = from(t, "203.0.113.7");
    let accepted = 0;
    let refused: RateLimitedError | undefined;
    while (!refused && accepted < 60) {
      refused = (await errorData(flood.mutation(api.contact.submit, { ...message, email: `sender${accepted}@example.com` }))) as RateLimitedError | undefined;
      if (!refused) accepted++;
    }
    expect(accepted).toBe(5);
    expect(refused).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.contactClient(refused!.retryAfter), retryAfter: expect.any(Number) as number });
    expect(refused!.message).toBe("You've sent several messages in a short time. Please try again in 6 minutes.");
    await from(t, "198.51.100.20").mutation(api.contact.submit, { ...message, email: "reader@example.com" });
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(6);
  });

  it("counts a signed-in member as themselves, so others at their address still get through", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const office = "192.0.2.44";
    for (let i = 0; i < 5; i++) await member.as.withRequestMetadata({ ip: office }).mutation(api.contact.submit, { ...message, email: `m${i}@example.com` });
    expect(await errorData(member.as.withRequestMetadata({ ip: office }).mutation(api.contact.submit, message))).toMatchObject({ code: "RATE_LIMITED" });
    await from(t, office).mutation(api.contact.submit, message);
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
