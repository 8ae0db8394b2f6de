/**
 * The authorization matrix (ARCHITECTURE §7): every public function, found by loading convex/,
 * called as anonymous, guest_temporary, guest_confirmed, client, coach and admin, and as a
 * deactivated account. Allowed callers must get through; everyone else gets UNAUTHENTICATED,
 * ACCOUNT_DEACTIVATED or FORBIDDEN. A new public function without a case here fails the test, and
 * every function that touches a member's own data says how it keeps members apart.
 */
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "./_generated/dataModel";
import { recordActivity } from "./model/activity";
import { agendaKeys } from "./model/agendaRules";
import { forumNameKey } from "./model/forumNames";
import { recordError } from "./model/errorRecords";
import { insertEmailEvent } from "./model/campaignEvents";
import { FOLD_BATCH, foldWaiting } from "./model/emailRollups";
import { signUnsubscribeToken } from "./model/campaigns";
import { hashConfirmationToken, newConfirmationToken } from "./model/newsletter";
import { DEFAULT_NOTIFICATION_PREFERENCES, notify } from "./model/notifications";
import { ACCESS_LEVELS, allows, type AccessLevel } from "./model/permissions";
import { newConvexTest } from "./test.setup";
import { call, publicFunctions } from "./test.functions";
import { api, internal } from "./_generated/api";
import { insertSession, storedFile, uploadedFile } from "./test.sessions";
import { CALLERS, caller, signedIn, type Accessor, type CallerName, type T } from "./test.users";
import { paidPlan } from "./test.billing";
import { http, HttpResponse } from "msw";
import { server } from "../tests/mocks/server";
import { stripeMock } from "../tests/mocks/stripe";

/** The world a case runs in: another member whose data nobody else may touch. */
interface World {
  t: T;
  other: { id: Id<"users">; as: Accessor };
  contactMessage: Id<"contactMessages">;
  event: Id<"events">;
}

interface Case {
  /** Who may call it, decided here on purpose: the wrapper it is declared with must agree. */
  access: AccessLevel;
  /**
   * Valid arguments for an allowed caller. `self` is that caller (id null when anonymous), for
   * functions that act on the caller's own session, recording or notification; may be async.
   */
  args: (world: World, self: { id: Id<"users"> | null }) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * How the function keeps one member's data from another: a check run as a plain client against
   * `world.other`, or why it cannot touch another member's data at all.
   */
  ownership: ((world: World, self: { id: Id<"users">; as: Accessor }) => Promise<void>) | { none: string };
}

