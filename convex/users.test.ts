import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { Webhook } from "svix";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import { forumNameKey } from "./model/forumNames";
import { AUTH_MESSAGES, BOUND_MESSAGES, PROFILE_MESSAGES, RATE_LIMIT_MESSAGES } from "./model/messages";
import { seedDemo } from "./test.seed";
import { newConvexTest } from "./test.setup";
import { signedIn, TEST_ISSUER } from "./test.users";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string; fields?: Record<string, string> }) : error;
  }
};

const identity = (subject: string, claims: Record<string, unknown> = {}) => ({
  issuer: TEST_ISSUER,
  subject,
  tokenIdentifier: `${TEST_ISSUER}|${subject}`,
  email: `${subject}@example.com`,
  givenName: "Ana",
  familyName: "Silva",
  ...claims,
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe("users.ensureCurrent", () => {
  it("creates a client on the free tier at first sign-in, once", async () => {
    const t = newConvexTest();
    const as = t.withIdentity(identity("ana"));
    const first = await as.mutation(api.users.ensureCurrent, { timezone: "Europe/Lisbon" });
    expect(first).toMatchObject({
      email: "ana@example.com",
      firstName: "Ana",
      lastName: "Silva",
      role: "client",
      tier: "foundation",
      status: "active",
      timezone: "Europe/Lisbon",
    });
    const again = await as.mutation(api.users.ensureCurrent, {});
    expect(again._id).toBe(first._id);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(1);
    expect(await as.query(api.users.me, {})).toEqual(first);
  });

  it("keeps names from the identity provider to one plain line, without invisible or text-direction characters", async () => {
    const t = newConvexTest();
    const as = t.withIdentity(identity("eve", { givenName: "Eve\u202E\u200B\r\nBcc: all", familyName: "x".repeat(300) }));
    const user = await as.mutation(api.users.ensureCurrent, {});
    expect(user).toMatchObject({ firstName: "Eve Bcc: all", lastName: "x".repeat(100) });
  });

  it("ignores a time zone that does not exist", async () => {
    const t = newConvexTest();
    const user = await t.withIdentity(identity("bo")).mutation(api.users.ensureCurrent, { timezone: "Mars/Olympus" });
    expect(user.timezone).toBe("UTC");
  });

  it("links a prepared row only for a verified email", async () => {
    const t = newConvexTest();
    const prepared = await signedIn(t, "coach", { tokenIdentifier: undefined, email: "cora@example.com" });
    const unverified = await t.withIdentity(identity("x", { email: "cora@example.com" })).mutation(api.users.ensureCurrent, {});
    expect(unverified._id).not.toBe(prepared.id);
    expect(unverified.role).toBe("client");
    const verified = await t
      .withIdentity(identity("cora", { email: "cora@example.com", emailVerified: true }))
      .mutation(api.users.ensureCurrent, {});
    expect(verified).toMatchObject({ _id: prepared.id, role: "coach" });
  });

  it("makes at most a few accounts a short time apart from one address, and still lets others join and members sign in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newConvexTest();
    const flood = { ip: "203.0.113.7", userAgent: "flood" };
    const existing = t.withIdentity(identity("existing")).withRequestMetadata(flood);
    await existing.mutation(api.users.ensureCurrent, {});
    for (let i = 1; i < 20; i++) await t.withIdentity(identity(`new${i}`)).withRequestMetadata(flood).mutation(api.users.ensureCurrent, {});
    const refused = (await codeOf(t.withIdentity(identity("new20")).withRequestMetadata(flood).mutation(api.users.ensureCurrent, {}))) as {
      code: string;
      message: string;
      retryAfter: number;
    };
    expect(refused).toEqual({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.registrationClient(refused.retryAfter), retryAfter: expect.any(Number) as number });
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toHaveLength(20);
    // Signing in again makes no account, so it is never refused.
    await existing.mutation(api.users.ensureCurrent, {});
    await t.withIdentity(identity("elsewhere")).withRequestMetadata({ ip: "198.51.100.20" }).mutation(api.users.ensureCurrent, {});
  });

  it("refuses a deactivated account and changes nothing", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client", { status: "deactivated", deactivationReason: "inactivity_90_days", lastActiveAt: 1 });
    expect(await codeOf(as.mutation(api.users.ensureCurrent, {}))).toMatchObject({ code: "ACCOUNT_DEACTIVATED" });
    expect((await t.run((ctx) => ctx.db.get("users", id)))!.lastActiveAt).toBe(1);
  });
});

