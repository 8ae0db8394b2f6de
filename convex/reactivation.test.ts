import { SignJWT } from "jose";
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { LINK_PURPOSES, REACTIVATION_MESSAGES, signAccountLink } from "./model/reactivation";
import { REQUEST_LINK_MESSAGES } from "./reactivation";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn, TEST_ISSUER, type T } from "./test.users";
import { env } from "./_generated/server";

const SECRET = env.ACCOUNT_LINK_SECRET!;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeEach(() => {
  vi.stubEnv("LOCAL_AUTH_ISSUER", TEST_ISSUER);
  vi.stubEnv("LOCAL_AUTH_URL", "http://127.0.0.1:9");
  vi.stubEnv("LOCAL_AUTH_ADMIN_SECRET", "secret");
  server.use(http.post("http://127.0.0.1:9/auth/admin/accounts/:subject", () => HttpResponse.json({ ok: true })));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const emails = (t: T) => t.run((ctx) => ctx.db.query("emailOutbox").collect());
const linkIn = (text: string) => /\/account\/reactivate\?token=([A-Za-z0-9._%-]+)/.exec(text)?.[1];

/** A member deactivated for `reason`, through the same path the sweep and the webhook use, with the link it was e-mailed. */
async function deactivated(t: T, reason: "inactivity_90_days" | "subscription_cancelled" = "inactivity_90_days") {
  const member = await signedIn(t, "client", { firstName: "Dana", tier: "foundation" });
  await t.run(async (ctx) => {
    const { deactivateWithLink } = await import("./reactivation");
    await deactivateWithLink(ctx, (await ctx.db.get("users", member.id))!, reason);
  });
  const email = (await emails(t)).find((row) => row.to === `${member.tokenIdentifier.split("|")[1]}@example.com`)!;
  return { ...member, email, token: decodeURIComponent(linkIn(email.text)!) };
}

const failureOf = (type: keyof typeof REACTIVATION_MESSAGES.errors) => ({
  ok: false,
  errorType: type,
  errorMessage: REACTIVATION_MESSAGES.errors[type],
  securityViolation: type === "invalid_signature" || type === "wrong_account",
  heading:
    type === "system_error"
      ? "System Error"
      : type === "invalid_signature" || type === "wrong_account"
        ? "Security Issue Detected"
        : "Invalid Reactivation Link",
});

const incidents = (t: T) => t.run((ctx) => ctx.db.query("securityIncidents").collect());

describe("a reactivation link", () => {
  it("is e-mailed on deactivation, shows the reactivation data, and reactivates for free once", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const dana = await deactivated(t);
    expect(dana.email).toMatchObject({ subject: "Your LWCC account is paused", template: "reactivation_inactivity_90_days" });
    expect(dana.email.text).toContain("valid for 24 hours");
    expect(dana.email.text).not.toContain("Clarity");

    vi.advanceTimersByTime(23 * HOUR);
    const data = await t.mutation(api.reactivation.check, { token: dana.token, nextUrl: "/dashboard/bookings" });
    expect(data).toMatchObject({
      status: "valid",
      signedIn: false,
      tokenPayload: { email: dana.email.to },
      isNearExpiry: true,
      deactivationInfo: { reason: "inactivity_90_days" },
      user: { firstName: "Dana", active: false },
      nextUrl: "/dashboard/bookings",
      stripePricing: null,
      securityLevel: "standard",
      errorType: null,
      securityViolation: false,
      tokenValidation: { error: null },
    });
    // exp is in whole seconds, as in every JWT.
    expect(data.timeRemaining).toBeGreaterThan(HOUR - 1000);
    expect(data.timeRemaining).toBeLessThanOrEqual(HOUR);

    const result = await t.mutation(api.reactivation.reactivate, { token: dana.token, nextUrl: "//evil.example/x", action: "reactivate" });
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard", signedIn: false, email: dana.email.to });
    const user = await t.run((ctx) => ctx.db.get("users", dana.id));
    expect(user).toMatchObject({ status: "active" });
    expect(user).not.toHaveProperty("deactivationReason");
    expect(await t.run((ctx) => ctx.db.query("reactivationTokens").collect())).toEqual([expect.objectContaining({ userId: dana.id, usedAt: Date.now() })]);

    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("already_used"));
    expect(await t.mutation(api.reactivation.check, { token: dana.token })).toMatchObject({ status: "invalid", errorType: "already_used", securityLevel: "elevated" });
  });

  it("expires after 24 hours", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const dana = await deactivated(t);
    vi.advanceTimersByTime(DAY + 1000);
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("expired"));
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "deactivated" });
  });

  it("reports a tampered link as a security issue and logs it once, for admins", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    const [header, payload, signature] = dana.token.split(".");
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    expect(await t.mutation(api.reactivation.reactivate, { token: forged })).toEqual(failureOf("invalid_signature"));
    const check = await t.mutation(api.reactivation.check, { token: forged });
    expect(check).toMatchObject({ status: "invalid", securityLevel: "violation", securityViolation: true, heading: REACTIVATION_MESSAGES.securityHeading });
    // Someone else's claims in a payload signed with the wrong key: tampering too.
    const otherKey = await signAccountLink("another-secret-that-is-long-enough-1234", { purpose: LINK_PURPOSES.reactivation, userId: dana.id, email: "x@example.com", jti: "j" }, Date.now(), HOUR);
    expect(await t.mutation(api.reactivation.reactivate, { token: otherKey.token })).toEqual(failureOf("invalid_signature"));
    // "alg": "none" is refused as tampering, not parsed.
    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${payload}.`;
    expect(await t.mutation(api.reactivation.reactivate, { token: none })).toEqual(failureOf("invalid_signature"));

    const logged = await incidents(t);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatchObject({ kind: "invalid_signature", claimedUserId: dana.id, claimedEmail: dana.email.to });
    expect(JSON.stringify(logged)).not.toContain(signature);
    const admin = await signedIn(t, "admin");
    const page = await admin.as.query(api.security.incidents, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.page.map((incident) => incident._id)).toEqual([...logged].reverse().map((incident) => incident._id));
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "deactivated" });
  });

  it("refuses a link for another account than the signed-in one, and logs it", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    const other = await signedIn(t, "client");
    expect(await other.as.mutation(api.reactivation.check, { token: dana.token })).toMatchObject({ errorType: "wrong_account", signedIn: true });
    expect(await other.as.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("wrong_account"));
    expect(await incidents(t)).toEqual([expect.objectContaining({ kind: "wrong_account", viewerId: other.id, claimedUserId: dana.id })]);
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "deactivated" });
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toMatchObject({ ok: true });
  });

  it("names malformed links, other links, unknown links and a system error, each with its text", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    for (const token of ["", "not-a-token", "a.b", "abc.def.ghi", `${dana.token}x.y`]) {
      expect([token, await t.mutation(api.reactivation.reactivate, { token })]).toEqual([token, failureOf("malformed")]);
    }
    const keep = await signAccountLink(SECRET, { purpose: LINK_PURPOSES.keepActive, userId: dana.id, email: dana.email.to, jti: "k" }, Date.now(), HOUR);
    expect(await t.mutation(api.reactivation.reactivate, { token: keep.token })).toEqual(failureOf("wrong_purpose"));
    // Signed with our key but never issued (or its record is gone).
    const unknown = await signAccountLink(SECRET, { purpose: LINK_PURPOSES.reactivation, userId: dana.id, email: dana.email.to, jti: "never-issued" }, Date.now(), HOUR);
    expect(await t.mutation(api.reactivation.reactivate, { token: unknown.token })).toEqual(failureOf("default"));
    // Valid signature, but no exp: not a link we make.
    const noExpiry = await new SignJWT({ purpose: LINK_PURPOSES.reactivation, email: "x" }).setProtectedHeader({ alg: "HS256" }).setSubject(dana.id).setJti("z").sign(new TextEncoder().encode(SECRET));
    expect(await t.mutation(api.reactivation.reactivate, { token: noExpiry })).toEqual(failureOf("malformed"));
    vi.stubEnv("ACCOUNT_LINK_SECRET", "");
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("system_error"));
    expect(await incidents(t)).toEqual([]);
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "deactivated" });
  });

  it("reactivates exactly once when two tabs use the same link at the same time", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    const results = await Promise.all([
      t.mutation(api.reactivation.reactivate, { token: dana.token }),
      t.mutation(api.reactivation.reactivate, { token: dana.token }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([failureOf("already_used")]);
  });

  it("offers the plans after a cancelled subscription, and continues to the checkout of the one chosen", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t, "subscription_cancelled");
    expect(dana.email.text).toContain("Control: $127.00 a month or $345.00 a quarter");
    const data = await t.mutation(api.reactivation.check, { token: dana.token });
    expect(data.stripePricing).toEqual({
      clarity: { monthly: 2100, quarterly: 5700 },
      control: { monthly: 12700, quarterly: 34500 },
      mastery: { monthly: 42700, quarterly: 121700 },
    });
    // Bad input: a clear error naming the field, and the link stays unused.
    for (const args of [{ action: "upgrade" as const }, { action: "upgrade" as const, tier: "control" as const }]) {
      await expect(t.mutation(api.reactivation.reactivate, { token: dana.token, ...args })).rejects.toSatisfy(
        (error) => error instanceof ConvexError && (error.data as { code: string; fields: Record<string, string> }).fields.billingCycle !== undefined,
      );
    }
    expect(await t.run((ctx) => ctx.db.query("reactivationTokens").first())).not.toHaveProperty("usedAt");
    const result = await t.mutation(api.reactivation.reactivate, { token: dana.token, action: "upgrade", tier: "control", billingCycle: "quarterly" });
    expect(result).toMatchObject({ ok: true, redirectTo: "/checkout?tier=control&billing=quarterly" });
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "active" });
  });

  it("refuses the upgrade action for an account paused for inactivity, writing nothing", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    await expect(t.mutation(api.reactivation.reactivate, { token: dana.token, action: "upgrade", tier: "mastery", billingCycle: "monthly" })).rejects.toMatchObject({
      data: { code: "INVALID_INPUT", fields: { action: "Choosing a plan here is for accounts whose plan has ended." } },
    });
    expect(await t.run((ctx) => ctx.db.get("users", dana.id))).toMatchObject({ status: "deactivated" });
  });
});

describe("a status change", () => {
  const users = (t: T, id: Id<"users">) => t.run((ctx) => ctx.db.get("users", id));

  it("revokes an older link, so it cannot undo an admin's later deactivation for another reason", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    const admin = await signedIn(t, "admin");
    await admin.as.mutation(api.users.setStatus, { userId: dana.id, status: "active" });
    await admin.as.mutation(api.users.setStatus, { userId: dana.id, status: "deactivated", reason: "other" });
    // Revoked: the link is no longer valid, which is what the default text says (it has not been used, nor run out of time).
    expect(await t.mutation(api.reactivation.check, { token: dana.token })).toMatchObject({ status: "invalid", errorType: "default" });
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("default"));
    expect(await users(t, dana.id)).toMatchObject({ status: "deactivated", deactivationReason: "other" });
    expect(await incidents(t)).toEqual([]);
  });

  it("revokes every outstanding link of the account when it is reactivated, with one of them", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    await t.mutation(api.reactivation.requestLink, { email: dana.email.to });
    const second = decodeURIComponent(linkIn((await emails(t)).at(-1)!.text)!);
    expect(second).not.toBe(dana.token);
    expect(await t.mutation(api.reactivation.reactivate, { token: second })).toMatchObject({ ok: true });
    // Deactivated again later, for a reason that needs a person: the first link stays dead.
    await t.run(async (ctx) => {
      const { applyStatus } = await import("./users");
      await applyStatus(ctx, (await ctx.db.get("users", dana.id))!, "deactivated", "other");
    });
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("default"));
    expect(await users(t, dana.id)).toMatchObject({ status: "deactivated", deactivationReason: "other" });
  });

  it("revokes the links when the account is deleted at the identity provider", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    await t.run((ctx) => ctx.db.patch("users", dana.id, { status: "active", deactivationReason: undefined, deactivatedAt: undefined }));
    await t.mutation(internal.users.applyClerkEvent, { eventId: "evt_deleted", type: "user.deleted", tokenIdentifier: dana.tokenIdentifier });
    expect(await t.mutation(api.reactivation.reactivate, { token: dana.token })).toEqual(failureOf("default"));
    expect(await users(t, dana.id)).toMatchObject({ status: "deactivated", deactivationReason: "other" });
  });

  it("never lets a link reactivate an account paused for a reason that needs a person, even a link that was not revoked", async () => {
    const t = newConvexTest();
    const held = await signedIn(t, "client", { status: "deactivated", deactivationReason: "other", deactivatedAt: Date.now() });
    const link = await signAccountLink(SECRET, { purpose: LINK_PURPOSES.reactivation, userId: held.id, email: "held@example.com", jti: "stray" }, Date.now(), HOUR);
    await t.run((ctx) => ctx.db.insert("reactivationTokens", { jti: "stray", userId: held.id, issuedAt: Date.now(), expiresAt: Date.now() + HOUR }));
    expect(await t.mutation(api.reactivation.check, { token: link.token })).toMatchObject({ status: "invalid", errorType: "default" });
    expect(await t.mutation(api.reactivation.reactivate, { token: link.token })).toEqual(failureOf("default"));
    expect(await users(t, held.id)).toMatchObject({ status: "deactivated", deactivationReason: "other" });
  });
});

describe("asking for a new link", () => {
  it("answers the same for any address, e-mails only paused accounts, and limits each address", async () => {
    const t = newConvexTest();
    const dana = await deactivated(t);
    const active = await signedIn(t, "client");
    const before = (await emails(t)).length;
    const answers = [
      await t.mutation(api.reactivation.requestLink, { email: "nobody@example.com" }),
      await t.mutation(api.reactivation.requestLink, { email: `${active.tokenIdentifier.split("|")[1]}@example.com` }),
      await t.mutation(api.reactivation.requestLink, { email: ` ${dana.email.to.toUpperCase()} ` }),
    ];
    expect(new Set(answers.map((answer) => answer.message))).toEqual(new Set([REQUEST_LINK_MESSAGES.sent]));
    const sent = (await emails(t)).slice(before);
    expect(sent).toEqual([expect.objectContaining({ to: dana.email.to, subject: "Your new LWCC reactivation link" })]);
    const fresh = decodeURIComponent(linkIn(sent[0]!.text)!);
    expect(await t.mutation(api.reactivation.reactivate, { token: fresh })).toMatchObject({ ok: true });

    await t.mutation(api.reactivation.requestLink, { email: "nobody@example.com" });
    await t.mutation(api.reactivation.requestLink, { email: "nobody@example.com" });
    await expect(t.mutation(api.reactivation.requestLink, { email: "nobody@example.com" })).rejects.toMatchObject({ data: { code: "RATE_LIMITED" } });
    await expect(t.mutation(api.reactivation.requestLink, { email: "not an address" })).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
  });

  it("sends nothing for an account an admin deactivated for another reason", async () => {
    const t = newConvexTest();
    const held = await signedIn(t, "client", { status: "deactivated", deactivationReason: "other", deactivatedAt: Date.now() });
    await t.mutation(api.reactivation.requestLink, { email: `${held.tokenIdentifier.split("|")[1]}@example.com` });
    expect(await emails(t)).toEqual([]);
  });
});

describe("token expiry", () => {
  it("removes expired link records by their expiry index, a batch at a time", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 0; i < 450; i++) await ctx.db.insert("reactivationTokens", { jti: `old-${i}`, userId: member.id, issuedAt: now - 2 * DAY, expiresAt: now - DAY + i });
      for (let i = 0; i < 5; i++) await ctx.db.insert("reactivationTokens", { jti: `new-${i}`, userId: member.id, issuedAt: now, expiresAt: now + DAY });
    });
    expect(await t.mutation(internal.reactivation.removeExpiredTokens, {})).toEqual({ removed: 200, more: true });
    await runScheduled(t);
    const left = await t.run((ctx) => ctx.db.query("reactivationTokens").collect());
    expect(left.map((token) => token.jti)).toEqual(["new-0", "new-1", "new-2", "new-3", "new-4"]);
  });

  it("removes expired keep-active link records too", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const member = await signedIn(t, "client");
    const now = Date.now();
    await t.run(async (ctx) => {
      await ctx.db.insert("reactivationTokens", { jti: "old", userId: member.id, issuedAt: now - 2 * DAY, expiresAt: now - DAY });
      await ctx.db.insert("keepActiveLinks", { jti: "keep-old", userId: member.id, issuedAt: now - 40 * DAY, expiresAt: now - 5 * DAY });
      await ctx.db.insert("keepActiveLinks", { jti: "keep-new", userId: member.id, issuedAt: now, expiresAt: now + 35 * DAY });
    });
    expect(await t.mutation(internal.reactivation.removeExpiredTokens, {})).toEqual({ removed: 2, more: false });
    expect((await t.run((ctx) => ctx.db.query("keepActiveLinks").collect())).map((link) => link.jti)).toEqual(["keep-new"]);
  });
});

describe("a subscription that ends", () => {
  function subscription(userId: Id<"users">, patch: Record<string, unknown>) {
    return {
      id: "sub_end_1",
      object: "subscription",
      customer: "cus_1",
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      cancellation_details: { reason: null },
      metadata: { userId },
      items: { data: [{ id: "si_1", price: { id: "price_1", lookup_key: "lwcc_control_monthly" }, current_period_start: 1, current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      ...patch,
    };
  }
  let serial = 0;
  const event = (t: T, type: string, object: unknown) =>
    t.mutation(internal.billing.applyStripeEvent, { id: `evt_${++serial}`, type, created: Math.floor(Date.now() / 1000) + serial, object });

  it("after a cancellation deactivates with subscription_cancelled and e-mails the link with the plans", async () => {
    const t = newConvexTest();
    const maya = await signedIn(t, "client", { tier: "control" });
    await event(t, "customer.subscription.updated", subscription(maya.id, { cancel_at_period_end: true }));
    await event(t, "customer.subscription.deleted", subscription(maya.id, { status: "canceled", ended_at: Math.floor(Date.now() / 1000), cancellation_details: { reason: "cancellation_requested" } }));
    expect(await t.run((ctx) => ctx.db.get("users", maya.id))).toMatchObject({ tier: "foundation", status: "deactivated", deactivationReason: "subscription_cancelled" });
    const [email] = await emails(t);
    expect(email).toMatchObject({ subject: "Your LWCC plan has ended", template: "reactivation_subscription_cancelled" });
    expect(email!.text).toContain("Mastery: $427.00 a month or $1,217.00 a quarter");
    expect(await t.mutation(api.reactivation.check, { token: decodeURIComponent(linkIn(email!.text)!) })).toMatchObject({ status: "valid", deactivationInfo: { reason: "subscription_cancelled" } });
  });

  it("after failed payments ends the plan but keeps the account open", async () => {
    const t = newConvexTest();
    const maya = await signedIn(t, "client", { tier: "control" });
    await event(t, "customer.subscription.updated", subscription(maya.id, {}));
    await event(t, "customer.subscription.deleted", subscription(maya.id, { status: "canceled", ended_at: Math.floor(Date.now() / 1000), cancellation_details: { reason: "payment_failed" } }));
    expect(await t.run((ctx) => ctx.db.get("users", maya.id))).toMatchObject({ tier: "foundation", status: "active" });
    expect(await emails(t)).toEqual([]);
  });
});

describe("an admin's deactivation", () => {
  async function pausedByAdmin(t: T, reason: "inactivity_90_days" | "subscription_cancelled" | "other") {
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client", { firstName: "Dana", tier: "foundation" });
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "deactivated", reason });
    await runScheduled(t);
    const to = `${member.tokenIdentifier.split("|")[1]}@example.com`;
    return { admin, member, mail: (await emails(t)).filter((row) => row.to === to) };
  }

  it("e-mails a paused member the way back: support for a reason only a person may undo, nothing a link could undo", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const { mail } = await pausedByAdmin(t, "other");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: "Your LWCC account is paused", template: "reactivation_other" });
    expect(mail[0]!.text).toContain("Nothing is lost");
    expect(mail[0]!.text).toMatch(/\/contact\?subject=support/);
    expect(linkIn(mail[0]!.text)).toBeUndefined();
  });

  it("e-mails a working reactivation link when the admin's reason is one a link may undo, once", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const { mail, member } = await pausedByAdmin(t, "subscription_cancelled");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: "Your LWCC plan has ended", template: "reactivation_subscription_cancelled" });
    const token = decodeURIComponent(linkIn(mail[0]!.text)!);
    expect(await t.mutation(api.reactivation.check, { token, nextUrl: "/dashboard" })).toMatchObject({ status: "valid", errorType: null });
    await runScheduled(t);
    expect((await emails(t)).filter((row) => row.to === mail[0]!.to)).toHaveLength(1);
    expect(await t.run((ctx) => ctx.db.get("users", member.id))).toMatchObject({ status: "deactivated" });
  });

  it("sends nothing when the account is active again before the e-mail goes out", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client");
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "deactivated", reason: "other" });
    await admin.as.mutation(api.users.setStatus, { userId: member.id, status: "active" });
    await runScheduled(t);
    expect((await emails(t)).filter((row) => row.template.startsWith("reactivation_"))).toEqual([]);
  });
});