const CASES: Record<string, Case> = {
  "system:health": { access: "public", args: () => ({}), ownership: { none: "reports the service status, no member data" } },
  "users:me": {
    access: "public",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      const me = await self.as.query(api.users.me, {});
      expect(me?._id).toBe(self.id);
      expect(me?._id).not.toBe(other.id);
    },
  },
  "users:ensureCurrent": {
    access: "identity",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      const me = await self.as.mutation(api.users.ensureCurrent, {});
      expect(me._id).toBe(self.id);
      expect(me._id).not.toBe(other.id);
    },
  },
  "users:updateProfile": {
    access: "member",
    args: () => ({ firstName: "Pat", lastName: "Lee", timezone: "Europe/Berlin" }),
    ownership: async ({ t, other }, self) => {
      const before = await t.run((ctx) => ctx.db.get("users", other.id));
      await self.as.mutation(api.users.updateProfile, { firstName: "Changed", lastName: "Name", timezone: "UTC" });
      expect(await t.run((ctx) => ctx.db.get("users", other.id))).toEqual(before);
    },
  },
  "contact:submit": {
    access: "public",
    args: () => ({ name: "Sam", email: "sam@example.com", subject: "support", message: "Hello there" }),
    ownership: { none: "only adds a message; reading them is for admins" },
  },
  "contact:list": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "contact:setRead": {
    access: "admin",
    args: (w) => ({ id: w.contactMessage, read: true }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "email:outbox": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "emailDashboard:overview": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:campaignPerformance": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:templateAnalytics": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:abTestingOverview": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:systemHealth": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:errorReporting": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:timeline": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailDashboard:analytics": {
    access: "admin",
    args: () => ({ includeDetails: true, includeErrors: true }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "emailHealth:probe": { access: "admin", args: () => ({}), ownership: { none: "admins only; measures the system, no member data" } },
  "errorRecords:recent": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "emailTemplates:list": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "emailTemplates:create": {
    access: "admin",
    args: () => ({ name: "Welcome", category: "onboarding", subject: "Hi {{firstName}}", body: "Hello" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "emailTemplates:update": {
    access: "admin",
    args: async ({ t, other }) => ({ templateId: await templateOf(t, other.id), name: "Renamed", category: "newsletter", subject: "S", body: "B" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "emailTemplates:archive": {
    access: "admin",
    args: async ({ t, other }) => ({ templateId: await templateOf(t, other.id), archived: true }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:list": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "errorRecords:get": {
    access: "admin",
    args: async ({ t }) => ({ id: await t.run((ctx) => recordError(ctx, { category: "system", severity: "low", code: "TEST", title: "Test", message: "Failed", service: "test" }, Date.now())) }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "errorRecords:byReference": {
    access: "admin",
    args: () => ({ reference: "LW-7K2Q-9XTA" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "monitoring:overview": { access: "admin", args: () => ({}), ownership: { none: "admins only; system figures, no member data" } },
  "debug:snapshot": { access: "admin", args: () => ({}), ownership: { none: "admins only; the debug data of the hydration page, no member data" } },
  "debug:permissions": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "debug:subscriptions": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "debug:masteryPreview": {
    access: "admin",
    args: async ({ t, other }) => ({ email: (await t.run((ctx) => ctx.db.get("users", other.id)))!.email }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "debug:grantComplementary": {
    access: "admin",
    args: async ({ t, other }) => ({ email: (await t.run((ctx) => ctx.db.get("users", other.id)))!.email, tier: "premium" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "debug:endComplementary": {
    access: "admin",
    args: async ({ t, other }) => ({
      subscriptionId: await t.run((ctx) =>
        ctx.db.insert("subscriptions", { userId: other.id, tier: "premium", status: "active", cancelAtPeriodEnd: false, createdAt: Date.now(), updatedAt: Date.now() }),
      ),
    }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "debug:pings": { access: "admin", args: () => ({}), ownership: { none: "admins only; the real-time test's timestamps" } },
  "debug:ping": { access: "admin", args: () => ({ sentAt: Date.now() }), ownership: { none: "admins only; writes a timestamp, no member data" } },
  "campaigns:get": {
    access: "admin",
    args: async ({ t, other }) => ({ campaignId: await campaignOf(t, other.id, "draft") }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:audienceSize": {
    access: "admin",
    args: () => ({ audience: { kind: "newsletter" } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:create": {
    access: "admin",
    args: async ({ t, other }) => ({ name: "March", templateId: await templateOf(t, other.id), audience: { kind: "role", role: "client" } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:send": {
    access: "admin",
    args: async ({ t, other }) => ({ campaignId: await campaignOf(t, other.id, "draft") }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:schedule": {
    access: "admin",
    args: async ({ t, other }) => ({ campaignId: await campaignOf(t, other.id, "draft"), sendAt: Date.now() + DAY_MS }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:cancel": {
    access: "admin",
    args: async ({ t, other }) => ({ campaignId: await campaignOf(t, other.id, "scheduled") }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:endTest": {
    access: "admin",
    args: async ({ t, other }) => ({ campaignId: await finishedAbTest(t, other.id) }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "campaigns:unsubscribe": {
    access: "public",
    args: async () => ({ token: await signUnsubscribeToken(ACCOUNT_LINK_SECRET, { email: "reader@example.com", campaignId: "none" }, Date.now()) }),
    ownership: { none: "suppresses only the address its signed link names; a forged link is refused (campaigns.test.ts)" },
  },
  "newsletter:confirm": {
    access: "public",
    args: async ({ t }) => ({ token: await pendingSignUp(t, "reader@example.com") }),
    ownership: async ({ t }, self) => {
      await pendingSignUp(t, "someone@example.com");
      await self.as.mutation(api.newsletter.confirm, { token: await pendingSignUp(t, "mine@example.com") });
      // A link confirms its own address and nobody else's.
      const rows = await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect());
      expect(rows.filter((row) => row.confirmedAt !== undefined).map((row) => row.email)).toEqual(["mine@example.com"]);
    },
  },
  "intro:coaches": { access: "public", args: () => ({}), ownership: { none: "names of bookable coaches, public on the booking page" } },
  "intro:slots": {
    access: "public",
    args: async ({ t }) => ({ coachId: (await bookableCoach(t)).coachId, from: Date.now(), to: Date.now() + DAY_MS }),
    ownership: { none: "a coach's open times, without who booked the others" },
  },
  "intro:book": {
    access: "public",
    args: async ({ t, other }) => {
      const { coachId, slot } = await bookableCoach(t);
      const email = (await t.run((ctx) => ctx.db.get("users", other.id)))!.email;
      return { name: "Sam Lee", email, coachId, startsAt: slot };
    },
    ownership: async ({ t, other }, self) => {
      const { coachId, slot } = await bookableCoach(t);
      const email = (await t.run((ctx) => ctx.db.get("users", other.id)))!.email;
      // Booking with someone's e-mail tells the booker nothing about their account, and books nothing on it.
      expect(await self.as.mutation(api.intro.book, { name: "Sam Lee", email, coachId, startsAt: slot })).toEqual({ kind: "check_email" });
      expect(await t.run((ctx) => ctx.db.query("sessions").withIndex("by_member_and_start", (q) => q.eq("memberId", other.id)).collect())).toEqual([]);
    },
  },
  "intro:link": {
    access: "public",
    args: async ({ t }) => ({ token: await introLink(t, "visitor@example.com") }),
    ownership: { none: "says what became of the link it is given; the 256-bit token is the secret, held by the address's owner" },
  },
  "intro:confirm": {
    access: "public",
    // A new address's link: the account is made at the (local) identity provider, answered by msw.
    args: async ({ t }) => {
      vi.stubEnv("LOCAL_AUTH_URL", "http://identity.test");
      vi.stubEnv("LOCAL_AUTH_ADMIN_SECRET", "matrix");
      server.use(
        http.post("http://identity.test/auth/admin/accounts", () => HttpResponse.json({ subject: `guest-${Math.random()}` })),
        http.post("http://identity.test/auth/admin/sign-in-tokens", () => HttpResponse.json({ ticket: "ticket" })),
        // With the provider's address set, other cases' scheduled status and role syncs reach it too.
        http.all("http://identity.test/auth/admin/*", () => HttpResponse.json({ ok: true })),
      );
      return { token: await introLink(t, "visitor@example.com") };
    },
    ownership: async ({ t, other }, self) => {
      // Another member's link makes no account and books nothing: their address has an account.
      const token = await introLink(t, (await t.run((ctx) => ctx.db.get("users", other.id)))!.email);
      expect(await denial(self.as.action(api.intro.confirm, { token }))).toBe("INTRO_EMAIL_HAS_ACCOUNT");
      expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);
    },
  },
  "intro:confirmExisting": {
    access: "member",
    args: async ({ t }, self) => {
      const email = self.id ? (await t.run((ctx) => ctx.db.get("users", self.id!)))!.email : "nobody@example.com";
      return { token: await introLink(t, email) };
    },
    ownership: async ({ t, other }, self) => {
      const token = await introLink(t, (await t.run((ctx) => ctx.db.get("users", other.id)))!.email);
      expect(await denial(self.as.mutation(api.intro.confirmExisting, { token }))).toBe("INTRO_LINK_OTHER_ACCOUNT");
      expect(await t.run((ctx) => ctx.db.query("sessions").collect())).toEqual([]);
    },
  },
  "catalog:products": { access: "public", args: () => ({}), ownership: { none: "the public catalogue" } },
  "catalog:articles": { access: "public", args: () => ({ kind: "post" }), ownership: { none: "published articles" } },
  "catalog:article": { access: "public", args: () => ({ kind: "post", slug: "none" }), ownership: { none: "published articles" } },
  "catalog:events": {
    access: "public",
    args: () => ({}),
    ownership: async ({ t, other, event }, self) => {
      await t.run((ctx) => ctx.db.insert("eventRegistrations", { eventId: event, userId: other.id, createdAt: Date.now() }));
      expect((await other.as.query(api.catalog.events, {})).map((e) => e.registered)).toEqual([true]);
      expect((await self.as.query(api.catalog.events, {})).map((e) => e.registered)).toEqual([false]);
    },
  },
  "billing:checkoutQuote": {
    access: "member",
    args: () => ({ tier: "control" }),
    ownership: async ({ other }, self) => {
      await other.as.query(api.billing.checkoutQuote, { tier: "control" });
      const quote = await self.as.query(api.billing.checkoutQuote, { tier: "control" });
      expect(quote?.cardholderName).toBe("Test client");
      expect(quote?.subscription).toBeNull();
    },
  },
  "billing:cartQuote": {
    access: "member",
    args: () => ({ lines: [{ productId: "none", quantity: 1 }] }),
    ownership: async ({ t }, self) => {
      const product = await t.run((ctx) =>
        ctx.db.insert("products", { slug: "p", name: "Hour", type: "time_package", shortDescription: "An hour.", price: 100, isAvailable: true, maxQuantity: 2, sortOrder: 0 }),
      );
      const quote = await self.as.query(api.billing.cartQuote, { lines: [{ productId: product, quantity: 2 }] });
      expect(quote).toMatchObject({ priced: { amount: 200 }, cardholderName: "Test client" });
    },
  },
  "billing:order": {
    access: "member",
    args: () => ({ orderId: "none" }),
    ownership: async ({ t, other }, self) => {
      const product = await t.run((ctx) =>
        ctx.db.insert("products", { slug: "p", name: "Hour", type: "time_package", shortDescription: "An hour.", price: 100, isAvailable: true, maxQuantity: 2, sortOrder: 0 }),
      );
      const { orderId } = await other.as.action(api.billing.startCartCheckout, { lines: [{ productId: product, quantity: 1 }], cardholderName: "Other", idempotencyKey: "matrix-order-1" });
      expect(await other.as.query(api.billing.order, { orderId })).not.toBeNull();
      expect(await self.as.query(api.billing.order, { orderId })).toBeNull();
    },
  },
  "billing:overview": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("payments", { userId: other.id, sourceId: "in_other", amount: 2100, currency: "usd", description: "Clarity", paidAt: Date.now() }));
      await paidPlan(t, other.id);
      const mine = await self.as.query(api.billing.overview, {});
      expect(mine.payments).toEqual([]);
      expect(mine.subscription).toBeNull();
      expect((await other.as.query(api.billing.overview, {})).payments).toHaveLength(1);
    },
  },
  "billing:startSubscriptionCheckout": {
    access: "member",
    args: () => ({ tier: "clarity", billingCycle: "monthly", cardholderName: "Pat Lee", idempotencyKey: "matrix-subscription-1" }),
    ownership: async ({ t, other }, self) => {
      await self.as.action(api.billing.startSubscriptionCheckout, { tier: "clarity", billingCycle: "monthly", cardholderName: "Pat", idempotencyKey: "matrix-subscription-2" });
      const orders = await t.run((ctx) => ctx.db.query("orders").collect());
      expect(orders.map((o) => o.userId)).toEqual([self.id]);
      expect(orders.some((o) => o.userId === other.id)).toBe(false);
    },
  },
  "billing:startCartCheckout": {
    access: "member",
    args: async ({ t }) => ({
      lines: [
        {
          productId: await t.run((ctx) =>
            ctx.db.insert("products", { slug: "p", name: "Hour", type: "time_package", shortDescription: "An hour.", price: 100, isAvailable: true, maxQuantity: 2, sortOrder: 0 }),
          ),
          quantity: 1,
        },
      ],
      cardholderName: "Pat Lee",
      idempotencyKey: "matrix-cart-1",
    }),
    ownership: { none: "creates an order for the caller only; reading orders is checked under billing:order" },
  },
  "billing:changePlan": {
    access: "member",
    args: async ({ t }, self) => {
      if (self.id) await paidPlan(t, self.id);
      return { tier: "mastery", billingCycle: "monthly", idempotencyKey: "matrix-change-1" };
    },
    ownership: async ({ t, other }, self) => {
      stripeMock.reset();
      const theirs = await paidPlan(t, other.id);
      const mine = await paidPlan(t, self.id);
      await self.as.action(api.billing.changePlan, { tier: "mastery", billingCycle: "monthly", idempotencyKey: "matrix-change-2" });
      expect(stripeMock.requestsTo("POST", /^\/subscriptions\//).map((r) => r.path)).toEqual([`/subscriptions/${mine}`]);
      expect(theirs).not.toBe(mine);
    },
  },
  "billing:setCancelAtPeriodEnd": {
    access: "member",
    args: async ({ t }, self) => {
      if (self.id) await paidPlan(t, self.id);
      return { cancel: true };
    },
    ownership: async ({ t, other }, self) => {
      stripeMock.reset();
      await paidPlan(t, other.id);
      const mine = await paidPlan(t, self.id);
      await self.as.action(api.billing.setCancelAtPeriodEnd, { cancel: true });
      expect(stripeMock.requestsTo("POST", /^\/subscriptions\//).map((r) => r.path)).toEqual([`/subscriptions/${mine}`]);
    },
  },
  "billing:portalSession": {
    access: "member",
    args: () => ({ returnUrl: "http://127.0.0.1:4173/dashboard/billing" }),
    ownership: async ({ other }, self) => {
      stripeMock.reset();
      await other.as.action(api.billing.portalSession, { returnUrl: "http://127.0.0.1:4173/dashboard/billing" });
      await self.as.action(api.billing.portalSession, { returnUrl: "http://127.0.0.1:4173/dashboard/billing" });
      const [theirs, mine] = stripeMock.requestsTo("POST", /^\/billing_portal\/sessions$/).map((r) => r.body.customer);
      expect(mine).toBeDefined();
      expect(mine).not.toBe(theirs);
    },
  },
  "users:list": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null }, search: "test", role: "client", status: "active" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "users:setRole": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, role: "coach" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "users:setStatus": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, status: "deactivated", reason: "other" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "timeBalance:mine": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await credit(t, other.id, 120);
      expect(await self.as.query(api.timeBalance.mine, {})).toEqual({ totalMinutes: 0, consumedMinutes: 0, remainingMinutes: 0 });
      expect((await other.as.query(api.timeBalance.mine, {})).remainingMinutes).toBe(120);
    },
  },
  "timeBalance:history": {
    access: "member",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      await credit(t, other.id, 120);
      expect((await self.as.query(api.timeBalance.history, { paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
      expect((await other.as.query(api.timeBalance.history, { paginationOpts: { numItems: 10, cursor: null } })).page).toHaveLength(1);
    },
  },
  "timeBalance:monthly": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await credit(t, other.id, 120);
      expect((await self.as.query(api.timeBalance.monthly, {})).map((m) => m.boughtMinutes)).toEqual([0, 0, 0, 0, 0, 0]);
      expect((await other.as.query(api.timeBalance.monthly, {})).at(-1)?.boughtMinutes).toBe(120);
    },
  },
  "upgrade:choosePlan": {
    access: "member",
    args: () => ({ plan: "premium-monthly" }),
    ownership: { none: "writes nothing; decides only from the caller's own tier and user type" },
  },
  "premium:content": {
    access: "member",
    args: () => ({}),
    ownership: { none: "the same catalogue for every premium member, gated on the caller's own tier; no member data" },
  },
  "coaching:overview": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Coach" });
      await t.run(async (ctx) => {
        await ctx.db.patch("users", other.id, { tier: "mastery" });
        await ctx.db.patch("users", self.id, { tier: "mastery" });
      });
      await insertSession(t, { memberId: other.id, coachId: coach.id, startsAt: Date.now() + 2 * DAY_MS });
      await credit(t, other.id, 120);
      expect(await self.as.query(api.coaching.overview, {})).toEqual({ allowed: true, coaches: [], nextSession: null, remainingMinutes: 0 });
      expect(await other.as.query(api.coaching.overview, {})).toMatchObject({ coaches: [{ _id: coach.id }], remainingMinutes: 120 });
    },
  },
  "timeBalance:adjust": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, minutes: 30, note: "Welcome credit" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "availability:mine": { access: "staff", args: () => ({}), ownership: { none: "coaches and admins; reads only the caller's own hours" } },
  "availability:save": {
    access: "staff",
    args: () => ({ timezone: "UTC", weekly: [{ weekday: 1, start: "09:00", end: "12:00" }], exceptions: [] }),
    ownership: { none: "coaches and admins; writes only the caller's own hours" },
  },
  "availability:coaches": { access: "member", args: () => ({}), ownership: { none: "coaches' names and time zones, no member data" } },
  "availability:slots": {
    access: "member",
    args: async ({ t }) => {
      const { coachId } = await bookableCoach(t);
      return { coachId, from: Date.now(), to: Date.now() + 7 * DAY_MS, durationMinutes: 30 };
    },
    ownership: async ({ t, other }, self) => {
      // Another member's session with a different coach blocks only their own slots.
      const { coachId, slot } = await bookableCoach(t);
      const elsewhere = await bookableCoach(t);
      await credit(t, other.id, 60);
      await other.as.mutation(api.bookings.book, { coachId: elsewhere.coachId, startsAt: slot, durationMinutes: 30 });
      const range = { coachId, from: slot, to: slot + 1, durationMinutes: 30 };
      expect(await self.as.query(api.availability.slots, range)).toEqual([slot]);
      expect(await other.as.query(api.availability.slots, range)).toEqual([]);
    },
  },
  "bookings:book": {
    access: "member",
    args: async ({ t }, self) => {
      const { coachId, slot } = await bookableCoach(t);
      if (self.id) await credit(t, self.id, 60);
      return { coachId, startsAt: slot, durationMinutes: 30 };
    },
    ownership: async ({ t, other }, self) => {
      const { coachId, slot } = await bookableCoach(t);
      await credit(t, self.id, 60);
      await credit(t, other.id, 60);
      const sessionId = await self.as.mutation(api.bookings.book, { coachId, startsAt: slot, durationMinutes: 30 });
      expect((await t.run((ctx) => ctx.db.get("sessions", sessionId)))!.memberId).toBe(self.id);
      expect((await other.as.query(api.timeBalance.mine, {})).remainingMinutes).toBe(60);
    },
  },
  "bookings:cancel": {
    access: "member",
    args: async ({ t, other }, self) => ({
      sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id, startsAt: Date.now() + 2 * DAY_MS }),
    }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id, startsAt: Date.now() + 2 * DAY_MS });
      expect(await denial(self.as.mutation(api.bookings.cancel, { sessionId }))).toBe("SESSION_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("sessions", sessionId)))!.status).toBe("scheduled");
    },
  },
  "bookings:reschedule": {
    access: "member",
    args: async ({ t, other }, self) => {
      const { coachId, slot } = await bookableCoach(t);
      return { sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId, startsAt: slot + DAY_MS }), startsAt: slot };
    },
    ownership: async ({ t, other }, self) => {
      const { coachId, slot } = await bookableCoach(t);
      const sessionId = await insertSession(t, { memberId: other.id, coachId, startsAt: slot + DAY_MS });
      expect(await denial(self.as.mutation(api.bookings.reschedule, { sessionId, startsAt: slot }))).toBe("SESSION_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("sessions", sessionId)))!.startsAt).toBe(slot + DAY_MS);
    },
  },
  "bookings:mine": {
    access: "member",
    args: () => ({ scope: "upcoming", paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      await insertSession(t, { memberId: other.id, coachId: other.id, startsAt: Date.now() + DAY_MS });
      const args = { scope: "upcoming" as const, paginationOpts: { numItems: 10, cursor: null } };
      expect((await self.as.query(api.bookings.mine, args)).page).toEqual([]);
      expect((await other.as.query(api.bookings.mine, args)).page).toHaveLength(1);
    },
  },
  "bookings:get": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await denial(self.as.query(api.bookings.get, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "bookings:coachUpcoming": { access: "staff", args: () => ({}), ownership: { none: "coaches and admins; lists only the sessions the caller coaches" } },
  "bookings:coachClients": { access: "staff", args: () => ({}), ownership: { none: "coaches and admins; lists only members who booked with the caller" } },
  "agenda:get": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await upcomingSession(t, self.id ?? other.id, other.id) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await upcomingSession(t, other.id, other.id);
      expect(await denial(self.as.query(api.agenda.get, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "agenda:saveAnswer": {
    access: "writer",
    args: async ({ t, other }, self) => ({ sessionId: await upcomingSession(t, self.id ?? other.id, other.id), key: "focus", text: "Invoices" }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await upcomingSession(t, other.id, other.id);
      expect(await denial(self.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Mine" }))).toBe("SESSION_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("sessionCheckIns").collect())).toEqual([]);
    },
  },
  "agenda:setDone": {
    access: "writer",
    args: async ({ t, other }, self) => ({ ...(await agendaLine(t, self.id ?? other.id, other.id)), done: true }),
    ownership: async ({ t, other }, self) => {
      const line = await agendaLine(t, other.id, other.id);
      expect(await denial(self.as.mutation(api.agenda.setDone, { ...line, done: true }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "agenda:move": {
    access: "writer",
    args: async ({ t, other }, self) => ({ ...(await agendaLine(t, self.id ?? other.id, other.id)), direction: "up" }),
    ownership: async ({ t, other }, self) => {
      const line = await agendaLine(t, other.id, other.id);
      expect(await denial(self.as.mutation(api.agenda.move, { ...line, direction: "down" }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "agenda:add": {
    access: "writer",
    args: async ({ t, other }, self) => ({ sessionId: await upcomingSession(t, self.id ?? other.id, other.id), text: "Holidays" }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await upcomingSession(t, other.id, other.id);
      expect(await denial(self.as.mutation(api.agenda.add, { sessionId, text: "Mine" }))).toBe("SESSION_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("agendaItems").collect())).toEqual([]);
    },
  },
  "agenda:remove": {
    access: "writer",
    args: async ({ t, other }, self) => agendaLine(t, self.id ?? other.id, other.id),
    ownership: async ({ t, other }, self) => {
      const line = await agendaLine(t, other.id, other.id);
      expect(await denial(self.as.mutation(api.agenda.remove, line))).toBe("SESSION_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("agendaItems").collect())).toHaveLength(1);
    },
  },
  "focus:rooms": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("focusStreaks", { userId: other.id, days: 3, lastDay: "2026-03-02" }));
      expect((await self.as.query(api.focus.rooms, {})).streak.days).toBe(0);
    },
  },
  "focus:room": {
    access: "member",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : []) }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id, [], { ended: true });
      expect(await denial(self.as.query(api.focus.room, { roomId }))).toBe("FOCUS_ROOM_NOT_FOUND");
    },
  },
  "focus:create": { access: "writer", args: () => ({ minutes: 25, goal: "Write" }), ownership: { none: "starts a room with the caller in it" } },
  "focus:join": {
    access: "writer",
    args: async ({ t, other }) => ({ roomId: await focusRoom(t, other.id), goal: "Write" }),
    ownership: { none: "takes a seat for the caller only" },
  },
  "focus:leave": {
    access: "writer",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : []) }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id);
      expect(await denial(self.as.mutation(api.focus.leave, { roomId }))).toBe("FOCUS_NOT_IN_ROOM");
      expect((await t.run((ctx) => ctx.db.query("focusParticipants").collect())).map((seat) => seat.leftAt)).toEqual([undefined]);
    },
  },
  "focus:heartbeat": {
    access: "writer",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : []), pageId: "page-1" }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id);
      expect(await denial(self.as.mutation(api.focus.heartbeat, { roomId, pageId: "page-1" }))).toBe("FOCUS_NOT_IN_ROOM");
    },
  },
  "focus:disconnect": {
    access: "public",
    args: () => ({ sessionToken: "no-such-token" }),
    ownership: { none: "ends only the presence session whose unguessable token it is given (a closing page's last request carries no sign-in)" },
  },
  "focus:checkInOutcome": {
    access: "writer",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : [], { ended: true }), outcome: "done" }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id, [], { ended: true });
      expect(await denial(self.as.mutation(api.focus.checkInOutcome, { roomId, outcome: "done" }))).toBe("FOCUS_NOT_IN_ROOM");
    },
  },
  "focus:blockParticipant": {
    access: "writer",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : []), userId: other.id }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id);
      expect(await denial(self.as.mutation(api.focus.blockParticipant, { roomId, userId: other.id }))).toBe("FOCUS_NOT_A_PARTICIPANT");
      expect(await t.run((ctx) => ctx.db.query("memberBlocks").collect())).toEqual([]);
    },
  },
  "focus:unblockMember": {
    access: "writer",
    args: async ({ t, other }, self) => {
      if (self.id) await t.run((ctx) => ctx.db.insert("memberBlocks", { blockerId: self.id!, blockedId: other.id, createdAt: Date.now() }));
      return { userId: other.id };
    },
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("memberBlocks", { blockerId: other.id, blockedId: self.id, createdAt: Date.now() }));
      expect(await denial(self.as.mutation(api.focus.unblockMember, { userId: other.id }))).toBe("FOCUS_BLOCK_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("memberBlocks").collect())).toHaveLength(1);
    },
  },
  "focus:blocked": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("memberBlocks", { blockerId: other.id, blockedId: self.id, createdAt: Date.now() }));
      expect(await self.as.query(api.focus.blocked, {})).toEqual([]);
    },
  },
  "focus:report": {
    access: "writer",
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, other.id, self.id ? [self.id] : []), userId: other.id, reason: "spam", alsoBlock: false }),
    ownership: async ({ t, other }, self) => {
      const roomId = await focusRoom(t, other.id);
      expect(await denial(self.as.mutation(api.focus.report, { roomId, userId: other.id, reason: "spam", alsoBlock: false }))).toBe("FOCUS_NOT_A_PARTICIPANT");
      expect(await t.run((ctx) => ctx.db.query("focusReports").collect())).toEqual([]);
    },
  },
  "focus:remove": {
    access: "writer",
    // A room the caller hosts as staff (set so here for every caller): its host may remove someone.
    args: async ({ t, other }, self) => ({ roomId: await focusRoom(t, self.id ?? other.id, [other.id], { hostIsStaff: true }), userId: other.id }),
    ownership: async ({ t, other }, self) => {
      const third = await signedIn(t, "client");
      const roomId = await focusRoom(t, other.id, [third.id]);
      expect(await denial(self.as.mutation(api.focus.remove, { roomId, userId: third.id }))).toBe("FOCUS_NOT_HOST");
    },
  },
  "focus:reports": { access: "admin", args: () => ({}), ownership: { none: "admins only; every other caller is denied by the matrix" } },
  "focus:resolve": {
    access: "admin",
    args: async ({ t, other }) => {
      const roomId = await focusRoom(t, other.id);
      const reportId = await t.run((ctx) => ctx.db.insert("focusReports", { roomId, reporterId: other.id, reportedId: other.id, reason: "spam", status: "open", createdAt: Date.now() }));
      return { reportId };
    },
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "calendar:myFeed": {
    access: "member",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      await other.as.mutation(api.calendar.newFeedLink, {});
      expect(await self.as.query(api.calendar.myFeed, {})).toBeNull();
    },
  },
  "calendar:newFeedLink": {
    access: "member",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      const theirs = await other.as.mutation(api.calendar.newFeedLink, {});
      await self.as.mutation(api.calendar.newFeedLink, {});
      expect(await other.as.query(api.calendar.myFeed, {})).toMatchObject(theirs);
    },
  },
  "calendar:sessionFile": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await denial(self.as.query(api.calendar.sessionFile, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "waitlist:join": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id, startsAt: Date.now() + DAY_MS }), window: WAITLIST_WINDOW }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id, startsAt: Date.now() + DAY_MS });
      expect(await denial(self.as.mutation(api.waitlist.join, { sessionId, window: WAITLIST_WINDOW }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "waitlist:leave": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id, startsAt: Date.now() + DAY_MS }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id, startsAt: Date.now() + DAY_MS });
      await t.run((ctx) =>
        ctx.db.insert("waitlistRequests", { memberId: other.id, coachId: other.id, sessionId, window: WAITLIST_WINDOW, timezone: "UTC", joinedAt: Date.now(), status: "waiting", passed: [] }),
      );
      expect(await denial(self.as.mutation(api.waitlist.leave, { sessionId }))).toBe("SESSION_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.query("waitlistRequests").collect()))[0]!.status).toBe("waiting");
    },
  },
  "waitlist:forBooking": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await denial(self.as.query(api.waitlist.forBooking, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "waitlist:myOffers": { access: "member", args: () => ({}), ownership: { none: "lists only offers made to the caller" } },
  "waitlist:claim": {
    access: "member",
    args: async ({ t, other }, self) => ({ offerId: await offerTo(t, self.id ?? other.id) }),
    ownership: async ({ t, other }, self) => {
      const offerId = await offerTo(t, other.id);
      expect(await denial(self.as.mutation(api.waitlist.claim, { offerId }))).toBe("OFFER_GONE");
    },
  },
  "waitlist:decline": {
    access: "member",
    args: async ({ t, other }, self) => ({ offerId: await offerTo(t, self.id ?? other.id) }),
    ownership: async ({ t, other }, self) => {
      const offerId = await offerTo(t, other.id);
      expect(await denial(self.as.mutation(api.waitlist.decline, { offerId }))).toBe("OFFER_GONE");
      expect((await t.run((ctx) => ctx.db.get("waitlistOffers", offerId)))!.status).toBe("open");
    },
  },
  "waitlist:waiting": { access: "staff", args: () => ({}), ownership: { none: "coaches and admins; lists only members waiting for the caller" } },
  "nudges:settings": {
    access: "member",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      await other.as.mutation(api.nudges.save, { enabled: true, quietStart: 21, quietEnd: 8 });
      expect(await self.as.query(api.nudges.settings, {})).toEqual({ enabled: false, quietStart: 20, quietEnd: 9 });
    },
  },
  "nudges:save": {
    access: "member",
    args: () => ({ enabled: true, quietStart: 20, quietEnd: 9 }),
    ownership: async ({ other }, self) => {
      await other.as.mutation(api.nudges.save, { enabled: true, quietStart: 21, quietEnd: 8 });
      await self.as.mutation(api.nudges.save, { enabled: false, quietStart: 20, quietEnd: 9 });
      expect(await other.as.query(api.nudges.settings, {})).toEqual({ enabled: true, quietStart: 21, quietEnd: 8 });
    },
  },
  "nudges:answer": {
    access: "public",
    args: () => ({ token: "not-a-link" }),
    ownership: { none: "answers only for the nudge and item its signed link names, of the account it is bound to" },
  },
  "onboarding:forBooking": {
    access: "member",
    args: async ({ t, other }, self) => ({ bookingId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const bookingId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await self.as.query(api.onboarding.forBooking, { bookingId })).toBeNull();
      expect(await other.as.query(api.onboarding.forBooking, { bookingId })).not.toBeNull();
    },
  },
  "onboarding:submit": {
    access: "member",
    args: async ({ t, other }, self) => ({
      bookingId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }),
      action: "complete_later",
      formId: "onboarding",
      version: 1,
      answers: [],
    }),
    ownership: async ({ t, other }, self) => {
      const bookingId = await insertSession(t, { memberId: other.id, coachId: other.id });
      const args = { bookingId, action: "complete_later" as const, formId: "onboarding", version: 1, answers: [] };
      expect(await denial(self.as.mutation(api.onboarding.submit, args))).toBe("BOOKING_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("onboardingResponses").collect())).toEqual([]);
    },
  },
  "onboarding:completion": {
    access: "member",
    args: async ({ t, other }, self) => ({ bookingId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }), responseId: "none" }),
    ownership: async ({ t, other }, self) => {
      const bookingId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await self.as.query(api.onboarding.completion, { bookingId, responseId: "none" })).toBeNull();
    },
  },
  "onboarding:answersForSession": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      await other.as.mutation(api.onboarding.submit, { bookingId: sessionId, action: "complete_later", formId: "onboarding", version: 1, answers: [] });
      expect(await self.as.query(api.onboarding.answersForSession, { sessionId })).toBeNull();
      expect(await other.as.query(api.onboarding.answersForSession, { sessionId })).toEqual({ state: "completed_later", answers: [] });
    },
  },
  "onboarding:formVersions": { access: "admin", args: () => ({}), ownership: { none: "admins only; the form's questions, no member data" } },
  "onboarding:saveForm": {
    access: "admin",
    args: () => ({ fields: [{ name: "goal", label: "Your goal", type: "text", required: true }] }),
    ownership: { none: "admins only; saves a new version of the form, no member data" },
  },
  "sessions:join": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await denial(self.as.query(api.sessions.join, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "sessions:start": {
    access: "staff",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }) }),
    ownership: { none: "coaches and admins only; a coach runs only their own sessions (sessions.test.ts)" },
  },
  "sessions:complete": {
    access: "staff",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }) }),
    ownership: { none: "coaches and admins only; a coach runs only their own sessions (sessions.test.ts)" },
  },
  "sessions:markNoShow": {
    access: "staff",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }) }),
    ownership: { none: "coaches and admins only; a coach runs only their own sessions (sessions.test.ts)" },
  },
  "recordings:generateUploadUrl": { access: "staff", args: () => ({}), ownership: { none: "an upload URL, no member data" } },
  "recordings:save": {
    access: "staff",
    args: async ({ t, other }, self) => ({
      sessionId: await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }),
      storageId: self.id ? await uploadedFile(t, self.id, "audio/mpeg") : await storedFile(t, "audio/mpeg"),
      title: "Recording",
    }),
    ownership: { none: "coaches and admins only; a coach files recordings only for their own sessions (media.test.ts)" },
  },
  "recordings:mine": {
    access: "member",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      await recordingOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }), other.id);
      expect((await self.as.query(api.recordings.mine, { paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
      expect((await other.as.query(api.recordings.mine, { paginationOpts: { numItems: 10, cursor: null } })).page).toHaveLength(1);
    },
  },
  "recordings:get": {
    access: "member",
    args: async ({ t, other }, self) => {
      const memberId = self.id ?? other.id;
      return { recordingId: await recordingOf(t, await insertSession(t, { memberId, coachId: other.id }), memberId) };
    },
    ownership: async ({ t, other }, self) => {
      const recordingId = await recordingOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }), other.id);
      expect(await denial(self.as.query(api.recordings.get, { recordingId }))).toBe("RECORDING_NOT_FOUND");
    },
  },
  "recordings:latest": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await recordingOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }), other.id);
      expect(await self.as.query(api.recordings.latest, {})).toBeNull();
    },
  },
  "transcripts:upload": {
    access: "staff",
    args: async ({ t, other }, self) => ({
      sessionId: await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }),
      content: "[00:05] Coach: How was your week?",
      format: "text",
    }),
    ownership: { none: "coaches and admins only; a coach uploads only for their own sessions (media.test.ts)" },
  },
  "transcripts:get": {
    access: "member",
    args: async ({ t, other }, self) => {
      const memberId = self.id ?? other.id;
      return { transcriptId: await transcriptOf(t, await insertSession(t, { memberId, coachId: other.id }), memberId) };
    },
    ownership: async ({ t, other }, self) => {
      const transcriptId = await transcriptOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }), other.id);
      expect(await denial(self.as.query(api.transcripts.get, { transcriptId }))).toBe("TRANSCRIPT_NOT_FOUND");
    },
  },
  "transcripts:forSession": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      await transcriptOf(t, sessionId, other.id);
      expect(await denial(self.as.query(api.transcripts.forSession, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "notifications:list": {
    access: "member",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      await notificationOf(t, other.id);
      expect((await self.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
    },
  },
  "notifications:recent": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await notificationOf(t, other.id);
      expect(await self.as.query(api.notifications.recent, {})).toEqual({ items: [], unreadCount: 0 });
      expect((await other.as.query(api.notifications.recent, {})).unreadCount).toBe(1);
    },
  },
  "notifications:markRead": {
    access: "member",
    args: async ({ t, other }, self) => ({ notificationId: await notificationOf(t, self.id ?? other.id) }),
    ownership: async ({ t, other }, self) => {
      const notificationId = await notificationOf(t, other.id);
      expect(await denial(self.as.mutation(api.notifications.markRead, { notificationId }))).toBe("NOTIFICATION_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("notifications", notificationId)))!.read).toBe(false);
    },
  },
  "notifications:markAllRead": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      const notificationId = await notificationOf(t, other.id);
      await self.as.mutation(api.notifications.markAllRead, {});
      expect((await t.run((ctx) => ctx.db.get("notifications", notificationId)))!.read).toBe(false);
    },
  },
  "notifications:preferences": {
    access: "member",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      await other.as.mutation(api.notifications.savePreferences, { ...DEFAULT_NOTIFICATION_PREFERENCES, bookingUpdates: false });
      expect(await self.as.query(api.notifications.preferences, {})).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    },
  },
  "notifications:savePreferences": {
    access: "member",
    args: () => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, position: "bottom-left" }),
    ownership: async ({ other }, self) => {
      await self.as.mutation(api.notifications.savePreferences, { ...DEFAULT_NOTIFICATION_PREFERENCES, transcriptReady: false });
      expect(await other.as.query(api.notifications.preferences, {})).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    },
  },
  "notifications:systemAlert": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, title: "Maintenance", message: "Back in ten minutes.", priority: "high" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "activity:list": {
    access: "member",
    args: () => ({ type: "session", paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => recordActivity(ctx, other.id, { type: "system", title: "Welcome", description: "", status: "completed" }, Date.now()));
      expect((await self.as.query(api.activity.list, { paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
    },
  },
  "dashboard:summary": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      await recordingOf(t, sessionId, other.id);
      await t.run((ctx) => ctx.db.insert("memberStats", { userId: other.id, completedSessions: 4, completedMinutes: 240 }));
      const mine = await self.as.query(api.dashboard.summary, {});
      expect(mine).toMatchObject({ sessionsThisWeek: 0, upcoming: [], nextSession: null, latestRecordingId: null });
      expect(mine.stats).toMatchObject({ totalSessions: 0, totalHours: 0, upcomingCount: 0 });
    },
  },
  "dashboard:coach": {
    access: "staff",
    args: () => ({}),
    ownership: { none: "coaches and admins; lists only the sessions the caller coaches" },
  },
  "actionItems:list": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await self.as.query(api.actionItems.list, {})).toEqual([]);
      expect(await other.as.query(api.actionItems.list, {})).toHaveLength(1);
    },
  },
  "actionItems:get": {
    access: "member",
    args: async ({ t, other }, self) => ({
      id: await actionItemOf(t, await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id })),
    }),
    ownership: async ({ t, other }, self) => {
      const id = await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await self.as.query(api.actionItems.get, { id })).toBeNull();
    },
  },
  "actionItems:create": {
    access: "writer",
    args: async ({ t, other }, self) => {
      const memberId = self.id ?? other.id;
      return { ...actionItemForm(memberId), sessionId: await insertSession(t, { memberId, coachId: other.id }) };
    },
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      const created = self.as.mutation(api.actionItems.create, { ...actionItemForm(other.id), sessionId });
      expect(await denial(created)).toBe("SESSION_NOT_FOUND");
      expect(await t.run((ctx) => ctx.db.query("actionItems").collect())).toEqual([]);
    },
  },
  "actionItems:update": {
    access: "writer",
    args: async ({ t, other }, self) => {
      const memberId = self.id ?? other.id;
      const id = await actionItemOf(t, await insertSession(t, { memberId, coachId: other.id }));
      return { id, ...actionItemForm(memberId), status: "in_progress" };
    },
    ownership: async ({ t, other }, self) => {
      const id = await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      const edit = { id, ...actionItemForm(other.id), title: "Changed", status: "completed" as const };
      expect(await denial(self.as.mutation(api.actionItems.update, edit))).toBe("ACTION_ITEM_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("actionItems", id)))!.title).toBe("Plan the week");
    },
  },
  "actionItems:updateStatus": {
    access: "writer",
    args: async ({ t, other }, self) => ({
      id: await actionItemOf(t, await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id })),
      status: "completed",
    }),
    ownership: async ({ t, other }, self) => {
      const id = await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await denial(self.as.mutation(api.actionItems.updateStatus, { id, status: "completed" }))).toBe("ACTION_ITEM_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("actionItems", id)))!.status).toBe("pending");
    },
  },
  "actionItems:updateProgress": {
    access: "writer",
    args: async ({ t, other }, self) => ({
      id: await actionItemOf(t, await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id })),
      status: "completed",
      completionNotes: "Done",
    }),
    ownership: async ({ t, other }, self) => {
      const id = await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await denial(self.as.mutation(api.actionItems.updateProgress, { id, status: "completed" }))).toBe("ACTION_ITEM_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("actionItems", id)))!.status).toBe("pending");
    },
  },
  "actionItems:sessions": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await self.as.query(api.actionItems.sessions, {})).toEqual([]);
      expect(await other.as.query(api.actionItems.sessions, {})).toHaveLength(1);
    },
  },
  "actionItems:card": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await actionItemOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await self.as.query(api.actionItems.card, {})).toEqual({ items: [], pendingCount: 0, activeCount: 0, openCount: 0, totalCount: 0 });
      expect((await other.as.query(api.actionItems.card, {})).openCount).toBe(1);
    },
  },
  "actionItems:quickAdd": {
    access: "writer",
    args: async ({ t, other }, self) => {
      if (self.id) await insertSession(t, { memberId: self.id, coachId: other.id });
      return { title: "Plan the week" };
    },
    ownership: async ({ t, other }, self) => {
      await insertSession(t, { memberId: other.id, coachId: other.id });
      expect(await denial(self.as.mutation(api.actionItems.quickAdd, { title: "Plan the week" }))).toBe("INVALID_ACTION_ITEM");
      expect(await t.run((ctx) => ctx.db.query("actionItems").collect())).toEqual([]);
    },
  },
  "commandPalette:entries": {
    access: "writer",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      const sessionId = await insertSession(t, { memberId: other.id, coachId: other.id });
      await actionItemOf(t, sessionId);
      await recordingOf(t, sessionId, other.id);
      await transcriptOf(t, sessionId, other.id);
      await t.mutation(internal.timeBalance.creditPurchase, { userId: other.id, minutes: 60, note: "Package" });
      expect(await self.as.query(api.commandPalette.entries, {})).toEqual({
        remainingMinutes: 0,
        nextSession: null,
        openItems: [],
        recordings: [],
        transcripts: [],
      });
      expect(await other.as.query(api.commandPalette.entries, {})).toMatchObject({ remainingMinutes: 60, nextSession: { _id: sessionId } });
    },
  },
  "extraction:forSession": {
    access: "member",
    args: async ({ t, other }, self) => ({ sessionId: await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }) }),
    ownership: async ({ t, other }, self) => {
      const { sessionId } = await proposalOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await denial(self.as.query(api.extraction.forSession, { sessionId }))).toBe("SESSION_NOT_FOUND");
    },
  },
  "extraction:accept": {
    access: "writer",
    args: async ({ t, other }, self) => ({
      proposalId: (await proposalOf(t, await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }))).proposalId,
    }),
    ownership: async ({ t, other }, self) => {
      const { proposalId } = await proposalOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await denial(self.as.mutation(api.extraction.accept, { proposalId }))).toBe("PROPOSAL_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("actionItemProposals", proposalId)))!.status).toBe("proposed");
    },
  },
  "extraction:dismiss": {
    access: "writer",
    args: async ({ t, other }, self) => ({
      proposalId: (await proposalOf(t, await insertSession(t, { memberId: self.id ?? other.id, coachId: other.id }))).proposalId,
    }),
    ownership: async ({ t, other }, self) => {
      const { proposalId } = await proposalOf(t, await insertSession(t, { memberId: other.id, coachId: other.id }));
      expect(await denial(self.as.mutation(api.extraction.dismiss, { proposalId }))).toBe("PROPOSAL_NOT_FOUND");
      expect((await t.run((ctx) => ctx.db.get("actionItemProposals", proposalId)))!.status).toBe("proposed");
    },
  },
  "reactivation:check": {
    access: "public",
    args: () => ({ token: "not-a-link" }),
    ownership: { none: "answers about the link it is given; a link for another account is refused as wrong_account (reactivation.test.ts)" },
  },
  "reactivation:reactivate": {
    access: "public",
    args: () => ({ token: "not-a-link" }),
    ownership: { none: "acts only on the account its signed link is bound to; another signed-in account is refused (reactivation.test.ts)" },
  },
  "reactivation:requestLink": {
    access: "public",
    args: () => ({ email: "nobody@example.com" }),
    ownership: { none: "e-mails the address's own account only, and answers the same for every address" },
  },
  "inactivity:keepActive": {
    access: "public",
    args: () => ({ token: "not-a-link" }),
    ownership: { none: "marks activity only on the account its signed link is bound to" },
  },
  "inactivity:notice": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("inactivityWarnings", { userId: other.id, level: 60, periodStart: 1, sentAt: Date.now() }));
      expect(await other.as.query(api.inactivity.notice, {})).toMatchObject({ level: 60 });
      expect(await self.as.query(api.inactivity.notice, {})).toBeNull();
    },
  },
  "inactivity:dismissNotice": {
    access: "member",
    args: () => ({}),
    ownership: async ({ t, other }, self) => {
      await t.run((ctx) => ctx.db.insert("inactivityWarnings", { userId: other.id, level: 60, periodStart: 1, sentAt: Date.now() }));
      await self.as.mutation(api.inactivity.dismissNotice, {});
      expect(await other.as.query(api.inactivity.notice, {})).toMatchObject({ level: 60 });
    },
  },
  "security:incidents": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "extraction:retry": {
    access: "staff",
    args: async ({ t, other }, self) => ({
      runId: (await proposalOf(t, await insertSession(t, { memberId: other.id, coachId: self.id ?? other.id }), "failed")).runId,
    }),
    ownership: { none: "coaches and admins only; a coach retries only their own sessions (extraction.test.ts)" },
  },
  "forum:standing": { access: "member", args: () => ({}), ownership: { none: "reads only the caller's own users row" } },
  "forum:join": {
    access: "writer",
    args: () => ({ forumName: "New Member" }),
    ownership: async ({ t, other }, self) => {
      const before = await t.run((ctx) => ctx.db.get("users", other.id));
      await self.as.mutation(api.forum.join, { forumName: "Self Joined" });
      expect(await t.run((ctx) => ctx.db.get("users", other.id))).toEqual(before);
    },
  },
  "forum:categories": { access: "member", args: () => ({}), ownership: { none: "the forum's categories, shared by every member; no member data" } },
  "forum:category": { access: "member", args: () => ({ slug: "focus" }), ownership: { none: "one shared category; no member data" } },
  "forum:threads": {
    access: "member",
    args: async ({ t, other }, self) => ({ categoryId: (await forumOf(t, other.id, self.id)).categoryId, paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      // One list for every member: nothing of the other member's own state is in it.
      const { categoryId } = await forumOf(t, other.id, self.id);
      const args = { categoryId, paginationOpts: { numItems: 10, cursor: null } };
      expect(await self.as.query(api.forum.threads, args)).toEqual(await other.as.query(api.forum.threads, args));
      expect((await self.as.query(api.forum.threads, args)).page[0]).not.toHaveProperty("followed");
    },
  },
  "forum:myThreadStates": {
    access: "member",
    args: async ({ t, other }, self) => ({ threadIds: [(await forumOf(t, other.id, self.id)).threadId] }),
    ownership: async ({ t, other }, self) => {
      // The other member's follow and read state is theirs: the caller has none for the thread.
      const { threadId } = await forumOf(t, other.id, self.id);
      expect(await other.as.query(api.forum.myThreadStates, { threadIds: [threadId] })).toMatchObject([{ threadId, followed: true }]);
      expect(await self.as.query(api.forum.myThreadStates, { threadIds: [threadId] })).toEqual([]);
    },
  },
  "forum:thread": {
    access: "member",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId }),
    ownership: async ({ t, other }, self) => {
      const { threadId } = await forumOf(t, other.id, self.id);
      expect((await other.as.query(api.forum.thread, { threadId }))!.lastReadAt).not.toBeNull();
      expect((await self.as.query(api.forum.thread, { threadId }))!.lastReadAt).toBeNull();
    },
  },
  "forum:posts": {
    access: "member",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId, paginationOpts: { numItems: 10, cursor: null } }),
    ownership: async ({ t, other }, self) => {
      // One page for every member: counts only, nobody's own reactions.
      const { threadId, postId } = await forumOf(t, other.id, self.id);
      await other.as.mutation(api.forum.react, { postId, reaction: "support" });
      const args = { threadId, paginationOpts: { numItems: 10, cursor: null } };
      expect((await self.as.query(api.forum.posts, args)).page[0]).toMatchObject({ reactions: [{ reaction: "support", count: 1 }] });
      expect(await self.as.query(api.forum.posts, args)).toEqual(await other.as.query(api.forum.posts, args));
    },
  },
  "forum:myPostStates": {
    access: "member",
    args: async ({ t, other }, self) => ({ postIds: [(await forumOf(t, other.id, self.id)).postId] }),
    ownership: async ({ t, other }, self) => {
      // The other member's reactions are theirs: the caller sees only their own, and who they are.
      const { postId } = await forumOf(t, other.id, self.id);
      await other.as.mutation(api.forum.react, { postId, reaction: "support" });
      expect(await other.as.query(api.forum.myPostStates, { postIds: [postId] })).toEqual({ viewerId: other.id, reactions: [{ postId, reactions: ["support"] }] });
      expect(await self.as.query(api.forum.myPostStates, { postIds: [postId] })).toEqual({ viewerId: self.id, reactions: [] });
    },
  },
  "forum:search": { access: "member", args: () => ({ query: "focus" }), ownership: { none: "shared forum text, limited to what the caller may read; no private data" } },
  "forum:recentPublic": { access: "public", args: () => ({}), ownership: { none: "thread titles of public categories only, no names or text" } },
  "forum:createThread": {
    access: "writer",
    args: async ({ t, other }, self) => ({ categoryId: (await forumOf(t, other.id, self.id)).categoryId, title: "Morning routines", body: "What helps you start?" }),
    ownership: { none: "adds a thread authored by the caller; touches no other member's rows" },
  },
  "forum:reply": {
    access: "writer",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId, body: "Same here" }),
    ownership: async ({ t, other }, self) => {
      // Replying marks only the caller's own reading state; the other member's stays as it was.
      const { threadId } = await forumOf(t, other.id, self.id);
      const before = await forumStateOf(t, other.id, threadId);
      await self.as.mutation(api.forum.reply, { threadId, body: "Same here" });
      expect(await forumStateOf(t, other.id, threadId)).toEqual(before);
    },
  },
  "forum:editPost": {
    access: "writer",
    args: async ({ t, other }, self) => ({ postId: await ownPostOf(t, other.id, self.id), body: "Edited" }),
    ownership: async ({ t, other }, self) => {
      const { postId } = await forumOf(t, other.id, self.id);
      const before = await t.run((ctx) => ctx.db.get("forumPosts", postId));
      expect(await denial(self.as.mutation(api.forum.editPost, { postId, body: "Mine now" }))).toBe("NOT_YOUR_POST");
      expect(await t.run((ctx) => ctx.db.get("forumPosts", postId))).toEqual(before);
    },
  },
  "forum:deletePost": {
    access: "writer",
    args: async ({ t, other }, self) => ({ postId: await ownPostOf(t, other.id, self.id) }),
    ownership: async ({ t, other }, self) => {
      const { postId } = await forumOf(t, other.id, self.id);
      const before = await t.run((ctx) => ctx.db.get("forumPosts", postId));
      expect(await denial(self.as.mutation(api.forum.deletePost, { postId }))).toBe("NOT_YOUR_POST");
      expect(await t.run((ctx) => ctx.db.get("forumPosts", postId))).toEqual(before);
    },
  },
  "forum:react": {
    access: "writer",
    args: async ({ t, other }, self) => ({ postId: (await forumOf(t, other.id, self.id)).postId, reaction: "helpful" }),
    ownership: async ({ t, other }, self) => {
      // Toggling the same reaction takes back only the caller's own, never the other member's.
      const { threadId, postId } = await forumOf(t, other.id, self.id);
      await other.as.mutation(api.forum.react, { postId, reaction: "helpful" });
      await self.as.mutation(api.forum.react, { postId, reaction: "helpful" });
      await self.as.mutation(api.forum.react, { postId, reaction: "helpful" });
      const args = { threadId, paginationOpts: { numItems: 10, cursor: null } };
      expect((await other.as.query(api.forum.posts, args)).page[0]!.reactions).toEqual([{ reaction: "helpful", count: 1 }]);
      expect((await other.as.query(api.forum.myPostStates, { postIds: [postId] })).reactions).toEqual([{ postId, reactions: ["helpful"] }]);
    },
  },
  "forum:follow": {
    access: "writer",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId, followed: true }),
    ownership: async ({ t, other }, self) => {
      const { threadId } = await forumOf(t, other.id, self.id);
      await self.as.mutation(api.forum.follow, { threadId, followed: false });
      expect((await forumStateOf(t, other.id, threadId))?.followed).toBe(true);
    },
  },
  "forum:markRead": {
    access: "member",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId }),
    ownership: async ({ t, other }, self) => {
      const { threadId } = await forumOf(t, other.id, self.id);
      const before = await forumStateOf(t, other.id, threadId);
      await self.as.mutation(api.forum.markRead, { threadId });
      expect(await forumStateOf(t, other.id, threadId)).toEqual(before);
      expect(await forumStateOf(t, self.id, threadId)).not.toBeNull();
    },
  },
  "forum:report": {
    access: "writer",
    args: async ({ t, other }, self) => ({ postId: (await forumOf(t, other.id, self.id)).postId, reason: "Looks like spam" }),
    ownership: async ({ t, other }, self) => {
      // "Once per member": another member's open report does not stand in for the caller's.
      const { postId } = await forumOf(t, other.id, self.id);
      await other.as.mutation(api.forum.report, { postId, reason: "Looks like spam" });
      await self.as.mutation(api.forum.report, { postId, reason: "Off topic" });
      const reports = await t.run((ctx) => ctx.db.query("forumReports").collect());
      expect(reports.map((r) => [r.reporterId, r.reason])).toEqual([
        [other.id, "Looks like spam"],
        [self.id, "Off topic"],
      ]);
    },
  },
  "forumModeration:queue": {
    access: "staff",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:hidePost": {
    access: "staff",
    args: async ({ t, other }, self) => ({ postId: (await forumOf(t, other.id, self.id)).postId, reason: "Off topic" }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:restorePost": {
    access: "staff",
    args: async ({ t, other }, self) => ({ postId: (await forumOf(t, other.id, self.id)).postId }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:deletePost": {
    access: "staff",
    args: async ({ t, other }, self) => ({ postId: (await forumOf(t, other.id, self.id)).postId, reason: "Spam" }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:setLocked": {
    access: "staff",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId, locked: true }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:setPinned": {
    access: "staff",
    args: async ({ t, other }, self) => ({ threadId: (await forumOf(t, other.id, self.id)).threadId, pinned: true }),
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:moveThread": {
    access: "staff",
    args: async ({ t, other }, self) => {
      const { threadId } = await forumOf(t, other.id, self.id);
      const categoryId = await t.run((ctx) => ctx.db.insert("forumCategories", { slug: "wins", name: "Wins", description: "", visibility: "public", sortOrder: 2, threadCount: 0 }));
      return { threadId, categoryId };
    },
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:dismissReport": {
    access: "staff",
    args: async ({ t, other }, self) => {
      const { threadId, postId } = await forumOf(t, other.id, self.id);
      const reportId = await t.run((ctx) => ctx.db.insert("forumReports", { postId, threadId, reporterId: other.id, reason: "Spam", status: "open", createdAt: Date.now() }));
      return { reportId };
    },
    ownership: { none: "coaches and admins only; every other caller is denied by the matrix" },
  },
  "forumModeration:auditLog": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
};

/**
 * A public category with a thread `other` started (so they follow it and have read it); both
 * members have joined the forum (the caller only when signed in).
 */
function forumOf(t: T, otherId: Id<"users">, selfId: Id<"users"> | null) {
  return t.run(async (ctx) => {
    const join = (id: Id<"users">, forumName: string) => ctx.db.patch("users", id, { forumMember: true, forumName, forumNameKey: forumNameKey(forumName) });
    await join(otherId, "Other Member");
    if (selfId) await join(selfId, "Self Member");
    const now = Date.now();
    const categoryId = await ctx.db.insert("forumCategories", { slug: "focus", name: "Focus", description: "", visibility: "public", sortOrder: 1, threadCount: 1, lastActivityAt: now });
    const threadId = await ctx.db.insert("forumThreads", {
      categoryId,
      authorId: otherId,
      title: "Focus blocks",
      status: "visible",
      pinned: false,
      locked: false,
      createdAt: now,
      lastActivityAt: now,
      replyCount: 0,
      lastPostAuthorId: otherId,
    });
    const postId = await ctx.db.insert("forumPosts", {
      threadId,
      authorId: otherId,
      opening: true,
      body: "How long are yours?",
      status: "visible",
      createdAt: now,
      searchText: "Focus blocks\nHow long are yours?",
      reactionCounts: {},
    });
    await ctx.db.insert("forumThreadStates", { userId: otherId, threadId, followed: true, lastReadAt: now });
    return { categoryId, threadId, postId };
  });
}

/** A reply the caller wrote in the forum of forumOf (the other member's post for anonymous callers, who are refused anyway). */
async function ownPostOf(t: T, otherId: Id<"users">, selfId: Id<"users"> | null) {
  const { threadId, postId } = await forumOf(t, otherId, selfId);
  if (!selfId) return postId;
  return t.run((ctx) =>
    ctx.db.insert("forumPosts", { threadId, authorId: selfId, opening: false, body: "Mine", status: "visible", createdAt: Date.now(), searchText: "Mine", reactionCounts: {} }),
  );
}

function forumStateOf(t: T, userId: Id<"users">, threadId: Id<"forumThreads">) {
  return t.run((ctx) =>
    ctx.db
      .query("forumThreadStates")
      .withIndex("by_user_and_thread", (q) => q.eq("userId", userId).eq("threadId", threadId))
      .unique(),
  );
}

/** A transcript of the session, an extraction run in `status` and one proposal waiting on it. */
function proposalOf(t: T, sessionId: Id<"sessions">, status: "succeeded" | "failed" = "succeeded") {
  return t.run(async (ctx) => {
    const session = (await ctx.db.get("sessions", sessionId))!;
    const people = { sessionId, memberId: session.memberId, coachId: session.coachId };
    const text = "Sam: I'll plan the week.";
    const transcriptId = await ctx.db.insert("transcripts", {
      sessionId,
      memberId: session.memberId,
      format: "text",
      segments: [{ speaker: "Sam", startSeconds: 5, text: "I'll plan the week." }],
      text,
      uploadedBy: session.coachId,
      createdAt: Date.now(),
    });
    const runId = await ctx.db.insert("extractionRuns", {
      ...people,
      transcriptId,
      status,
      extractor: "rules",
      attempts: 1,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    const proposalId = await ctx.db.insert("actionItemProposals", {
      ...people,
      runId,
      transcriptId,
      title: "Plan the week",
      description: "",
      commitmentType: "user_commitment",
      responsibleParty: "client",
      priority: "medium",
      transcriptQuote: "I'll plan the week.",
      transcriptTimestamp: "00:05",
      confidence: 80,
      tentative: false,
      status: "proposed",
      createdAt: Date.now(),
    });
    return { sessionId, runId, proposalId };
  });
}

function recordingOf(t: T, sessionId: Id<"sessions">, memberId: Id<"users">) {
  return t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob(["audio"], { type: "audio/mpeg" }));
    return ctx.db.insert("recordings", {
      sessionId,
      memberId,
      storageId,
      title: "Recording",
      contentType: "audio/mpeg",
      size: 5,
      uploadedBy: memberId,
      createdAt: Date.now(),
    });
  });
}