describe("users.updateProfile", () => {
  it("saves trimmed names and a real time zone", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client");
    await as.mutation(api.users.updateProfile, { firstName: "  Maya ", lastName: " Ortiz", timezone: "America/Chicago" });
    expect(await t.run((ctx) => ctx.db.get("users", id))).toMatchObject({
      firstName: "Maya",
      lastName: "Ortiz",
      timezone: "America/Chicago",
    });
  });

  it("names each bad field and stores nothing", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client");
    const before = await t.run((ctx) => ctx.db.get("users", id));
    expect(
      await codeOf(as.mutation(api.users.updateProfile, { firstName: " ", timezone: "Nowhere/Land" })),
    ).toEqual({
      code: "INVALID_INPUT",
      message: "Please check the highlighted fields.",
      fields: { firstName: "Enter your first name.", timezone: "Please select a valid timezone" },
    });
    expect(await codeOf(as.mutation(api.users.updateProfile, { lastName: "x".repeat(101) }))).toMatchObject({
      fields: { lastName: "Use at most 100 characters." },
    });
    expect(await t.run((ctx) => ctx.db.get("users", id))).toEqual(before);
  });

  it("refuses names with text-direction overrides, zero-width characters or line breaks", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client");
    const before = await t.run((ctx) => ctx.db.get("users", id));
    for (const name of ["Maya\u202Eztro", "Ma\u200Bya", "Maya\r\nBcc: x@example.com", "\u2066Maya\u2069"]) {
      expect(await codeOf(as.mutation(api.users.updateProfile, { firstName: name })), name).toMatchObject({
        code: "INVALID_INPUT",
        fields: { firstName: BOUND_MESSAGES.lineCharacters },
      });
    }
    expect(await codeOf(as.mutation(api.users.updateProfile, { forumName: "Coach\u200DCora" }))).toMatchObject({ fields: { forumName: BOUND_MESSAGES.lineCharacters } });
    expect(await t.run((ctx) => ctx.db.get("users", id))).toEqual(before);
  });

  it("changes only the fields given", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz", forumName: "Maya O.", forumNameKey: forumNameKey("Maya O.") });
    await as.mutation(api.users.updateProfile, { timezone: "Asia/Tokyo" });
    expect(await t.run((ctx) => ctx.db.get("users", id))).toMatchObject({
      firstName: "Maya",
      lastName: "Ortiz",
      timezone: "Asia/Tokyo",
      forumName: "Maya O.",
      forumNameKey: forumNameKey("Maya O."),
    });
  });
});

