/** The newsletter sign-up (POST /api/newsletter, POST /newsletter/subscribe), its confirmation link and its limits, through convex-test. */
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { NEWSLETTER_CONFIRMATION_TTL_MS } from "./model/newsletter";
import { BOUND_MESSAGES, NEWSLETTER_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

type Client = Pick<T, "fetch">;

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const signUp = (client: Client, email: string, name = "Sam") => client.fetch("/api/newsletter", form({ name, email }));
const signUpPlain = (client: Client, email: string, name = "Sam") => client.fetch("/newsletter/subscribe", form({ name, email }));
const from = (t: T, ip: string, headers: Record<string, string> = {}): Client => {
  const visitor = t.withRequestMetadata({ ip, userAgent: "test" });
  return { fetch: (path, init) => visitor.fetch(path, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) };
};

/** Everything a caller can observe of an answer: status, headers, body. */
async function observed(response: Response) {
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
  return { status: response.status, headers: headers.sort(), body: await response.text() };
}

const outbox = (t: T, to: string) => t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((mail) => mail.to === to));

/** The token of the latest confirmation link e-mailed to `to`. */
async function confirmationToken(t: T, to: string): Promise<string> {
  const mails = await outbox(t, to);
  const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "")?.[1];
  expect(token, `a confirmation link was e-mailed to ${to}`).toBeDefined();
  return token!;
}

const errorData = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as { code: string; message: string };
    throw error;
  }
};

async function newsletterAudience(t: T) {
  const admin = await signedIn(t, "admin");
  return (await admin.as.query(api.campaigns.audienceSize, { audience: { kind: "newsletter" } })).count;
}

describe("newsletter double opt-in", () => {
  it("answers a new, a pending and a subscribed address exactly alike, and e-mails each", async () => {
    const t = newConvexTest();
    const visitor = from(t, "203.0.113.7");
    const asNew = await observed(await signUp(visitor, "sam@example.com"));
    expect(asNew.status).toBe(200);
    const asPending = await observed(await signUp(visitor, "SAM@example.com"));
    await t.mutation(api.newsletter.confirm, { token: await confirmationToken(t, "sam@example.com") });
    const asSubscribed = await observed(await signUp(visitor, "sam@example.com"));
    expect(asPending).toEqual(asNew);
    expect(asSubscribed).toEqual(asNew);
    // Each sign-up sent one e-mail to the address: the owner learns of it, the form learns nothing.
    expect((await outbox(t, "sam@example.com")).map((mail) => mail.template)).toEqual([
      "newsletter_confirmation",
      "newsletter_confirmation",
      "newsletter_already_subscribed",
    ]);
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toHaveLength(1);
  });

  it("puts no text from the form into the e-mail, so the form cannot send anyone a message", async () => {
    const t = newConvexTest();
    await signUp(from(t, "203.0.113.7"), "victim@example.com", "Win a prize at evil.example");
    const [mail] = await outbox(t, "victim@example.com");
    expect(`${mail!.subject} ${mail!.text}`).not.toContain("evil.example");
  });

  it("sends campaigns only to addresses that confirmed", async () => {
    const t = newConvexTest();
    await signUp(from(t, "203.0.113.7"), "sam@example.com");
    expect(await newsletterAudience(t)).toBe(0);
    expect(await t.mutation(api.newsletter.confirm, { token: await confirmationToken(t, "sam@example.com") })).toEqual({ email: "sam@example.com" });
    expect(await newsletterAudience(t)).toBe(1);
  });

  it("takes a link once, only the latest one, and not once it expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const visitor = from(t, "203.0.113.7");
    await signUp(visitor, "sam@example.com");
    const first = await confirmationToken(t, "sam@example.com");
    await signUp(visitor, "sam@example.com");
    const second = await confirmationToken(t, "sam@example.com");
    const invalid = { code: "NEWSLETTER_LINK_INVALID", message: NEWSLETTER_MESSAGES.NEWSLETTER_LINK_INVALID };
    expect(await errorData(t.mutation(api.newsletter.confirm, { token: first }))).toEqual(invalid);
    expect(await errorData(t.mutation(api.newsletter.confirm, { token: "x".repeat(500) }))).toEqual(invalid);
    await t.mutation(api.newsletter.confirm, { token: second });
    expect(await errorData(t.mutation(api.newsletter.confirm, { token: second }))).toEqual(invalid);

    await signUp(visitor, "late@example.com");
    const late = await confirmationToken(t, "late@example.com");
    vi.setSystemTime(Date.now() + NEWSLETTER_CONFIRMATION_TTL_MS + 1);
    expect(await errorData(t.mutation(api.newsletter.confirm, { token: late }))).toEqual(invalid);
    expect(await newsletterAudience(t)).toBe(1);
  });

  it("removes pending sign-ups once their link expired, and keeps confirmed ones", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const visitor = from(t, "203.0.113.7");
    await signUp(visitor, "sam@example.com");
    await t.mutation(api.newsletter.confirm, { token: await confirmationToken(t, "sam@example.com") });
    await signUp(visitor, "pending@example.com");
    expect(await t.mutation(internal.newsletter.removeExpired, {})).toEqual({ removed: 0, more: false });
    vi.setSystemTime(Date.now() + NEWSLETTER_CONFIRMATION_TTL_MS + 1);
    expect(await t.mutation(internal.newsletter.removeExpired, {})).toEqual({ removed: 1, more: false });
    expect((await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).map((row) => row.email)).toEqual(["sam@example.com"]);
  });

  it("works as a plain form post: back to the page with the outcome, the same for every address", async () => {
    const t = newConvexTest();
    const visitor = from(t, "203.0.113.7");
    const ok = await signUpPlain(visitor, "sam@example.com");
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/?newsletter=subscribed#newsletter"]);
    expect((await signUpPlain(visitor, "sam@example.com")).headers.get("location")).toBe("/?newsletter=subscribed#newsletter");
    expect((await signUpPlain(visitor, "")).headers.get("location")).toBe("/?newsletter=invalid#newsletter");
    expect(await outbox(t, "sam@example.com")).toHaveLength(2);
  });

  it("answers field errors and refuses oversized bodies, storing and sending nothing", async () => {
    const t = newConvexTest();
    const visitor = from(t, "203.0.113.7");
    const bad = await visitor.fetch("/api/newsletter", form({ name: "", email: "nope" }));
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { name: "Enter your name.", email: "Enter a valid email address." } },
    ]);
    const spoofed = await visitor.fetch("/api/newsletter", form({ name: "Sam\u202E\r\nevil", email: "sam@example.com" }));
    expect([spoofed.status, await spoofed.json()]).toEqual([
      400,
      { code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { name: BOUND_MESSAGES.lineCharacters } },
    ]);
    const huge = await visitor.fetch("/api/newsletter", form({ name: "x".repeat(20_000), email: "a@b.co" }));
    expect(huge.status).toBe(413);
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toEqual([]);
  });
});