/** The action item form's fields for a commitment of `memberId` (sessionId aside). */
function actionItemForm(memberId: Id<"users">) {
  return {
    title: "Plan the week",
    description: "",
    responsibleUserId: memberId,
    commitmentType: "user_commitment" as const,
    priority: "medium" as const,
    tags: [],
    coachVisible: true,
    clientVisible: true,
  };
}

/** A pending action item of the session's member, visible to both sides. */
function actionItemOf(t: T, sessionId: Id<"sessions">) {
  return t.run(async (ctx) => {
    const session = (await ctx.db.get("sessions", sessionId))!;
    return ctx.db.insert("actionItems", {
      ...actionItemForm(session.memberId),
      sessionId,
      memberId: session.memberId,
      coachId: session.coachId,
      status: "pending",
      createdBy: session.memberId,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
  });
}

function transcriptOf(t: T, sessionId: Id<"sessions">, memberId: Id<"users">) {
  return t.run((ctx) =>
    ctx.db.insert("transcripts", {
      sessionId,
      memberId,
      format: "text",
      segments: [{ startSeconds: 5, text: "Hello" }],
      text: "Hello",
      uploadedBy: memberId,
      createdAt: Date.now(),
    }),
  );
}

function notificationOf(t: T, userId: Id<"users">) {
  return t.run(async (ctx) => (await notify(ctx, userId, { type: "system_alert", priority: "low", title: "Hello", message: "Welcome" }, { now: Date.now() }))!);
}

const DAY_MS = 24 * 60 * 60 * 1000;

const WAITLIST_WINDOW = { fromDay: "2026-01-01", toDay: "2026-01-02", fromTime: "09:00", toTime: "17:00", weekdays: [1, 2, 3, 4, 5] };

/** An open time of a coach held for 15 minutes for `memberId`, whose booking with that coach is a day later. */
async function offerTo(t: T, memberId: Id<"users">) {
  const { coachId, slot } = await bookableCoach(t);
  const sessionId = await insertSession(t, { memberId, coachId, startsAt: slot + DAY_MS });
  return t.run(async (ctx) => {
    const requestId = await ctx.db.insert("waitlistRequests", { memberId, coachId, sessionId, window: WAITLIST_WINDOW, timezone: "UTC", joinedAt: Date.now(), status: "offered", passed: [] });
    return ctx.db.insert("waitlistOffers", {
      requestId,
      memberId,
      coachId,
      sessionId,
      startsAt: slot,
      endsAt: slot + 60 * 60 * 1000,
      offeredAt: Date.now(),
      expiresAt: Date.now() + 15 * 60 * 1000,
      status: "open",
    });
  });
}

const ACCOUNT_LINK_SECRET = "matrix-account-link-secret-0123456789abcdef";

function templateOf(t: T, createdBy: Id<"users">) {
  return t.run((ctx) =>
    ctx.db.insert("emailTemplates", { name: "Weekly", category: "newsletter", subject: "Hi", body: "Hello", createdBy, createdAt: Date.now(), updatedAt: Date.now() }),
  );
}

/** A one-version campaign to the newsletter, which has one reader. */
async function campaignOf(t: T, createdBy: Id<"users">, status: "draft" | "scheduled") {
  const templateId = await templateOf(t, createdBy);
  return t.run(async (ctx) => {
    await ctx.db.insert("newsletterSubscribers", { email: "reader@example.com", name: "Reader", createdAt: Date.now(), source: "form", confirmedAt: Date.now() });
    return ctx.db.insert("emailCampaigns", {
      name: "March",
      templateId,
      category: "newsletter",
      audience: { kind: "newsletter" },
      variants: [{ label: "A", subject: "Hi", body: "Hello" }],
      status,
      createdBy,
      createdAt: Date.now(),
      recipientCount: 0,
      links: [],
    });
  });
}

/** A sent subject test where B (2 of 2 opened) beat A (1 of 2). */
async function finishedAbTest(t: T, createdBy: Id<"users">) {
  const campaignId = await campaignOf(t, createdBy, "draft");
  await t.run(async (ctx) => {
    const campaign = (await ctx.db.get("emailCampaigns", campaignId))!;
    const variants = [...campaign.variants, { label: "B", subject: "Hello", body: "Hello" }];
    await ctx.db.patch("emailCampaigns", campaignId, { status: "sent", testType: "subject", variants, startedAt: Date.now(), sentAt: Date.now() });
    for (const [variant, opened] of [
      [0, 1],
      [1, 2],
    ] as const) {
      for (let index = 0; index < 2; index++) {
        const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant, email: `r${variant}${index}@example.com`, token: `t${variant}${index}` });
        const event = { campaignId, templateId: campaign.templateId, category: campaign.category, variant, recipientId, at: Date.now() };
        await insertEmailEvent(ctx, { ...event, type: "sent" }, event.at);
        if (index < opened) await insertEmailEvent(ctx, { ...event, type: "opened" }, event.at);
      }
    }
    await foldWaiting(ctx, false, FOLD_BATCH);
  });
  return campaignId;
}