describe("forum names", () => {
  const taken = { code: "INVALID_INPUT", message: AUTH_MESSAGES.INVALID_INPUT, fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_TAKEN } };

  it("sets a forum name, tidied, shows it in users.me, and removes it when emptied", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client");
    await as.mutation(api.users.updateProfile, { forumName: "  José   Ñandú " });
    expect(await t.run((ctx) => ctx.db.get("users", id))).toMatchObject({ forumName: "José Ñandú", forumNameKey: forumNameKey("josé ñandú") });
    expect(await as.query(api.users.me, {})).toMatchObject({ forumName: "José Ñandú" });

    await as.mutation(api.users.updateProfile, { forumName: "" });
    const row = await t.run((ctx) => ctx.db.get("users", id));
    expect(row).not.toHaveProperty("forumName");
    expect(row).not.toHaveProperty("forumNameKey");
    expect(await as.query(api.users.me, {})).not.toHaveProperty("forumName");
  });

  it("refuses a name against the rule beside the other fields, and stores nothing", async () => {
    const t = newConvexTest();
    const { as, id } = await signedIn(t, "client");
    const before = await t.run((ctx) => ctx.db.get("users", id));
    expect(await codeOf(as.mutation(api.users.updateProfile, { firstName: "", forumName: "no!" }))).toEqual({
      code: "INVALID_INPUT",
      message: AUTH_MESSAGES.INVALID_INPUT,
      fields: { firstName: "Enter your first name.", forumName: PROFILE_MESSAGES.FORUM_NAME_INVALID },
    });
    for (const forumName of ["ab", "x".repeat(31), "a@b.co"]) {
      expect(await codeOf(as.mutation(api.users.updateProfile, { forumName }))).toMatchObject({
        fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_INVALID },
      });
    }
    expect(await t.run((ctx) => ctx.db.get("users", id))).toEqual(before);
  });

  it("keeps names unique ignoring case, lets the holder re-case their own, and frees a name once given up", async () => {
    const t = newConvexTest();
    const maya = await signedIn(t, "client");
    const theo = await signedIn(t, "client");
    await maya.as.mutation(api.users.updateProfile, { forumName: "Maya O." });

    const before = await t.run((ctx) => ctx.db.get("users", theo.id));
    expect(await codeOf(theo.as.mutation(api.users.updateProfile, { firstName: "Theo", forumName: "MAYA  o." }))).toEqual(taken);
    expect(await t.run((ctx) => ctx.db.get("users", theo.id))).toEqual(before);

    await maya.as.mutation(api.users.updateProfile, { forumName: "maya o." });
    expect(await maya.as.query(api.users.me, {})).toMatchObject({ forumName: "maya o." });

    await maya.as.mutation(api.users.updateProfile, { forumName: "" });
    await theo.as.mutation(api.users.updateProfile, { forumName: "Maya O." });
    expect(await theo.as.query(api.users.me, {})).toMatchObject({ forumName: "Maya O." });
  });

  it("refuses a name that only looks like another's: other scripts' letters, digits for letters, wide forms", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    const mallory = await signedIn(t, "client");
    await coach.as.mutation(api.users.updateProfile, { forumName: "Coach Cora" });
    const before = await t.run((ctx) => ctx.db.get("users", mallory.id));
    for (const forumName of ["Coach C\u043Era", "Coach C0ra", "COACH CORA", "Ｃｏａｃｈ Ｃｏｒａ", "\u0421oach Cor\u0430"])
      expect(await codeOf(mallory.as.mutation(api.users.updateProfile, { forumName })), forumName).toEqual(taken);
    expect(await codeOf(mallory.as.mutation(api.forum.join, { forumName: "Coach C\u043Era" }))).toEqual(taken);
    expect(await t.run((ctx) => ctx.db.get("users", mallory.id))).toEqual(before);
    await mallory.as.mutation(api.users.updateProfile, { forumName: "Coach Corá" });
    expect(await mallory.as.query(api.users.me, {})).toMatchObject({ forumName: "Coach Corá" });
  });

  it("gives names keyed by the older rule their look-alike key, so they are found again", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach", { forumName: "Coach Cora", forumNameKey: "coach cora" });
    const plain = await signedIn(t, "client");
    const mallory = await signedIn(t, "client");
    await t.mutation(internal.users.backfillForumNameKeys, {});
    expect(await t.run((ctx) => ctx.db.get("users", coach.id))).toMatchObject({ forumName: "Coach Cora", forumNameKey: forumNameKey("Coach Cora") });
    expect(await t.run((ctx) => ctx.db.get("users", plain.id))).not.toHaveProperty("forumNameKey");
    expect(await codeOf(mallory.as.mutation(api.users.updateProfile, { forumName: "Coach C0ra" }))).toEqual(taken);
  });
});

