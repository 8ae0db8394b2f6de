/**
 * /admin/users on the server: the list's search and filters, and roles managed by the identity
 * provider (Clerk's publicMetadata.role, or the local provider's copy) arriving by webhook.
 */
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { Webhook } from "svix";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { ERROR_MESSAGES } from "./model/messages";
import { ROLE_CHANGE_TEXT } from "./model/userAdmin";
import { newConvexTest } from "./test.setup";
import { signedIn, TEST_ISSUER, type T } from "./test.users";

const CLERK_ISSUER = "https://clerk.example.com";
const CLERK_SECRET = `whsec_${btoa("a-test-signing-secret-of-32-bytes!")}`;
const LOCAL_SECRET = `whsec_${btoa("the-local-providers-secret-32-by")}`;
const LOCAL_URL = "http://127.0.0.1:9";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string; message: string }).code : error;
  }
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const userOf = (t: T, id: Id<"users">) => t.run((ctx) => ctx.db.get("users", id));
const roleChangesOf = (t: T) => t.run((ctx) => ctx.db.query("roleChanges").collect());

/** A Clerk-shaped user.updated event (Clerk's documented payload), for the user with this subject. */
function userUpdated(subject: string, publicMetadata: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    type: "user.updated",
    object: "event",
    timestamp: 1_700_000_100_000,
    data: {
      id: subject,
      object: "user",
      first_name: "Test",
      last_name: "User",
      primary_email_address_id: "idn_1",
      email_addresses: [{ id: "idn_1", object: "email_address", email_address: `${subject}@example.com`, verification: { status: "verified" } }],
      public_metadata: publicMetadata,
      private_metadata: {},
      unsafe_metadata: {},
      created_at: 1_700_000_000_000,
      updated_at: 1_700_000_100_000,
      ...overrides,
    },
  };
}

function delivery(id: string, payload: unknown, secret: string) {
  const body = JSON.stringify(payload);
  const timestamp = new Date();
  return {
    method: "POST",
    headers: {
      "svix-id": id,
      "svix-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "svix-signature": new Webhook(secret).sign(id, timestamp, body),
    },
    body,
  };
}

describe("users.list for admins", () => {
  async function people(t: T) {
    const admin = await signedIn(t, "admin", { firstName: "Ada", lastName: "Admin", email: "ada@lwcc.example" });
    const ana = await signedIn(t, "client", { firstName: "Ana", lastName: "Silva", email: "ana.silva@example.org" });
    const cora = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes", email: "cora@coaches.example" });
    const gone = await signedIn(t, "client", {
      firstName: "Gil",
      lastName: "Moreno",
      email: "gil@example.org",
      status: "deactivated",
      deactivationReason: "inactivity_90_days",
      deactivatedAt: 1_700_000_000_000,
    });
    return { admin, ana, cora, gone };
  }
  const first = { numItems: 10, cursor: null };
  const ids = (page: { _id: Id<"users"> }[]) => page.map((user) => user._id);

  it("finds people by first name, last name or any part of the e-mail", async () => {
    const t = newConvexTest();
    const { admin, ana, gone } = await people(t);
    const search = (text: string) => admin.as.query(api.users.list, { paginationOpts: first, search: text }).then((result) => ids(result.page));
    expect(await search("Ana")).toEqual([ana.id]);
    expect(await search("silva")).toEqual([ana.id]);
    expect(await search("ana.silva@example.org")).toContain(ana.id);
    expect(await search("example.org")).toEqual(expect.arrayContaining([ana.id, gone.id]));
    expect(await search("nobody")).toEqual([]);
  });

  it("filters by role and by status, alone or with a search, newest first", async () => {
    const t = newConvexTest();
    const { admin, ana, cora, gone } = await people(t);
    const list = (filters: Record<string, string>) =>
      admin.as.query(api.users.list, { paginationOpts: first, ...filters }).then((result) => ids(result.page));
    expect(await list({})).toEqual([gone.id, cora.id, ana.id, admin.id]);
    expect(await list({ role: "client" })).toEqual([gone.id, ana.id]);
    expect(await list({ role: "client", status: "active" })).toEqual([ana.id]);
    expect(await list({ status: "deactivated" })).toEqual([gone.id]);
    expect(await list({ search: "example", status: "deactivated" })).toEqual([gone.id]);
    expect(await list({ search: "example", role: "coach" })).toEqual([cora.id]);
  });

  it("pages through the results", async () => {
    const t = newConvexTest();
    const { admin } = await people(t);
    const one = await admin.as.query(api.users.list, { paginationOpts: { numItems: 3, cursor: null } });
    expect(one.page).toHaveLength(3);
    expect(one.isDone).toBe(false);
    const two = await admin.as.query(api.users.list, { paginationOpts: { numItems: 3, cursor: one.continueCursor } });
    expect(two.page).toHaveLength(1);
    expect(two.isDone).toBe(true);
  });

  it("shows each row's status with its reason and date, and its last activity", async () => {
    const t = newConvexTest();
    const { admin, gone } = await people(t);
    const { page } = await admin.as.query(api.users.list, { paginationOpts: first, status: "deactivated" });
    expect(page[0]).toMatchObject({
      _id: gone.id,
      email: "gil@example.org",
      role: "client",
      tier: "foundation",
      status: "deactivated",
      deactivationReason: "inactivity_90_days",
      deactivatedAt: 1_700_000_000_000,
    });
    expect(page[0]!.lastActiveAt).toEqual(expect.any(Number));
  });

  it("keeps the search text in step with profile changes, and backfills rows written before it", async () => {
    const t = newConvexTest();
    const { admin, ana } = await people(t);
    await ana.as.mutation(api.users.updateProfile, { firstName: "Anabel", lastName: "Costa", timezone: "UTC" });
    const search = (text: string) => admin.as.query(api.users.list, { paginationOpts: first, search: text }).then((result) => ids(result.page));
    expect(await search("costa")).toEqual([ana.id]);
    const old = await t.run(async (ctx) => {
      const row = (await ctx.db.get("users", ana.id))!;
      const { _id, _creationTime, searchText, ...fields } = row;
      void _id;
      void _creationTime;
      void searchText;
      return ctx.db.insert("users", { ...fields, tokenIdentifier: undefined, email: "old@example.org", firstName: "Olga", lastName: "Old" });
    });
    await t.mutation(internal.users.backfillSearchText, {});
    expect(await search("olga")).toEqual([old]);
  });
});