/** A session a day ahead, booked by `memberId` with `coachId`. */
function upcomingSession(t: T, memberId: Id<"users">, coachId: Id<"users">) {
  return insertSession(t, { memberId, coachId, startsAt: Date.now() + DAY_MS });
}

/** A line added by hand to the agenda of such a session: its session and key. */
/** A 25-minute focus room that started a minute ago (or ended a minute ago), with its host and `others` seated. */
async function focusRoom(t: T, hostId: Id<"users">, others: Id<"users">[] = [], options: { ended?: boolean; hostIsStaff?: boolean } = {}) {
  return await t.run(async (ctx) => {
    const startsAt = Date.now() - (options.ended ? 26 : 1) * 60_000;
    const roomId = await ctx.db.insert("focusRooms", {
      hostId,
      hostIsStaff: options.hostIsStaff ?? false,
      minutes: 25,
      startsAt,
      endsAt: startsAt + 25 * 60_000,
      ...(options.ended ? { endedAt: startsAt + 25 * 60_000 } : {}),
      createdAt: startsAt,
    });
    for (const userId of [hostId, ...others]) await ctx.db.insert("focusParticipants", { roomId, userId, goal: "Write", joinedAt: startsAt });
    return roomId;
  });
}

async function agendaLine(t: T, memberId: Id<"users">, coachId: Id<"users">) {
  const sessionId = await upcomingSession(t, memberId, coachId);
  const id = await t.run((ctx) =>
    ctx.db.insert("agendaItems", { sessionId, source: "added", text: "Holidays", position: 1024, done: false, addedBy: memberId, updatedAt: Date.now() }),
  );
  return { sessionId, key: agendaKeys.added(id) };
}