describe("user management", () => {
  beforeEach(() => {
    vi.stubEnv("LOCAL_AUTH_ISSUER", TEST_ISSUER);
    vi.stubEnv("LOCAL_AUTH_URL", "http://127.0.0.1:9");
    vi.stubEnv("LOCAL_AUTH_ADMIN_SECRET", "secret");
  });

  it("lists accounts for admins, newest first", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const client = await signedIn(t, "client");
    const { page } = await admin.as.query(api.users.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.map((u) => u._id)).toEqual([client.id, admin.id]);
  });

  it("changes roles, keeping guest user types in step, and never demotes the last admin", async () => {
    // No identity provider manages these accounts here, so the role changes at once (userAdmin.test.ts: through one).
    vi.stubEnv("LOCAL_AUTH_ISSUER", "");
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    await admin.as.mutation(api.users.setRole, { userId: member.id, role: "guest_confirmed" });
    expect(await t.run((ctx) => ctx.db.get("users", member.id))).toMatchObject({ role: "guest_confirmed", userType: "guest_confirmed" });
    await admin.as.mutation(api.users.setRole, { userId: member.id, role: "client" });
    expect(await t.run((ctx) => ctx.db.get("users", member.id))).toMatchObject({ role: "client", userType: "client" });
    expect(await codeOf(admin.as.mutation(api.users.setRole, { userId: admin.id, role: "client" }))).toMatchObject({ code: "LAST_ADMIN" });
    await admin.as.mutation(api.users.setRole, { userId: member.id, role: "admin" });
    await admin.as.mutation(api.users.setRole, { userId: admin.id, role: "coach" });
    expect(await t.run((ctx) => ctx.db.get("users", admin.id))).toMatchObject({ role: "coach" });
  });

  it("deactivates an account, keeps its data, and tells the identity provider to end its sessions", async () => {
    vi.useFakeTimers();
    const calls: { subject: string; body: unknown; auth: string | null }[] = [];
    server.use(
      http.post("http://127.0.0.1:9/auth/admin/accounts/:subject", async ({ params, request }) => {
        calls.push({ subject: String(params.subject), body: await request.json(), auth: request.headers.get("authorization") });
        return HttpResponse.json({ ok: true });
      }),
    );
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "deactivated", reason: "subscription_cancelled" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.get("users", member.id))).toMatchObject({
      status: "deactivated",
      deactivationReason: "subscription_cancelled",
    });
    expect(await codeOf(member.as.query(api.users.me, {}))).toBeUndefined();
    expect(await codeOf(member.as.mutation(api.users.updateProfile, { firstName: "A", lastName: "B", timezone: "UTC" }))).toMatchObject({
      code: "ACCOUNT_DEACTIVATED",
    });
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "active" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(calls).toEqual([
      { subject: member.tokenIdentifier.split("|")[1], body: { active: false }, auth: "Bearer secret" },
      { subject: member.tokenIdentifier.split("|")[1], body: { active: true }, auth: "Bearer secret" },
    ]);
    const restored = await t.run((ctx) => ctx.db.get("users", member.id));
    expect(restored).toMatchObject({ status: "active" });
    expect(restored).not.toHaveProperty("deactivationReason");
  });

  it("retries the identity provider with backoff until it answers", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    server.use(
      http.post("http://127.0.0.1:9/auth/admin/accounts/:subject", () =>
        ++attempts < 3 ? HttpResponse.json({ code: "DOWN" }, { status: 503 }) : HttpResponse.json({ ok: true }),
      ),
    );
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "deactivated" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(attempts).toBe(3);
  });

  it("bans and unbans Clerk users through the Backend API", async () => {
    vi.useFakeTimers();
    vi.stubEnv("CLERK_JWT_ISSUER_DOMAIN", "https://clerk.example.com");
    vi.stubEnv("CLERK_SECRET_KEY", "sk_test_123");
    const seen: string[] = [];
    server.events.on("request:start", ({ request }) => void seen.push(`${request.method} ${request.url}`));
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client", { tokenIdentifier: "https://clerk.example.com|user_2abc" });
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "deactivated" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "active" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    server.events.removeAllListeners();
    expect(seen).toEqual(["POST https://api.clerk.com/v1/users/user_2abc/ban", "POST https://api.clerk.com/v1/users/user_2abc/unban"]);
  });
});

