import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { RESEND_API } from "../tests/mocks/resend";
import { api } from "./_generated/api";
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
    expect(outbox.page).toMatchObject([{ to: "ada@example.com", subject: "New message from Sam Rivera (Free consultation)", status: "stored" }]);
    await admin.as.mutation(api.contact.setRead, { id: page[0]!._id, read: true });
    expect((await admin.as.query(api.contact.list, { paginationOpts: { numItems: 5, cursor: null } })).page[0]!.read).toBe(true);
  });

  it("sends through Resend when it is configured, and records a failure instead of losing it", async () => {
    vi.useFakeTimers();
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    await t.mutation(api.contact.submit, message);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    server.use(http.post(`${RESEND_API}/emails`, () => HttpResponse.json({ statusCode: 500, name: "application_error", message: "Down" }, { status: 500 })));
    await t.mutation(api.contact.submit, { ...message, email: "other@example.com" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const { page } = await admin.as.query(api.email.outbox, { paginationOpts: { numItems: 5, cursor: null } });
    expect(page.map((m) => [m.status, m.providerId ?? m.error])).toEqual([
      ["failed", "Resend answered 500: Down"],
      ["sent", "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794"],
    ]);
  });

  it("names every bad field, refuses oversized input and stores nothing", async () => {
    const t = newConvexTest();
    expect(await errorData(t.mutation(api.contact.submit, { name: "", email: "nope", message: "  " }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { name: "Enter your name.", email: "Enter a valid email address.", message: "Write a message." },
    });
    expect(await errorData(t.mutation(api.contact.submit, { ...message, message: "x".repeat(5001) }))).toMatchObject({
      fields: { message: "Use at most 5000 characters." },
    });
    expect(await errorData(t.mutation(api.contact.submit, { ...message, subject: "billing" }))).toMatchObject({ code: "INVALID_INPUT" });
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toEqual([]);
  });

  it("limits how many messages one sender can send in a row", async () => {
    const t = newConvexTest();
    for (let i = 0; i < 3; i++) await t.mutation(api.contact.submit, message);
    expect(await errorData(t.mutation(api.contact.submit, message))).toMatchObject({ code: "RATE_LIMITED" });
    expect(await t.run((ctx) => ctx.db.query("contactMessages").collect())).toHaveLength(3);
    await t.mutation(api.contact.submit, { ...message, email: "someone.else@example.com" });
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
    const huge = await t.fetch("/api/newsletter", post("/api/newsletter", `name=${"x".repeat(20_000)}&email=a%40b.co`));
    expect(huge.status).toBe(413);
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toEqual([]);
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
  });
});