function credit(t: T, userId: Id<"users">, minutes: number) {
  return t.mutation(internal.timeBalance.creditPurchase, { userId, minutes, note: "Package" });
}

/** A coach open all day, every day (UTC), and a start on the 30-minute grid two days ahead. */
/** The token of a fresh intro request for `email`, as the e-mail to it carries it. */
async function introLink(t: T, email: string) {
  const { coachId, slot } = await bookableCoach(t);
  await t.mutation(api.intro.book, { name: "Sam Lee", email, coachId, startsAt: slot });
  const mails = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
  return /\/booking\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.filter((mail) => mail.to === email).at(-1)!.text)![1]!;
}

/** A pending newsletter sign-up of `email`, as the form leaves it, and the token its e-mail carries. */
async function pendingSignUp(t: T, email: string): Promise<string> {
  const token = newConfirmationToken();
  const tokenHash = await hashConfirmationToken(token);
  await t.run((ctx) => ctx.db.insert("newsletterSubscribers", { email, name: "Reader", createdAt: Date.now(), source: "form", tokenHash, expiresAt: Date.now() + 60_000 }));
  return token;
}

async function bookableCoach(t: T) {
  const coach = await signedIn(t, "coach");
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
  await t.run((ctx) => ctx.db.insert("availability", { coachId: coach.id, timezone: "UTC", weekly, exceptions: [], updatedAt: Date.now() }));
  // Noon UTC two days on: a slot near midnight would run past the day's window and be refused,
  // failing this matrix for an hour every night.
  const noon = Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + DAY_MS / 2;
  return { coachId: coach.id, slot: noon };
}