describe("Clerk user webhooks", () => {
  const secret = `whsec_${btoa("a-test-signing-secret-of-32-bytes!")}`;

  beforeEach(() => {
    vi.stubEnv("CLERK_WEBHOOK_SECRET", secret);
    vi.stubEnv("CLERK_JWT_ISSUER_DOMAIN", "https://clerk.example.com");
  });

  function delivery(id: string, payload: unknown, signingSecret = secret) {
    const body = JSON.stringify(payload);
    const timestamp = new Date();
    const signature = new Webhook(signingSecret).sign(id, timestamp, body);
    return {
      method: "POST",
      headers: { "svix-id": id, "svix-timestamp": String(Math.floor(timestamp.getTime() / 1000)), "svix-signature": signature },
      body,
    };
  }

  const created = {
    type: "user.created",
    object: "event",
    data: {
      id: "user_29w83sxmDNGwOuEthce5gg56FcC",
      object: "user",
      first_name: "Example",
      last_name: "Example",
      primary_email_address_id: "idn_29w83yL7CwVlJXylYLxcslromF1",
      email_addresses: [
        {
          id: "idn_29w83yL7CwVlJXylYLxcslromF1",
          object: "email_address",
          email_address: "Example@Example.org",
          verification: { status: "verified" },
        },
      ],
      created_at: 1654012591514,
    },
  };

  it("creates the member once per delivery id and updates them later", async () => {
    const t = newConvexTest();
    expect((await t.fetch("/clerk-users-webhook", delivery("msg_1", created))).status).toBe(200);
    expect((await t.fetch("/clerk-users-webhook", delivery("msg_1", created))).status).toBe(200);
    const users = await t.run((ctx) => ctx.db.query("users").collect());
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      tokenIdentifier: "https://clerk.example.com|user_29w83sxmDNGwOuEthce5gg56FcC",
      email: "example@example.org",
      firstName: "Example",
      role: "client",
      createdAt: 1654012591514,
    });
    await t.fetch(
      "/clerk-users-webhook",
      delivery("msg_2", { ...created, type: "user.updated", data: { ...created.data, first_name: "Renamed" } }),
    );
    expect(await t.run((ctx) => ctx.db.query("users").first())).toMatchObject({ firstName: "Renamed" });
    await t.fetch(
      "/clerk-users-webhook",
      delivery("msg_3", { type: "user.deleted", data: { id: created.data.id, deleted: true, object: "user" } }),
    );
    expect(await t.run((ctx) => ctx.db.query("users").first())).toMatchObject({ firstName: "Renamed", status: "deactivated" });
  });

  it("links a verified e-mail to the member row prepared for it instead of creating a second one", async () => {
    const t = newConvexTest();
    const prepared = await signedIn(t, "client", { tokenIdentifier: undefined, email: "example@example.org", firstName: "Moved" });
    expect((await t.fetch("/clerk-users-webhook", delivery("msg_1", created))).status).toBe(200);
    const users = await t.run((ctx) => ctx.db.query("users").collect());
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ _id: prepared.id, tokenIdentifier: "https://clerk.example.com|user_29w83sxmDNGwOuEthce5gg56FcC", firstName: "Example" });
  });

  it("does not let an unverified e-mail claim a prepared member row", async () => {
    const t = newConvexTest();
    await signedIn(t, "client", { tokenIdentifier: undefined, email: "example@example.org" });
    const unverified = {
      ...created,
      data: { ...created.data, email_addresses: [{ ...created.data.email_addresses[0]!, verification: { status: "unverified" } }] },
    };
    await t.fetch("/clerk-users-webhook", delivery("msg_1", unverified));
    const users = await t.run((ctx) => ctx.db.query("users").collect());
    expect(users).toHaveLength(2);
    expect(users.find((user) => !user.tokenIdentifier)).toBeDefined();
  });

  it("rejects a bad signature and stores nothing", async () => {
    const t = newConvexTest();
    const forged = delivery("msg_9", created, `whsec_${btoa("some-other-secret-of-32-bytes!!!!")}`);
    expect((await t.fetch("/clerk-users-webhook", forged)).status).toBe(400);
    expect(await t.run((ctx) => ctx.db.query("webhookEvents").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toEqual([]);
  });

  it("answers 503 until the webhook secret is configured", async () => {
    vi.stubEnv("CLERK_WEBHOOK_SECRET", "");
    const t = newConvexTest();
    expect((await t.fetch("/clerk-users-webhook", delivery("msg_1", created))).status).toBe(503);
  });

  it("applies an event directly at most once", async () => {
    const t = newConvexTest();
    const event = { eventId: "evt", type: "user.created" as const, tokenIdentifier: "https://clerk.example.com|u1", email: "a@b.co" };
    expect(await t.mutation(internal.users.applyClerkEvent, event)).toBe(true);
    expect(await t.mutation(internal.users.applyClerkEvent, event)).toBe(false);
  });
});