describe("role changes", () => {
  it("changes an account that never signed in at once", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const prepared = await signedIn(t, "client", { tokenIdentifier: undefined });
    expect(await admin.as.mutation(api.users.setRole, { userId: prepared.id, role: "guest_confirmed" })).toBe("applied");
    expect(await userOf(t, prepared.id)).toMatchObject({ role: "guest_confirmed", userType: "guest_confirmed" });
    expect(await roleChangesOf(t)).toEqual([]);
  });

  it("refuses to demote the last active admin, writing nothing", async () => {
    vi.stubEnv("LOCAL_AUTH_ISSUER", TEST_ISSUER);
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    expect(await codeOf(admin.as.mutation(api.users.setRole, { userId: admin.id, role: "client" }))).toBe("LAST_ADMIN");
    expect(await userOf(t, admin.id)).toMatchObject({ role: "admin" });
    expect(await roleChangesOf(t)).toEqual([]);
  });

  describe("with the local identity provider", () => {
    beforeEach(() => {
      vi.stubEnv("LOCAL_AUTH_ISSUER", TEST_ISSUER);
      vi.stubEnv("LOCAL_AUTH_URL", LOCAL_URL);
      vi.stubEnv("LOCAL_AUTH_ADMIN_SECRET", "secret");
      vi.stubEnv("LOCAL_AUTH_WEBHOOK_SECRET", LOCAL_SECRET);
    });

    it("writes publicMetadata.role at the provider, shows it pending, and follows its user.updated webhook", async () => {
      vi.useFakeTimers();
      const calls: { method: string; subject: string; body: unknown; auth: string | null }[] = [];
      server.use(
        http.patch(`${LOCAL_URL}/auth/admin/accounts/:subject/metadata`, async ({ params, request }) => {
          calls.push({ method: request.method, subject: String(params.subject), body: await request.json(), auth: request.headers.get("authorization") });
          return HttpResponse.json({ subject: params.subject, publicMetadata: { role: "coach" } });
        }),
      );
      const t = newConvexTest();
      const admin = await signedIn(t, "admin");
      const member = await signedIn(t, "client");
      const subject = member.tokenIdentifier.split("|")[1]!;
      expect(await admin.as.mutation(api.users.setRole, { userId: member.id, role: "coach" })).toBe("pending");
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(calls).toEqual([{ method: "PATCH", subject, body: { publicMetadata: { role: "coach" } }, auth: "Bearer secret" }]);
      expect(await userOf(t, member.id)).toMatchObject({ role: "client" });
      const listed = await admin.as.query(api.users.list, { paginationOpts: { numItems: 10, cursor: null }, role: "client" });
      expect(listed.page[0]).toMatchObject({ _id: member.id, roleChange: { role: "coach", state: "pending" } });

      const response = await t.fetch("/clerk-users-webhook", delivery("msg_local_1", userUpdated(subject, { role: "coach" }), LOCAL_SECRET));
      expect(response.status).toBe(200);
      expect(await userOf(t, member.id)).toMatchObject({ role: "coach", userType: "client" });
      expect(await roleChangesOf(t)).toEqual([]);
    });

    it("marks the change failed when the provider stays unreachable, and a newer request wins over old retries", async () => {
      vi.useFakeTimers();
      vi.spyOn(console, "error").mockImplementation(() => {});
      const roles: unknown[] = [];
      server.use(
        http.patch(`${LOCAL_URL}/auth/admin/accounts/:subject/metadata`, async ({ request }) => {
          roles.push(((await request.json()) as { publicMetadata: { role: string } }).publicMetadata.role);
          return HttpResponse.json({ code: "DOWN" }, { status: 503 });
        }),
      );
      const t = newConvexTest();
      const admin = await signedIn(t, "admin");
      const member = await signedIn(t, "client");
      await admin.as.mutation(api.users.setRole, { userId: member.id, role: "coach" });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(roles).toEqual(["coach", "coach", "coach", "coach", "coach"]);
      expect(await roleChangesOf(t)).toMatchObject([{ role: "coach", state: "failed", error: ROLE_CHANGE_TEXT.providerFailed }]);

      roles.length = 0;
      await admin.as.mutation(api.users.setRole, { userId: member.id, role: "coach" });
      vi.runOnlyPendingTimers();
      await t.finishInProgressScheduledFunctions();
      expect(roles).toEqual(["coach"]);
      await admin.as.mutation(api.users.setRole, { userId: member.id, role: "others" });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      // The first request's retries stop once the second replaced it.
      expect(roles.filter((role) => role === "coach")).toHaveLength(1);
      expect(await roleChangesOf(t)).toMatchObject([{ role: "others", state: "failed" }]);
    });
  });

  describe("with Clerk", () => {
    beforeEach(() => {
      vi.stubEnv("CLERK_JWT_ISSUER_DOMAIN", CLERK_ISSUER);
      vi.stubEnv("CLERK_SECRET_KEY", "sk_test_123");
      vi.stubEnv("CLERK_WEBHOOK_SECRET", CLERK_SECRET);
    });

    async function clerkMember(t: T, role: "client" | "admin" = "client", subject = "user_2member") {
      return signedIn(t, role, { tokenIdentifier: `${CLERK_ISSUER}|${subject}` });
    }

    it("updates the Clerk user's publicMetadata.role through the Backend API; the row follows the webhook", async () => {
      vi.useFakeTimers();
      const bodies: unknown[] = [];
      server.events.on("request:start", ({ request }) => {
        if (request.method === "PATCH") void request.clone().json().then((body: unknown) => bodies.push({ url: request.url, body }));
      });
      const t = newConvexTest();
      const admin = await signedIn(t, "admin");
      const member = await clerkMember(t);
      expect(await admin.as.mutation(api.users.setRole, { userId: member.id, role: "guest_temporary" })).toBe("pending");
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      server.events.removeAllListeners();
      expect(bodies).toEqual([{ url: "https://api.clerk.com/v1/users/user_2member/metadata", body: { public_metadata: { role: "guest_temporary" } } }]);
      expect(await roleChangesOf(t)).toMatchObject([{ role: "guest_temporary", state: "pending" }]);

      await t.fetch("/clerk-users-webhook", delivery("msg_1", userUpdated("user_2member", { role: "guest_temporary" }), CLERK_SECRET));
      expect(await userOf(t, member.id)).toMatchObject({ role: "guest_temporary", userType: "guest_temporary" });
      expect(await roleChangesOf(t)).toEqual([]);
    });

    it("takes a role changed in Clerk's dashboard the same way", async () => {
      const t = newConvexTest();
      const member = await clerkMember(t);
      await t.fetch("/clerk-users-webhook", delivery("msg_1", userUpdated("user_2member", { role: "coach", plan: "x" }), CLERK_SECRET));
      expect(await userOf(t, member.id)).toMatchObject({ role: "coach" });
    });

    it("applies a redelivered event once and ignores an older event that arrives late", async () => {
      const t = newConvexTest();
      const member = await clerkMember(t);
      const coach = delivery("msg_1", userUpdated("user_2member", { role: "coach" }, { updated_at: 2000 }), CLERK_SECRET);
      expect((await t.fetch("/clerk-users-webhook", coach)).status).toBe(200);
      await t.run((ctx) => ctx.db.patch("users", member.id, { role: "client" }));
      expect((await t.fetch("/clerk-users-webhook", coach)).status).toBe(200);
      expect(await userOf(t, member.id)).toMatchObject({ role: "client" });
      const older = delivery("msg_0", userUpdated("user_2member", { role: "others" }, { updated_at: 1000 }), CLERK_SECRET);
      expect((await t.fetch("/clerk-users-webhook", older)).status).toBe(200);
      expect(await userOf(t, member.id)).toMatchObject({ role: "client", identityUpdatedAt: 2000 });
    });

    it("ignores a role LWCC does not know, and metadata without a role, but still applies the profile", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const t = newConvexTest();
      const member = await clerkMember(t);
      await t.fetch("/clerk-users-webhook", delivery("msg_1", userUpdated("user_2member", { role: "superuser" }, { first_name: "Renamed" }), CLERK_SECRET));
      expect(await userOf(t, member.id)).toMatchObject({ role: "client", firstName: "Renamed" });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("ignoring unknown role superuser"));
      await t.fetch("/clerk-users-webhook", delivery("msg_2", userUpdated("user_2member", {}, { updated_at: 1_700_000_200_000 }), CLERK_SECRET));
      expect(await userOf(t, member.id)).toMatchObject({ role: "client" });
    });

    it("never lets a webhook leave zero active admins: the row stays admin and the refusal is shown", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const t = newConvexTest();
      const admin = await clerkMember(t, "admin", "user_2admin");
      await t.fetch("/clerk-users-webhook", delivery("msg_1", userUpdated("user_2admin", { role: "client" }), CLERK_SECRET));
      expect(await userOf(t, admin.id)).toMatchObject({ role: "admin" });
      const signedInAsAdmin = t.withIdentity({ tokenIdentifier: `${CLERK_ISSUER}|user_2admin` });
      const listed = await signedInAsAdmin.query(api.users.list, { paginationOpts: { numItems: 10, cursor: null } });
      expect(listed.page[0]).toMatchObject({ roleChange: { role: "client", state: "failed", error: ERROR_MESSAGES.LAST_ADMIN } });
      // With a second admin the same change goes through, and the old refusal is gone.
      await signedIn(t, "admin");
      await t.fetch(
        "/clerk-users-webhook",
        delivery("msg_2", userUpdated("user_2admin", { role: "client" }, { updated_at: 1_700_000_200_000 }), CLERK_SECRET),
      );
      expect(await userOf(t, admin.id)).toMatchObject({ role: "client" });
      expect(await roleChangesOf(t)).toEqual([]);
    });

    it("creates a provisioned guest with the role it was given at Clerk", async () => {
      const t = newConvexTest();
      const created = { ...userUpdated("user_2guest", { role: "guest_temporary" }), type: "user.created" };
      await t.fetch("/clerk-users-webhook", delivery("msg_1", created, CLERK_SECRET));
      expect(await t.run((ctx) => ctx.db.query("users").collect())).toMatchObject([
        { tokenIdentifier: `${CLERK_ISSUER}|user_2guest`, role: "guest_temporary", userType: "guest_temporary" },
      ]);
    });

    it("does not let the local provider's secret speak for Clerk's users", async () => {
      vi.stubEnv("LOCAL_AUTH_ISSUER", "lwcc-local-identity");
      vi.stubEnv("LOCAL_AUTH_WEBHOOK_SECRET", LOCAL_SECRET);
      const t = newConvexTest();
      const member = await clerkMember(t);
      await t.fetch("/clerk-users-webhook", delivery("msg_1", userUpdated("user_2member", { role: "coach" }), LOCAL_SECRET));
      expect(await userOf(t, member.id)).toMatchObject({ role: "client" });
      // It named a local account instead: lwcc-local-identity|user_2member, a new row.
      expect(await t.run((ctx) => ctx.db.query("users").withIndex("by_token", (q) => q.eq("tokenIdentifier", "lwcc-local-identity|user_2member")).unique())).not.toBeNull();
    });
  });
});