describe("newsletter limits", () => {
  it("refuses one client's flood with 429 and when to try again, and still signs up another visitor", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const flood = from(t, "203.0.113.7");
    let accepted = 0;
    let refused: Response | undefined;
    while (!refused && accepted < 120) {
      const answer = await signUp(flood, `reader${accepted}@example.com`);
      if (answer.status === 429) refused = answer;
      else accepted++;
    }
    expect(accepted).toBe(10);
    const body = (await refused!.json()) as { code: string; message: string; retryAfter: number };
    expect(body).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.newsletterClient(body.retryAfter), retryAfter: expect.any(Number) as number });
    expect(body.message).toBe("You've signed up several times in a short time. Please try again in 3 minutes.");
    expect(refused!.headers.get("retry-after")).toBe(String(Math.ceil(body.retryAfter / 1000)));
    // The plain form post says the same wait in the address it sends the visitor back to.
    expect((await signUpPlain(flood, "one.more@example.com")).headers.get("location")).toBe(`/?newsletter=busy&wait=${Math.ceil(body.retryAfter / 1000)}#newsletter`);

    expect((await signUp(from(t, "198.51.100.20"), "reader@example.com")).status).toBe(200);
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toHaveLength(11);
  });

  it("believes X-Forwarded-For only as far as TRUSTED_PROXY_HOPS says", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    // Not configured: a client writing a new X-Forwarded-For each time is still one client.
    for (let i = 0; i < 10; i++) expect((await signUp(from(t, "203.0.113.7", { "x-forwarded-for": `10.0.0.${i}` }), `a${i}@example.com`)).status).toBe(200);
    expect((await signUp(from(t, "203.0.113.7", { "x-forwarded-for": "10.0.0.99" }), "a99@example.com")).status).toBe(429);

    // Behind one proxy of ours: its visitors are told apart by the entry it appended, and an entry
    // the client wrote before it changes nothing.
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    const viaProxy = (forwardedFor: string) => from(t, "127.0.0.1", { "x-forwarded-for": forwardedFor });
    for (let i = 0; i < 10; i++) expect((await signUp(viaProxy(`198.51.100.${i}, 192.0.2.5`), `b${i}@example.com`)).status).toBe(200);
    expect((await signUp(viaProxy("198.51.100.77, 192.0.2.5"), "b99@example.com")).status).toBe(429);
    expect((await signUp(viaProxy("192.0.2.6"), "c@example.com")).status).toBe(200);
  });

  it("e-mails one address at most three times an hour, so nobody's inbox can be flooded from the form", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signUp(from(t, `203.0.113.${i}`), "target@example.com")).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await outbox(t, "target@example.com")).toHaveLength(3);
  });
});