describe("seed.demo", () => {
  it("creates the demo accounts and content once", async () => {
    const t = newConvexTest();
    const account = {
      tokenIdentifier: "lwcc-local-identity|abc",
      email: "Maya@Example.com",
      firstName: "Maya",
      lastName: "Ortiz",
      role: "client" as const,
      userType: "client",
      tier: "control" as const,
      forumMember: true,
      forumName: "Maya O.",
      memberForDays: 30,
    };
    expect(await seedDemo(t, [account])).toBe(1);
    expect(await seedDemo(t, [account])).toBe(0);
    const counts = await t.run(async (ctx) => ({
      users: (await ctx.db.query("users").collect()).length,
      products: (await ctx.db.query("products").collect()).length,
      events: (await ctx.db.query("events").collect()).length,
    }));
    expect(counts.users).toBe(1);
    expect(counts.products).toBeGreaterThan(5);
    expect(counts.events).toBeGreaterThan(0);
    const maya = await t.withIdentity({ tokenIdentifier: account.tokenIdentifier }).query(api.users.me, {});
    expect(maya).toMatchObject({ email: "maya@example.com", tier: "control", forumName: "Maya O." });
    // The seeded name is claimed like one chosen in the profile.
    const other = await signedIn(t, "client");
    expect(await codeOf(other.as.mutation(api.users.updateProfile, { forumName: "maya o." }))).toMatchObject({
      fields: { forumName: PROFILE_MESSAGES.FORUM_NAME_TAKEN },
    });
    expect(Date.now() - maya!.createdAt).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
  });

  it("gives the demo member a true history: the coach's hours, bought minutes, past sessions and one upcoming booking", async () => {
    const t = newConvexTest();
    const base = { userType: "client", tier: "control" as const, forumMember: true, memberForDays: 400 };
    await seedDemo(t, [
      {
        ...base,
        tokenIdentifier: "local|coach",
        email: "coach@example.com",
        firstName: "Cora",
        lastName: "Coach",
        role: "coach",
        userType: "coach",
      },
      { ...base, tokenIdentifier: "local|maya", email: "maya@example.com", firstName: "Maya", lastName: "Ortiz", role: "client" },
    ]);
    const maya = t.withIdentity({ tokenIdentifier: "local|maya" });
    const summary = await maya.query(api.dashboard.summary, {});
    expect(summary.stats.totalSessions).toBe(6);
    expect(summary.upcoming).toHaveLength(1);
    expect(summary.balance).toMatchObject({ totalMinutes: 600, remainingMinutes: 600 - 7 * 60 });
    const history = await maya.query(api.timeBalance.history, { paginationOpts: { numItems: 20, cursor: null } });
    expect(history.page.reduce((sum, entry) => sum + entry.minutes, 0)).toBe(summary.balance.remainingMinutes);
    expect(await t.withIdentity({ tokenIdentifier: "local|coach" }).query(api.availability.mine, {})).not.toBeNull();
  });
});