/** The error code of a denial, or undefined when the call got through. */
async function denial(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
}

const DENIALS = ["UNAUTHENTICATED", "ACCOUNT_DEACTIVATED", "FORBIDDEN"];

function expected(level: AccessLevel, name: CallerName): boolean {
  if (level === "public") return true;
  if (name === "anonymous") return false;
  return allows(level, { role: name, userType: name === "client" ? "client" : name });
}

async function world(): Promise<World> {
  const t = newConvexTest();
  const other = await signedIn(t, "client");
  const [contactMessage, event] = await t.run(async (ctx) => [
    await ctx.db.insert("contactMessages", { name: "A", email: "a@example.com", message: "Hi", createdAt: Date.now(), read: false }),
    await ctx.db.insert("events", {
      slug: "focus-lab",
      title: "Focus Lab",
      startsAt: Date.now() + 86_400_000,
      durationMinutes: 60,
      location: "Online",
      isOnline: true,
      description: "A calm hour of focused work together.",
      registrationUrl: "https://lwcc.example/events/focus-lab",
    }),
  ] as const);
  return { t, other, contactMessage, event };
}

describe("authorization matrix", () => {
  beforeEach(() => {
    // Admin actions reach the identity provider; the matrix is about access, not that call.
    vi.stubEnv("LOCAL_AUTH_ISSUER", "https://identity.test");
    // Payment functions reach Stripe (msw answers in its shapes); the matrix is about access.
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_matrix");
    // Campaigns are sent only with signed unsubscribe links.
    vi.stubEnv("ACCOUNT_LINK_SECRET", ACCOUNT_LINK_SECRET);
    stripeMock.reset();
  });
  // A case may point the identity provider at msw (intro:confirm); its handlers end with the test, so must the address.
  afterEach(() => vi.unstubAllEnvs());

  it("knows every public function, and each was declared with an access-level wrapper", async () => {
    const functions = await publicFunctions();
    expect(functions.length).toBeGreaterThan(0);
    expect(functions.filter((f) => !f.access || !ACCESS_LEVELS.includes(f.access)).map((f) => f.name)).toEqual([]);
    expect(functions.map((f) => f.name).filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !functions.some((f) => f.name === name))).toEqual([]);
    const declared = Object.fromEntries(functions.map((f) => [f.name, f.access]));
    expect(declared).toEqual(Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, c.access])));
  });

  for (const name of CALLERS) {
    it(`allows and denies each function for ${name}`, async () => {
      const outcomes: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      for (const fn of await publicFunctions()) {
        const w = await world();
        const self = await caller(w.t, name);
        const code = await denial(call(self.as, fn.kind, fn.name, await CASES[fn.name]!.args(w, self)));
        outcomes[fn.name] = code === undefined ? "allowed" : DENIALS.includes(code) ? "denied" : `failed with ${code}`;
        wanted[fn.name] = expected(CASES[fn.name]!.access, name) ? "allowed" : "denied";
      }
      expect(outcomes).toEqual(wanted);
    });
  }

  it("denies a deactivated account everything but public functions", async () => {
    for (const fn of await publicFunctions()) {
      const w = await world();
      const self = await signedIn(w.t, "admin", { status: "deactivated", deactivationReason: "other" });
      const code = await denial(call(self.as, fn.kind, fn.name, await CASES[fn.name]!.args(w, self)));
      expect([fn.name, code]).toEqual([fn.name, CASES[fn.name]!.access === "public" ? undefined : "ACCOUNT_DEACTIVATED"]);
    }
  });

  it("keeps each member's data to themselves", async () => {
    for (const fn of await publicFunctions()) {
      const check = CASES[fn.name]!.ownership;
      if (typeof check !== "function") {
        expect(check.none.length, fn.name).toBeGreaterThan(0);
        continue;
      }
      const w = await world();
      await check(w, await signedIn(w.t, "client"));
    }
  });
});
